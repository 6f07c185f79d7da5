package tables

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/seatmsg"
)

// TestUpdatesCrossTheWireWhole: every seat's update, the spectator's,
// at many moments of a classic and a 101 match, comes off the wire equal
// to what went on.
func TestUpdatesCrossTheWireWhole(t *testing.T) {
	g, err := classic.NewGame(classic.DefaultRules(), 31, nil)
	if err != nil {
		t.Fatal(err)
	}
	g101, err := okey101.NewGame(okey101.DefaultRules(), 31, nil)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(25 * time.Second) // with a monotonic reading
	info := &seatInfo{chat: []seatmsg.ChatLine{{Seq: 1, Name: "Ayşe", Text: "iyi oyunlar 🀄", Hand: 1}}, host: true, deadline: deadline,
		refused: "seat.stale", refusedSeq: 3, serverBusy: &seatmsg.ServerBusy{Seat: 2, Hand: 1, Redeal: 1}}
	info.players[0] = seatmsg.Player{Name: "ann", Kind: seatmsg.Human}
	info.players[2] = seatmsg.Player{Name: "bot", Level: "hard", Kind: seatmsg.Bot}
	info.ready[1] = true
	for _, c := range []struct {
		name string
		ref  referee
	}{{"classic", newRefereeClassic(g)}, {"101", newReferee101(g101)}} {
		t.Run(c.name, func(t *testing.T) {
			checked, biggest := 0, 0
			steps := 3000
			if testing.Short() {
				steps = 400
			}
			for step := 0; step < steps; step++ {
				stg, turn := c.ref.Stage()
				if stg == stMatchOver {
					break
				}
				if step%7 == 0 || stg == stHandOver {
					for seat := -1; seat < classic.NumSeats; seat++ {
						wantU := c.ref.Update(seat, info)
						want := Msg{Update: &wantU}
						data, err := EncodeMsg(want)
						if err != nil {
							t.Fatal(err)
						}
						biggest = max(biggest, len(data))
						got, err := DecodeMsg(data)
						if err != nil {
							t.Fatalf("step %d seat %d: %v", step, seat, err)
						}
						wu, gu := *want.Update, *got.Update
						if !gu.Deadline.Equal(wu.Deadline) {
							t.Fatalf("step %d seat %d: deadline %v, want %v", step, seat, gu.Deadline, wu.Deadline)
						}
						wu.Deadline, gu.Deadline = time.Time{}, time.Time{}
						if !reflect.DeepEqual(gu, wu) {
							t.Fatalf("step %d seat %d: the update changed on the wire:\n got %+v\nwant %+v", step, seat, gu, wu)
						}
						checked++
					}
				}
				switch stg {
				case stHandOver:
					if err := c.ref.NextHand(); err != nil {
						t.Fatal(err)
					}
				case stPlaying:
					mv, ok := c.ref.PlainMove(turn)
					if !ok {
						t.Fatalf("step %d: no move", step)
					}
					if _, err := c.ref.Apply(turn, mv); err != nil {
						t.Fatal(err)
					}
				}
			}
			if checked < 100 {
				t.Fatalf("only %d updates checked", checked)
			}
			t.Logf("%d updates checked, the biggest %d bytes", checked, biggest)
		})
	}
}

// A room, an end, and a word alone (the table paused; a relayed
// request not taken, busy) cross the wire as they were.
func TestRoomAndClosedCrossTheWire(t *testing.T) {
	room := &Room{ID: "12", Cfg: Config{Game: "101", Rules: "pairs", Levels: [4]string{"easy", "normal", "hard", "hard"}, Timer: 30 * time.Second, Code: "QRSTUV"},
		Host: true, Seat: 2, Chat: []seatmsg.ChatLine{{Seq: 4, Name: "Zeynep", Text: "geliyorum"}}, Refused: "table.full", RefusedSeq: 2}
	room.Players[1] = seatmsg.Player{Name: "Zeynep", Kind: seatmsg.Human}
	room.Rated[1] = "key:SHA256:abc"
	final := &seatmsg.Duplicate{Hand: 8, Hands: 8, Deal: 2, Deals: 2, Rotation: 4, Names: [4]string{"ann", "Mehmet", "bob", "Emre"},
		Seats: [4]int{3, 0, 1, 2}, Played: 8, Score: [4]int{5, -1, -7, 3}, Totals: [4]int{4, 0, -9, 2}, Over: true}
	for _, want := range []Msg{{Room: room}, {Closed: "the server is stopping"}, {Closed: "dup.over", Dup: final}, {Paused: true}, {Busy: true}} {
		data, err := EncodeMsg(want)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeMsg(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	}
}

func TestRequestsCrossTheWire(t *testing.T) {
	m := &Member{id: "key:SHA256:xyz", name: "ann", addr: "127.0.0.2"}
	for _, r := range []Request{
		{Kind: ReqJoin, M: m, Seat: -1},
		{Kind: ReqJoin, M: m, Seat: -1, Resume: true},
		{Kind: ReqMove, M: m, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: classic.DiscardAction(2, tile.NewTile(tile.Red, 7)), Hand: 3}},
		{Kind: ReqMove, M: m, Move: seatmsg.Intent{Kind: seatmsg.IntentPlay101, Plays: []okey101.Action{okey101.NextHand()}, Hand: 2, Redeal: 1}},
		{Kind: ReqChat, M: m, Text: "merhaba"},
		{Kind: ReqLeave, M: m, Gone: true},
	} {
		data, err := EncodeRequest("node1/s7", r)
		if err != nil {
			t.Fatal(err)
		}
		w, err := DecodeRequest(data)
		if err != nil {
			t.Fatal(err)
		}
		if w.Member != "node1/s7" || w.ID != m.id || w.Name != m.name || w.Addr != m.addr {
			t.Fatalf("the member came as %+v", w)
		}
		stand := &Member{id: w.ID}
		got := w.Request(stand)
		want := r
		want.M = stand
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	}
}

func TestBadWireRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		msg  bool
	}{
		{"not JSON", []byte("{"), true},
		{"nothing in it", []byte(`{}`), true},
		{"two parts", []byte(`{"closed":"x","room":{"id":"1"}}`), true},
		{"an update with no view", []byte(`{"update":{}}`), true},
		{"too big", append(append([]byte(`{"closed":"`), bytes.Repeat([]byte("a"), wireMax)...), `"}`...), true},
		{"a request of no kind", []byte(`{"member":"n/s"}`), false},
		{"an eviction", []byte(`{"kind":9,"member":"n/s"}`), false},
		{"a request from nobody", []byte(`{"kind":1}`), false},
		{"a move with none", []byte(`{"kind":4,"member":"n/s"}`), false},
		{"a request too big", append([]byte(`{"kind":7,"member":"n/s","text":"`), bytes.Repeat([]byte("a"), wireMax)...), false},
	} {
		var err error
		if c.msg {
			_, err = DecodeMsg(c.data)
		} else {
			_, err = DecodeRequest(c.data)
		}
		if err == nil {
			t.Errorf("%s: taken", c.name)
		}
		if strings.Contains(c.name, "too big") && !errors.Is(err, errWireTooBig) {
			t.Errorf("%s: %v, want errWireTooBig", c.name, err)
		}
	}
	if ReqEvict != 9 || ReqMove != 4 || ReqChat != 7 {
		t.Fatal("the request kinds moved: update the cases above")
	}
}
