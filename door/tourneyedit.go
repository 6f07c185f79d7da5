package door

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/tournaments"
	"okey/ui/serve/tourneyview"
)

// The operator's "tournament ID|NAME edit SETTING=VALUE..." over ssh:
// a tournament changed before it begins, as the operator's form on its
// page changes it, held to the same limits and refused in the form's
// words: the server's own (those of the operator's --tournament file:
// an arena up to 12 hours, a start up to 14 days ahead) for a
// tournament the operator did not create on a page, the players' (an
// arena up to 6 hours, a start within 24 hours) for one they did. The settings are named as a tournament's file names them
// (--tournament), a value of several words written as it is or quoted:
//
//	ssh HOST tournament Friday arena edit start=tomorrow 20:30 length=90m
//	ssh HOST tournament k3x9q2ab edit name="Friday club" rounds=7
//
// The game, the kind and their options are the form's only: a
// tournament of another game or kind is another tournament, which its
// entrants did not join (the form keeps them once anyone has).

// editUsage is the one line a wrong edit gets.
const editUsage = "usage: tournament ID|NAME edit SETTING=VALUE... — name, description, start (20:30, tomorrow 20:30 UTC, or 2026-11-27T20:30:00+03:00), length (1h30m), rounds, hands, turn (25s; 0: the server's), bank, bot_wait (0: no bots), bot_level, back, away"

// editable are the settings the edit takes, in the order of a
// tournament's file.
var editable = []string{"name", "description", "start", "length", "rounds", "hands", "turn", "bank", "bot_wait", "bot_level", "back", "away"}

// editAt finds "edit" in a tournament command's args: the index of the
// word, after the id or name, followed by nothing or a setting (-1:
// not an edit).
func editAt(args []string) int {
	for i := 1; i < len(args); i++ {
		if args[i] == "edit" && (i+1 == len(args) || strings.Contains(args[i+1], "=")) {
			return i
		}
	}
	return -1
}

// tourneyEdit is the operator's edit of tournament which (its id or
// name) before it begins; anyone else is refused. A command written
// wrong exits 2; what the server refuses (the form's limits, one
// begun, one unknown) exits 1, in the form's words.
func (cs *console) tourneyEdit(sess ssh.Session, which string, sets []string, fail func(int, string, ...any) bool) bool {
	op, id, refused := cs.operatorsTourney(sess, which, "change", "changes", fail)
	if refused {
		return true
	}
	_, t, err := cs.srv.tourneys.Tournament(id)
	switch {
	case errors.Is(err, tourney.ErrUnknown):
		return fail(1, "no tournament %q here", safeID(which))
	case err != nil:
		return fail(1, "tournament %s cannot be read just now: try again soon", safeID(id))
	case t.Cancelled:
		return fail(1, "tournament %s is cancelled: it will not be played", safeID(id))
	case t.Phase != tourney.Starting:
		return fail(1, "tournament %s has begun: it is played out as it is", safeID(id))
	}
	now := cs.srv.cfg.Now()
	c, err := editArgs(t.Config, sets, now)
	if err != nil {
		return fail(2, "%v", err)
	}
	what := t.Config.Changed(c)
	if len(what) == 0 {
		wish.Printf(sess, "tournament %s has these settings already: nothing changed\n", id)
		sess.Exit(0)
		return true
	}
	en := i18n.MustLoad("en")
	// As the form checks the operator's change on the tournament's page
	// (the port's AsOperator): the server's limits, unless the operator
	// made it on a page as a player.
	as := tournaments.Operator
	if cs.srv.tourneys.IsOrganiser(id, op) {
		as = op
	}
	if _, err := tournaments.Check(as, c, now, cs.srv.cfg.DefaultTimer); err != nil {
		return fail(1, "tournament %s: %s%s", id, culprit(t.Config, sets, as, now, cs.srv.cfg.DefaultTimer), tourneyview.Refusal(en, err))
	}
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	switch err := cs.srv.tourneys.Organise(ctx, id, as, false, c); {
	case errors.Is(err, tourney.ErrUnknown):
		return fail(1, "no tournament %q here", safeID(which))
	case err != nil:
		return fail(1, "tournament %s: %s", id, tourneyview.Refusal(en, err))
	}
	cs.srv.log.Info("tournament changed by the operator", "tournament", id, "settings", strings.Join(what, ","))
	wish.Printf(sess, "tournament %s is changed (%s): its entrants see it on its page\n", id, strings.Join(what, ", "))
	sess.Exit(0)
	return true
}

// editArgs is c with the settings sets ("start=20:30", "length=90m")
// at now; a word with no "=" goes on the value before it ("name=Friday
// club" unquoted). An error says what is wrong with the command.
func editArgs(c tourney.Config, sets []string, now time.Time) (tourney.Config, error) {
	keys, vals, err := pairs(sets)
	if err != nil {
		return c, err
	}
	for i, k := range keys {
		if err := setting(&c, k, strings.TrimSpace(vals[i]), now); err != nil {
			return c, fmt.Errorf("%s=%s: %w", k, safeID(vals[i]), err)
		}
	}
	return c, nil
}

