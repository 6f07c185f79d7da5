package tables

import (
	"context"
	"time"

	"okey/game/classic"
)

// ratings are the ratings of a table's seats' owners, for the seats'
// panels: read off the table's goroutine (the store may be a network
// away) whenever the owners change, the answer coming back on in.
type ratings struct {
	// of are the ratings as last read, by identity; owners whose they
	// are (a new set of owners is read again).
	of     map[string]float64
	owners [classic.NumSeats]string
	in     chan seatRatings
}

// seatRatings are the ratings read for a set of seat owners.
type seatRatings struct {
	owners  [classic.NumSeats]string
	ratings map[string]float64
}

// forget has the ratings read again at the next look: a match's end
// moved them.
func (r *ratings) forget() { r.owners = [classic.NumSeats]string{} }

// read reads the ratings of owners in gameName with readOne (nil: the
// server keeps none) when they are not the owners last read: in a
// goroutine, the answer coming back on in.
func (r *ratings) read(owners [classic.NumSeats]string, readOne func(ctx context.Context, gameName, id string) (float64, bool), gameName string) {
	if owners == r.owners || readOne == nil {
		return
	}
	r.owners = owners
	in := r.in
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		got := map[string]float64{}
		for _, id := range owners {
			if id == "" {
				continue
			}
			if v, ok := readOne(ctx, gameName, id); ok {
				got[id] = v
			}
		}
		select {
		case <-in: // an older answer nobody took
		default:
		}
		in <- seatRatings{owners: owners, ratings: got}
	}()
}

// take keeps an answer read for the owners of now.
func (r *ratings) take(a seatRatings) {
	if a.owners == r.owners {
		r.of = a.ratings
	}
}
