package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// okey hand --lang tr says its analysis as the Turkish table does: the
// tiles in words with their endings, the finishes by their names; the
// English analysis and --json do not change (issue 31, point 9).
func TestHandInTurkish(t *testing.T) {
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := handMain(context.Background(), args, strings.NewReader("K3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K4\n"), &out, &errb)
		return strings.ReplaceAll(out.String()+errb.String(), "\u00a0", " "), code
	}
	rack := []string{"--indicator", "K3", "R1", "R2", "R3", "Y4", "Y5", "Y6", "Y7", "B9", "B10", "B11", "R12", "Y12", "B12", "K12", "K4"}
	tr, code := run(append([]string{"--lang", "tr"}, rack...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, tr)
	}
	for _, want := range []string{"Gösterge siyah 3, okey siyah 4", "Biter: okeyi (siyah 4) at (okeyli bitiş", "seri      sarı 4-5-6-7", "aynı sayı kırmızı-sarı-mavi-siyah 12"} {
		if !strings.Contains(tr, want) {
			t.Errorf("missing %q in:\n%s", want, tr)
		}
	}
	if strings.Contains(tr, "K4") || strings.Contains(tr, "Wins") {
		t.Errorf("notation or English in the Turkish analysis:\n%s", tr)
	}
	en, _ := run(append([]string{"--lang", "en"}, rack...)...)
	if !strings.Contains(en, "Wins: discard K4 (okey finish, worth double) and lay down runs and sets:") {
		t.Errorf("the English analysis changed:\n%s", en)
	}
	jsonEN, _ := run("--json", "--lang", "en")
	jsonTR, _ := run("--json", "--lang", "tr")
	if jsonEN != jsonTR || !strings.Contains(jsonEN, `"K4"`) {
		t.Errorf("--json differs with --lang tr:\n%s\n%s", jsonEN, jsonTR)
	}
	if out, code := run("--lang", "xx", "R1"); code != 2 || !strings.Contains(out, "--lang") {
		t.Errorf("--lang xx: exit %d, %q", code, out)
	}
	tr101, code := run("--lang", "tr", "--game", "101", "--indicator", "R4", "R1", "R2", "R3", "Y5", "Y6", "Y7", "B9", "B10", "B11", "K12", "K13", "R5", "J", "Y12", "Y12", "B1", "B2", "K3", "K4", "K5", "K6")
	if code != 0 || !strings.Contains(tr101, "108 ile açar (en az 101 gerekir):") || !strings.Contains(tr101, "sarı-siyah-okey 12") {
		t.Errorf("101 in Turkish, exit %d:\n%s", code, tr101)
	}
}
