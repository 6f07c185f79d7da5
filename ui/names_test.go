package ui

import (
	"okey/kit/safetext"
	"okey/ui/settings"
)

// Names of ui/settings and ui/pages that the tests use by their old
// names (the files that used them in the root have moved).
const (
	GameClassic = settings.GameClassic
	Game101     = settings.Game101
	MaxNameLen  = safetext.MaxNameLen
)
