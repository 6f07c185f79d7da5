// Package reader is hard reading the table: a classic Okey player that
// plays as hard does, except that its choice among the discards that
// leave the least distance also weighs what the learned belief of the
// opponents' racks (bots/belief) reads from its view: the chance that a
// discard feeds the next player (brings its rack nearer a win, or lets
// it win), and where the outs of the rack it keeps lie (in the wall, to
// be drawn, or in a rack that holds them). It uses the reading
// directly, in a few placements of the next player's rack, not through
// playouts: the search on the belief's worlds (bots/search) lost to
// hard on their noise (docs/studies/classic-belief.md).
//
// With Wait it weighs instead (or as well) the chance that a discard
// lets the next player win, as bots/wait reads it: a reading trained on
// that event itself, which the belief's placements seldom see.
//
// It is a measuring instrument until it beats hard: okey sim plays it
// (--bots read, with its weights in the name: read-f0.1-w1-l0.5,
// read-wait3).
package reader

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/bots/wait"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// Level is the name okey sim knows the player by.
const Level = "read"

// Options weigh what the reading adds to hard's discard, in hard's units
// (tiles of expected distance).
type Options struct {
	// Seed makes the player's choices (and its placements) reproducible.
	Seed uint64
	// Cache is shared with the hard bot underneath, as
	// botsclassic.Options.Cache.
	Cache *botsclassic.TableCache
	// Feed is the cost of a discard the next player is sure to take (it
	// brings its rack nearer a win), in proportion to the chance read.
	Feed float64
	// Win is the cost of a discard sure to let the next player win.
	Win float64
	// Live moves the chance of drawing each out from hard's (its unseen
	// copies over all the unseen tiles) toward the reading's (its copies
	// read to lie in the wall over the wall's tiles): 0 is hard's, 1 the
	// reading's.
	Live float64
	// Prev counts the copies read in the previous player's rack, whose
	// discards the seat may take, as drawable by this much beside the
	// wall's (0: the wall's alone).
	Prev float64
	// Worlds is how many placements of the next player's rack the feed
	// is read in (DefaultWorlds when 0).
	Worlds int
	// Beta weighs each placement by e^(−Beta·d), d the distance of the
	// next player's rack to a win: racks placed tile by tile are further
	// from a win than racks built all hand (DefaultBeta when 0; negative:
	// unweighed).
	Beta float64
	// Uniform reads the racks as dealt at random (the uniform belief)
	// instead of by the trained model: the control that says what the
	// model adds (the level's "-uniform").
	Uniform bool
	// Wait is the cost of a discard sure to let the next player win, in
	// proportion to the chance bots/wait reads of it (a reading trained
	// on that event, not the belief's placements): the level's
	// "-wait<x>".
	Wait float64
	// Floor is the chance of a win-feed below which Wait weighs nothing:
	// the cost is Wait times the chance above Floor, so that hard's pick
	// is left alone unless a discard is read as clearly dangerous (the
	// level's "-t<x>").
	Floor float64
}

// The defaults: the placements' number and weighing.
const (
	DefaultWorlds = 16
	DefaultBeta   = 1.0
)

// Player is hard reading the table. It is deterministic for a seed and a
// sequence of views, and not safe for concurrent use.
type Player struct {
	hard    *botsclassic.Hard
	opt     Options
	rnd     *game.Seeded
	model   *smallnet.Model
	rd      belief.Reader
	reading belief.Reading
	read    botsclassic.Read
	// the reading of the next player's wait, when Wait is set
	waits  *smallnet.Model
	wr     wait.Reader
	win    wait.Input
	chance [tile.NumFaces]float64
}

// New returns a reading player.
func New(opt Options) *Player {
	b, _ := botsclassic.New("hard", botsclassic.Options{Seed: opt.Seed, Cache: opt.Cache})
	if opt.Worlds <= 0 {
		opt.Worlds = DefaultWorlds
	}
	if opt.Beta == 0 {
		opt.Beta = DefaultBeta
	}
	p := &Player{hard: b.(*botsclassic.Hard), opt: opt, rnd: game.NewSeeded(opt.Seed ^ 0x7eade5), model: belief.Trained()}
	if opt.Uniform {
		p.model = nil
	}
	if opt.Wait != 0 {
		p.waits = wait.Trained()
		p.wr.Worlds, p.wr.Beta = opt.Worlds, opt.Beta
	}
	return p
}

// Level is the player's name with its weights, as Parse reads it.
func (p *Player) Level() string {
	n := Level
	for _, w := range []struct {
		key string
		x   float64
	}{{"f", p.opt.Feed}, {"w", p.opt.Win}, {"l", p.opt.Live}} {
		if w.x != 0 {
			n += "-" + w.key + strconv.FormatFloat(w.x, 'g', -1, 64)
		}
	}
	if p.opt.Worlds != DefaultWorlds {
		n += "-n" + strconv.Itoa(p.opt.Worlds)
	}
	if p.opt.Beta != DefaultBeta {
		n += "-b" + strconv.FormatFloat(p.opt.Beta, 'g', -1, 64)
	}
	if p.opt.Prev != 0 {
		n += "-p" + strconv.FormatFloat(p.opt.Prev, 'g', -1, 64)
	}
	if p.opt.Uniform {
		n += "-" + uniform
	}
	if p.opt.Wait != 0 {
		n += "-" + waitKey + strconv.FormatFloat(p.opt.Wait, 'g', -1, 64)
	}
	if p.opt.Floor != 0 {
		n += "-t" + strconv.FormatFloat(p.opt.Floor, 'g', -1, 64)
	}
	return n
}

