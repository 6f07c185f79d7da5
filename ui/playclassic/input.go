package playclassic

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/table"
)

// Outcome is what a key or a click at the table came to, when the
// table cannot do it alone: its request of the app (the list both
// games' tables share, table.Req: a save, a page opened) and, for
// table.ReqPlay, the move to play (Table.Play, or at a served seat
// send it). Okey 101's table says the same in play101.Outcome.
type Outcome struct {
	Req table.Req
	Act classic.Action // the move, for table.ReqPlay
}

// LetConfirmGo lets the question of a discard that would throw a win
// away go (every key does), reporting whether the key now pressed
// answers it: the cursor is still on the tile asked about.
func (t *Table) LetConfirmGo() (confirmed bool) {
	confirmed = t.Confirm == t.Cursor
	t.Confirm = -1
	return confirmed
}

// Key is what key k of the table's own (keys; the keys both tables
// share are read before, table.CommonKey) does: the rack moved or
// arranged here, a move checked and handed to the app to play, a page
// the app opens. readOnly: the screen may only look at the match;
// confirmed: k answers a discard's question (LetConfirmGo).
func (t *Table) Key(k tea.KeyPressMsg, keys keymap.TableKeys, readOnly, confirmed bool) Outcome {
	switch {
	case key.Matches(k, keys.Pick):
		t.Pick()
		return Outcome{Req: table.ReqSave}
	case key.Matches(k, keys.Cancel):
		t.Cancel()
	case key.Matches(k, keys.Draw):
		return t.drawMove(readOnly)
	case key.Matches(k, keys.Take):
		return t.takeMove(readOnly)
	case key.Matches(k, keys.Discard):
		return t.discardMove(readOnly, false, confirmed)
	case key.Matches(k, keys.Finish):
		return t.discardMove(readOnly, true, false)
	case key.Matches(k, keys.Show):
		if why := t.WhyNoShow(readOnly); why != "" {
			t.said.Flash(true, why)
			return Outcome{}
		}
		return Outcome{Req: table.ReqPlay, Act: classic.ShowAction(0)}
	case key.Matches(k, keys.SortColour):
		t.Arrange(t.Sorter().ByColour(t.Rack.Tiles()), "status.sorted.colour")
		return Outcome{Req: table.ReqSave}
	case key.Matches(k, keys.SortValue):
		t.Arrange(t.Sorter().ByValue(t.Rack.Tiles()), "status.sorted.value")
		return Outcome{Req: table.ReqSave}
	case key.Matches(k, keys.Runs):
		return saveIf(t.ArrangeBy(hand.ArrangeRuns))
	case key.Matches(k, keys.Pairs):
		return saveIf(t.ArrangeBy(hand.ArrangePairs))
	case key.Matches(k, keys.Hint):
		return Outcome{Req: table.ReqHint}
	case key.Matches(k, keys.Scores):
		return Outcome{Req: table.ReqScores}
	case key.Matches(k, keys.Stats):
		return Outcome{Req: table.ReqStats}
	case key.Matches(k, keys.Undo):
		return Outcome{Req: table.ReqUndo}
	case key.Matches(k, keys.Browse):
		return Outcome{Req: table.ReqBrowse}
	default:
		return Outcome{Req: table.ReqUnknown}
	}
	return Outcome{}
}

// saveIf asks for a save when the rack changed.
func saveIf(changed bool) Outcome {
	if changed {
		return Outcome{Req: table.ReqSave}
	}
	return Outcome{}
}

// Click is what a click (or a tap) at (x, y) on the table laid out as
// l does, so that a hand is played without keys: a click on a tile
// selects it, a second on it picks it up, a click on a place puts the
// tile picked up down there; a click on the wall draws, on the previous
// player's stack takes, on the player's own stack discards the tile
// selected (or picked up), on the indicator finishes with it. A discard
// that would throw a win away is asked about, and made by a second
// click there. A click on a stack that plays no move now (another
// player's, the previous player's once the player has drawn, their
// own before it) opens the stacks' page, the b key's: a phone has no
// b.
func (t *Table) Click(l layout.Screen, x, y int, readOnly bool) Outcome {
	confirmed := t.LetConfirmGo()
	if i := l.SlotAt(x, y); i >= 0 {
		again := i == t.Cursor
		t.Cursor = i
		if t.Held >= 0 || again && t.Rack.Slots[i] != tile.NoTile {
			t.Pick()
			return Outcome{Req: table.ReqSave}
		}
		if x := t.Rack.Slots[i]; x != tile.NoTile {
			t.said.Flash(false, t.tr().T(t.look.Tap("status.selected"), t.TileName(x)))
		}
		return Outcome{}
	}
	switch {
	case l.Wall.Contains(x, y):
		return t.drawMove(readOnly)
	case l.Indicator.Contains(x, y):
		t.dropHeld()
		return t.discardMove(readOnly, true, false)
	}
	for seat := range classic.NumSeats {
		switch {
		case !l.Corner(seat).Contains(x, y):
			continue
		case t.StackLooks(seat, readOnly):
			return Outcome{Req: table.ReqBrowse}
		case seat == 0:
			t.dropHeld()
			return t.discardMove(readOnly, false, confirmed)
		}
		return t.takeMove(readOnly)
	}
	return Outcome{}
}

