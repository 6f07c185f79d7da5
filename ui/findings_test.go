package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"okey/ui/settings"
)

// A saved match is resumed with a new match of its own game on offer:
// a match of 101 resumed under settings that say classic offers 101, and
// a classic one under settings that say 101 offers classic.
func TestResumeOffersTheResumedGame(t *testing.T) {
	for _, tt := range []struct {
		name      string
		start     func(testing.TB) *Model
		setting   string
		want, not string
	}{
		{"101 under classic settings", func(t testing.TB) *Model { return start101(t, 100, 30) }, GameClassic,
			"New match: Okey 101", "New match: classic Okey"},
		{"classic under 101 settings", func(t testing.TB) *Model {
			m := newTestModel(t, 100, 30, withPlainBots)
			drain(t, m, m.Init())
			return m
		}, Game101, "New match: classic Okey", "New match: Okey 101"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.start(t)
			opt := m.opt
			opt.Settings.Game = tt.setting
			m2 := reopen(t, m, opt)
			m2.Update(windowMsg(100, 30))
			got := plain(m2)
			if m2.screen != scrResume || !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
				t.Fatalf("want %q on the resume screen:\n%s", tt.want, got)
			}
		})
	}
}

// A saved rack that cannot be read is set aside and the player told, as
// a damaged match is; it is not silently written over.
func TestDamagedRackIsKeptAside(t *testing.T) {
	for _, tt := range []struct {
		name  string
		start func(testing.TB) *Model
		data  string
	}{
		{"classic, not JSON", func(t testing.TB) *Model {
			m := newTestModel(t, 100, 30, withPlainBots)
			drain(t, m, m.Init())
			return m
		}, "{not json"},
		{"classic, a tile that is none", func(t testing.TB) *Model {
			m := newTestModel(t, 100, 30, withPlainBots)
			drain(t, m, m.Init())
			return m
		}, `{"hand":1,"slots":[1,2,3]}`},
		{"101, not JSON", func(t testing.TB) *Model { return start101(t, 100, 30) }, "\x00\x01"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.start(t)
			path := m.files.RackPath()
			if err := os.WriteFile(path, []byte(tt.data), 0o600); err != nil {
				t.Fatal(err)
			}
			m2 := reopen(t, m, m.opt)
			m2.Update(windowMsg(100, 30))
			got := plain(m2)
			if !strings.Contains(got, "could not be read") || !strings.Contains(got, "set aside") {
				t.Fatalf("the player is not told of the damaged rack:\n%s", got)
			}
			aside, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*damaged*"))
			kept := false
			for _, a := range aside {
				if b, err := os.ReadFile(a); err == nil && string(b) == tt.data {
					kept = true
				}
			}
			if !kept {
				t.Fatalf("the damaged rack is not kept aside: %v", aside)
			}
		})
	}
}

// Enter on the final table does nothing but say which keys do: a player
// paging through the ends of hands with enter does not start a new match
// by the same key; only n, the key its bar names, does.
func TestEnterOnTheFinalTableStartsNoMatch(t *testing.T) {
	for _, tt := range []struct {
		name  string
		start func(testing.TB) *Model
	}{
		{"classic", func(t testing.TB) *Model {
			m := newTestModel(t, 100, 30, withPlainBots)
			drain(t, m, m.Init())
			return m
		}},
		{"101", func(t testing.TB) *Model { return start101(t, 100, 30) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.start(t)
			m.screen = scrMatchOver
			before := string(m.rec)
			press(t, m, "enter")
			if m.screen != scrMatchOver || string(m.rec) != before {
				t.Fatalf("enter left the final table (screen %d)", m.screen)
			}
			if !strings.Contains(plain(m), "Press n for a new match") {
				t.Fatalf("enter does not say which key starts a match:\n%s", plain(m))
			}
			press(t, m, "n")
			if m.screen == scrMatchOver {
				t.Fatal("n does not start a new match")
			}
		})
	}
}

// A value given by a flag for this run shows on the settings form as
// this run's only, with what saving keeps: enter saves the settings
// file's value, not the flag's.
func TestSettingsMarkThisRunsValues(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 30}} {
		m := newTestModel(t, sz[0], sz[1], withPlainBots, func(o *Options) {
			o.Saved = o.Settings
			o.Saved.Speed = "normal"
			o.Settings.Speed = "fast"
		})
		drain(t, m, m.Init())
		press(t, m, "o")
		out := plain(m)
		if !strings.Contains(out, "< fast >  this run only (saved: normal)") {
			t.Fatalf("%v: the speed of this run is not marked:\n%s", sz, out)
		}
		if strings.Count(out, "this run only") != 1 {
			t.Fatalf("%v: a value not given for this run is marked:\n%s", sz, out)
		}
		if w, line := maxLineWidth(out); w > sz[0] {
			t.Fatalf("%v: a line of %d columns: %q", sz, w, line)
		}
		press(t, m, "enter")
		b, err := os.ReadFile(m.files.SettingsPath())
		if err != nil {
			t.Fatal(err)
		}
		var saved settings.Settings
		if err := json.Unmarshal(b, &saved); err != nil || saved.Speed != "normal" {
			t.Fatalf("%v: saved %+v (%v), want the file's speed", sz, saved, err)
		}
	}
}

// A key means the same at both tables: i is the statistics at either,
// lay off is e; a key of the other game's table says what it means there
// and that it has no meaning here.
func TestAKeyMeansTheSameAtBothTables(t *testing.T) {
	classic := newTestModel(t, 100, 30, withPlainBots)
	drain(t, classic, classic.Init())
	t101 := start101(t, 100, 30)
	for _, m := range []*Model{classic, t101} {
		press(t, m, "i")
		if m.screen != scrStats {
			t.Fatalf("i does not open the statistics (screen %d)", m.screen)
		}
		press(t, m, "esc")
	}
	for _, tt := range []struct {
		m    *Model
		k    string
		want string
	}{
		{classic, "a", `"a" is “make a group” in Okey 101; it has no meaning in classic Okey.`},
		{classic, "e", `"e" is “lay off” in Okey 101; it has no meaning in classic Okey.`},
		{t101, "g", `"g" is “show indicator” in classic Okey; it has no meaning in Okey 101.`},
		// u is undo at both tables now, casual matches only.
		{t101, "u", "Undo is for casual matches: turn it on in the settings (o), for the next match."},
	} {
		tt.m.screen = scrPlay
		press(t, tt.m, tt.k)
		if tt.m.flash != tt.want {
			t.Errorf("%s: %q, want %q", tt.k, tt.m.flash, tt.want)
		}
	}
}
