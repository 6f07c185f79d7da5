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
