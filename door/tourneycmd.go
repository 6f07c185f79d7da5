package door

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// tourneyUsage is the one line a wrong "tournament" command gets.
const tourneyUsage = "usage: tournament ID|NAME [--json] — a tournament's standings, as text or as JSON (the operator: tournament ID|NAME cancel, or edit SETTING=VALUE...)"

// tourneyCommand prints a tournament's standings (ssh -p PORT HOST
// tournament ID, --json for scripts), or one line on stderr and a
// non-zero exit: 2 for a command written wrong, 1 for an id the server
// does not know or cannot read now. Anyone may ask, as they may see its
// page: it names players by name only. via is how the player reached
// the server by ssh, for the records' command.
func (cs *console) tourneyCommand(sess ssh.Session, args []string, via string, fail func(int, string, ...any) bool) bool {
	if n := len(args); n >= 2 && args[n-1] == "cancel" {
		return cs.tourneyCancel(sess, strings.Join(args[:n-1], " "), fail)
	}
	if i := editAt(args); i > 0 {
		return cs.tourneyEdit(sess, strings.Join(args[:i], " "), args[i+1:], fail)
	}
	book := cs.srv.book
	names := func(g string, ids []string) tourneyview.Names {
		ctx, cancel := keep.EngineCtx()
		defer cancel()
		return common.TourneyNames(ctx, book, g, ids)
	}
	ratings := func(g string, ids []string) map[string]float64 {
		ctx, cancel := keep.EngineCtx()
		defer cancel()
		return common.TourneyRatings(ctx, book, g, ids)
	}
	side := cs.srv.tournamentSide()
	out, code, problem := tourneyAnswer(side, args, cs.srv.cfg.Now(), via, names, ratings)
	if code != 0 {
		if code == 1 && side != nil && len(args) > 0 {
			cs.srv.log.Info("tournament", "id", safeID(args[0]), "refused", problem)
		}
		return fail(code, "%s", problem)
	}
	if _, err := sess.Write(out); err != nil {
		cs.srv.log.Warn("tournament", "err", err)
		sess.Exit(1)
		return true
	}
	sess.Exit(0)
	return true
}

// tourneyAnswer is what "tournament ARGS" answers, from the server's
// tournaments at now: the text (or JSON) to print, or an exit code and
// the one line that says why not. ssh is how the player reaches the
// server (the records' line); names names the players of a game by
// their ids (nil: none is named), ratings says their ratings now (nil:
// none known).
func tourneyAnswer(side common.TourneySide, args []string, now time.Time, ssh string, names func(g string, ids []string) tourneyview.Names,
	ratings func(g string, ids []string) map[string]float64) (out []byte, code int, problem string) {
	asJSON := len(args) > 0 && args[len(args)-1] == "--json"
	if asJSON {
		args = args[:len(args)-1]
	}
	switch {
	case len(args) < 1 || slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-") }):
		return nil, 2, tourneyUsage
	case side == nil:
		return nil, 1, "this server runs no tournaments"
	}
	// An id, or a name (its words as typed: "tournament Friday arena").
	id := strings.Join(args, " ")
	if found, ok := tourneyview.Find(side.Tournaments(), id); ok {
		id = found
	}
	l, t, err := side.Tournament(id)
	switch {
	case errors.Is(err, tourney.ErrUnknown):
		return nil, 1, fmt.Sprintf("no tournament %q here", safeID(id))
	case err != nil:
		return nil, 1, fmt.Sprintf("tournament %q cannot be read just now: try again soon", safeID(id))
	}
	p := tourneyview.Page{Listed: l, T: t, Now: now, SSH: ssh}
	if t.System().Scoring.Sealed() {
		if p.Seals, p.Field, err = side.Duplicate(id); err != nil {
			return nil, 1, fmt.Sprintf("tournament %q cannot be read just now: try again soon", safeID(id))
		}
	}
	if names != nil {
		p.Names = names(t.Config.Game, common.Unnamed(t, nil))
	}
	if ratings != nil {
		p.Ratings = ratings(t.Config.Game, t.People())
	}
	tr := i18n.MustLoad("en")
	if !asJSON {
		return []byte(tourneyview.Text(tr, p)), 0, ""
	}
	b, err := tourneyview.JSON(tr, p)
	if err != nil {
		return nil, 1, fmt.Sprintf("tournament %q: %v", safeID(id), err)
	}
	return b, 0, ""
}

// tourneyCancel is the operator's "tournament ID|NAME cancel": any
// tournament called off before it begins, its entrants told on its
// page. Anyone else is refused.
func (cs *console) tourneyCancel(sess ssh.Session, which string, fail func(int, string, ...any) bool) bool {
	_, id, refused := cs.operatorsTourney(sess, which, "cancel", "cancels", fail)
	if refused {
		return true
	}
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	err := cs.srv.tourneys.Organise(ctx, id, tournaments.Operator, true, tourney.Config{})
	switch {
	case errors.Is(err, tourney.ErrUnknown):
		return fail(1, "no tournament %q here", safeID(which))
	case errors.Is(err, tourney.ErrBegun):
		return fail(1, "tournament %s has begun: it is played out", safeID(id))
	case err != nil:
		return fail(1, "tournament %s: %v", safeID(id), err)
	}
	cs.srv.log.Info("tournament cancelled by the operator", "tournament", id)
	wish.Printf(sess, "tournament %s is cancelled: its entrants see it on its page\n", id)
	sess.Exit(0)
	return true
}
