package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"okey/assets"
	"okey/bots"
	"okey/game"
	"okey/ui/store"
)

// Speeds are how long each bot move stays on screen before the next.
var Speeds = []string{"normal", "slow", "fast", "instant"}

// speedDelay is the pause of a speed.
func speedDelay(s string) time.Duration {
	switch s {
	case "slow":
		return 1500 * time.Millisecond
	case "fast":
		return 250 * time.Millisecond
	case "instant":
		return 0
	}
	return 700 * time.Millisecond
}

// Settings are the player's choices, remembered in the config directory.
// Levels and Names are the bots' at seats 1, 2 and 3 (right, top, left).
type Settings struct {
	Lang   string    `json:"lang"`
	Speed  string    `json:"speed"`
	Theme  string    `json:"theme"`
	Rules  string    `json:"rules"`
	Levels [3]string `json:"levels"`
	Names  [3]string `json:"names"`
}

// DefaultSettings are the settings of a first start; lang comes from the
// environment.
func DefaultSettings(lang string) Settings {
	return Settings{
		Lang: lang, Speed: "normal", Theme: "default", Rules: "default",
		Levels: [3]string{"normal", "normal", "normal"}, Names: [3]string{"Ayşe", "Mehmet", "Zeynep"},
	}
}

// MaxNameLen is the longest bot name, in columns (letters; a wide
// letter counts two).
const MaxNameLen = 12

// Validate reports the first thing wrong with s.
func (s Settings) Validate() error {
	if !slices.Contains(assets.Languages, s.Lang) {
		return fmt.Errorf("language %q: use %s", s.Lang, strings.Join(assets.Languages, " or "))
	}
	if !slices.Contains(Speeds, s.Speed) {
		return fmt.Errorf("speed %q: use %s", s.Speed, strings.Join(Speeds, ", "))
	}
	if !slices.Contains(assets.Themes, s.Theme) {
		return fmt.Errorf("theme %q: use %s", s.Theme, strings.Join(assets.Themes, ", "))
	}
	if _, err := game.ParseRules(s.Rules); err != nil {
		return err
	}
	for i, l := range s.Levels {
		if !slices.Contains(bots.Levels, l) {
			return fmt.Errorf("bot %d level %q: use %s", i+1, l, strings.Join(bots.Levels, ", "))
		}
	}
	for i, n := range s.Names {
		if strings.TrimSpace(n) == "" {
			return fmt.Errorf("bot %d has no name", i+1)
		}
		if textWidth(n) > MaxNameLen {
			return fmt.Errorf("bot %d name %q: at most %d characters", i+1, n, MaxNameLen)
		}
		if !printable(n) {
			return fmt.Errorf("bot %d name %q: letters, digits and spaces only", i+1, n)
		}
	}
	return nil
}

// cleanName makes a name from outside (a record's meta) safe to show:
// control and format characters (a newline, an escape, a direction
// override) go, and it is cut to MaxNameLen columns.
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(ansi.Truncate(strings.TrimSpace(s), MaxNameLen, ""))
}

// printable reports whether s has no control or format characters.
func printable(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// LoadSettings reads the settings of configDir. A missing file gives def;
// a file that cannot be read is set aside (never overwritten) and def is
// returned with a note for the player.
func LoadSettings(configDir string, def Settings, now time.Time) (Settings, string) {
	path := store.SettingsPath(configDir)
	b, err := store.ReadSettings(configDir)
	if errors.Is(err, fs.ErrNotExist) {
		return def, ""
	}
	if err != nil {
		return def, fmt.Sprintf("%s: %v", store.ShortPath(path), err)
	}
	s := def
	err = json.Unmarshal(b, &s)
	if err == nil {
		err = s.Validate()
	}
	if err != nil {
		aside, aerr := store.SetAsideSettings(configDir, "damaged", now)
		if aerr != nil {
			return def, fmt.Sprintf("%s: %v (and it could not be set aside: %v)", store.ShortPath(path), err, aerr)
		}
		return def, fmt.Sprintf("%s: %v; set aside as %s", store.ShortPath(path), err, filepath.Base(aside))
	}
	return s, ""
}

// saveSettings writes s to the settings file.
func saveSettings(files *store.Files, s Settings) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return files.WriteSettings(append(b, '\n'))
}
