package tourney

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A tournament is kept as JSON (the server's store writes json.Marshal
// of a Tournament inside its record), so what one build wrote the next
// must read and carry on with. testdata/kept holds, for each scenario
// below, the tournament as a build wrote it halfway (NAME.json) and
// what that build did with it afterwards (NAME.log: each event's
// answer, the tables it asked for, the standings, the lobby's line and
// the tournament's JSON after it). Both were written by the build
// before the tournament was made of systems (OKEY_WRITE_KEPT=1 writes
// them again: only ever on purpose, from a build known good).

// keptStep is one event a scenario drives a tournament with.
type keptStep struct {
	what string
	do   func(k *keptServer) ([]Start, error)
}

// keptServer drives a tournament as its server does: it opens every
// table asked for with the next number, and keeps the clock.
type keptServer struct {
	tr   *Tournament
	now  time.Time
	next int
}

func (k *keptServer) open(starts []Start) {
	for _, st := range starts {
		k.next++
		k.tr.Opened(st, k.next, k.now)
	}
}

// The events, as steps.
func kJoin(id string, rating int) keptStep {
	return keptStep{fmt.Sprintf("join %s %d", id, rating), func(k *keptServer) ([]Start, error) {
		st, err := k.tr.Join(id, rating, k.now)
		k.tr.Named(id, strings.ToUpper(id))
		return st, err
	}}
}

func kLeave(id string) keptStep {
	return keptStep{"leave " + id, func(k *keptServer) ([]Start, error) { return nil, k.tr.Leave(id) }}
}

func kAsk(from, to string) keptStep {
	return keptStep{"ask " + from + " " + to, func(k *keptServer) ([]Start, error) {
		st, err := k.tr.Ask(Invite{From: from, To: to, Rating: 1500}, k.now)
		k.tr.Named(from, strings.ToUpper(from))
		return st, err
	}}
}

func kAnswer(to string, yes bool) keptStep {
	return keptStep{fmt.Sprintf("answer %s %v", to, yes), func(k *keptServer) ([]Start, error) { return k.tr.Answer(to, yes, k.now) }}
}

func kTakeBack(from string) keptStep {
	return keptStep{"take back " + from, func(k *keptServer) ([]Start, error) { return k.tr.TakeBack(from, k.now) }}
}

// kRefused keeps a refusal of from's ask, as the server does.
func kRefused(from, to, why string) keptStep {
	return keptStep{"refused " + from, func(k *keptServer) ([]Start, error) {
		if k.tr.Refused == nil {
			k.tr.Refused = map[string]Refusal{}
		}
		k.tr.Refused[from] = Refusal{To: to, Why: why, At: k.now}
		return nil, nil
	}}
}

func kWait(d time.Duration) keptStep {
	return keptStep{"wait " + d.String(), func(k *keptServer) ([]Start, error) {
		k.now = k.now.Add(d)
		return k.tr.Tick(k.now), nil
	}}
}

// kEnd ends the table in play at index i (of Playing) with places;
// forfeit marks seats.
func kEnd(i int, places [4]int, forfeit ...int) keptStep {
	return keptStep{fmt.Sprintf("end #%d %v %v", i, places, forfeit), func(k *keptServer) ([]Start, error) {
		if i >= len(k.tr.Playing) {
			return nil, fmt.Errorf("no table #%d in play", i)
		}
		var f [4]bool
		for _, s := range forfeit {
			f[s] = true
		}
		return k.tr.Ended(k.tr.Playing[i].Table, places, f, k.now)
	}}
}

func kNotOpened(i int) keptStep {
	return keptStep{fmt.Sprintf("not opened #%d", i), func(k *keptServer) ([]Start, error) {
		if i >= len(k.tr.Playing) {
			return nil, fmt.Errorf("no table #%d in play", i)
		}
		return k.tr.NotOpened(k.tr.Playing[i].Table, k.now)
	}}
}

// kEndAll ends every table in play now (not those their ends open),
// seats 0 and 2 first.
func kEndAll() keptStep {
	return keptStep{"end all", func(k *keptServer) ([]Start, error) {
		for _, p := range slices.Clone(k.tr.Playing) {
			st, err := k.tr.Ended(p.Table, [4]int{1, 3, 1, 3}, [4]bool{}, k.now) // a ranking alone or in partners
			if err != nil {
				return nil, err
			}
			k.open(st) // the log shows them in play
		}
		return nil, nil
	}}
}

// keptScenario is a tournament driven halfway (before), kept, and
// driven on (after).
type keptScenario struct {
	name          string
	config        Config
	before, after []keptStep
}

func keptScenarios() []keptScenario {
	arena := Config{Kind: Arena, Name: "kept arena", Game: "101", Rules: "default", Hands: 1,
		Start: t0, Length: time.Hour, BotWait: time.Minute, BotLevel: "normal", Back: 2 * time.Minute}
	swiss := Config{Kind: Swiss, Name: "kept swiss", Game: "classic", Rules: "default", Hands: 11,
		Start: t0, Rounds: 3, BotLevel: "hard", Back: 2 * time.Minute, Duplicate: true}
	arenaTeams := arena
	arenaTeams.Name, arenaTeams.Rules, arenaTeams.Partners = "kept partners' arena", "partners", true
	swissTeams := Config{Kind: Swiss, Name: "kept partners' swiss", Game: "101", Rules: "partners", Hands: 2,
		Start: t0, Rounds: 2, BotLevel: "easy", Back: time.Minute, Partners: true, Duplicate: true}
	return []keptScenario{
		{"arena", arena, []keptStep{
			kJoin("key:a", 1500), kJoin("key:b", 1600), kJoin("key:c", 1400), kJoin("key:d", 1550),
			kJoin("key:e", 1700), kWait(2 * time.Minute), kEnd(0, [4]int{2, 1, 3, 4}), kWait(30 * time.Second),
			kJoin("key:f", 1450), kWait(time.Minute), kEnd(0, [4]int{1, 1, 3, 4}, 2),
		}, []keptStep{
			kEnd(0, [4]int{1, 2, 2, 4}), kNotOpened(0), kWait(2 * time.Minute), kLeave("key:c"), kEndAll(),
			kJoin("key:c", 1400), kWait(time.Minute), kEnd(0, [4]int{4, 3, 2, 1}), kWait(10 * time.Minute),
			kEndAll(), kWait(50 * time.Minute), kJoin("key:g", 1500), kEndAll(), kWait(time.Minute),
		}},
		{"swiss", swiss, []keptStep{
			kJoin("key:a", 1500), kJoin("key:b", 1600), kJoin("key:c", 1400), kJoin("key:d", 1550),
			kJoin("key:e", 1700), kJoin("key:f", 1450), kJoin("key:g", 1650), kWait(2 * time.Minute),
			kEnd(1, [4]int{1, 2, 3, 4}, 3),
		}, []keptStep{
			kJoin("key:h", 1500), kLeave("key:b"), kEnd(0, [4]int{2, 2, 1, 4}), kJoin("key:b", 1600),
			kEnd(0, [4]int{4, 1, 2, 3}), kEnd(0, [4]int{1, 2, 3, 4}), kLeave("key:g"), kEndAll(), kWait(time.Minute),
		}},
		{"arena-partners", arenaTeams, []keptStep{
			kJoin("key:a", 1500), kJoin("key:b", 1600), kAsk("key:c", "key:a"), kJoin("key:d", 1550),
			kAnswer("key:a", true), kJoin("key:e", 1700), kAsk("key:f", "key:e"), kWait(2 * time.Minute),
			kAnswer("key:e", false), kJoin("key:g", 1450), kJoin("key:h", 1400), kAsk("key:i", "key:h"),
			kWait(30 * time.Second), kEnd(0, [4]int{1, 2, 1, 2}), kJoin("key:k", 1500), kAsk("key:l", "key:k"),
			kRefused("key:m", "key:k", WhyAsked),
		}, []keptStep{
			kTakeBack("key:i"), kAsk("key:i", "key:h"), kWait(3 * time.Minute), kJoin("key:j", 1500),
			kEnd(0, [4]int{2, 1, 2, 1}, 2), kLeave("key:d"), kEndAll(), kJoin("key:d", 1550), kWait(2 * time.Minute),
			kEndAll(), kWait(time.Hour), kEndAll(), kWait(time.Minute),
		}},
		{"swiss-partners", swissTeams, []keptStep{
			kJoin("key:a", 1500), kJoin("key:b", 1600), kAsk("key:c", "key:a"), kAnswer("key:a", true),
			kJoin("key:d", 1550), kJoin("key:e", 1700), kAsk("key:f", "key:b"), kJoin("key:g", 1450),
			kAsk("key:h", "key:g"), kAnswer("key:g", false), kJoin("key:k", 1500), kAsk("key:l", "key:k"),
			kRefused("key:m", "key:k", WhyAsked),
		}, []keptStep{
			kJoin("key:i", 1500), kWait(2 * time.Minute), kJoin("key:j", 1500), kAsk("key:j", "key:i"),
			kEnd(0, [4]int{1, 2, 1, 2}, 1), kLeave("key:e"), kEndAll(), kJoin("key:e", 1700), kEndAll(), kWait(time.Minute),
		}},
	}
}

// run drives k through steps, writing to log (if not nil) what each
// did and what the tournament says after it.
func (k *keptServer) run(t *testing.T, steps []keptStep, log *bytes.Buffer) {
	t.Helper()
	for _, s := range steps {
		starts, err := s.do(k)
		k.open(starts)
		if log == nil {
			continue
		}
		fmt.Fprintf(log, "> %s at %s: %v\n", s.what, k.now.Format(time.TimeOnly), err)
		for _, st := range starts {
			fmt.Fprintf(log, "start round %d %q seated %q\n", st.Round, st.Players, k.tr.Seats(st.Players))
		}
		st, err := k.tr.Standings()
		fmt.Fprintf(log, "standings (%v):\n", err)
		for _, s := range st {
			fmt.Fprintf(log, "  %+v\n", s)
		}
		b, _ := json.Marshal(k.tr.Listed("k1"))
		fmt.Fprintf(log, "listed %s\nplayers %d people %q\n", b, k.tr.Players(), k.tr.People())
		b, err = json.Marshal(k.tr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(log, "%s\n", b)
	}
}

// TestAKeptTournamentGoesOn: a tournament kept halfway by the build
// before the systems reads back into a Tournament that writes the
// same bytes, and goes on exactly as that build went on; and the same
// events from the start make the same tournament byte for byte.
func TestAKeptTournamentGoesOn(t *testing.T) {
	write := os.Getenv("OKEY_WRITE_KEPT") == "1"
	for _, sc := range keptScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			jsonFile := filepath.Join("testdata", "kept", sc.name+".json")
			logFile := filepath.Join("testdata", "kept", sc.name+".log")
			tr, err := New(sc.config)
			if err != nil {
				t.Fatal(err)
			}
			k := &keptServer{tr: tr, now: t0.Add(-2 * time.Minute)}
			k.run(t, sc.before, nil)
			made, err := json.Marshal(k.tr)
			if err != nil {
				t.Fatal(err)
			}
			if write {
				var log bytes.Buffer
				on := &keptServer{tr: k.tr, now: k.now, next: k.next}
				on.run(t, sc.after, &log)
				if err := os.MkdirAll(filepath.Dir(jsonFile), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(jsonFile, append(made, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(logFile, log.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			kept, err := os.ReadFile(jsonFile)
			if err != nil {
				t.Fatal(err)
			}
			kept = bytes.TrimSuffix(kept, []byte("\n"))
			if !bytes.Equal(made, kept) {
				t.Errorf("the same events make another tournament:\n%s\nkept:\n%s", made, kept)
			}
			var back Tournament
			if err := json.Unmarshal(kept, &back); err != nil {
				t.Fatal(err)
			}
			again, err := json.Marshal(&back)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, kept) {
				t.Errorf("read back and written again:\n%s\nkept:\n%s", again, kept)
			}
			want, err := os.ReadFile(logFile)
			if err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			on := &keptServer{tr: &back, now: k.now, next: slices.Max(append([]int{0}, tableNumbers(back)...))}
			on.run(t, sc.after, &log)
			if got := log.String(); got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("the kept tournament goes on otherwise, line %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("the kept tournament goes on otherwise: %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}

// tableNumbers are the numbers of the tables a tournament knows.
func tableNumbers(t Tournament) []int {
	var out []int
	for _, p := range t.Playing {
		out = append(out, p.Table)
	}
	for _, m := range t.Matches {
		out = append(out, m.Table)
	}
	return out
}
