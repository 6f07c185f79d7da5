package ui

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/kit/store"
	"okey/ui/settings"
)

// TestScreensGolden draws every screen and overlay of a fixed match at
// the smallest terminal and a common one, in both languages, and
// compares them with the goldens (go test ./ui -run ScreensGolden
// -update rewrites them). A change of any screen shows up here as a
// diff to read, not only as a line that got too wide.
func TestScreensGolden(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, sz := range [][2]int{{80, 24}, {100, 30}} {
			w, h := sz[0], sz[1]
			name := func(s string) string { return lang + "-" + s + "-" + strconv.Itoa(w) + "x" + strconv.Itoa(h) }
			newM := func(t *testing.T) *Model {
				m := newTestModel(t, w, h, withPlainBots, func(o *Options) { o.Settings.Lang = lang })
				drain(t, m, m.Init())
				return m
			}
			t.Run(name("table"), func(t *testing.T) {
				m := newM(t)
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("drawn"), func(t *testing.T) {
				m := newM(t)
				press(t, m, "d")
				press(t, m, "left")
				press(t, m, "space")
				press(t, m, "left")
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("help"), func(t *testing.T) {
				m := newM(t)
				press(t, m, "?")
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("browse"), func(t *testing.T) {
				m := newM(t)
				press(t, m, "b")
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("settings"), func(t *testing.T) {
				m := newM(t)
				press(t, m, "o")
				press(t, m, "down")
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("handover"), func(t *testing.T) {
				m := newM(t)
				for m.screen == scrPlay {
					playMyTurn(t, m)
				}
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("resume"), func(t *testing.T) {
				m := newM(t)
				playMyTurn(t, m)
				m2 := reopen(t, m, m.opt)
				m2.Update(tea.WindowSizeMsg{Width: w, Height: h})
				golden.RequireEqual(t, plain(m2))
			})
			// The resume page's questions, wrapped whole (they were cut at
			// 80 columns): n asks before a new match ends the one under
			// way, and before a practice daily's hand is given up.
			t.Run(name("resume-ask"), func(t *testing.T) {
				m := newM(t)
				playMyTurn(t, m)
				m2 := reopen(t, m, m.opt)
				m2.Update(tea.WindowSizeMsg{Width: w, Height: h})
				press(t, m2, "n")
				golden.RequireEqual(t, plain(m2))
			})
			t.Run(name("resume-daily-ask"), func(t *testing.T) {
				c := at("2026-11-24 12:00:00")
				m := newTestModel(t, w, h, withPlainBots, dailyOpt(game.Classic, "2026-11-20", c), func(o *Options) { o.Settings.Lang = lang })
				drain(t, m, m.Init())
				press(t, m, "enter")
				playMyTurn(t, m)
				m.Flush()
				opt := m.opt
				opt.Daily = nil
				m2 := reopen(t, m, opt)
				m2.Update(tea.WindowSizeMsg{Width: w, Height: h})
				drain(t, m2, m2.Init())
				press(t, m2, "n")
				golden.RequireEqual(t, plain(m2))
			})
			t.Run(name("notice"), func(t *testing.T) {
				state, cfg := testEnv(t)
				if err := os.MkdirAll(state, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(state, store.MatchFile), []byte("garbage\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				s := settings.Default(lang)
				s.Speed = "instant"
				m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Now: fixedNow, NoColor: true,
					Seed: 7, SeedSet: true})
				if err != nil {
					t.Fatal(err)
				}
				m.Update(tea.WindowSizeMsg{Width: w, Height: h})
				golden.RequireEqual(t, plain(m))
			})
		}
		// One match to its end per language, drawn at both sizes.
		t.Run(lang+"-matchover", func(t *testing.T) {
			m := newTestModel(t, 80, 24, func(o *Options) {
				o.Settings.Lang = lang
				o.Settings.Rules = "points=5"
				o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
			})
			drain(t, m, m.Init())
			for m.screen != scrMatchOver {
				for m.screen == scrPlay {
					if tableClassic(m).View.Legal.Show {
						press(t, m, "g")
					}
					playMyTurn(t, m)
				}
				if m.screen == scrHandOver {
					press(t, m, "enter")
				}
			}
			for _, sz := range [][2]int{{80, 24}, {100, 30}} {
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				t.Run(strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1]), func(t *testing.T) {
					golden.RequireEqual(t, plain(m))
				})
			}
		})
		t.Run(lang+"-toosmall", func(t *testing.T) {
			m := newTestModel(t, 60, 20, func(o *Options) { o.Settings.Lang = lang })
			golden.RequireEqual(t, plain(m))
		})
	}
}
