package tables

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/seatmsg"
)

// TestSeat101UpdateIsTheSeatsViewAlone proves that what a 101 table
// hands a seat (and a spectator) is a function of that seat's view
// alone: at every few steps of a match, for every seat, a world dealt
// anew from the seat's view (every tile it cannot see moved) gives the
// very same update, and a spectator's update is the same from worlds
// sampled from two different seats' views. So no session, and no bot
// (asked with the same view), ever receives another seat's tiles.
func TestSeat101UpdateIsTheSeatsViewAlone(t *testing.T) {
	g, err := okey101.NewGame(okey101.DefaultRules(), 21, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref := newReferee101(g)
	info := &seatInfo{chat: []seatmsg.ChatLine{{Seq: 1, Name: "ann", Text: "iyi oyunlar"}}, host: true}
	checked, moved := 0, 0
	for step := 0; step < 300; step++ {
		stg, turn := ref.Stage()
		if stg == stMatchOver {
			break
		}
		st := g.State()
		if step%4 == 0 {
			var worlds []okey101.State
			for seat := range okey101.NumSeats {
				u := ref.Update(seat, info)
				if u.View101 == nil || !reflect.DeepEqual(*u.View101, st.View(seat)) {
					t.Fatalf("step %d: seat %d's update is not its view", step, seat)
				}
				v := st.View(seat)
				w, err := v.SampleWorld(uint64(step*4 + seat + 1))
				if err != nil {
					t.Fatal(err)
				}
				worlds = append(worlds, w)
				if !reflect.DeepEqual(update101(w, seat, info), u) {
					t.Fatalf("step %d: seat %d's update changes with tiles it cannot see", step, seat)
				}
				checked++
				other := (seat + 1) % okey101.NumSeats
				if stg == stPlaying && !slices.Equal(w.View(other).Rack, st.View(other).Rack) {
					moved++ // the world is another deal of the hidden tiles
				}
			}
			spec := update101(st, -1, info)
			if len(spec.View101.Rack) != 0 || spec.View101.Legal.Any() {
				t.Fatalf("step %d: the spectator's update holds tiles or moves", step)
			}
			for i, w := range worlds[:2] {
				if !reflect.DeepEqual(update101(w, -1, info), spec) {
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

// TestReferee101TakesIntents: a player's intent plays its actions in
// order for its own seat only; one refused midway keeps what went
// before (the record grows) and says why; the next hand is the table's
// to deal; a restored referee is the same match.
func TestReferee101TakesIntents(t *testing.T) {
	k, ok := FindKind(string(game.Okey101))
	if !ok {
		t.Fatal("101 is not offered")
	}
	ref, err := k.newReferee("default", 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*referee101)
	_, turn := r.Stage()
	st := r.g.State()
	v := st.View(turn)
	other := (turn + 1) % okey101.NumSeats
	// Another seat's action, sent as this seat's, is played as this
	// seat's own.
	first := okey101.Discard(other, v.Rack[0])
	if st.Stage() != okey101.StageFirst {
		first = okey101.Draw(other)
	}
	n := len(r.Record())
	over, err := r.Apply(turn, seatmsg.Intent{Kind: seatmsg.IntentPlay101, Plays: []okey101.Action{first, okey101.NextHand()}})
	if err == nil || !strings.Contains(err.Error(), errPartlyPlayed.Error()) {
		t.Fatalf("an intent ending with the next hand: %v", err)
	}
	if len(r.Record()) <= n || over != (first.Kind == okey101.ActDiscard) {
		t.Fatalf("the action before the refused one was not kept (record %d→%d, turn over %v)", n, len(r.Record()), over)
	}
	if _, err := r.Apply(turn, seatmsg.Intent{Kind: seatmsg.IntentAct}); err == nil {
		t.Fatal("a classic intent was taken")
	}
	if _, err := r.Apply(turn, okey101.NextHand()); err == nil {
		t.Fatal("a seat dealt the next hand")
	}
	back, err := k.restore(r.Record())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.(*referee101).g.State().View(0), r.g.State().View(0)) {
		t.Fatal("the restored match differs")
	}
}
