package host101

import (
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/okey101"
	"okey/ui/hosting"
	"okey/ui/play101"
	"okey/ui/seatlink"
	"okey/ui/table"
)

// The 101 table's keys are ui/play101's (play101.Table.Key): what they do
// to the rack and the turn is decided there, and what they ask (a play,
// a save, a page) comes back as a play101.Outcome, turned here into what
// the app carries out (hosting.Reply).

// Key is what a key on the 101 table (sc) comes to: esc stops a hint
// being worked out; a place being chosen takes the key; a page over the
// table takes it next (the app's); the keys both tables share
// (hosting.Shared); then the table's own (play101.Table.Key).
func (s *Side) Key(k tea.KeyPressMsg, sc *hosting.Scene) hosting.Reply {
	t := s.T
	if k.Code == tea.KeyEscape && t.HintPending() {
		// esc while the judge weighs a hint stops it, and nothing else
		t.CancelHint()
		return hosting.Reply{}
	}
	if t.Choose == nil && sc.Overlay.Which != hosting.NoPage {
		// Nothing is being confirmed while a page is over the table
		// (the key that opened it let it go): the key comes back here
		// if the page lets it go on.
		lines, area := sc.OverlayPage(s)
		return hosting.Reply{Page: true, Lines: lines, Area: area}
	}
	// A discard that costs 101, or a finish, asks first: the same key
	// again confirms it; any other key lets it go.
	conf := t.TakeConfirm()
	if t.Choose != nil {
		return s.do(t.KeyChoose(k), sc)
	}
	if r, ok := hosting.Shared(k, sc.Keys.Table101.Common(), t); ok {
		return r
	}
	return s.do(t.Key(k, conf, at(sc, t)), sc)
}

// do is what a key at the 101 table came to: its actions played (or
// sent) are 101's; the rest is what both tables ask alike, for the app
// to carry out.
func (s *Side) do(o play101.Outcome, sc *hosting.Scene) hosting.Reply {
	switch o.Req {
	case table.ReqSave:
		return hosting.Reply{Req: o.Req, Cmd: o.Cmd, Rack: s.T.RackJSON()}
	case table.ReqUndo:
		return hosting.Reply{Req: o.Req, Cmd: s.undo(sc)}
	case table.ReqPlay:
	default:
		return hosting.Reply{Req: o.Req, Cmd: o.Cmd}
	}
	r := hosting.Reply{Req: o.Req, Then: o.Then, Unwarned: o.Unwarned}
	switch {
	case sc.Seat != nil && o.All:
		s.send(&r, sc.Seat, o.Acts, nil)
	case sc.Seat != nil:
		s.send(&r, sc.Seat, o.Acts[:1], o.Done)
	case o.All:
		s.playAll(&r, o.Acts)
	default:
		if evs, lines, ok := s.T.Play(o.Acts[0], o.Done); ok {
			r.Plays = []hosting.Play{s.applied(evs, lines)}
		}
	}
	return r
}

// playAll plays the player's actions one after another, as long as
// the game takes them.
func (s *Side) playAll(r *hosting.Reply, acts []okey101.Action) {
	for _, a := range acts {
		if s.T.View.Phase != game.Playing || !s.T.View.MyTurn() {
			break
		}
		evs, lines, ok := s.T.Play(a, nil)
		if !ok {
			break
		}
		s.T.Sel, s.T.Groups = nil, nil
		r.Plays = append(r.Plays, s.applied(evs, lines))
	}
}

// Click is what the mouse on the 101 table (sc) comes to
// (play101.Table.Click).
func (s *Side) Click(msg tea.MouseClickMsg, sc *hosting.Scene) hosting.Reply {
	return s.do(s.T.Click(msg, s.layout(sc), at(sc, s.T)), sc)
}

// A seat at a table of Okey 101 the app does not own (okey serve): the
// 101 table's screen, driven by the views the table hands this seat
// (taken in as every update is: TakeSeat), its actions sent to the
// table as intents. The table is the referee; T holds no game (T.G is
// nil) and no bots.
//
// The 101 table asks three things of the match, which a seat answers
// from its view instead (play101.Table.Served): the view itself
// (OwnView, for Refresh), the deal (Deal, for the log), and a state
// to try the player's actions on (TryState: where to lay a tile off,
// the hint, whether the game takes an action before it goes). That
// state is a world sampled from the view (okey101.View.SampleWorld): it
// agrees with everything the seat knows, and whether the game takes the
// seat's own action depends on nothing else, so what it refuses the
// table would refuse too, said in the player's words before anything
// is sent.

// send sends the player's actions to the table through l
// (play101.Table.Send); done runs when they go.
func (s *Side) send(r *hosting.Reply, l *seatlink.Link, acts []okey101.Action, done func()) {
	r.Sending = true
	r.Sent, r.Went = s.T.Send(l, acts, done)
}

// ready tells the table at the end of l the player is ready for the
// next hand.
func (s *Side) ready(l *seatlink.Link) hosting.Reply {
	return s.told(hosting.Reply{Sending: true, Sent: s.T.Ready(l)})
}

// Update is what a message of 101's table came to: a key (Key), a
// click (Click), its own messages (its players' answers, the hint, an
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
	case play101.BotMsg:
		return s.onBot(msg), true
	case play101.HintMsg:
		if s.T != nil && sc.OnTable {
			return hosting.Reply{Cmd: s.T.OnHint(msg, s.T.TryState())}, true
		}
		return hosting.Reply{}, true
	case play101.UndoneMsg:
		u := &hosting.Undone{}
		if u.OK, u.Err = s.T.Undone(msg); u.OK && u.Err == nil {
			u.Record = s.Record()
		}
		return hosting.Reply{Undone: u}, true
	}
	return hosting.Reply{}, false
}

// at is what a key at the 101 table t is pressed with (play101.At).
func at(sc *hosting.Scene, t *play101.Table) play101.At {
	return play101.At{ReadOnly: sc.ReadOnly, State: t.TryState()}
}
