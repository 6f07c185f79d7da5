package play101

import (
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/seatmsg"
	"okey/ui/rack"
	"okey/ui/seatlink"
	"okey/ui/table"
)

// The table following the match: a new view taken in, the log of the
// deal, a hand's end, a saved arrangement of the rack taken back.

// Refresh reads the player's view again (OwnView) and brings the rack,
// and on a new deal the log, in step with it, as playclassic's Refresh
// does.
func (t *Table) Refresh() {
	if t.takeView(t.OwnView()) {
		t.Relog()
	}
}

// takeView takes in v, the player's view after a move, and brings the
// rack in step with it (a tile drawn comes under the cursor). On a new
// deal it lays the new rack out and reports true: the deal's log is
// then to be written again from its history (Relog).
func (t *Table) takeView(v okey101.View) (newDeal bool) {
	hand, redeal := t.View.Hand, t.View.Redeal
	t.View = v
	if v.Phase == game.Playing && (v.Hand != hand || v.Redeal != redeal) {
		t.NewHandRack()
		return true
	}
	if v.Phase != game.Playing {
		return false // the racks are shown on the page of the hand's end
	}
	before := t.Rack
	added := t.Rack.Reconcile(v.Counts)
	t.DropGone(before)
	if t.Held >= 0 && t.Rack.Slots[t.Held] == tile.NoTile {
		t.Held = -1
	}
	if len(added) == 1 {
		t.Cursor = added[0]
	}
	return false
}

// Start takes in v whole, at a new match or a served seat's first
// view: the log begun anew with the deal's history, the rack freshly
// laid out.
func (t *Table) Start(v okey101.View) {
	t.View = v
	t.Log = t.Log[:0]
	t.NewHandRack()
	t.logHistory()
}

// Relog writes the log of the deal on the table again from its
// history: its entries go, and its events come back in order.
func (t *Table) Relog() {
	deal := game.DealKey(t.View.Hand, t.View.Redeal)
	t.Log = slices.DeleteFunc(t.Log, func(e LogEntry) bool { return e.Deal == deal })
	t.logHistory()
}

// logHistory adds the events of the deal on the table to the log, in
// order, each with its place in the deal's history.
func (t *Table) logHistory() {
	for i, e := range t.View.History {
		t.AddLog(e, i)
	}
}

// AddLog adds event e of the deal being played (Deal) to the log; at
// is its place in the deal's history (-1: not known, at the local
// table, where no chat line is put among the moves). The events the
// log leaves out (a hand's end, the match's: their pages say them) are
// not added. Logged, if set, hears of an entry added; the log is then
// trimmed (table.TrimLog), as playclassic's AddLog does.
func (t *Table) AddLog(e okey101.Event, at int) {
	if e.Kind == okey101.EvHandOver || e.Kind == okey101.EvMatchOver {
		return
	}
	d := t.Deal()
	owner := -1
	if (e.Kind == okey101.EvLayOff || e.Kind == okey101.EvTakeBack) && e.Meld >= 0 && e.Meld < len(t.View.Table) {
		owner = t.View.Table[e.Meld].Owner
	}
	t.Log = append(t.Log, LogEntry{Ev: e, Deal: game.DealKey(d.Hand, d.Redeal), At: at, Owner: owner, Okey: d.Indicator.Next()})
	if t.Logged != nil {
		t.Logged(t.Log[len(t.Log)-1])
	}
	t.Log = table.TrimLog(t.Log)
}

// EndHand lets go of what the player was doing on the rack: a tile
// picked up, a place being chosen, a question, the groups.
func (t *Table) EndHand() {
	t.Held, t.Choose, t.Confirm = -1, nil, Confirm{}
	t.Sel, t.Groups = nil, nil
}

