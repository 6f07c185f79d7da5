//go:build tune

package botsclassic

import "fmt"

// tuneSet changes one tuning knob of a bot for TestTune: for hard, def
// (the defence weight) and look (1 drops the second exchange).
func tuneSet(b Bot, k string, x float64) error {
	if o, ok := b.(*sight); ok {
		switch k {
		case "f":
			o.feed = x
			return nil
		case "w":
			o.win = x
			return nil
		case "l":
			o.live = x
			return nil
		case "p":
			o.prev = x
			return nil
		}
		b = o.Hard
	}
	if o, ok := b.(*oracle); ok {
		if k == "what" {
			o.what = int(x)
			return nil
		}
		b = o.Hard
	}
	if b, ok := b.(*Hard); ok {
		switch k {
		case "def":
			b.defence = x
			return nil
		case "look":
			b.lookahead = int(x)
			return nil
		case "hold":
			b.hold = x != 0
			return nil
		case "pairs":
			b.pairs = x != 0
			return nil
		case "pslack":
			b.pt.slack = int(x)
			return nil
		case "pboost":
			b.pt.boost = x
			return nil
		}
	}
	if b, ok := b.(*Normal); ok {
		switch k {
		case "hold":
			b.hold = x != 0
			return nil
		case "pairs":
			b.pairs = x != 0
			return nil
		case "pslack":
			b.pt.slack = int(x)
			return nil
		case "pboost":
			b.pt.boost = x
			return nil
		}
	}
	if b, ok := b.(*Expert); ok {
		switch k {
		case "match":
			b.matchAware = x != 0
			return nil
		case "worlds":
			b.maxWorlds = int(x)
			return nil
		}
	}
	if b, ok := b.(*pimc); ok {
		switch k {
		case "n":
			b.n = int(x)
			return nil
		case "k":
			b.k = int(x)
			return nil
		case "filt":
			b.filt = int(x)
			return nil
		case "cheat":
			b.cheat = int(x)
			return nil
		case "taken":
			b.taken = x != 0
			return nil
		case "belief":
			b.belief = int(x)
			return nil
		case "burn":
			b.burn = int(x)
			return nil
		case "honest":
			b.belief, b.honest = int(x), true
			return nil
		case "cold":
			b.cold = x != 0
			return nil
		case "budget":
			b.budget = int(x)
			return nil
		case "sampler":
			b.sampler = int(x)
			return nil
		case "probe":
			b.probe = int(x)
			return nil
		}
	}
	return fmt.Errorf("no knob %q for %s", k, b.Level())
}
