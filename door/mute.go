package door

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"okey/server/keep"
	"okey/server/tournaments"
)

// The operator's commands over ssh (a key of --operators):
//
//	mute NAME [DURATION]   NAME says nothing in any table's chat nor any
//	                       tournament's, for DURATION (30m, 2h; at most a
//	                       week) or until unmuted
//	unmute NAME            NAME may chat again
//	mutes                  who is muted, and until when
//
// NAME is a player as the tables and the tournaments name them (a
// seated player's name, a tournament's entrant's), or a key's identity
// (key:SHA256:…) as the server's log names none: a name two players
// share is refused, with how to tell them apart.

// muteUsage is the one line a wrong mute command gets.
const muteUsage = "usage: mute NAME [DURATION] (30m, 2h: until unmuted if left out), unmute NAME, mutes"

// maxMute is the longest mute for a stated time.
const maxMute = 7 * 24 * time.Hour

// muteCommand runs "mute", "unmute" and "mutes" for an operator; anyone
// else is refused.
func (cs *console) muteCommand(sess ssh.Session, args []string, fail func(int, string, ...any) bool) bool {
	switch {
	case cs.srv.operatorOf(sess.PublicKey()) == "":
		return fail(1, "only the server's operator may mute or unmute (a key of okey serve --operators)")
	case cs.srv.tourneys == nil:
		return fail(1, "this server keeps no mutes: it has no state directory")
	}
	ts := cs.srv.tourneys
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	if args[0] == "mutes" {
		if len(args) != 1 {
			return fail(2, "%s", muteUsage)
		}
		var b strings.Builder
		for _, m := range ts.Muting().Mutes() {
			fmt.Fprintf(&b, "%s\t%s\n", m.Name, untilWords(m))
		}
		if b.Len() == 0 {
			b.WriteString("nobody is muted\n")
		}
		wish.Print(sess, b.String())
		sess.Exit(0)
		return true
	}
	name, until, err := muteArgs(args, cs.srv.cfg.Now())
	if err != nil {
		return fail(2, "%v", err)
	}
	id, problem := cs.playerNamed(name)
	if problem != "" {
		return fail(1, "%s", problem)
	}
	if args[0] == "unmute" {
		if err := ts.Muting().Unmute(ctx, id); err != nil {
			return fail(1, "%v", err)
		}
		wish.Printf(sess, "%s may chat again\n", safeID(name))
		sess.Exit(0)
		return true
	}
	if err := ts.Muting().Mute(ctx, id, name, until); err != nil {
		return fail(1, "%v", err)
	}
	wish.Printf(sess, "%s is muted %s\n", safeID(name), untilWords(tournaments.MutedError{Until: until}))
	sess.Exit(0)
	return true
}

// muteArgs reads "mute NAME [DURATION]" and "unmute NAME" at now: the
// name (its words joined, as a tournament's are) and when the mute ends
// (zero: when unmuted).
func muteArgs(args []string, now time.Time) (name string, until time.Time, err error) {
	words := args[1:]
	if args[0] == "mute" && len(words) > 1 {
		if d, err := time.ParseDuration(words[len(words)-1]); err == nil {
			if d < time.Minute || d > maxMute {
				return "", time.Time{}, fmt.Errorf("a mute of %v: from 1m to %v, or none for until unmuted", d, maxMute)
			}
			until, words = now.Add(d).UTC().Truncate(time.Second), words[:len(words)-1]
		}
	}
	name = strings.Join(words, " ")
	if name == "" || slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "-") }) {
		return "", time.Time{}, fmt.Errorf("%s", muteUsage)
	}
	return name, until, nil
}

// untilWords says when a mute ends.
func untilWords(m tournaments.MutedError) string {
	if m.Until.IsZero() {
		return "until unmuted"
	}
	return "until " + m.Until.UTC().Format("2006-01-02 15:04 UTC")
}

// playerNamed is the player the operator means by name: a key's
// identity as given, or the one player of that name seated at a table
// or in a tournament (letters' case aside); else why not.
func (cs *console) playerNamed(name string) (id, problem string) {
	if strings.HasPrefix(name, keep.KeyPrefix) && !strings.ContainsAny(name, " \t") {
		return name, ""
	}
	var ids []string
	for _, sum := range cs.srv.hall.List() {
		for i, pl := range sum.Players {
			if o := sum.Owners[i]; o != "" && strings.EqualFold(pl.Name, name) && !slices.Contains(ids, o) {
				ids = append(ids, o)
			}
		}
	}
	for _, o := range cs.srv.tourneys.Muting().PeopleNamed(name) {
		if !slices.Contains(ids, o) {
			ids = append(ids, o)
		}
	}
	switch len(ids) {
	case 0:
		return "", fmt.Sprintf("nobody called %q sits at a table or plays in a tournament here", safeID(name))
	case 1:
		return ids[0], ""
	}
	var keys []string
	for _, o := range ids {
		if strings.HasPrefix(o, keep.KeyPrefix) {
			keys = append(keys, o)
		}
	}
	return "", fmt.Sprintf("%d players are called %q: name one by its key (%s)", len(ids), safeID(name), strings.Join(keys, ", "))
}
