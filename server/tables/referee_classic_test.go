package tables

import (
	"reflect"
	"slices"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/seatmsg"
)

// TestSeatUpdateIsTheSeatsViewAlone is the proof for classic tables that
// a session holds only what its seat may know: what the table hands a
// seat is that seat's view, and it is the same in every world that
// agrees with the view (the other racks and the wall dealt anew from the
// tiles the seat has not seen). A spectator's update holds no rack and
// no move, and does not change with any seat's hidden tiles either.
// (TestSeat101UpdateIsTheSeatsViewAlone is the same for Okey 101.)
func TestSeatUpdateIsTheSeatsViewAlone(t *testing.T) {
	g, err := classic.NewGame(classic.DefaultRules(), 21, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref := newRefereeClassic(g)
	info := &seatInfo{chat: []seatmsg.ChatLine{{Seq: 1, Name: "ann", Text: "iyi oyunlar"}}, host: true}
	checked, moved := 0, 0
	for step := 0; step < 600; step++ {
		stg, turn := ref.Stage()
		if stg == stMatchOver {
			break
		}
		st := g.State()
		if step%5 == 0 && stg == stPlaying {
			var worlds []classic.State
			for seat := range classic.NumSeats {
				u := ref.Update(seat, info)
				if u.View == nil || !reflect.DeepEqual(*u.View, st.View(seat)) {
					t.Fatalf("step %d: seat %d's update is not its view", step, seat)
				}
				v := st.View(seat)
				w, err := v.SampleWorld(game.NewSeeded(uint64(step*4+seat+1)), [classic.NumSeats]*tile.Counts{})
				if err != nil {
					t.Fatal(err)
				}
				worlds = append(worlds, w)
				if !reflect.DeepEqual(updateClassic(w, ref.hands, seat, info), u) {
					t.Fatalf("step %d: seat %d's update changes with tiles it cannot see", step, seat)
				}
				checked++
				other := (seat + 1) % classic.NumSeats
				if !slices.Equal(w.View(other).Rack, st.View(other).Rack) {
					moved++ // the world is another deal of the hidden tiles
				}
			}
			spec := updateClassic(st, ref.hands, -1, info)
			if len(spec.View.Rack) != 0 || spec.View.Legal.Any() {
				t.Fatalf("step %d: the spectator's update holds tiles or moves", step)
			}
			for i, w := range worlds[:2] {
				if !reflect.DeepEqual(updateClassic(w, ref.hands, -1, info), spec) {
					t.Fatalf("step %d: the spectator's update changes with seat %d's hidden tiles", step, i)
				}
			}
		}
		switch stg {
		case stHandOver:
			if err := ref.NextHand(); err != nil {
				t.Fatal(err)
			}
		case stPlaying:
			mv, ok := ref.PlainMove(turn)
			if !ok {
				t.Fatalf("step %d: no plain move for seat %d", step, turn)
			}
			if _, err := ref.Apply(turn, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 200 || moved < checked/2 {
		t.Fatalf("%d updates checked, %d with the hidden tiles moved: the test proves little", checked, moved)
	}
}
