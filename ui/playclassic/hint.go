package playclassic

import (
	"context"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/i18n"
)

// The hint (h) is the judge's answer (bots/coach.AdviseClassic): the
// hard bot's move, played out by the coach's judge against the strong
// alternatives over worlds drawn from the player's view, and the best
// move found — so the review afterwards finds a move the hint gave best
// or as good. It says whether to take the discard or draw, what to
// discard, when to finish and, with a winning rack that holds an okey,
// whether to win now or hold for an okey finish, with the chance and
// the points of each. It is worked out in a command (a few tenths of a
// second, a second at most on a busy machine) while the table goes on;
// esc cancels it, and its answer is dropped if the table has moved on
// meanwhile.

// HintLevel is the bot whose move the judge weighs: the strongest.
var HintLevel = botsclassic.Levels[len(botsclassic.Levels)-1]

// HintMsg is the hint's answer for the position numbered Moves
// (Table.HandMoves), to the hint numbered ID (Table.HintID). Dec, when
// the judge was asked, is its verdict on the hard bot's move: each
// candidate's value and how often it came out ahead.
type HintMsg struct {
	ID    uint64
	Moves int
	Act   classic.Action
	Dec   *coach.Decision
	Err   error
}

// BuildBot builds a bot of a level (bots.New, or a test's).
type BuildBot func(level string, opt botsclassic.Options) (botsclassic.Bot, error)

// Hint asks for a hint on the player's turn, in a command under ctx
// that gives the judge timeout to answer (the match's seed seeds it);
// off the player's turn it says at once how far the rack is from a win.
// The level's bot built by build is the judge's first candidate: the
// real hard bot goes through the judge, a test's scripted bot answers
// as it is.
func (t *Table) Hint(ctx context.Context, seed uint64, build BuildBot, timeout time.Duration) tea.Cmd {
	v := &t.View
	if v.Phase != game.Playing {
		t.said.Flash(true, t.tr().T("status.hint.none"))
		return nil
	}
	if !v.MyTurn() && !v.Legal.Show {
		t.distanceHint()
		return nil
	}
	t.StopHint()
	t.HintID++
	id, moves, view := t.HintID, t.HandMoves(), t.OwnView()
	seed = game.NewSeed(seed ^ uint64(v.Hand)<<40 ^ uint64(len(v.History))<<8 ^ 0x41)
	t.said.Flash(false, t.tr().T("status.hint.thinking"))
	ctx, cancel := context.WithTimeout(ctx, timeout)
	t.hintStop = cancel
	return func() tea.Msg {
		defer cancel()
		b, err := build(HintLevel, botsclassic.Options{Seed: seed})
		if err != nil {
			return HintMsg{ID: id, Moves: moves, Err: err}
		}
		if _, real := b.(*botsclassic.Hard); real {
			a, d, err := coach.AdviseClassic(ctx, view, coach.HintOptions(seed))
			return HintMsg{ID: id, Moves: moves, Act: a, Dec: &d, Err: err}
		}
		a, err := b.Decide(ctx, view)
		return HintMsg{ID: id, Moves: moves, Act: a, Err: err}
	}
}

// CancelHint stops the hint being worked out and says so (esc).
func (t *Table) CancelHint() {
	t.StopHint()
	t.said.Flash(false, t.tr().T("status.hint.cancelled"))
}

// HintPending reports whether a hint is being worked out.
func (t *Table) HintPending() bool { return t.hintStop != nil }

// StopHint cancels the hint being worked out, if any; its answer, if it
// comes, is dropped.
func (t *Table) StopHint() {
	if t.hintStop != nil {
		t.hintStop()
		t.hintStop = nil
		t.HintID++
	}
}

// HandMoves numbers the positions of a hand, for dropping an answer the
// table has moved past: the match's moves, or at a served seat (which
// holds no match) the hand and its history's length.
func (t *Table) HandMoves() int {
	if t.G == nil {
		return t.View.Hand<<16 | len(t.View.History)
	}
	return t.G.State().Moves()
}

// OwnView is the player's view, for the hint: the match's own, or at a
// served seat the latest the table sent.
func (t *Table) OwnView() classic.View {
	if t.G == nil {
		return t.View
	}
	return t.G.State().View(0)
}

// HandNo is the number of the hand being played.
func (t *Table) HandNo() int {
	if t.G == nil {
		return t.View.Hand
	}
	return t.G.State().HandNumber()
}

