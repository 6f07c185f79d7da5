package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"okey/assets"
	"okey/bots/decide101"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/problem"
	"okey/kit/safetext"
	"okey/kit/store"
	"okey/ui/canvas"
	"okey/ui/pages"
)

// The games the table plays: classic Okey and Okey 101.
const (
	GameClassic = string(game.Classic)
	Game101     = string(game.Okey101)
)

// Games are the games the table plays, the default first.
var Games = []string{GameClassic, Game101}

// BotLevels are the levels a bot's seat may be set to, weakest first:
// Okey 101's (decide101.Levels), which are classic Okey's too (easy,
// normal, hard and expert: expertclassic.Levels).
var BotLevels = decide101.Levels

// ParseGame reads a --game value, the same for every command: classic
// ("", "okey" and any case too) or 101. Anything else is a Problem
// (err.flag.game) that says what --game takes, for a usage error.
func ParseGame(v string) (string, error) {
	g := strings.ToLower(strings.TrimSpace(v))
	if g == "" || g == "okey" {
		g = GameClassic
	}
	if !slices.Contains(Games, g) {
		return "", problem.New("err.flag.game", Games[0], Games[1], v)
	}
	return g, nil
}

// Speeds are how long each bot move stays on screen before the next.
var Speeds = []string{"normal", "slow", "fast", "instant"}

// SpeedDelay is the pause of a speed: how long a bot's move stays on
// screen before the next.
func SpeedDelay(s string) time.Duration {
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

// Default are the settings of a first start; lang comes from the
// environment.
func Default(lang string) Settings {
	return Settings{
		Lang: lang, Speed: "normal", Theme: "default", Rules: "default",
		Levels: [3]string{"normal", "normal", "normal"}, Names: [3]string{"Ayşe", "Mehmet", "Zeynep"},
		Game: GameClassic, Rules101: "default",
	}
}

// Is101 reports whether a new match under s is a match of 101.
func (s Settings) Is101() bool { return s.Game == Game101 }

// ParsedRules101 are the 101 rules of s (the defaults when none are set).
func (s Settings) ParsedRules101() (okey101.Rules, error) {
	if s.Rules101 == "" {
		return okey101.DefaultRules(), nil
	}
	return okey101.ParseRules(s.Rules101)
}

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
	if _, err := classic.ParseRules(s.Rules); err != nil {
		return &problem.Problem{Key: "err.rules", Args: []any{err}, Err: err}
	}
	if s.Game != "" && !slices.Contains(Games, s.Game) {
		return problem.New("err.game", s.Game, strings.Join(Games, ", "))
	}
	if _, err := s.ParsedRules101(); err != nil {
		return &problem.Problem{Key: "err.rules", Args: []any{err}, Err: err}
	}
	for i, l := range s.Levels {
		if !slices.Contains(BotLevels, l) {
			return problem.New("err.level", i+1, l, strings.Join(BotLevels, ", "))
		}
	}
	for i, n := range s.Names {
		switch {
		case strings.TrimSpace(n) == "":
			return problem.New("err.name.empty", i+1)
		case canvas.Width(n) > safetext.MaxNameLen:
			return problem.New("err.name.long", i+1, n, safetext.MaxNameLen)
		case !pages.Printable(n):
			return problem.New("err.name.chars", i+1, n)
		}
	}
	return nil
}

// Load reads the settings of configDir. A missing file gives def; a
// file that cannot be read gives def and a Problem to tell the player,
// and is set aside (never overwritten).
func Load(configDir string, def Settings, now time.Time) (Settings, error) {
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
			s.Levels[i] = strings.ToLower(strings.TrimSpace(l)) // as the flags read it
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

// Save writes s to the settings file of files.
func Save(files *store.Files, s Settings) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("writing the settings: %w", err)
	}
	return files.WriteSettings(append(b, '\n'))
}

// SeatsOf are the seats' names and levels a match's record names in its
// meta (name1…3, level1…3), the bots' names of s where it names none;
// level reads the level it names for a seat as this build plays it.
// Seat 0, the player's, has neither.
func (s Settings) SeatsOf(meta map[string]string, level func(named string, seat int) string) (names, levels [4]string) {
	for seat := 1; seat < len(names); seat++ {
		names[seat] = safetext.Name(meta["name"+strconv.Itoa(seat)])
		if names[seat] == "" {
			names[seat] = s.Names[seat-1]
		}
		levels[seat] = level(meta["level"+strconv.Itoa(seat)], seat)
	}
	return names, levels
}