// LoadRack restores a saved arrangement b (read as both games read
// theirs, rack.Read) when it belongs to the deal on the table and
// holds its tiles (TakeRack); otherwise the rack stays sorted. why
// says why b is no arrangement at all ("" when it is one).
func (t *Table) LoadRack(b []byte) (why string) {
	f, r, why := rack.Read(b, func(f *RackFile) []tile.Tile { return f.Slots })
	if why == "" {
		t.TakeRack(f, r)
	}
	return why
}

// TakeRack puts back the arrangement f saved (its slots read as r) when
// it belongs to the deal on the table and holds its tiles; otherwise
// the rack stays as it is (sorted). A group that does not hold is left
// out.
func (t *Table) TakeRack(f RackFile, r rack.Rack) {
	if f.Game != string(game.Okey101) || f.Hand != t.View.Hand || f.Redeal != t.View.Redeal {
		return // another game's or deal's: the rack stays sorted
	}
	if r.Counts() != t.View.Counts {
		return
	}
	t.Rack = r
	if f.Cursor >= 0 && f.Cursor < rack.NumSlots {
		t.Cursor = f.Cursor
	}
	valid := func(s []int) bool {
		seen := map[int]bool{}
		for _, i := range s {
			if i < 0 || i >= rack.NumSlots || r.Slots[i] == tile.NoTile || seen[i] {
				return false
			}
			seen[i] = true
		}
		return true
	}
	all := slices.Concat(append([][]int{f.Sel}, f.Groups...)...)
	if valid(all) {
		// A group that no longer reads as one (a save from before
		// groups were taken apart with their tiles, a file edited by
		// hand) is left out: it would be counted as what it is not.
		t.Sel = f.Sel
		t.Groups = slices.DeleteFunc(f.Groups, func(g []int) bool {
			_, why := t.ReadGroup(g, nil)
			return why != ""
		})
	}
}

// TakeUpdate takes in what a served table of 101 says of the game now
// (u.View101, turned to the screen by l): the view (with a world to
// try the player's actions on, unless the seat only watches), the rack
// and the log kept in step; all begun anew at the seat's first view
// (first) or a new match (back to an earlier hand, or fewer hands on
// the sheet). What the screen does next is the app's, from what it
// reports.
func (t *Table) TakeUpdate(u seatmsg.Update, l *seatlink.Link, first bool) seatlink.Taken {
	v := u.View101.Rotate(l.Rot)
	t.TakeServed(v, l.Watching)
	old := t.View
	newMatch := !first && (v.Hand < old.Hand || len(v.Results) < len(old.Results))
	if first || newMatch {
		t.Start(v)
	} else {
		t.Refresh()
		if v.Hand == old.Hand && v.Redeal == old.Redeal {
			for i := min(len(old.History), len(v.History)); i < len(v.History); i++ {
				t.AddLog(v.History[i], i)
			}
		}
	}
	return seatlink.Taken{First: first, NewMatch: newMatch, Was: stand(&old), Now: stand(&v)}
}

// stand is where the match of view v stands, for a seat's screen.
func stand(v *okey101.View) seatlink.Stand {
	return seatlink.Stand{Mine: v.MyTurn(), Playing: v.Phase == game.Playing, HandOver: v.Phase == game.HandOver, MatchOver: v.Phase == game.MatchOver}
}

// TakeNotes puts a served seat's notes (the commitment, the chat) into
// the log beside the moves (seatlink.Place), and trims it.
func (t *Table) TakeNotes(n seatlink.Notes) {
	deal := game.DealKey(t.View.Hand, t.View.Redeal)
	t.Log = table.TrimLog(seatlink.Place(t.Log, n,
		func(note string) LogEntry { return LogEntry{Note: note, Deal: deal} },
		func(e *LogEntry) (bool, bool, int, int) { return e.Chat, e.Note == "", e.Deal, e.At },
		func(c seatmsg.ChatLine, text string) LogEntry {
			return LogEntry{Note: text, Chat: true, Deal: game.DealKey(c.Hand, c.Redeal), At: c.At}
		}))
}
