package ui

import (
	"okey/ui/pages"
	"okey/ui/settings"
)

// Names of ui/settings and ui/pages that files still in the root (the
// seats, the pages between hands) use by their old names, kept in a file
// of their own that reads nothing else of the root; they go when those
// files move.
const (
	GameClassic = settings.GameClassic
	Game101     = settings.Game101
	MaxNameLen  = pages.MaxNameLen
)

// DefaultSettings are the settings of a first start (settings.Default).
func DefaultSettings(lang string) settings.Settings { return settings.Default(lang) }

// cleanName makes a name from outside safe to show (pages.CleanName).
func cleanName(s string) string { return pages.CleanName(s) }
