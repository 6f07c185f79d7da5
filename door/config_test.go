package door

import "testing"

// TestConfigCheck: the frames a second and the collector's target a
// server is given are checked with the rest.
func TestConfigCheck(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Config)
		bad  bool
	}{
		{"the defaults", func(*Config) {}, false},
		{"one frame a second", func(c *Config) { c.FPS = 1 }, false},
		{"no frames", func(c *Config) { c.FPS = 0 }, true},
		{"too many frames", func(c *Config) { c.FPS = 121 }, true},
		{"the runtime's collector", func(c *Config) { c.GCPercent = 0 }, false},
		{"a negative collector's target", func(c *Config) { c.GCPercent = -1 }, true},
		{"no limit on wrong codes", func(c *Config) { c.FreeGuesses = 0 }, false},
		{"negative free wrong codes", func(c *Config) { c.FreeGuesses = -1 }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := DefaultConfig()
			tt.edit(&c)
			if err := c.Check(); (err != nil) != tt.bad {
				t.Errorf("Check() = %v, want an error: %v", err, tt.bad)
			}
		})
	}
}
