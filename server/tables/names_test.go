package tables

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"okey/kit/seatmsg"
	"okey/server/servetest"
)

// TestBotNamesNeverAPlayers: a bot never bears a name a player at its
// table bears (the ssh play of tournaments met a bot "Mehmet" at the
// table of the player mehmet), case and the Turkish I folded, nor
// another bot's; a bot whose own name is free keeps it.
func TestBotNamesNeverAPlayers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		players [4]string // "": a bot's seat
		want    [4]string
	}{
		{"bots alone", [4]string{}, [4]string{"Ayşe", "Mehmet", "Zeynep", "Emre"}},
		{"mehmet at seat 0", [4]string{"mehmet"}, [4]string{"mehmet", "Elif", "Zeynep", "Emre"}},
		{"upper case", [4]string{"", "", "", "AYŞE"}, [4]string{"Emre", "Mehmet", "Zeynep", "AYŞE"}},
		{"the Turkish I", [4]string{"EMRE", "ELİF", "", ""}, [4]string{"EMRE", "ELİF", "Zeynep", "Kerem"}},
		{"dotless i", [4]string{"", "", "", "elıf"}, [4]string{"Ayşe", "Mehmet", "Zeynep", "elıf"}},
		{"three players, each a bot's name", [4]string{"zeynep", "Emre", "ayşe", ""}, [4]string{"zeynep", "Emre", "ayşe", "Elif"}},
		{"own names free", [4]string{"ann", "", "bob", ""}, [4]string{"ann", "Mehmet", "bob", "Emre"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s seating
			for i, p := range c.players {
				if p != "" {
					s.seats[i] = seatState{owner: "key:" + p, name: p}
				}
			}
			got := s.names(func(seat int) int { return seat })
			if got != c.want {
				t.Errorf("names %q, want %q", got, c.want)
			}
			for i := range got {
				for j := range got {
					if i != j && sameName(got[i], got[j]) {
						t.Errorf("seats %d and %d both %q/%q", i, j, got[i], got[j])
					}
				}
			}
		})
	}
}

// TestBotNamesKeepOffATournamentsPlayers: at a tournament's table a bot
// bears no name of the players the tournament seated there, come or
// gone: the bot in the seat zeynep forfeited is not "Zeynep".
func TestBotNamesKeepOffATournamentsPlayers(t *testing.T) {
	t.Parallel()
	var s seating
	s.seats[0] = seatState{owner: "key:m", name: "mehmet"}
	got := s.names(func(seat int) int { return seat }, "mehmet", "ZEYNEP", "")
	if want := [4]string{"mehmet", "Elif", "Kerem", "Emre"}; got != want {
		t.Errorf("names %q, want %q", got, want)
	}
}

// TestBotNamesFollowTheirPlayer: at a duplicate table a bot's name
// follows the player it stands for round the seats; moved off a
// player's name, it is moved the same way at every seat.
func TestBotNamesFollowTheirPlayer(t *testing.T) {
	t.Parallel()
	// Players 0 (zeynep) and 1 (emre) are people; 2 and 3 bots, whose
	// own names the people bear.
	want := map[int]string{0: "zeynep", 1: "emre", 2: "Elif", 3: "Kerem"}
	for r := range 4 {
		player := func(seat int) int { return (seat + r) % 4 }
		var s seating
		for seat := range 4 {
			if p := player(seat); p < 2 {
				s.seats[seat] = seatState{owner: "key:" + want[p], name: want[p]}
			}
		}
		got := s.names(player)
		for seat := range 4 {
			if got[seat] != want[player(seat)] {
				t.Errorf("rotation %d, seat %d (player %d): %q, want %q", r, seat, player(seat), got[seat], want[player(seat)])
			}
		}
	}
}

func TestSameName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Mehmet", "mehmet", true},
		{"EMİNE", "emine", true},
		{"EMINE", "emine", true},
		{"emıne", "Emine", true},
		{"AYŞE", "ayşe", true},
		{"Ayşe", "Ayse", false},
		{"ann", "ann2", false},
	} {
		if got := sameName(c.a, c.b); got != c.same {
			t.Errorf("sameName(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// TestSeatHeldShowsItsPlayer: a tournament's table shows each seat held
// for a player not come yet by the name the tournament knows them by,
// as not here yet (not an empty name, not "away"), at the seats and in
// the lobby's summary; once they come, they are at it, under the name
// they come with.
func TestSeatHeldShowsItsPlayer(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	opt := Options{
		BotTimeout: time.Second, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random: servetest.Random(1),
	}
	sv := NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	t.Cleanup(sv.flush)
	cfg := Config{Game: "101", Rules: "hands=1", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &Seated{Tourney: "t1", Players: [4]string{"key:ali", "key:mehmet", "", "key:x"},
			Names: [4]string{"ali", "mehmet", "", ""}, Back: time.Minute}}
	tb, err := NewSeated("7", cfg, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	tb.tell.publishSummary(tb) // as its goroutine does first
	sm := tb.Summary.Load()
	want := []seatmsg.Player{
		{Name: "ali", Kind: seatmsg.Awaited, Level: "easy"},
		{Name: "mehmet", Kind: seatmsg.Awaited, Level: "easy"},
		{Name: "Zeynep", Kind: seatmsg.Bot, Level: "easy"},
		{Name: "", Kind: seatmsg.Awaited, Level: "easy"}, // no name known: none made up
	}
	for i, w := range want {
		if p := sm.Players[i]; p.Name != w.Name || p.Kind != w.Kind {
			t.Errorf("seat %d: %q kind %d, want %q kind %d", i, p.Name, p.Kind, w.Name, w.Kind)
		}
	}
	if s, err := tb.joinAs(NewMember("key:ali", "Ali Veli", "", -1), -1, false); err != nil || s != 0 {
		t.Fatalf("ali: seat %d, %v", s, err)
	}
	tb.tell.publishSummary(tb)
	if p := tb.Summary.Load().Players[0]; p.Name != "Ali Veli" || p.Kind != seatmsg.Human {
		t.Errorf("ali come: %q kind %d, want Ali Veli, a player at the table", p.Name, p.Kind)
	}
	if p := tb.Summary.Load().Players[1]; p.Kind != seatmsg.Awaited {
		t.Errorf("mehmet still awaited: kind %d", p.Kind)
	}
}
