// Package reader101 is 101's hard reading the table, the mirror of
// classic's bots/reader: the hard bot of 101 (bots101) with its
// samplers fed by the learned belief of the opponents' racks
// (bots/belief101) instead of the live copies. Its look-ahead (the odds
// of opening or finishing with the next draws) weighs each face by the
// copies the wall is read to hold, and its feed guard deals the next
// player's rack from the chance read that it holds each tile
// (bots101.Options.Belief; the reader here, Belief, turns the belief's
// reading into what hard uses). The game's hard has no belief and plays
// as it always has, so the belief's training data, which hard plays,
// are unchanged.
//
// It is a measuring instrument until it beats hard: okey sim --game 101
// plays it (--bots read; read-look and read-feed read the belief in one
// of the two places only, and "-uniform" reads the uniform belief, the
// control that says what the trained model adds). The study is
// docs/studies/belief-101.md.
package reader101

import (
	"errors"
	"fmt"
	"strings"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/bots101"
	"okey/bots/smallnet"
	"okey/game/okey101"
)

// Level is the name okey sim knows the player by.
const Level = "read"

// The parts of a level's name after Level.
const (
	partLook    = "look"
	partFeed    = "feed"
	partUniform = "uniform"
)

// ErrLevel is wrapped by the error of a name that starts as the
// player's but is not one of its names.
var ErrLevel = errors.New("not a 101 read level (read, read-look or read-feed, each with -uniform or not: read-look-uniform)")

// Options are what a name of the player says.
type Options struct {
	// Use is where hard reads the belief (0: everywhere it can).
	Use bots101.BeliefUse
	// Uniform reads the uniform belief instead of the trained one.
	Uniform bool
}

// Parse reads a level name of the player: ok is false for a name that is
// not the player's, err set for one that starts as the player's but is
// none of its names.
func Parse(name string) (opt Options, ok bool, err error) {
	n := strings.ToLower(strings.TrimSpace(name))
	rest, found := strings.CutPrefix(n, Level)
	if !found || (rest != "" && rest[0] != '-') {
		return Options{}, false, nil
	}
	parts := strings.Split(rest, "-")[1:]
	if len(parts) > 0 && (parts[0] == partLook || parts[0] == partFeed) {
		opt.Use = bots101.UseLook
		if parts[0] == partFeed {
			opt.Use = bots101.UseFeed
		}
		parts = parts[1:]
	}
	if len(parts) > 0 && parts[0] == partUniform {
		opt.Uniform, parts = true, parts[1:]
	}
	if len(parts) > 0 {
		return Options{}, true, fmt.Errorf("%q: %w", name, ErrLevel)
	}
	return opt, true, nil
}

// New returns the player a name reads as (Parse), with bo's seed and
// solver: hard with a Belief of its own.
func New(opt Options, bo bots101.Options) (bots101.Bot, error) {
	var m *smallnet.Model
	if !opt.Uniform {
		m = belief101.Trained()
	}
	bo.Belief, bo.BeliefUse = NewBelief(m), opt.Use
	return bots101.New("hard", bo)
}

// Belief reads views of 101 for the hard bot (bots101.Belief): where
// the belief of bots/belief101 puts the tiles the seat cannot see, the
// wall's share of each face and the next player's rack. It keeps the
// reader's working memory, so each bot needs one of its own.
type Belief struct {
	m  *smallnet.Model
	rd belief101.Reader
	r  belief.Reading
}

// NewBelief returns a reader of views with model m (nil: the uniform
// belief, every unseen tile as likely in any unseen slot: hard's live
// copies less the tiles it knows an opponent took).
func NewBelief(m *smallnet.Model) *Belief { return &Belief{m: m} }

// Read reads view v into out, false when the belief does not read it.
func (b *Belief) Read(v *okey101.View, out *bots101.Reading) bool {
	if err := b.rd.Read(v, b.m, &b.r); err != nil {
		return false
	}
	next := b.r.Place((v.Seat + 1) % okey101.NumSeats)
	if next == belief.Wall {
		return false
	}
	out.Unseen = b.r.Unseen
	out.Wall = b.r.P[belief.Wall]
	out.Next = b.r.P[next]
	out.NextKnown = b.r.Known[next]
	out.NextSlots = b.r.Slots[next]
	return true
}
