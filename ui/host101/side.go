package host101

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/ui/hosting"
	"okey/ui/play101"
	"okey/ui/seatlink"
	"okey/ui/settings"
	"okey/ui/table"
)

// Side is Okey 101's side of the table (hosting.Game): the match on the
// table (T, nil while none is), and the hooks by which the app hands it
// its messages, keys and screens.
type Side struct {
	// app is what the side still asks of the app (a match's life);
	// look is what it and its tables draw and write with, the app's
	// value (table.Look), read and never asked for.
	app  hosting.App
	look *table.Look
	// T is the match of Okey 101 on the table, nil while none is.
	T *play101.Table
	// newPlayer builds a seat's player (tests give scripted ones); log
	// writes a line of the move log to the debug log (nil: none).
	newPlayer func(level string, seed uint64) (decide101.Player, error)
	log       func(text func() string)
	// Hinter works the hint out on every table of this side (nil: the
	// judge's plan, decide101.HintCtx).
	Hinter decide101.Hinter
	// ask is Ask as a Question, made once (a play hands it up); pages
	// are the pages between hands (Pages), made once.
	ask   hosting.Question
	pages hosting.Pages
}

// New is 101's side hosted by app, drawn with look (the app keeps it up
// to date): newPlayer builds the seats' players
// (nil: the table's own), log writes the move log's lines to the debug
// log (nil: none).
func New(app hosting.App, look *table.Look, newPlayer func(level string, seed uint64) (decide101.Player, error), log func(text func() string)) *Side {
	s := &Side{app: app, look: look, newPlayer: newPlayer, log: log}
	s.ask = s.Ask
	s.pages = hosting.Pages{Resume: s.Resume, HandEnd: s.HandEnd, Final: s.Final, Scores: s.Scores}
	return s
}

// With sets the side's Hinter and returns the side.
func With(s *Side, h decide101.Hinter) *Side {
	s.Hinter = h
	return s
}

// Present reports whether a match of 101 is on the table.
func (s *Side) Present() bool { return s.T != nil }

// About is 101's names and its table's keys (no Warm: 101 has no
// tables worth building ahead).
func (s *Side) About() hosting.About {
	return hosting.About{Name: "val.okey101", Game: s.Game(), Keys: s.Keys(), Ask: s.Ask, Level: s.Players().Level}
}

// Phase is where the match stands.
func (s *Side) Phase() hosting.Phase {
	if s.T == nil {
		return hosting.Phase{}
	}
	v := &s.T.View
	return hosting.Phase{
		Present: true,
		Playing: v.Phase == game.Playing, HandOver: v.Phase == game.HandOver, Turn: v.Turn,
		Over: v.Phase == game.MatchOver,
	}
}

// told is r with what the table said on the status line since it was
// last asked, if it said anything (the table's said is taken: said
// once).
func (s *Side) told(r hosting.Reply) hosting.Reply {
	if s.T == nil {
		return r
	}
	if said := s.T.Said(); said.Set {
		r.Said = said
	}
	return r
}

// Keys are the 101 table's keys, as on its help page.
func (s *Side) Keys() [][]key.Binding { return s.look.Keys.Table101.FullHelp() }

// TakeSeat takes in a served 101 table's update: the game
// (play101.Table.TakeUpdate; the table is made at the first) and the
// notes.
func (s *Side) TakeSeat(u seatmsg.Update, l *seatlink.Link, _ bool, n seatlink.Notes) seatlink.Taken {
	first := s.T == nil
	if first {
		s.T = s.newTable(nil)
	}
	tk := s.T.TakeUpdate(u, l, first)
	s.T.TakeNotes(n)
	return tk
}

// LetGo lets go of what the player was doing on the rack when the hand
// ended (LetHand), or of the match, taken off the table (LetMatch); a
// page opened over the table keeps the rack as it is.
func (s *Side) LetGo(what hosting.Let) {
	switch what {
	case hosting.LetHand:
		s.T.EndHand()
	case hosting.LetMatch:
		s.T = nil
	}
}

// RackJSON is the rack's arrangement as saved.
func (s *Side) RackJSON() []byte { return s.T.RackJSON() }

// Ask asks the player of seat for its action.
func (s *Side) Ask(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
	return s.T.Ask(ctx, id, seat, s.T.Players[seat], false, delay, timeout)
}

// Game is 101's name in the settings and its records.
func (s *Side) Game() string { return settings.Game101 }

// TakeRack restores the rack's saved arrangement.
func (s *Side) TakeRack(b []byte) (why string) { return s.T.LoadRack(b) }

// undo is the undo the player asked for (table.ReqUndo): the match
// without their last discard, in a command whose message Update takes
// in; nil when the scene does not let them (the app says why) or there
// is no discard to take back (the status says so).
func (s *Side) undo(sc *hosting.Scene) tea.Cmd {
	if !sc.MayUndo(s.T.View.Phase == game.Playing) {
		return nil
	}
	return s.T.Undo()
}

// Record is the match's record, whole.
func (s *Side) Record() []byte {
	rec := s.T.G.Record()
	return rec.Marshal()
}

// newTable is a table of 101 for the match g (nil: a served seat's)
// drawn with the app's look, the lines of its log written to the debug log
// when there is one.
func (s *Side) newTable(g *okey101.Game) *play101.Table {
	t := play101.NewTable(s.look, g)
	t.Hinter = s.Hinter
	if s.log != nil {
		t.Logged = func(e play101.LogEntry) { s.log(func() string { return t.LogText(e) }) }
	}
	return t
}

// Players is the source of the table's players: the options' (tests
// give scripted players) or the default.
func (s *Side) Players() decide101.Source {
	src := decide101.DefaultSource()
	if s.newPlayer != nil {
		src.New = s.newPlayer
	}
	return src
}