// Decide is hard's move; at a discard, weighed by the reading.
func (p *Player) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if !v.MyTurn() || v.Stage != classic.MustDiscard || (p.opt.Feed == 0 && p.opt.Win == 0 && p.opt.Live == 0 && p.opt.Wait == 0) {
		return p.hard.Decide(ctx, v)
	}
	if err := p.readView(&v); err != nil {
		return classic.Action{}, fmt.Errorf("read, seat %d: %w", v.Seat, err)
	}
	return p.hard.DecideRead(ctx, v, &p.read)
}

// readView fills p.read from the view's reading.
func (p *Player) readView(v *classic.View) error {
	if err := p.rd.Read(v, p.model, &p.reading); err != nil {
		return err
	}
	r := &p.reading
	p.read = botsclassic.Read{}
	if l := p.opt.Live; l != 0 {
		const prev = belief.Opponents - 1
		all := 0
		for _, s := range r.Slots {
			all += s
		}
		draw := float64(r.Slots[belief.Wall]) + float64(p.opt.Prev*float64(r.Slots[prev]))
		if all > 0 && draw > 0 {
			even := draw / float64(all)
			for f, u := range r.Unseen {
				q := r.P[belief.Wall][f] + float64(p.opt.Prev*r.P[prev][f])
				p.read.Draw[f] = float64(u) * float64((1-l)*even+float64(l*q))
			}
			p.read.DrawTotal = draw
		}
	}
	if p.opt.Feed != 0 || p.opt.Win != 0 {
		if err := p.feed(v); err != nil {
			return err
		}
	}
	if p.opt.Wait != 0 {
		if err := p.wr.Fill(v, p.rnd, &p.win); err != nil {
			return err
		}
		wait.Chances(p.waits, &p.win, &p.chance)
		for f, c := range p.chance {
			p.read.Cost[f] += float64(p.opt.Wait * max(c-p.opt.Floor, 0))
		}
	}
	return nil
}

// feed adds to p.read.Cost, for each face the seat holds, the chance
// read that the next player would take it (Feed) and win with it (Win):
// over Worlds placements from the reading, each weighed by how near the
// next player's rack is to a win, the share in which the face is one of
// that rack's outs (the rule normal and hard take a discard by), and in
// which it is while the rack is one exchange from a win.
func (p *Player) feed(v *classic.View) error {
	r := &p.reading
	next := r.Seats[0]
	if next < 0 {
		return nil
	}
	an := &v.Analyzer
	var racks [classic.NumSeats]tile.Counts
	var took, won [tile.NumFaces]float64
	total := 0.0
	for range p.opt.Worlds {
		r.Deal(p.rnd, &racks)
		h, err := an.HandOf(racks[next])
		if err != nil {
			return fmt.Errorf("the next player's rack: %w", err)
		}
		d := an.Distance(h)
		w := 1.0
		if p.opt.Beta > 0 {
			w = math.Exp(-p.opt.Beta * float64(d))
		}
		total += w
		outs := an.Outs(h)
		for f, k := range v.Counts {
			if k == 0 || !outs.Has(tile.Tile(f)) {
				continue
			}
			took[f] += w
			if d == 1 {
				won[f] += w
			}
		}
	}
	if total == 0 {
		return nil
	}
	for f := range took {
		p.read.Cost[f] = float64(p.opt.Feed*took[f]/total) + float64(p.opt.Win*won[f]/total)
	}
	return nil
}

// uniform is the name's part that reads the racks as dealt at random;
// waitKey begins the part that weighs the wait read (Wait).
const (
	uniform = "uniform"
	waitKey = "wait"
)

// ErrLevel is wrapped by Parse's errors.
var ErrLevel = errors.New("not a read level (read, then -f<feed>, -w<win>, -l<live>, -n<worlds>, -p<prev>, -b<beta>, -uniform, -wait<x> and -t<floor>: read-f0.1-w1-l0.5, read-wait30-t0.05)")

// Parse reads a level name of the player: "read", then any of "-f<x>"
// (Feed), "-w<x>" (Win), "-l<x>" (Live), "-p<x>" (Prev), "-n<k>"
// (Worlds), "-b<x>" (Beta), "-uniform" (Uniform), "-wait<x>" (Wait) and
// "-t<x>" (Floor). ok is false for a
// name that is not the player's at all; err says what is wrong with one
// that is, but badly formed. The options' Seed and Cache are left for
// the caller.
func Parse(name string) (opt Options, ok bool, err error) {
	n := strings.ToLower(strings.TrimSpace(name))
	rest, found := strings.CutPrefix(n, Level)
	if !found || (rest != "" && rest[0] != '-') {
		return Options{}, false, nil
	}
	bad := fmt.Errorf("%q: %w", name, ErrLevel)
	for _, part := range strings.Split(rest, "-")[1:] {
		if part == uniform {
			opt.Uniform = true
			continue
		}
		if x, found := strings.CutPrefix(part, waitKey); found {
			w, err := strconv.ParseFloat(x, 64)
			if err != nil || math.IsNaN(w) || math.IsInf(w, 0) || math.Abs(w) > 100 {
				return Options{}, true, bad
			}
			opt.Wait = w
			continue
		}
		if len(part) < 2 {
			return Options{}, true, bad
		}
		if part[0] == 'n' {
			k, err := strconv.Atoi(part[1:])
			if err != nil || k < 1 || k > 1024 {
				return Options{}, true, bad
			}
			opt.Worlds = k
			continue
		}
		x, err := strconv.ParseFloat(part[1:], 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 100 {
			return Options{}, true, bad
		}
		switch part[0] {
		case 'f':
			opt.Feed = x
		case 'w':
			opt.Win = x
		case 'l':
			opt.Live = x
		case 'b':
			opt.Beta = x
		case 'p':
			opt.Prev = x
		case 't':
			opt.Floor = x
		default:
			return Options{}, true, bad
		}
	}
	return opt, true, nil
}
