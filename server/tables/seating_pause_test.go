package tables

import "testing"

// TestPausedToldOnlyWithAView: a member shown nothing yet is not told
// the table paused or going on (a bare "goes on" cannot be put on the
// wire to another node); one shown a room is told both, with the room.
func TestPausedToldOnlyWithAView(t *testing.T) {
	var s seating
	s.watchers = map[*Member]struct{}{}
	fresh, shown := NewMember("a", "ann", "", -1), NewMember("b", "bob", "", -1)
	shown.shown = Msg{Room: &Room{ID: "1"}}
	s.watchers[fresh], s.watchers[shown] = struct{}{}, struct{}{}
	for _, p := range []bool{true, false} {
		s.tellPaused(p)
		select {
		case m := <-fresh.Box:
			t.Fatalf("paused %v: a member shown nothing was told %+v", p, m)
		default:
		}
		select {
		case m := <-shown.Box:
			if m.Paused != p || m.Room == nil {
				t.Fatalf("paused %v: told %+v, want the room with paused %v", p, m, p)
			}
			if _, err := EncodeMsg(m); err != nil {
				t.Fatalf("paused %v: the word cannot go to another node: %v", p, err)
			}
		default:
			t.Fatalf("paused %v: a member shown the room was told nothing", p)
		}
	}
}
