package host101

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/hosting"
	"okey/ui/play101"
)

// The 101 table's keys are ui/play101's (play101.Table.Key): what they do
// to the rack and the turn is decided there, and what they ask of the
// app (a play, a save, a page) comes back as a play101.Outcome, carried
// out here.

// Key handles a key on the 101 table (and its overlays).
func (s *Side) Key(k tea.KeyPressMsg) tea.Cmd {
	t := s.T
	if k.Code == tea.KeyEscape && t.HintPending() {
		// esc while the judge weighs a hint stops it, and nothing else
		t.CancelHint()
		return nil
	}
	s.app.Flash(false, "")
	// A discard that costs 101, or a finish, asks first: the same key
	// again confirms it; any other key lets it go.
	conf := t.TakeConfirm()
	if t.Choose != nil {
		return s.do(t.KeyChoose(k), k)
	}
	if s.app.OverlayKey(k) {
		return nil
	}
	if cmd, ok := s.app.TableKey(k, s.app.Keys().Table101.Common(), t); ok {
		return cmd
	}
	return s.do(t.Key(k, conf, s.at()), k)
}

// at is what a key at the 101 table is pressed with (play101.At).
func (s *Side) at() play101.At { return play101.At{ReadOnly: s.app.ReadOnly(), State: s.T.TryState()} }

// do carries out what key k at the 101 table asked of the app: its
// actions played are 101's; the rest is what both tables ask alike
// (hosting.App's Asked).
func (s *Side) do(o play101.Outcome, k tea.KeyPressMsg) tea.Cmd {
	if o.Req == play101.ReqPlay {
		var cmd tea.Cmd
		if o.All {
			cmd = s.playAll(o.Acts)
		} else {
			cmd = s.act(o.Acts[0], o.Done)
		}
		if cmd != nil && o.Then != "" && (!o.Unwarned || !s.app.Warned()) {
			s.app.Flash(false, o.Then)
		}
		return cmd
	}
	if cmd, own := s.app.Asked(o.Req, k); own {
		return cmd
	}
	return o.Cmd
}

// act plays the player's action a; done runs first when the game
// takes it (to take the tiles it used off the rack).
func (s *Side) act(a okey101.Action, done func()) tea.Cmd {
	if s.app.Seat() != nil {
		return s.send([]okey101.Action{a}, done)
	}
	evs, lines, ok := s.T.Play(a, done)
	if !ok {
		return nil
	}
	return s.applied(evs, lines)
}

// playAll plays the player's actions one after another, as long as
// the game takes them.
func (s *Side) playAll(acts []okey101.Action) tea.Cmd {
	if s.app.Seat() != nil {
		return s.send(acts, nil)
	}
	var cmds []tea.Cmd
	for _, a := range acts {
		if s.T.View.Phase != okey101.Playing || !s.T.View.MyTurn() {
			break
		}
		evs, lines, ok := s.T.Play(a, nil)
		if !ok {
			break
		}
		s.T.Sel, s.T.Groups = nil, nil
		cmds = append(cmds, s.applied(evs, lines))
	}
	return tea.Batch(cmds...)
}

// Click handles the mouse on the 101 table (play101.Table.Click).
func (s *Side) Click(msg tea.MouseClickMsg, sc *hosting.Scene) tea.Cmd {
	return s.do(s.T.Click(msg, s.layout(sc), s.at()), tea.KeyPressMsg{})
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

// send sends the player's actions to the table (play101.Table.Send);
// done runs when they go. A command comes back when something went:
// the callers take it as the sign.
func (s *Side) send(acts []okey101.Action, done func()) tea.Cmd {
	st, went := s.T.Send(s.app.Seat(), acts, done)
	if !s.app.Sent(st) || !went {
		return nil
	}
	return func() tea.Msg { return nil }
}

// ready tells the table the player is ready for the next hand.
func (s *Side) ready() tea.Cmd {
	s.app.Sent(s.T.Ready(s.app.Seat()))
	return nil
}
