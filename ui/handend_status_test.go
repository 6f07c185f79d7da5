package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/ui/play101"
	"okey/ui/playclassic"
)

// A hand's end opens without the table's last word: a key pressed
// while a bot played ("It is Mehmet's turn: wait for their move.")
// said so on the status line, and the hand's end opened with it just
// after Mehmet finished (in Turkish "Sıra Mehmet'te" after he had
// finished). Both games, both languages, at 80×24.
func TestHandEndDropsTheTablesStaleStatus(t *testing.T) {
	for _, game := range []string{"classic", "101"} {
		for _, lang := range []string{"en", "tr"} {
			t.Run(game+"/"+lang, func(t *testing.T) {
				set := func(o *Options) { o.Settings.Lang = lang }
				var m *Model
				if game == "101" {
					m = start101(t, 80, 24, withSeed(8), set)
				} else {
					m = newTestModel(t, 80, 24, set)
					drain(t, m, m.Init())
				}
				waited := false
				beforeMsg = func(m *Model, msg tea.Msg) {
					switch msg.(type) {
					case play101.BotMsg, playclassic.BotMoveMsg:
						if m.screen == scrPlay {
							m.Update(keyMsg("d")) // refused: a bot's turn
							waited = waited || m.flash != ""
						}
					}
				}
				t.Cleanup(func() { beforeMsg = nil })
				toHandOver(t, m)
				beforeMsg = nil
				if !waited {
					t.Fatal("no key was refused while a bot played")
				}
				stale := cutAt(m.tr.T("status.wait"))
				if m.flash != "" || strings.Contains(plain(m), stale) {
					t.Errorf("the hand's end opens with the table's status %q:\n%s", m.flash, plain(m))
				}
			})
		}
	}
}
