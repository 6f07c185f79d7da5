package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/playclassic"
)

// screenNames name the screens in the debug log.
var screenNames = [...]string{
	scrNotice: "notice", scrResume: "resume", scrPlay: "play", scrHandOver: "hand over",
	scrMatchOver: "match over", scrSettings: "settings", scrScores: "scores", scrLocked: "locked",
	scrStats: "statistics",
}

// screenName is s's name in the debug log.
func screenName(s screen) string {
	if int(s) < len(screenNames) && screenNames[s] != "" {
		return screenNames[s]
	}
	return "none"
}

// debugAfter writes msg to the debug log (Options.Log, which must be
// set) as it comes — a key, a click, a size, a failed save or bot — and
// returns what writes its outcome once Update is done: a new screen, a
// new warning in the status line. Only what the player sees or does is
// written.
func (m *Model) debugAfter(msg tea.Msg, flash string) func() {
	log := m.opt.Log
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		log.Debug("key", "key", msg.String(), "screen", screenName(m.screen))
	case tea.MouseClickMsg:
		log.Debug("click", "x", msg.Mouse().X, "y", msg.Mouse().Y, "screen", screenName(m.screen))
	case tea.WindowSizeMsg:
		log.Debug("size", "width", msg.Width, "height", msg.Height)
	case savedMsg:
		if msg.Err != nil {
			log.Error("save", "path", msg.Path, "err", msg.Err)
		}
	case playclassic.BotMoveMsg:
		if msg.Err != nil {
			log.Warn("bot", "seat", msg.Seat, "err", msg.Err)
		}
	}
	before := m.screen
	return func() {
		if m.screen != before {
			log.Debug("screen", "from", screenName(before), "to", screenName(m.screen))
		}
		if m.flash != flash && m.flash != "" {
			log.Debug("status", "text", m.flash, "warning", m.flashWarn)
		}
	}
}

// debugMove writes a line of the move log, as the player reads it, to
// the debug log when there is one.
func (m *Model) debugMove(text func() string) {
	if m.opt.Log != nil {
		m.opt.Log.Debug("move", "text", text())
	}
}
