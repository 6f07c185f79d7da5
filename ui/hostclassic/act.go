package hostclassic

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/ui/hosting"
	"okey/ui/playclassic"
	"okey/ui/seatlink"
	"okey/ui/table"
)

// Classic's table's keys and clicks are ui/playclassic's
// (playclassic.Table.Key, Click): what they ask comes back as a
// playclassic.Outcome, turned here into what the app carries out
// (hosting.Reply): a move played (or sent) here, the rest asked of the
// app.

// Key is what a key on the table (sc) comes to: esc stops a hint being
// worked out; a page over the table takes the key first (the app's);
// the keys both tables share (hosting.Shared); then the table's own
// (playclassic.Table.Key).
func (s *Side) Key(k tea.KeyPressMsg, sc *hosting.Scene) hosting.Reply {
	if k.Code == tea.KeyEscape && s.T.HintPending() {
		// esc while the judge weighs a hint stops it, and nothing else
		s.T.CancelHint()
		return hosting.Reply{}
	}
	if sc.Overlay.Which != hosting.NoPage {
		// No discard is being confirmed while a page is over the table
		// (the key that opened it let it go): the key comes back here
		// if the page lets it go on.
		lines, area := sc.OverlayPage(s)
		return hosting.Reply{Page: true, Lines: lines, Area: area}
	}
	// A discard that would throw a win away asks first: the same key
	// again on the same tile confirms it.
	confirmed := s.T.LetConfirmGo()
	keys := sc.Keys.Table
	if r, ok := hosting.Shared(k, keys.Common(), &s.T); ok {
		return r
	}
	return s.do(s.T.Key(k, keys, sc.ReadOnly, confirmed), sc)
}

// Click is what the mouse on the table (sc) comes to.
func (s *Side) Click(msg tea.MouseClickMsg, sc *hosting.Scene) hosting.Reply {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft {
		return hosting.Reply{}
	}
	r := s.told(s.do(s.T.Click(sc.Lay, mo.X, mo.Y, sc.ReadOnly), sc))
	// A click clears the status line, unless the table said what it
	// did.
	r.Said.Set = true
	return r
}

// do is what a key or a click at classic's table asked: a move played
// and the hint are classic's; the rest is what both tables ask alike,
// for the app to carry out.
func (s *Side) do(a playclassic.Outcome, sc *hosting.Scene) hosting.Reply {
	switch a.Req {
	case table.ReqPlay:
		return s.Act(a.Act, sc.Seat)
	case table.ReqHint:
		return hosting.Reply{Cmd: s.T.Hint(sc.Ctx, sc.Seed, s.newBot, s.timeout, s.hintBudget)}
	}
	switch a.Req {
	case table.ReqSave:
		return hosting.Reply{Req: a.Req, Rack: s.T.RackJSON()}
	case table.ReqUndo:
		return hosting.Reply{Req: a.Req, Cmd: s.undo(sc)}
	}
	return hosting.Reply{Req: a.Req}
}

// Act plays the player's action a: on the match here, or sent to a
// served table through l.
func (s *Side) Act(a classic.Action, l *seatlink.Link) hosting.Reply {
	r := hosting.Reply{Req: table.ReqPlay}
	if l != nil {
		r.Sending, r.Sent = true, s.T.Send(l, a)
		return r
	}
	if evs, lines, ok := s.T.Play(a); ok {
		r.Plays = []hosting.Play{s.applied(evs, lines)}
	}
	return r
}

// Update is what a message of classic's table came to: a key (Key), a
// click (Click), its own messages (its bots' answers, the hint, an
// undo's answer), with what the table said on the status line
// meanwhile (told).
func (s *Side) Update(msg tea.Msg, sc *hosting.Scene) (hosting.Reply, bool) {
	r, ok := s.update(msg, sc)
	return s.told(r), ok
}

func (s *Side) update(msg tea.Msg, sc *hosting.Scene) (hosting.Reply, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.Key(msg, sc), true
	case tea.MouseClickMsg:
		return s.Click(msg, sc), true
	case tea.MouseWheelMsg:
		if sc.Overlay.Which == hosting.NoPage {
			return hosting.Reply{}, false
		}
		lines, area := sc.OverlayPage(s)
		return hosting.Reply{Page: true, Lines: lines, Area: area}, true
	case playclassic.BotMoveMsg:
		return s.onBotMove(msg), true
	case playclassic.HintMsg:
		return hosting.Reply{Cmd: s.T.OnHint(msg, sc.OnTable)}, true
	case playclassic.UndoneMsg:
		u := &hosting.Undone{}
		if u.OK, u.Err = s.T.Undone(msg); u.OK && u.Err == nil {
			u.Record = s.Record()
		}
		return hosting.Reply{Undone: u}, true
	}
	return hosting.Reply{}, false
}
