package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"okey/game/classic"
	"okey/kit/problem"
	"okey/kit/store"
	"okey/ui/pages"
)

// --game and --rules choose a match of 101 and its rules; --points is
// classic Okey's and is refused with 101; an unknown game is named.
func TestGameFlags(t *testing.T) {
	s := Default("en")
	g, r := "101", "open=121,hands=5"
	got, err := s.Override(Overrides{Game: &g, Rules: &r})
	if err != nil || got.Game != Game101 || got.Rules101 != "open=121,hands=5" || got.Rules != s.Rules {
		t.Fatalf("--game 101 --rules %s: %+v, %v", r, got, err)
	}
	p := 10
	if _, err := s.Override(Overrides{Game: &g, Points: &p}); err == nil || !strings.Contains(err.Error(), "--points") {
		t.Fatalf("--points with 101: %v", err)
	}
	bad := "chess"
	if _, err := s.Override(Overrides{Game: &bad}); err == nil || !strings.Contains(err.Error(), "chess") {
		t.Fatalf("--game chess: %v", err)
	}
	classic := "classic"
	if got, err := s.Override(Overrides{Game: &classic, Rules: &r}); err == nil {
		t.Fatalf("classic rules open=121: %+v", got)
	}
}

// A bad --rules is said as the flag's, in the player's language.
func TestRulesFlagInTurkish(t *testing.T) {
	_, err := Default("tr").Override(Overrides{Rules: new("turbo")})
	if got := problem.Say(err, "tr"); got != `--rules: geçersiz kurallar: bilinmeyen seçenek "turbo" (bilinenler: `+strings.Join(classic.RuleOptions, ", ")+")" {
		t.Errorf("--rules turbo in Turkish: %q", got)
	}
}

// Settings files as every version wrote them still load: one from
// before 101 (no game, no rules of 101, no undo) as classic with 101's
// default rules, a retired level as the level it joined; a missing file
// gives the defaults; a damaged one or one with a bad value gives the
// defaults and a Problem, and is set aside, never overwritten.
func TestLoadReadsEveryFile(t *testing.T) {
	def := Default("en")
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cases := []struct {
		name, file string
		want       func(Settings) Settings
		aside      bool
	}{
		{name: "missing", want: func(s Settings) Settings { return s }},
		{name: "before 101", file: `{"lang":"tr","speed":"fast","theme":"default","rules":"points=10","levels":["easy","normal","hard"],"names":["Ali","Veli","Can"]}`,
			want: func(s Settings) Settings {
				s.Lang, s.Speed, s.Rules = "tr", "fast", "points=10"
				s.Levels, s.Names = [3]string{"easy", "normal", "hard"}, [3]string{"Ali", "Veli", "Can"}
				return s
			}},
		{name: "101 and undo", file: `{"lang":"en","speed":"instant","theme":"default","rules":"default","levels":["expert","normal","normal"],"names":["A","B","C"],"undo":true,"game":"101","rules101":"open=121,hands=5"}`,
			want: func(s Settings) Settings {
				s.Speed, s.Undo, s.Game, s.Rules101 = "instant", true, Game101, "open=121,hands=5"
				s.Levels, s.Names = [3]string{"expert", "normal", "normal"}, [3]string{"A", "B", "C"}
				return s
			}},
		{name: "not JSON", file: `{"lang":`, aside: true},
		{name: "a bad speed", file: `{"speed":"warp"}`, aside: true},
		{name: "a bad game", file: `{"game":"chess"}`, aside: true},
		{name: "bad rules of 101", file: `{"game":"101","rules101":"open=5000"}`, aside: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if c.file != "" {
				if err := os.WriteFile(store.SettingsPath(dir), []byte(c.file), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := Load(dir, def, now)
			if c.aside {
				var p *problem.Problem
				if !errors.As(err, &p) || p.Key != "notice.settings.aside" || got != def {
					t.Fatalf("got %+v, %v; want the defaults and the file set aside", got, err)
				}
				if _, err := os.Stat(store.SettingsPath(dir)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the damaged file is still in place: %v", err)
				}
				kept, _ := filepath.Glob(filepath.Join(dir, "*damaged*"))
				if len(kept) != 1 {
					t.Fatalf("set aside as %v", kept)
				}
				if b, err := os.ReadFile(kept[0]); err != nil || string(b) != c.file {
					t.Errorf("the file set aside holds %q (%v), want %q", b, err, c.file)
				}
				return
			}
			if err != nil || got != c.want(def) {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want(def))
			}
		})
	}
}

// What Save writes, Load reads back as it was.
func TestSaveThenLoad(t *testing.T) {
	dir := t.TempDir()
	s := Default("tr")
	s.Speed, s.Undo, s.Game, s.Rules101, s.Names[1] = "slow", true, Game101, "open=81,islek", "Dr 李明"
	if err := Save(store.Open(t.TempDir(), dir), s); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir, Default("en"), time.Unix(0, 0))
	if err != nil || got != s {
		t.Fatalf("saved %+v, read %+v (%v)", s, got, err)
	}
}

