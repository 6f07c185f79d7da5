// Package debuglog is what the app writes to the debug log a bug report
// carries (okey --debug-log): a message as it comes to the Model (a
// key, a click, a size, a failed save or bot), what it changed once
// handled (a new screen, a new warning in the status line), and the
// moves as the player's log says them. Only what the player sees or
// does is written, never a tile the player may not see. The Model
// hands it values (the screens' names, the status line) and it writes
// them; it knows nothing of the Model.
//
// It may import ui/saves, ui/playclassic (for their messages), Bubble
// Tea and the standard library; never package ui.
package debuglog

import (
	"log/slog"

	tea "charm.land/bubbletea/v2"

	"okey/ui/playclassic"
	"okey/ui/saves"
)

// Took writes msg to log as it comes to the Model, the screen on show
// named screen: a key, a click, a size, a failed save or bot's move.
func Took(log *slog.Logger, msg tea.Msg, screen string) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		log.Debug("key", "key", msg.String(), "screen", screen)
	case tea.MouseClickMsg:
		log.Debug("click", "x", msg.Mouse().X, "y", msg.Mouse().Y, "screen", screen)
	case tea.WindowSizeMsg:
		log.Debug("size", "width", msg.Width, "height", msg.Height)
	case saves.Msg:
		if msg.Err != nil {
			log.Error("save", "path", msg.Path, "err", msg.Err)
		}
	case playclassic.BotMoveMsg:
		if msg.Err != nil {
			log.Warn("bot", "seat", msg.Seat, "err", msg.Err)
		}
	}
}

// Screen is the screen on show and the status line at a moment: before
// a message is handled, and after.
type Screen struct {
	// Name names the screen in the log; Changed (after) reports whether
	// it is another screen than before, two screens having one name.
	Name    string
	Changed bool
	// Status is the status line's message; Warn: it is a warning.
	Status string
	Warn   bool
}

// After writes what handling a message changed, from before to now: a
// new screen, a new message in the status line.
func After(log *slog.Logger, before, now Screen) {
	if now.Changed {
		log.Debug("screen", "from", before.Name, "to", now.Name)
	}
	if now.Status != before.Status && now.Status != "" {
		log.Debug("status", "text", now.Status, "warning", now.Warn)
	}
}

// Move writes a line of the move log, as the player reads it, when
// there is a log.
func Move(log *slog.Logger, text func() string) {
	if log != nil {
		log.Debug("move", "text", text())
	}
}