// StackLooks reports whether a tap on seat's stack opens the stacks'
// page now (Click), rather than taking from it or discarding on it.
func (t *Table) StackLooks(seat int, readOnly bool) bool {
	v := &t.View
	moving := t.WhyNotMyMove(readOnly) == ""
	switch {
	case seat == v.Previous && moving && v.Stage == classic.MustDraw:
		return false
	case seat == 0 && moving && v.Stage == classic.MustDiscard:
		return false
	}
	return true
}

// dropHeld makes the tile picked up, if any, the one selected, no
// longer held: it is the one a click on the stack or the indicator
// plays.
func (t *Table) dropHeld() {
	if t.Held >= 0 {
		t.Cursor, t.Held = t.Held, -1
	}
}

// drawMove is the player's draw (at the empty wall, the end of the
// hand), if they may draw now.
func (t *Table) drawMove(readOnly bool) Outcome {
	if !t.MayDrawOrTake(readOnly) {
		return Outcome{}
	}
	if t.View.WallLeft == 0 {
		return Outcome{Req: table.ReqPlay, Act: classic.EndHandAction(0)}
	}
	return Outcome{Req: table.ReqPlay, Act: classic.DrawAction(0)}
}

// takeMove is the player's take of the previous player's discard, if
// they may take it now.
func (t *Table) takeMove(readOnly bool) Outcome {
	if !t.MayDrawOrTake(readOnly) {
		return Outcome{}
	}
	v := &t.View
	if v.Top(v.Previous) == tile.NoTile {
		t.said.Flash(true, t.tr().T("status.take.empty", t.look.Words.SeatName(v.Previous)))
		return Outcome{}
	}
	return Outcome{Req: table.ReqPlay, Act: classic.TakeAction(0)}
}

// discardMove discards (or finishes with) the tile under the cursor. A
// plain discard of a tile that would finish the hand is only made when
// confirmed; otherwise the player is asked.
func (t *Table) discardMove(readOnly, finish, confirmed bool) Outcome {
	if why := t.WhyNotMyMove(readOnly); why != "" {
		t.said.Flash(true, why)
		return Outcome{}
	}
	if t.View.Stage == classic.MustDraw {
		t.said.Flash(true, t.MustDrawFirst())
		return Outcome{}
	}
	x := t.Rack.Slots[t.Cursor]
	if x == tile.NoTile {
		t.said.Flash(true, t.tr().T("status.discard.empty"))
		return Outcome{}
	}
	if finish {
		return Outcome{Req: table.ReqPlay, Act: classic.FinishAction(0, x)}
	}
	if !confirmed && t.Wins(x) && !t.Advised(classic.DiscardAction(0, x)) {
		// Discarding a winning tile is asked about, unless the hint
		// advised that very discard (to hold the win): its x does it.
		t.Confirm = t.Cursor
		t.said.Flash(true, t.tr().T("status.discard.wins", t.TileCase(x, i18n.Accusative)))
		return Outcome{}
	}
	return Outcome{Req: table.ReqPlay, Act: classic.DiscardAction(0, x)}
}

// Play plays the player's action a on the match; ok is false when the
// referee refused it (said). A discard or a finish leaves its slot, the
// cursor's, empty.
func (t *Table) Play(a classic.Action) (evs []classic.Event, lines []byte, ok bool) {
	evs, lines, err := t.G.Apply(a)
	if err != nil {
		t.Refuse(err, a.Tile)
		return nil, nil, false
	}
	t.Held = -1
	if a.Kind == classic.ActDiscard || a.Kind == classic.ActFinish {
		t.Rack.Slots[t.Cursor] = tile.NoTile
	}
	return evs, lines, true
}
