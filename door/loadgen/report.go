package loadgen

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// line is a step's figures on one line.
func (r Result) line() string {
	var nodes string
	if len(r.Nodes) > 1 {
		nodes = fmt.Sprintf(" over %d nodes (%s)", len(r.Nodes), r.eachNode())
	}
	var again string
	if r.CodesAgain > 0 {
		again = fmt.Sprintf(", %d codes typed again", r.CodesAgain)
	}
	if r.OpensAgain > 0 {
		again += fmt.Sprintf(", %d tables asked for again", r.OpensAgain)
	}
	if r.Burn > 0 {
		nodes += fmt.Sprintf(", beside a neighbour burning %g cores", r.Burn)
	}
	if r.Busy > 0 {
		nodes += fmt.Sprintf(", %d busy neighbour(s) playing bots at nice %d", r.Busy, busyNice)
	}
	nodes += fmt.Sprintf("; %s of keys and moves answered, the longest %s; %d tables stopped, %d taken over; %d newcomers turned away", r.answered(), r.longest(), r.TablesStopped, r.TakenOver, r.TurnedAway)
	if r.Daily > 0 {
		nodes += "; " + r.dailyLine()
	}
	if r.Tourney != nil {
		nodes += "; " + r.Tourney.line()
	}
	return fmt.Sprintf("# %d sessions: connect %v (%d failed), form %v (%d failed%s), %d dropped; key p50/p95/p99 %s/%s/%s ms (%d, %d lost%s); move %s/%s/%s ms (%d, %d lost%s); turn reached %s/%s/%s ms; server %.1f%% of a core (idle lobby %.1f%%), RSS %.0f MB%s; clients %.0f%%; a session was sent %.0f bytes (%.0f on the wire) and %.1f frames a second",
		r.Sessions, r.Connect.Round(time.Millisecond), r.ConnectFailed, r.Form.Round(time.Millisecond), r.FormFailed, again, r.Dropped,
		ms(pct(r.Keys, 50)), ms(pct(r.Keys, 95)), ms(pct(r.Keys, 99)), len(r.Keys), r.KeysLost, heldLine(r.KeysHeld),
		ms(pct(r.Moves, 50)), ms(pct(r.Moves, 95)), ms(pct(r.Moves, 99)), len(r.Moves), r.MovesLost, heldLine(r.MovesHeld),
		ms(pct(r.Reach, 50)), ms(pct(r.Reach, 95)), ms(pct(r.Reach, 99)),
		100*r.ServerCPU, 100*r.IdleCPU, float64(r.RSSFull)/(1<<20), nodes, 100*r.ClientCPU, r.Bps, r.WireBps, r.Frames)
}

// heldLine says how many keys were held while their table moved and
// answered once it was back, and how long they waited (p50/max); ""
// when none were.
func heldLine(held []time.Duration) string {
	if len(held) == 0 {
		return ""
	}
	return fmt.Sprintf(", %d held as their table moved and answered after p50/max %s/%s ms", len(held), ms(pct(held, 50)), ms(pct(held, 100)))
}

// dailyLine is what the daily's players did: days begun and done, the
// board's time from the key to the screen.
func (r Result) dailyLine() string {
	return fmt.Sprintf("daily: %d players (%d failed, %d dialled again, %d stalled), %d days begun, %d done, board p50/p95/p99 %s/%s/%s ms (%d, %d lost)",
		r.Daily, r.DailyFailed, r.DailyRedialed, r.DailyStalled, r.DaysBegun, r.DaysDone, ms(pct(r.Boards, 50)), ms(pct(r.Boards, 95)), ms(pct(r.Boards, 99)), len(r.Boards), r.BoardsLost)
}

// eachNode is every node's CPU during the play and its resident memory
// at its end ("?" where its process is not known).
func (r Result) eachNode() string {
	parts := make([]string, len(r.Nodes))
	for i, nd := range r.Nodes {
		if nd.PID <= 0 {
			parts[i] = "?"
			continue
		}
		parts[i] = fmt.Sprintf("%.0f%% %.0f MB", 100*nd.CPU, float64(nd.RSSFull)/(1<<20))
	}
	return strings.Join(parts, " · ")
}

// answered is the share of keys and moves answered within the answer's
// wait.
func (r Result) answered() string {
	all := len(r.Keys) + len(r.Moves) + r.KeysLost + r.MovesLost + len(r.KeysHeld) + len(r.MovesHeld)
	if all == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(len(r.Keys)+len(r.Moves))/float64(all))
}

// longest is the longest a key or a move waited for its screen; one not
// answered at all waited longer than the answer's wait.
func (r Result) longest() string {
	if r.KeysLost+r.MovesLost > 0 {
		return fmt.Sprintf(">%v", r.Answer)
	}
	var top time.Duration
	for _, d := range slices.Concat(r.Keys, r.Moves, r.KeysHeld, r.MovesHeld) {
		top = max(top, d)
	}
	return ms(top) + " ms"
}

