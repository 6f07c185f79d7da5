package serve

import (
	"time"

	"okey/bots/botsclassic"
	"okey/game/classic"
	"okey/ui/serve/tables"
)

// createForm is the form of a new table.
type createForm struct {
	field int
	game  int
	rules int
	level [classic.NumSeats - 1]int
	timer int
	// dup is the number of deals of a duplicate table, 0 for none.
	dup  int
	priv bool
	// same is the host's consent to several seats from one address.
	same bool
	// timers are the turn timers offered.
	timers []time.Duration
}

// newCreateForm is the form with the server's default timer first
// among the timers offered.
func newCreateForm(def time.Duration) createForm {
	f := createForm{level: [3]int{1, 1, 1}, timers: []time.Duration{def}}
	for _, d := range []time.Duration{30 * time.Second, 60 * time.Second, 15 * time.Second, 0} {
		if d != def {
			f.timers = append(f.timers, d)
		}
	}
	return f
}

// Fields of the form.
const (
	fGame = iota
	fRules
	fLevel1
	fLevel2
	fLevel3
	fTimer
	fDuplicate
	fSameAddr
	fPrivate
	nFields
)

func (f *createForm) change(d int) {
	wrap := func(i, n int) int { return ((i+d)%n + n) % n }
	kinds := tables.GameKinds()
	switch f.field {
	case fGame:
		f.game = wrap(f.game, len(kinds))
		f.rules = 0
	case fRules:
		f.rules = wrap(f.rules, len(kinds[f.game].Rules))
	case fLevel1, fLevel2, fLevel3:
		i := f.field - fLevel1
		f.level[i] = wrap(f.level[i], len(botsclassic.Levels))
	case fTimer:
		f.timer = wrap(f.timer, len(f.timers))
	case fDuplicate:
		f.dup = wrap(f.dup, tables.MaxDuplicateDeals+1)
	case fPrivate:
		f.priv = !f.priv
	case fSameAddr:
		f.same = !f.same
	}
}

// config is the table the form describes; the host's own seat (0)
// gets the middle level for a stand-in. At a duplicate table the levels
// are the players' (a bot keeps its level as it moves round the seats).
func (f *createForm) config() tables.Config {
	k := tables.GameKinds()[f.game]
	c := tables.Config{Game: k.Name, Rules: k.Rules[f.rules], Timer: f.timers[f.timer]}
	c.Levels[0] = "normal"
	for i := range f.level {
		c.Levels[i+1] = botsclassic.Levels[f.level[i]]
	}
	if f.priv {
		c.Code = newCode()
	}
	c.SameAddr = f.same
	if f.dup > 0 {
		// Each hand a match of its own: 101's made one hand long (a
		// preset cannot fail; if it did, the table's check would say so).
		if r, err := tables.DuplicateRules(c.Game, c.Rules); err == nil {
			c.Rules = r
		}
		c.Duplicate = &tables.DuplicatePlan{Deals: f.dup}
	}
	return c
}
