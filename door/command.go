package door

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/tables"
	"okey/server/tournaments"
	"okey/ui/serve/common"
)

// maxRecord is the largest record "record" prints; a match's record is
// tens of kilobytes.
const maxRecord = 4 << 20

// recordUsage is the one line a wrong "record" command gets.
const recordUsage = "usage: record TABLE — the record of table TABLE's last finished match"

// command runs a session that asks for a command rather than a
// terminal (ssh -p PORT HOST record 3); it reports whether it did. The
// commands are "record", "daily", "tournament" and "status"; any other
// is refused with a line, before the session could take over the
// player's seat from a running one.
func (cs *console) command(sess ssh.Session) bool {
	args := sess.Command()
	if len(args) == 0 {
		return false
	}
	fail := func(code int, format string, a ...any) bool {
		wish.Errorf(sess, "okey: "+format+"\n", a...)
		sess.Exit(code)
		return true
	}
	if args[0] == "status" && len(args) == 1 {
		wish.Print(sess, cs.status())
		sess.Exit(0)
		return true
	}
	if args[0] == "daily" {
		return cs.srv.desk.command(sess, args[1:], fail)
	}
	if args[0] == "mute" || args[0] == "unmute" || args[0] == "mutes" {
		return cs.muteCommand(sess, args, fail)
	}
	if args[0] == "tournament" {
		return cs.tourneyCommand(sess, args[1:], common.SSHTo(portOf(sess.LocalAddr())), fail)
	}
	if args[0] != "record" {
		return fail(2, "unknown command %q: connect with no command to play, or ask for \"record TABLE\" (a table's last finished match), \"daily GAME DATE HAND\" (your hand of a day's daily, once the day is over), \"tournament ID\" (a tournament's standings; --json for scripts) or \"status\" (the nodes and their tables)", safeID(args[0]))
	}
	if len(args) != 2 {
		return fail(2, "%s", recordUsage)
	}
	id := args[1]
	// Any node answers for any table: the one running it from the
	// table's memory, the others (and a node that took the table over
	// after its match ended) from the store, once the match is over.
	var sum *tables.Summary
	for _, su := range cs.srv.hall.List() {
		if su.ID == id {
			sum = su
		}
	}
	if sum == nil || sum.Round {
		// A tournament's match: its record is the tournament's, kept
		// once the match is counted (its table may have closed since),
		// and a duplicate round's given once the round is over.
		if rec, problem := cs.tourneyRecord(id); rec != nil || problem != "" {
			if problem != "" {
				return fail(1, "%s", problem)
			}
			return cs.writeRecord(sess, id, rec)
		}
	}
	if sum == nil {
		return fail(1, "no table %q here (a table is gone once everyone has left it)", safetext.CutWidth(id, 20))
	}
	if sum.Daily {
		// Its records show the day's deals: not while the day lasts,
		// and then by "daily", from the store.
		return fail(1, "table %s plays a daily: its hands are given out once the day is over, by \"daily GAME DATE HAND\"", id)
	}
	if sum.Round {
		// Other tables of the round may still be playing its deals.
		return fail(1, "table %s plays a tournament's duplicate round: its record is given here once every table of the round is over", id)
	}
	if sum.Private {
		// A private table's matches are its players': a key that holds
		// a seat there. (No code is taken here: that would be a way
		// round the limits on guessing codes.)
		if who, _ := sshIdentity(sess); sum.Holds(who) < 0 {
			return fail(1, "table %s is private: its record goes only to a player holding a seat there with an SSH key", id)
		}
	}
	var rec *[]byte
	if t := cs.srv.hall.Local(id); t != nil {
		rec = t.Finished.Load()
	}
	if rec == nil && cs.srv.hall.Keep != nil && sum.Duplicate == 0 {
		// The record in play if it is over, else the match before it,
		// which its owner kept when the next one began. (Not a
		// duplicate table's: a hand over may be a deal still to be
		// played again; its node gives a deal's record once it is over.)
		ctx, cancel := keep.EngineCtx()
		stored, _, err := cs.srv.hall.Keep.Records.Read(ctx, id)
		if err == nil && !tables.RecordOver(sum.Game, stored) {
			stored, err = cs.srv.hall.Keep.Records.Last(ctx, id)
		}
		cancel()
		if err == nil && tables.RecordOver(sum.Game, stored) {
			rec = &stored
		}
	}
	switch {
	case rec == nil:
		return fail(1, "table %s has no finished match yet (a match in play is not given out: its record would tell the deals)", id)
	case len(*rec) > maxRecord:
		return fail(1, "table %s's record is too large to print", id)
	}
	return cs.writeRecord(sess, id, *rec)
}

// writeRecord prints table id's record and exits 0 (1 if it could not
// be written).
func (cs *console) writeRecord(sess ssh.Session, id string, rec []byte) bool {
	if _, err := sess.Write(rec); err != nil {
		cs.srv.log.Warn("record", "table", id, "err", err)
		sess.Exit(1)
		return true
	}
	cs.srv.log.Info("record", "table", id, "addr", hostOf(sess.RemoteAddr()))
	sess.Exit(0)
	return true
}