// pairs are the settings sets name and their values, in their order;
// a word with no "=" goes on the value before it. An error says what
// is wrong with the command.
func pairs(sets []string) (keys, vals []string, err error) {
	for _, w := range sets {
		k, v, ok := strings.Cut(w, "=")
		switch {
		case ok:
			k = strings.ToLower(k)
			if !slices.Contains(editable, k) {
				return nil, nil, fmt.Errorf("no setting %q: %s", safeID(k), editUsage)
			}
			if slices.Contains(keys, k) {
				return nil, nil, fmt.Errorf("%s is given twice", k)
			}
			keys, vals = append(keys, k), append(vals, v)
		case len(keys) == 0:
			return nil, nil, fmt.Errorf("%s", editUsage)
		default:
			vals[len(vals)-1] += " " + w
		}
	}
	if len(keys) == 0 {
		return nil, nil, fmt.Errorf("%s", editUsage)
	}
	return keys, vals, nil
}

// culprit names the setting of sets that the server refuses on its own,
// applied alone to c ("length=30h: "), so that the operator reads which
// to change ("": none refused alone, the settings together are).
func culprit(c tourney.Config, sets []string, as string, now time.Time, timer time.Duration) string {
	keys, vals, err := pairs(sets)
	if err != nil {
		return ""
	}
	for i, k := range keys {
		one := c
		if setting(&one, k, strings.TrimSpace(vals[i]), now) != nil {
			continue
		}
		if _, err := tournaments.Check(as, one, now, timer); err != nil {
			return k + "=" + safeID(strings.TrimSpace(vals[i])) + ": "
		}
	}
	return ""
}

// setting sets c's setting k to v, read as the form's row reads it.
func setting(c *tourney.Config, k, v string, now time.Time) error {
	arena, swiss := c.Kind == tourney.Arena, c.Kind == tourney.Swiss
	switch k {
	case "name":
		if v == "" {
			return errors.New("a tournament needs a name")
		}
		c.Name = v
	case "description":
		c.Description = v
	case "start":
		at, err := tourneyview.ParseAt(v, now)
		if err != nil {
			if at, err = time.Parse(time.RFC3339, v); err != nil {
				return errors.New("write 20:30 or tomorrow 20:30 (UTC, 1 min to 24 h ahead), or 2026-11-27T20:30:00+03:00")
			}
		}
		c.Start = at
	case "rounds", "hands":
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 1:
			return errors.New("a whole number from 1")
		case k == "rounds" && !swiss:
			return errors.New("an arena has no rounds: it has a length")
		case k == "rounds":
			c.Rounds = n
		default:
			c.Hands = n
		}
	case "bot_level":
		c.BotLevel = v
	default:
		d, err := time.ParseDuration(v)
		if v == "off" {
			d, err = 0, nil
		}
		switch {
		case err != nil || d < 0:
			return errors.New("a time: 90s, 2m, 1h30m")
		case k == "length" && !arena:
			return errors.New("a Swiss has no length: it has rounds")
		case k == "bot_wait" && !arena:
			return errors.New("a Swiss's tables are filled with bots at once: only an arena waits for them")
		case (k == "length" || k == "back") && d == 0:
			return errors.New("a time: 90s, 2m, 1h30m")
		}
		*durationOf(c, k) = d
	}
	return nil
}

// durationOf is c's setting k of the durations.
func durationOf(c *tourney.Config, k string) *time.Duration {
	switch k {
	case "length":
		return &c.Length
	case "turn":
		return &c.Turn
	case "bank":
		return &c.Bank
	case "bot_wait":
		return &c.BotWait
	case "back":
		return &c.Back
	}
	return &c.Away
}

// safeID is an id as typed, made safe to say back: no escapes, 20
// columns at most.
func safeID(id string) string {
	return safetext.CutWidth(ansi.Strip(safetext.CutBytes(id, 64)), 20)
}

// operatorsTourney is the operator's key op and the id of the
// tournament their command names by which (its id, or a name found in
// the list; else which as typed, for the store to say it is unknown),
// or refused once fail has said why: anyone but the operator (told
// the creator does, from its page), or a server with no tournaments.
// verb and does say what the command does ("cancel", "cancels").
func (cs *console) operatorsTourney(sess ssh.Session, which, verb, does string, fail func(int, string, ...any) bool) (op, id string, refused bool) {
	switch op = cs.srv.operatorOf(sess.PublicKey()); {
	case op == "":
		return "", "", fail(1, "only the server's operator may %s a tournament here (a key of okey serve --operators); its creator %s it from its page", verb, does)
	case cs.srv.tourneys == nil:
		return "", "", fail(1, "this server runs no tournaments")
	}
	id = which
	if found, ok := tourneyview.Find(cs.srv.tourneys.Tournaments(), which); ok {
		id = found
	}
	return op, id, false
}