// Each named line of the form holds what its name says.
func TestFieldNames(t *testing.T) {
	labels := map[int]string{
		FieldLang: "set.lang", FieldSpeed: "set.speed", FieldTheme: "set.theme", FieldLevel1: "set.level1", FieldName1: "set.name1",
		FieldLevel2: "set.level2", FieldName2: "set.name2", FieldLevel3: "set.level3", FieldName3: "set.name3", FieldGame: "set.game",
		FieldPreset: "set.preset", FieldPoints: "set.points", FieldDeal: "set.deal", FieldIndicatorLast: "set.indicator_last",
		FieldOneColour: "set.one_colour_double", FieldLeaveAtZero: "set.leave_at_zero", FieldPartners: "set.partners", FieldWrap: "set.wrap",
		FieldOpen: "set.open", FieldProgressive: "set.progressive", FieldOkeyPair: "set.okey_pair", FieldIslek: "set.islek",
		FieldHands: "set.hands", FieldPartners101: "set.partners101", FieldHouse: "set.house", FieldUndo: "set.undo",
	}
	f := Fields(Default("en"))
	if len(f) != NumFields || len(labels) != NumFields {
		t.Fatalf("%d lines, %d named, want %d", len(f), len(labels), NumFields)
	}
	for i, want := range labels {
		if f[i].Label != want {
			t.Errorf("line %d is %q, want %q", i, f[i].Label, want)
		}
	}
}

// The form's lines read back as the settings they were made of, in
// both games and under every preset.
func TestFieldsReadBack(t *testing.T) {
	cases := []func(*Settings){
		func(*Settings) {},
		func(s *Settings) { s.Rules = "simple104" },
		func(s *Settings) { s.Rules = "points=7,simple,indicator_last,partners" },
		func(s *Settings) {
			s.Game, s.Rules101, s.Undo = Game101, "open=121,progressive,okey_pair,hands=3,feed,islek_back", true
		},
		func(s *Settings) {
			s.Lang, s.Theme, s.Speed, s.Levels, s.Names = "tr", "colourblind", "instant", [3]string{"easy", "hard", "normal"}, [3]string{"Ali", "李明", "Can"}
		},
	}
	for i, change := range cases {
		s := Default("en")
		change(&s)
		if err := s.Validate(); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got, err := Of(Fields(s))
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		r, _ := classic.ParseRules(s.Rules)
		gr, _ := classic.ParseRules(got.Rules)
		r101, _ := s.ParsedRules101()
		gr101, _ := got.ParsedRules101()
		s.Rules, got.Rules, s.Rules101, got.Rules101 = "", "", "", ""
		if got != s || gr != r || gr101 != r101 {
			t.Errorf("case %d: %+v %+v %+v read back as %+v %+v %+v", i, s, r, r101, got, gr, gr101)
		}
	}
}

// Saving takes the lines the player changed onto the file's settings,
// never a value this run's flags showed.
func TestOntoTakesOnlyWhatChanged(t *testing.T) {
	saved := Default("en")
	run := saved
	run.Speed, run.Rules = "fast", "points=5" // --speed fast --points 5
	form := pages.NewForm(Fields(run), Fields(saved), FormRules{})
	form.Fields[FieldUndo].At = 1
	got, err := Onto(form, saved)
	want := saved
	want.Undo = true
	if err != nil || got.Speed != want.Speed || got.Undo != want.Undo {
		t.Fatalf("saved %+v (%v), want %+v", got, err, want)
	}
	if r, _ := classic.ParseRules(got.Rules); r != classic.DefaultRules() {
		t.Errorf("the run's points were saved: %+v", r)
	}
}

// Each game shows its own rules; simple104 makes the standard options
// moot; a note names the level a bot plays 101 at, and none at classic,
// whose bots have every level.
func TestFormRules(t *testing.T) {
	r := FormRules{
		T:         func(key string, _ ...any) string { return key },
		Level101:  func(l string) string { return strings.Replace(l, "hard", "normal", 1) },
		LevelName: strings.ToUpper,
	}
	s := Default("en")
	s.Rules, s.Levels[1], s.Levels[2] = "simple104", "hard", "expert"
	f := Fields(s)
	for i := range NumFields {
		classic := i >= FieldPreset && i <= FieldWrap
		r101 := i >= FieldOpen && i <= FieldHouse
		if r.Hidden(f, i) != r101 {
			t.Errorf("classic: line %d hidden %v", i, r.Hidden(f, i))
		}
		if moot := r.Moot(f, i); moot != (classic && i != FieldPreset) {
			t.Errorf("simple104: line %d moot %v", i, moot)
		}
	}
	if r.Foot(f) != "set.note" || r.Note(f, FieldLevel2) != "" || r.Note(f, FieldLevel3) != "" {
		t.Errorf("classic: foot %q, notes %q %q", r.Foot(f), r.Note(f, FieldLevel2), r.Note(f, FieldLevel3))
	}
	f[FieldGame].At = 1
	for i := range NumFields {
		if r.Hidden(f, i) != (i >= FieldPreset && i <= FieldWrap) {
			t.Errorf("101: line %d hidden %v", i, r.Hidden(f, i))
		}
	}
	if r.Foot(f) != "set.note101" || r.Note(f, FieldLevel2) != " (101: NORMAL)" || r.Note(f, FieldLevel1) != "" || r.Note(f, FieldLevel3) != "" {
		t.Errorf("101: foot %q, notes %q %q", r.Foot(f), r.Note(f, FieldLevel2), r.Note(f, FieldLevel1))
	}
}
