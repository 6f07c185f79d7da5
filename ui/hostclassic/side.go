package hostclassic

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/kit/seatmsg"
	"okey/ui/hosting"
	"okey/ui/playclassic"
	"okey/ui/rack"
	"okey/ui/seatlink"
	"okey/ui/settings"
	"okey/ui/table"
)

// Side is classic Okey's side of the table (hosting.Game): the match on
// the table (T; no match while T.G is nil), its score history, and the
// hooks by which the app hands it its messages, keys and screens. It
// also stands in while no match is on the screen yet.
type Side struct {
	// app is what the side still asks of the app (a match's life);
	// look is what it and its table draw and write with, the app's
	// value (table.Look), read and never asked for.
	app  hosting.App
	look *table.Look
	// T is classic Okey's table; History the hands of its match so far.
	T       playclassic.Table
	History []playclassic.HandScore
	// hands is how many hands of a served match were taken in
	// (TakeSeat).
	hands int
	// newBot builds the seats' bots, and the hint's; timeout bounds a
	// hint's decision.
	newBot  playclassic.BuildBot
	timeout time.Duration
	// hintBudget is how long the judge weighs a hint's moves before
	// the hint is cut short (0: playclassic.HintBudget).
	hintBudget time.Duration
	// ask is Ask as a Question, made once (a play hands it up); pages
	// are the pages between hands (Pages), made once.
	ask   hosting.Question
	pages hosting.Pages
}

// Config is what classic's side is made with.
type Config struct {
	// NewBot builds a bot (the seats', the hint's); Timeout bounds the
	// hint's decision.
	NewBot  func(level string, opt botsclassic.Options) (botsclassic.Bot, error)
	Timeout time.Duration
	// HintBudget is how long the judge weighs a hint's moves before the
	// hint is cut short to the hard bot's move (0:
	// playclassic.HintBudget; a test sets it short to see the cut).
	HintBudget time.Duration
	// Log writes a line of the move log to the debug log; nil for none.
	Log func(text func() string)
	// Seat: the table is a served seat's, whose rack starts empty.
	Seat bool
}

// New is classic's side hosted by app, drawn with look (the app keeps
// it up to date), an empty table.
func New(app hosting.App, look *table.Look, c Config) *Side {
	s := &Side{app: app, look: look, T: playclassic.NewTable(look), newBot: c.NewBot, timeout: c.Timeout, hintBudget: c.HintBudget}
	s.ask = s.Ask
	s.pages = hosting.Pages{Resume: s.Resume, HandEnd: s.HandEnd, Final: s.Final, Scores: s.Scores}
	if c.Log != nil {
		s.T.Logged = func(e playclassic.LogEntry) {
			c.Log(func() string { return playclassic.LogText(look.Words, e) })
		}
	}
	if c.Seat {
		s.T.Rack = rack.New()
		s.T.Cursor = 0
	}
	return s
}

// Present reports whether a classic match is on the table.
func (s *Side) Present() bool { return s.T.G != nil }

// About is classic's names, its table's keys, and Warm.
func (s *Side) About() hosting.About {
	return hosting.About{Name: "val.classic", Game: s.Game(), Keys: s.Keys(), Ask: s.Ask, Level: botLevel, Warm: s.Warm}
}

// clear takes the match off the table, and its score history.
func (s *Side) clear() {
	s.T.G, s.T.View = nil, classic.View{}
	s.History = nil
}

// Phase is where the match stands.
func (s *Side) Phase() hosting.Phase {
	v := &s.T.View
	return hosting.Phase{
		Present: s.T.G != nil,
		Playing: v.Phase == game.Playing, HandOver: v.Phase == game.HandOver, Turn: v.Turn,
		Over: s.T.G != nil && s.T.G.State().Phase() == game.MatchOver,
	}
}

// told is r with what the table said on the status line since it was
// last asked, if it said anything (the table's said is taken: said
// once).
func (s *Side) told(r hosting.Reply) hosting.Reply {
	if said := s.T.Said(); said.Set {
		r.Said = said
	}
	return r
}

// Keys are classic's table's keys, as on its help page.
func (s *Side) Keys() [][]key.Binding { return s.look.Keys.Table.FullHelp() }

// Warm builds hand analysis's tables (a tenth of a second, once a
// process) in the background while the first frame is on screen, so
// the player's first hint or sort does not wait for them.
func (s *Side) Warm() tea.Cmd {
	if s.T.G == nil {
		return nil
	}
	an, rack := s.T.View.Analyzer, s.T.View.Rack
	return func() tea.Msg {
		if h, err := an.NewHand(rack); err == nil && h.Len() >= playclassic.HandTiles {
			an.Distance(h)
		}
		return nil
	}
}

// LetGo lets go of the tile picked up (a page opens over the table,
// or the hand ended), or of the match (LetMatch: clear).
func (s *Side) LetGo(what hosting.Let) {
	if what == hosting.LetMatch {
		s.clear()
		return
	}
	s.T.Held = -1
}

// TakeSeat takes in a served classic table's update: the hands' scores
// (turned, as the view is) when their number changed or at the first
// view, then the game (playclassic.Table.TakeUpdate) and the notes.
func (s *Side) TakeSeat(u seatmsg.Update, l *seatlink.Link, got bool, n seatlink.Notes) seatlink.Taken {
	if len(u.Hands) != s.hands || !got {
		s.History = playclassic.ServedHistory(s.History, u.Hands, l.Rot)
		s.hands = len(u.Hands)
	}
	tk := s.T.TakeUpdate(u, l, !got)
	s.T.TakeNotes(n)
	return tk
}

// RackJSON is the rack's arrangement as saved.
func (s *Side) RackJSON() []byte { return s.T.RackJSON() }

// Ask asks the bot of seat for its move.
func (s *Side) Ask(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
	return s.T.Ask(ctx, id, seat, delay, timeout)
}

// Game is classic's name in the settings.
func (s *Side) Game() string { return settings.GameClassic }

// botLevel is l: classic's records save the settings' levels as they
// are.
func botLevel(l string) string { return l }

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
