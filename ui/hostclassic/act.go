package hostclassic

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/ui/hosting"
	"okey/ui/playclassic"
)

// Classic's table's keys and clicks are ui/playclassic's
// (playclassic.Table.Key, Click): what they ask of the app comes back
// as a playclassic.Ask, carried out here.

// Key handles a key on the table (and its overlays).
func (s *Side) Key(k tea.KeyPressMsg) tea.Cmd {
	if k.Code == tea.KeyEscape && s.T.HintPending() {
		// esc while the judge weighs a hint stops it, and nothing else
		s.T.CancelHint()
		return nil
	}
	s.app.ClearFlash()
	// A discard that would throw a win away asks first: the same key
	// again on the same tile confirms it.
	confirmed := s.T.LetConfirmGo()
	if s.app.OverlayKey(k) {
		return nil
	}
	keys := s.app.Keys().Table
	if cmd, ok := s.app.TableKey(k, keys.Common(), &s.T); ok {
		return cmd
	}
	return s.do(s.T.Key(k, keys, s.app.ReadOnly(), confirmed), k)
}

// Click handles the mouse on the table.
func (s *Side) Click(msg tea.MouseClickMsg, sc *hosting.Scene) tea.Cmd {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft {
		return nil
	}
	s.app.ClearFlash()
	return s.do(s.T.Click(sc.Lay, mo.X, mo.Y, sc.ReadOnly), tea.KeyPressMsg{})
}

// do does what a key (k) or a click (the zero key) at classic's table
// asks of the app: a move and the hint are classic's; the rest is what
// both tables ask alike (hosting.App's Asked).
func (s *Side) do(a playclassic.Ask, k tea.KeyPressMsg) tea.Cmd {
	switch a.Do {
	case playclassic.DoPlay:
		return s.Act(a.Act)
	case playclassic.DoHint:
		return s.T.Hint(s.app.Context(), s.app.Seed(), s.newBot, s.timeout)
	}
	cmd, _ := s.app.Asked(a.Do, k)
	return cmd
}

// Act plays the player's action a: on the match here, or sent to a
// served table.
func (s *Side) Act(a classic.Action) tea.Cmd {
	if l := s.app.Seat(); l != nil {
		s.app.Sent(s.T.Send(l, a))
		return nil
	}
	evs, lines, ok := s.T.Play(a)
	if !ok {
		return nil
	}
	return s.applied(evs, lines)
}