// tourneyRecord is the record of the tournament's match table id
// played, as the tournaments keep it, or the one line that says why it
// is not given now; neither when no tournament counted a match there.
func (cs *console) tourneyRecord(id string) (rec []byte, problem string) {
	side := cs.srv.tournamentSide()
	n, err := strconv.Atoi(id)
	if side == nil || err != nil || n <= 0 {
		return nil, ""
	}
	rec, err = side.MatchRecord(n)
	switch {
	case err == nil && len(rec) > maxRecord:
		return nil, fmt.Sprintf("table %d's record is too large to print", n)
	case err == nil:
		return rec, ""
	case errors.Is(err, tournaments.ErrNotYet):
		return nil, fmt.Sprintf("table %d played a tournament's duplicate round: its record is given once every table of the round is over", n)
	case errors.Is(err, tourney.ErrUnknown):
		return nil, ""
	}
	cs.srv.log.Warn("record", "table", id, "err", err)
	return nil, fmt.Sprintf("table %d's record cannot be read just now: try again soon", n)
}

// portOf is the port of an address, "" when it has none.
func portOf(a net.Addr) string {
	if a == nil {
		return ""
	}
	_, p, err := net.SplitHostPort(a.String())
	if err != nil {
		return ""
	}
	return p
}

// status is what "ssh HOST status" prints: this node, and every table
// with the node running it, its game, its hand and how many people hold
// seats or watch (no names, no codes: anyone may ask).
func (cs *console) status() string {
	var b strings.Builder
	// The engine is gone once the store is closed (a node stopping):
	// status then says so rather than read it.
	eng := cs.srv.eng
	node, shared := "", cs.srv.hall.Nodes != nil && eng != nil
	if eng != nil {
		node = eng.Node
	}
	fmt.Fprintf(&b, "node %s", cmp.Or(node, "(no store)"))
	if shared {
		fmt.Fprintf(&b, " · sharing the tables with other nodes (%d copies of each)", eng.Replicas)
	} else {
		b.WriteString(" · alone")
	}
	b.WriteString("\n")
	b.WriteString(cs.healthLine())
	b.WriteString(cs.srv.cluster.membersStatus())
	owners := map[string]string{}
	if cs.srv.hall.Relay != nil {
		cs.srv.hall.Relay.Mu.Lock()
		for id, rs := range cs.srv.hall.Relay.Others {
			owners[id] = rs.Node
		}
		cs.srv.hall.Relay.Mu.Unlock()
	}
	list := cs.srv.hall.List()
	fmt.Fprintf(&b, "%d tables\n", len(list))
	if len(list) > 0 {
		fmt.Fprintf(&b, "%-6s %-16s %-8s %-9s %s\n", "table", "node", "game", "hand", "seats held · watching")
	}
	for _, t := range list {
		owner := owners[t.ID]
		if owner == "" {
			owner = cmp.Or(node, "here")
		}
		hand := "waiting"
		switch {
		case t.Over:
			hand = "over"
		case t.Started:
			hand = strconv.Itoa(t.Hand)
		}
		held := 0
		for _, o := range t.Owners {
			if o != "" {
				held++
			}
		}
		fmt.Fprintf(&b, "%-6s %-16s %-8s %-9s %d · %d\n", t.ID, safetext.CutWidth(owner, 16), t.Game, hand, held, t.Watchers)
	}
	b.WriteString(cs.tourneysStatus(cmp.Or(node, "here")))
	return b.String()
}

// tourneysStatus is status's lines of the tournaments not finished: each
// with the node that drives it (here: this node's name).
func (cs *console) tourneysStatus(here string) string {
	if cs.srv.tourneys == nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(cs.srv.ctx, tourneyWait)
	defer cancel()
	ds := cs.srv.tourneys.Owner().Drivers(ctx)
	var b strings.Builder
	fmt.Fprintf(&b, "%d tournaments not finished\n", len(ds))
	if len(ds) > 0 {
		fmt.Fprintf(&b, "%-10s %-16s %-9s %s\n", "tournament", "owner", "phase", "name")
	}
	for _, d := range ds {
		owner := cmp.Or(d.Node, "(none now)")
		if d.Here {
			owner = cmp.Or(d.Node, here)
		}
		fmt.Fprintf(&b, "%-10s %-16s %-9s %s\n", d.ID, safetext.CutWidth(owner, 16), d.Phase, safetext.CutWidth(d.Name, 40))
	}
	return b.String()
}

// healthLine is the node's health as status says it: whether it admits
// newcomers, and the two clocks it judges by.
func (cs *console) healthLine() string {
	state := "admitting newcomers"
	switch {
	case cs.srv.cfg.Overload == 0:
		state = "admitting newcomers (no overload limit)"
	case cs.srv.overloaded():
		state = "overloaded: turning newcomers away"
	}
	store := "-"
	if w := cs.srv.health.storeWait(); w > 0 {
		store = millis(w)
	}
	return fmt.Sprintf("health: %s · run-queue delay %s, store %s (limit %v) · %d turned away\n",
		state, millis(cs.srv.health.delay()), store, cs.srv.cfg.Overload, cs.srv.turnedAway.Load())
}

// millis writes a short wait in milliseconds, to a tenth.
func millis(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + " ms"
}
