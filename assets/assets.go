// Package assets holds the game's embedded text: translations, the help
// pages, the whole rules and the colour themes. It imports nothing of
// the project.
package assets

import "embed"

// FS holds i18n/<lang>.txt (translations: "key = text" lines),
// themes/<name>.theme (colours: "role = light dark" lines),
// help/<lang>.txt (the how-to-play page) and rules/<lang>.<game>.txt
// (the whole rules of a game, for okey rules and the ? page: a player
// with only the binary, or over SSH, has no RULES.md).
//
//go:embed i18n/*.txt themes/*.theme help/*.txt rules/*.txt
var FS embed.FS

// Languages are the languages the game speaks, the default first.
var Languages = []string{"en", "tr"}

// Themes are the colour themes, the default first.
var Themes = []string{"default", "colourblind"}
