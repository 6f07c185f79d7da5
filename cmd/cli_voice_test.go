package cmd

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestSimSpeaksWithOneVoice: okey sim refuses the same mistake with the
// same line whichever game it runs, one line, exit 2, in the language of
// --lang, naming the flag to mend (once 101 said "--hands
// and --matches: give one" where classic said "give --hands or
// --matches, not both", and both said it in English under --lang tr).
func TestSimSpeaksWithOneVoice(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"--bots", "foo"}, "--bots"},
		{[]string{"--bots", "hard,easy"}, "--bots"},
		{[]string{"--hands", "5", "--matches", "2"}, "--matches"},
		{[]string{"--matches", "0"}, "--matches"},
		{[]string{"--hands", "-3"}, "--hands"},
		{[]string{"--workers", "-1"}, "--workers"},
	} {
		for _, lang := range []string{"en", "tr"} {
			said := map[string]bool{}
			for _, game := range []string{"classic", "101"} {
				var out, errb bytes.Buffer
				code := simMain(context.Background(), append([]string{"--lang", lang, "--game", game}, c.args...), strings.NewReader(""), &out, &errb)
				line := errb.String()
				if code != 2 || strings.Count(line, "\n") != 1 || !strings.Contains(line, c.flag) {
					t.Errorf("%s %s %v: exit %d, %q", lang, game, c.args, code, line)
				}
				if lang == "tr" && (strings.Contains(line, " must ") || strings.Contains(line, " give ") || strings.Contains(line, "unknown")) {
					t.Errorf("tr %s %v: English in %q", game, c.args, line)
				}
				said[line] = true
			}
			if len(said) != 1 {
				t.Errorf("%s %v: the games say it differently: %v", lang, c.args, said)
			}
		}
	}
}