// Report writes the steps as a Markdown table. The servers' figures are
// the sums over the nodes (per session: over all the sessions), each
// node's are in a column of their own.
func Report(w io.Writer, rs []Result) {
	fmt.Fprintln(w, "| sessions | nodes | failed (connect/form/dropped) | connect all | form all tables | key→screen p50/p95/p99 | keys lost (5 s) | move→screen p50/p95/p99 | turn reached p99 | answered, longest, tables stopped, turned away | servers' CPU (per session) | idle lobby CPU (per session) | servers' RSS (per session) | each node: CPU, RSS | clients' CPU | a session was sent a second: bytes (wire), frames |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		per := func(v float64) string {
			if r.Sessions == 0 {
				return "-"
			}
			return fmt.Sprintf("%.3f%%", 100*v/float64(r.Sessions))
		}
		rss := "-"
		if r.RSSFull > 0 {
			rss = fmt.Sprintf("%.0f MB (%.2f MB)", float64(r.RSSFull)/(1<<20), float64(r.RSSFull-min(r.RSSFull, r.RSSBase))/(1<<20)/float64(r.Sessions))
		}
		form := fmt.Sprintf("%.1f s", r.Form.Seconds())
		if r.CodesAgain > 0 {
			form += fmt.Sprintf(" (%d codes again)", r.CodesAgain)
		}
		if r.OpensAgain > 0 {
			form += fmt.Sprintf(" (%d tables asked again)", r.OpensAgain)
		}
		fmt.Fprintf(w, "| %d | %d | %d/%d/%d | %.1f s | %s | %s/%s/%s ms | %d of %d | %s/%s/%s ms | %s ms | %s, %s, %d, %d | %.0f%% (%s) | %.1f%% (%s) | %s | %s | %.0f%% | %.0f (%.0f), %.1f |\n",
			r.Sessions, max(1, len(r.Nodes)), r.ConnectFailed, r.FormFailed, r.Dropped, r.Connect.Seconds(), form,
			ms(pct(r.Keys, 50)), ms(pct(r.Keys, 95)), ms(pct(r.Keys, 99)), r.KeysLost, len(r.Keys)+r.KeysLost,
			ms(pct(r.Moves, 50)), ms(pct(r.Moves, 95)), ms(pct(r.Moves, 99)), ms(pct(r.Reach, 99)),
			r.answered(), r.longest(), r.TablesStopped, r.TurnedAway,
			100*r.ServerCPU, per(r.ServerCPU), 100*r.IdleCPU, per(r.IdleCPU), rss, r.eachNode(), 100*r.ClientCPU, r.Bps, r.WireBps, r.Frames)
	}
	if slices.ContainsFunc(rs, func(r Result) bool { return r.Tourney != nil }) {
		tourneyReport(w, rs)
	}
	if !slices.ContainsFunc(rs, func(r Result) bool { return r.Daily > 0 }) {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| sessions | playing the daily | failed, dialled again | days begun | days done | the board, key→screen p50/p95/p99 | boards lost (5 s) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Fprintf(w, "| %d | %d | %d, %d | %d | %d | %s/%s/%s ms | %d of %d |\n", r.Sessions, r.Daily, r.DailyFailed, r.DailyRedialed,
			r.DaysBegun, r.DaysDone, ms(pct(r.Boards, 50)), ms(pct(r.Boards, 95)), ms(pct(r.Boards, 99)), r.BoardsLost, len(r.Boards)+r.BoardsLost)
	}
}

// tourneyReport writes the steps' tournaments as a Markdown table.
func tourneyReport(w io.Writer, rs []Result) {
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| sessions | tournament | players, joined | matches counted (abandoned) | match ends seen | pairing p50/p95/p99 | key→screen p99 | keys/moves lost (held, answered late) | node killed: tables in play, resumed, abandoned | standings |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		t := r.Tourney
		if t == nil {
			continue
		}
		kill := "-"
		if t.Killed >= 0 {
			kill = fmt.Sprintf("node %d at %v: %d, %d, %d", t.Killed, t.KilledAfter.Round(time.Second), len(t.Check.AtKill), t.Check.Resumed, t.Check.AbandonedAtKill)
		}
		verdict := "nothing lost, nothing twice"
		switch {
		case t.Check.Err != "":
			verdict = "not checked"
		case !t.Check.OK():
			verdict = "WRONG"
		}
		fmt.Fprintf(w, "| %d | %s | %d, %d | %d (%d) | %d | %s/%s/%s ms | %s ms | %d/%d (%d/%d) | %s | %s |\n", r.Sessions, t.Kind, t.Players, t.Joined,
			t.Check.Matches, t.Check.Abandoned, t.Ends, ms(pct(t.Pairing, 50)), ms(pct(t.Pairing, 95)), ms(pct(t.Pairing, 99)),
			ms(pct(r.Keys, 99)), r.KeysLost, r.MovesLost, len(r.KeysHeld), len(r.MovesHeld), kill, verdict)
	}
}
