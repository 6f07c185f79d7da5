package tourney

import (
	"errors"
	"fmt"
	"strconv"
)

// Points are tournament points counted in twelfths of a point, so that
// places shared by two, three or four players split their points
// exactly (12 is divisible by each).
type Points int

// Twelfths is one point.
const Twelfths Points = 12

// String writes points as a player reads them: "4", "1.5", "2.33".
func (p Points) String() string {
	if p%Twelfths == 0 {
		return strconv.Itoa(int(p / Twelfths))
	}
	s := strconv.FormatFloat(float64(p)/float64(Twelfths), 'f', 2, 64)
	if s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return s
}

// PlacePoints are what the first to the fourth place of a match are
// worth, in points: 4, 2, 1 and 0, as the tournament's page says.
var PlacePoints = [4]Points{4 * Twelfths, 2 * Twelfths, 1 * Twelfths, 0}

// Places ranks the four seats of a match by their standing at its end,
// more being better (the classic match's points, a 101 match's total
// with its sign turned): place 1 is the best; seats that stand equal
// share a place (1, 1, 3, 4).
func Places(standing [4]int) [4]int {
	var places [4]int
	for i := range standing {
		places[i] = 1
		for j := range standing {
			if standing[j] > standing[i] {
				places[i]++
			}
		}
	}
	return places
}

// Worth is what each seat's place is worth, ties sharing the points of
// the places they cover: two seats first share 4 and 2 (3 each), three
// seats second share 2, 1 and 0 (1 each).
func Worth(places [4]int) ([4]Points, error) {
	var out [4]Points
	for i, p := range places {
		if p < 1 || p > 4 {
			return out, fmt.Errorf("place %d of seat %d: %w", p, i, ErrPlaces)
		}
		n := 0
		for _, q := range places {
			if q == p {
				n++
			}
		}
		if p+n-1 > 4 {
			return out, fmt.Errorf("%d seats share place %d: %w", n, p, ErrPlaces)
		}
		for _, q := range places {
			if q > p && q < p+n {
				return out, fmt.Errorf("place %d after %d seats at place %d: %w", q, n, p, ErrPlaces)
			}
		}
		var sum Points
		for k := p; k < p+n; k++ {
			sum += PlacePoints[k-1]
		}
		out[i] = sum / Points(n)
	}
	return out, nil
}

// ErrPlaces is a match whose places cannot be: out of 1 to 4, or ties
// that skip or overlap places.
var ErrPlaces = errors.New("the places of a match are not a ranking")
