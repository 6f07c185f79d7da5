package ui

import (
	"strings"
	"testing"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
)

// A 101 hint that lays the okey off names the meld it goes onto — whose
// run, and which: its tiles ("Mehmet's run B3-B5", "Mehmet'in mavi
// 3-4-5 serisine") — and what the okey stands for there, in both
// languages: "onto Mehmet's run" did not say which of his runs, nor
// where the okey goes.
func TestAnOkeyLaidOffIsNamedWithItsMeldAndPlace(t *testing.T) {
	var opt okey101.Action
	m := findTurn101(t, 80, func(m *Model) bool {
		v := table101(m).View
		for _, y := range table101(m).Rack.Slots {
			if y == tile.NoTile || !v.Analyzer.IsOkey(y) {
				continue
			}
			for _, a := range table101(m).Places(okey101.ActLayOff, y, -1, table101(m).TryState()).Opts {
				if v.Table[a.Meld].Meld.Kind == meld.Run {
					opt = a
					return true
				}
			}
		}
		return false
	})
	if m == nil {
		t.Fatal("no seed of 80 lets the player lay an okey off onto a run")
	}
	v := table101(m).G.State().View(0)
	run := v.Table[opt.Meld].Meld
	c, lo, hi := run.As[0].Colour(), run.As[0].Value(), run.As[len(run.As)-1].Value()
	// The okey goes next to the run, at one end or the other.
	var ends []tile.Tile
	if lo > 1 {
		ends = append(ends, tile.NewTile(c, lo-1))
	}
	if hi < 13 {
		ends = append(ends, tile.NewTile(c, hi+1))
	}
	owner := v.Table[opt.Meld].Owner
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		m.tr = tr
		step := strings.ReplaceAll(table101(m).StepsText(&v, []okey101.Action{opt}, false), "\u00a0", " ")
		whose := tr.T("t101.onto.run.you", "")
		if owner != 0 {
			whose = tr.T("t101.onto.run", m.words().NameIn(owner, i18n.Genitive), "")
		}
		// The words around the meld's tiles, whose run it is.
		for _, part := range strings.Fields(whose) {
			if !strings.Contains(step, part) {
				t.Errorf("%s: %q does not say whose run (%q)", lang, step, whose)
			}
		}
		var which string
		if lang == "en" {
			which = run.As[0].String() + "-" + run.As[len(run.As)-1].String()
		} else {
			which = strings.ReplaceAll(tr.Tiles(run.Tiles, v.Okey), "\u00a0", " ")
		}
		if !strings.Contains(step, which) {
			t.Errorf("%s: %q does not say which run (%q)", lang, step, which)
		}
		as := false
		for _, x := range ends {
			as = as || strings.Contains(step, strings.ReplaceAll(tr.Face(x), "\u00a0", " "))
		}
		if !as {
			t.Errorf("%s: %q does not say what the okey stands for (one of %v)", lang, step, ends)
		}
		t.Logf("%s: %s", lang, step)
		if lang == "tr" && !strings.HasSuffix(step, "yerine işle") {
			t.Errorf("tr: %q does not end in \"… yerine işle\"", step)
		}
		if lang == "en" && !strings.Contains(step, " as ") {
			t.Errorf("en: %q does not say \"as\"", step)
		}
	}
}
