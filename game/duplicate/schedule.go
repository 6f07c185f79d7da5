package duplicate

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
)

// Version is the version of the derivation of the deals' seeds.
const Version = 1

// label is the domain tag the deals' seeds are hashed under.
const label = "okey duplicate v1"

// Seats is the number of seats, and so of rotations of a deal.
const Seats = 4

// MaxDeals bounds the number of deals a table may be planned for: a
// table of friends plays a few, and a plan is 4 hands a deal.
const MaxDeals = 16

// ErrDeals is a number of deals out of 1..MaxDeals.
var ErrDeals = errors.New("number of deals out of range")

// Hand is one hand of a duplicate table's plan.
type Hand struct {
	// N is the hand's place in the plan, from 0.
	N int
	// Deal is the deal, from 0; Rotation the time it is played, 0 to 3.
	Deal, Rotation int
	// Seed is the deal's match seed: the hand is the first hand of a
	// one-hand match of it.
	Seed uint64
}

// Seat is the seat player p sits in in this hand: (p+Rotation) mod 4.
func (h Hand) Seat(p int) int { return (p + h.Rotation) % Seats }

// Player is the player sitting in seat s in this hand, Seat's inverse.
func (h Hand) Player(s int) int { return (s - h.Rotation + Seats) % Seats }

// DealSeed is the seed of deal k (from 0) of the table whose secret is
// secret: see the package's doc.
func DealSeed(secret uint64, k int) uint64 {
	h := sha256.New()
	h.Write([]byte(label))
	h.Write([]byte{0})
	h.Write([]byte(strconv.FormatUint(secret, 10)))
	h.Write([]byte{0})
	h.Write([]byte("deal " + strconv.Itoa(k+1)))
	return binary.BigEndian.Uint64(h.Sum(nil)[:8])
}

// Schedule is the plan of a duplicate table of deals deals under
// secret: 4·deals hands, deal by deal, each deal's four rotations in
// order.
func Schedule(secret uint64, deals int) ([]Hand, error) {
	if deals < 1 || deals > MaxDeals {
		return nil, fmt.Errorf("%d deals: %w (1 to %d)", deals, ErrDeals, MaxDeals)
	}
	out := make([]Hand, 0, Seats*deals)
	for k := range deals {
		seed := DealSeed(secret, k)
		for r := range Seats {
			out = append(out, Hand{N: len(out), Deal: k, Rotation: r, Seed: seed})
		}
	}
	return out, nil
}
