package belief

import "math"

// CountChances is the chance that a rack holds 0, 1 or 2 of a face's u
// unseen copies (u is 1 or 2) when each copy lies there with chance p on
// its own: the binomial Reading.Count gives. A cell of the figures (one
// opponent and one face) is scored by it.
func CountChances(p float64, u uint8) (pr [3]float64) {
	switch u {
	case 1:
		pr[0], pr[1] = 1-p, p
	default:
		pr[0], pr[1], pr[2] = (1-p)*(1-p), 2*p*(1-p), p*p
	}
	return pr
}

// CellLoss is the log-loss, in nats, of one cell (an opponent and a face
// with u unseen copies) whose rack held k of them, when each copy was
// given chance p of lying there: −log CountChances(p, u)[k], the chance
// floored at 1e−12.
func CellLoss(p float64, u, k uint8) float64 {
	return -math.Log(max(CountChances(p, u)[k], 1e-12))
}

// Frequencies is the belief of one face that a sampler's worlds give, as
// the samplers are measured (docs/studies/classic-belief.md): held[o] is how
// many of the face's u unseen copies the worlds put in opponent o's
// unseen slots, summed over n worlds, and slots each place's unseen
// slots. Each place with slots gets its share of the n·u copies (the
// wall what the racks leave), with half a copy added to each such place,
// so that no chance is 0; a place without slots keeps its count.
func Frequencies(held [Opponents]float64, n int, u uint8, slots [Places]int) [Places]float64 {
	var q [Places]float64
	rest := float64(n) * float64(u)
	for o := range Opponents {
		q[o] = held[o]
		rest -= q[o]
	}
	q[Wall] = rest
	live := 0.0
	for pl := range Places {
		if slots[pl] > 0 {
			live++
		}
	}
	for pl := range Places {
		if slots[pl] > 0 {
			q[pl] = (q[pl] + 0.5) / (float64(n)*float64(u) + 0.5*live)
		}
	}
	return q
}