// OnHint tells the hint, if the table is still where it was asked
// (onTable: the table is on screen).
func (t *Table) OnHint(msg HintMsg, onTable bool) {
	if msg.ID != t.HintID {
		return // stale: a newer hint, or esc, came first
	}
	t.hintStop = nil
	if t.HandMoves() != msg.Moves || !onTable {
		return // stale: a move or a new hand came first
	}
	v := &t.View
	if msg.Err != nil || msg.Act.Seat != 0 {
		t.distanceHint()
		return
	}
	say := func(key string, args ...any) { t.said.Flash(false, t.tr().T(key, args...)) }
	acc := func(x tile.Tile) string { return t.TileCase(x, i18n.Accusative) }
	top := v.Top(v.Previous)
	switch a := msg.Act; a.Kind {
	case classic.ActShow:
		say("status.hint.show", t.TileName(v.Indicator))
	case classic.ActTake, classic.ActDraw, classic.ActEndHand:
		// A take that wins is said whatever the bot thought.
		switch {
		case v.Legal.Take && t.TakeWins(top):
			say("status.hint.take.wins", acc(top))
		case a.Kind == classic.ActTake:
			say("status.hint.take", acc(top))
		case a.Kind == classic.ActEndHand:
			say("status.hint.end")
		default:
			t.said.Flash(false, t.drawHint())
		}
	case classic.ActFinish:
		t.CursorOn(a.Tile)
		if okey := v.Analyzer.Okey(); v.Counts[okey] > 0 && !v.Analyzer.IsOkey(a.Tile) {
			// The rack could hold for an okey finish: the hint says why
			// it does not.
			say("status.hint.winnow", acc(a.Tile))
			return
		}
		say("status.hint.wins", acc(a.Tile))
	case classic.ActDiscard:
		t.CursorOn(a.Tile)
		if win := t.WinningDiscard(); win != tile.NoTile {
			// Hold the win back for an okey finish: the hint chooses it,
			// and says why.
			say("status.hint.hold", acc(a.Tile))
			return
		}
		rest := v.Counts
		rest[a.Tile]--
		d := -1
		if h, err := v.Analyzer.HandOf(rest); err == nil {
			d = v.Analyzer.Distance(h)
		}
		switch d {
		case 1:
			say("status.hint.discard1", acc(a.Tile))
		case -1:
			say("status.hint.discard0", acc(a.Tile))
		default:
			say("status.hint.discard", acc(a.Tile), d)
		}
	default:
		t.distanceHint()
	}
}

// CursorOn puts the cursor on a copy of x, so x (or f) acts on the hint.
func (t *Table) CursorOn(x tile.Tile) {
	if t.Rack.Slots[t.Cursor] == x {
		return
	}
	if i := slices.Index(t.Rack.Slots[:], x); i >= 0 {
		t.Cursor = i
	}
}

// TakeWins reports whether taking x gives a rack that finishes.
func (t *Table) TakeWins(x tile.Tile) bool {
	v := &t.View
	if x == tile.NoTile {
		return false
	}
	c := v.Counts
	c[x]++
	h, err := v.Analyzer.HandOf(c)
	return err == nil && v.Analyzer.BestDiscard(h).Wins
}

// WinningDiscard is a tile the player may finish with now, or NoTile.
func (t *Table) WinningDiscard() tile.Tile {
	v := &t.View
	if !v.Legal.Finish {
		return tile.NoTile
	}
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return tile.NoTile
	}
	if d := v.Analyzer.BestDiscard(h); d.Wins {
		return d.Tile
	}
	return tile.NoTile
}

// drawHint says to draw, and how far the rack is from a win.
func (t *Table) drawHint() string {
	v := &t.View
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return t.tr().T("status.hint.draw0")
	}
	if d := v.Analyzer.Distance(h); d > 1 {
		return t.tr().T("status.hint.draw", d)
	}
	return t.tr().T("status.hint.draw1")
}

// distanceHint says how far the rack is from a win, off the player's
// turn (or when the hint bot failed).
func (t *Table) distanceHint() {
	v := &t.View
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		t.said.Flash(true, t.tr().T("status.hint.none"))
		return
	}
	switch d := v.Analyzer.Distance(h); {
	case d <= 0:
		t.said.Flash(false, t.tr().T("status.hint.won"))
	case d == 1:
		t.said.Flash(false, t.tr().T("status.hint.one"))
	default:
		t.said.Flash(false, t.tr().T("status.hint.dist", d))
	}
}
