package cmd

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"okey/kit/store"
	"okey/ui/settings"
)

// Saved settings that name a level keep loading, whatever the level
// now does: expert, once classic's, merged into hard and a level of
// its own again, is kept (both games offer it; ui/playclassic's tests
// check a classic table seats it). Match records and server tables
// build their bots through expertclassic.New, whose stored names its
// TestStoredLevelNames keeps.
func TestSavedSettingsLevelsLoad(t *testing.T) {
	cases := []struct {
		stored [3]string
		want   [3]string
	}{
		{[3]string{"easy", "normal", "hard"}, [3]string{"easy", "normal", "hard"}},
		{[3]string{"expert", "hard", "expert"}, [3]string{"expert", "hard", "expert"}},
		{[3]string{" Expert", "HARD", "normal "}, [3]string{"expert", "hard", "normal"}},
	}
	for _, c := range cases {
		dir := t.TempDir()
		def := settings.Default("en")
		saved := def
		saved.Levels = c.stored
		b, err := json.Marshal(saved)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(store.SettingsPath(dir), b, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := settings.Load(dir, def, time.Unix(0, 0))
		if err != nil {
			t.Fatalf("%v: %v", c.stored, err)
		}
		if got.Levels != c.want {
			t.Errorf("settings naming %v load as %v, want %v", c.stored, got.Levels, c.want)
		}
	}
}
