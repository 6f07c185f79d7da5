package ui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"okey/assets"
	"okey/bots"
	"okey/game"
	"okey/ui/canvas"
	"okey/ui/pages"
	"okey/ui/problem"
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
	// Undo allows taking back one's own discard, in matches started
	// with it (casual matches, marked as such in their record).
	Undo bool `json:"undo,omitempty"`
	// Game is the game of the next new match: GameClassic ("" too) or
	// Game101. Rules101 are the rules of a match of 101 (Rules those of
	// classic Okey).
	Game     string `json:"game,omitempty"`
	Rules101 string `json:"rules101,omitempty"`
}

// DefaultSettings are the settings of a first start; lang comes from the
// environment.
func DefaultSettings(lang string) Settings {
	return Settings{
		Lang: lang, Speed: "normal", Theme: "default", Rules: "default",
		Levels: [3]string{"normal", "normal", "normal"}, Names: [3]string{"Ayşe", "Mehmet", "Zeynep"},
		Game: GameClassic, Rules101: "default",
	}
}

// MaxNameLen is the longest bot name, in columns, and MaxNameBytes
// its length in bytes (the name field keeps a name to both).
const (
	MaxNameLen   = pages.MaxNameLen
	MaxNameBytes = pages.MaxNameBytes
)

// Validate reports the first thing wrong with s, as a Problem.
func (s Settings) Validate() error {
	if !slices.Contains(assets.Languages, s.Lang) {
		return problem.New("err.lang", s.Lang, strings.Join(assets.Languages, ", "))
	}
	if !slices.Contains(Speeds, s.Speed) {
		return problem.New("err.speed", s.Speed, strings.Join(Speeds, ", "))
	}
	if !slices.Contains(assets.Themes, s.Theme) {
		return problem.New("err.theme", s.Theme, strings.Join(assets.Themes, ", "))
	}
	if _, err := game.ParseRules(s.Rules); err != nil {
		return &problem.Problem{Key: "err.rules", Args: []any{err}, Err: err}
	}
	if err := s.validate101(); err != nil {
		return err
	}
	for i, l := range s.Levels {
		if !slices.Contains(bots.Levels, l) {
			return problem.New("err.level", i+1, l, strings.Join(bots.Levels, ", "))
		}
	}
	for i, n := range s.Names {
		switch {
		case strings.TrimSpace(n) == "":
			return problem.New("err.name.empty", i+1)
		case canvas.Width(n) > MaxNameLen:
			return problem.New("err.name.long", i+1, n, MaxNameLen)
		case !pages.Printable(n):
			return problem.New("err.name.chars", i+1, n)
		}
	}
	return nil
}

// LoadSettings reads the settings of configDir. A missing file gives
// def; a file that cannot be read gives def and a Problem to tell the
// player, and is set aside (never overwritten).
func LoadSettings(configDir string, def Settings, now time.Time) (Settings, error) {
	path := store.ShortPath(store.SettingsPath(configDir))
	b, err := store.ReadSettings(configDir)
	if errors.Is(err, fs.ErrNotExist) {
		return def, nil
	}
	if err != nil {
		return def, &problem.Problem{Key: "notice.settings.read", Args: []any{path, err}, Err: err}
	}
	s := def
	err = json.Unmarshal(b, &s)
	if err == nil {
		for i, l := range s.Levels {
			s.Levels[i] = bots.Current(l) // a level merged into another plays as that one
		}
		err = s.Validate()
	}
	if err != nil {
		aside, aerr := store.SetAsideSettings(configDir, "damaged", now)
		if aerr != nil {
			return def, &problem.Problem{Key: "notice.settings.kept", Args: []any{path, err, aerr}, Err: err}
		}
		return def, &problem.Problem{Key: "notice.settings.aside", Args: []any{path, err, filepath.Base(aside)}, Err: err}
	}
	return s, nil
}

// Overrides are settings given for one run (on the command line): each
// one given (not nil) replaces the saved setting for this run only.
type Overrides struct {
	// Game is the game of a new match; Rules are that game's rules.
	Game                      *string
	Lang, Speed, Theme, Rules *string
	// Points are the starting points, on top of Rules.
	Points *int
	// Levels are one level for all the bots or three; Names three names.
	Levels, Names []string
}

// Override returns s with the overrides on top, or a Problem: a bad
// value, or --points and --rules points=N that disagree.
func (s Settings) Override(o Overrides) (Settings, error) {
	if o.Lang != nil {
		s.Lang = *o.Lang
	}
	if o.Speed != nil {
		s.Speed = *o.Speed
	}
	if o.Theme != nil {
		s.Theme = *o.Theme
	}
	if err := s.override101(&o); err != nil {
		return s, err
	}
	if o.Rules != nil || o.Points != nil {
		base := s.Rules
		if o.Rules != nil {
			base = *o.Rules
		}
		r, err := game.ParseRules(base)
		if err != nil {
			return s, &problem.Problem{Key: "err.flag.rules", Args: []any{err}, Err: err}
		}
		if o.Points != nil {
			switch {
			case r.Simple104:
				return s, problem.New("err.flag.points.simple")
			case o.Rules != nil && namesPoints(*o.Rules) && r.Points != *o.Points:
				return s, problem.New("err.flag.points.conflict", *o.Points, r.Points)
			}
			r.Points = *o.Points
			if err := r.Validate(); err != nil {
				return s, &problem.Problem{Key: "err.flag.points", Args: []any{err}, Err: err}
			}
		}
		s.Rules = r.String()
	}
	if o.Levels != nil {
		switch len(o.Levels) {
		case 1:
			s.Levels = [3]string{o.Levels[0], o.Levels[0], o.Levels[0]}
		case 3:
			s.Levels = [3]string{o.Levels[0], o.Levels[1], o.Levels[2]}
		default:
			return s, problem.New("err.flag.bots", len(o.Levels))
		}
		for i := range s.Levels {
			s.Levels[i] = strings.ToLower(strings.TrimSpace(s.Levels[i]))
		}
	}
	if o.Names != nil {
		if len(o.Names) != 3 {
			return s, problem.New("err.flag.names", len(o.Names))
		}
		for i, n := range o.Names {
			s.Names[i] = strings.TrimSpace(n)
		}
	}
	return s, s.Validate()
}

// namesPoints reports whether a rules option list sets the points.
func namesPoints(rules string) bool {
	for _, opt := range strings.Split(rules, ",") {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(opt)), "points=") {
			return true
		}
	}
	return false
}

// saveSettings writes s to the settings file.
func saveSettings(files *store.Files, s Settings) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return files.WriteSettings(append(b, '\n'))
}
