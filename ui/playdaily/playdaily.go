package playdaily

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"okey/bots/par"
	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/format"
	"okey/game/okey101"
	"okey/ui/stats"
)

// Epoch is the first day the daily was played: a clock that says today
// is before it is set wrong.
var Epoch = mustDate("2026-11-01")

// farAhead is how many days after the last daily played (or the epoch)
// the clock may say it is before the app asks whether it is right: a
// player back after more than a year is asked once.
const farAhead = 400

func mustDate(s string) daily.Date {
	d, err := daily.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// Ask is why a daily's date is asked about before playing; AskNone for
// no question.
type Ask int

const (
	AskNone       Ask = iota
	AskFuture         // the date asked for has not come yet by the clock
	AskClockBack      // the clock says a day before the epoch, or before a daily already played
	AskClockAhead     // the clock says a day far after the last daily played
)

// Choice is how a daily is to be played: its date, for the record or as
// practice and why, and what to ask first.
type Choice struct {
	Date     daily.Date
	Practice bool
	// Why is the catalogue's key that says why it is practice ("" for
	// the record): daily.why.past, daily.why.future, daily.why.again.
	Why string
	Ask Ask
	// Latest is the latest day of a daily played (zero for none), which
	// a question about the clock names.
	Latest daily.Date
}

// Decide is how the daily of g is played: on date (zero: today by the
// clock), given the dailies in f. A day other than today is practice,
// and so is a day whose daily was played for the record already (a
// daily counts once); a day after today, or a clock that looks wrong,
// is asked about first — never silently another day.
func Decide(f *stats.File, g game.Kind, date, today daily.Date) Choice {
	c := Choice{Date: date, Latest: latest(f)}
	if date.IsZero() {
		c.Date = today
		switch {
		case today.Before(Epoch) || today.Before(c.Latest):
			c.Ask = AskClockBack
		case farFrom(today, c.Latest):
			c.Ask = AskClockAhead
		}
	}
	switch {
	case today.Before(c.Date):
		c.Practice, c.Why = true, "daily.why.future"
		if c.Ask == AskNone {
			c.Ask = AskFuture
		}
	case c.Date.Before(today):
		c.Practice, c.Why = true, "daily.why.past"
	default:
		if _, ok := f.Recorded(string(g), c.Date.String()); ok {
			c.Practice, c.Why = true, "daily.why.again"
		}
	}
	return c
}

// farFrom reports whether today is far after the later of latest and
// the epoch.
func farFrom(today, latest daily.Date) bool {
	ref := Epoch
	if ref.Before(latest) {
		ref = latest
	}
	return ref.AddDays(farAhead).Before(today)
}

// latest is the latest day of a daily played for the record (zero for
// none): practice may name any day.
func latest(f *stats.File) daily.Date {
	var l daily.Date
	for _, d := range f.Dailies {
		if d.Practice {
			continue
		}
		if day, err := daily.ParseDate(d.Date); err == nil && l.Before(day) {
			l = day
		}
	}
	return l
}

// ErrNotDone is returned by Score for a record whose daily hand is not
// over yet (a void deal of 101 dealt again is not over).
var ErrNotDone = errors.New("the daily's hand is not over")

// Score is the player's score of a daily hand of game g from its record
// rec, in par's measure (bots/par): classic, what the player made the
// others lose less what they lost; 101, the hand's points. It is seat
// 0's part of the hand's Outcome.
func Score(g game.Kind, rec []byte) (int, error) {
	o, err := Outcome(g, rec)
	return o.Scores[0], err
}

// Outcome is a daily hand's outcome (game g, its record rec), every
// seat's score in par's measure, as the served table's referee gives
// it to game/format's Daily to score: classic, what each seat made the
// others lose less what it lost (more is better); 101, each seat's
// total of the hand (less is better). It reads the record again, so it
// depends on nothing the table keeps.
func Outcome(g game.Kind, rec []byte) (format.Outcome, error) {
	var o format.Outcome
	switch g {
	case game.Classic:
		r, err := classic.ParseRecord(rec)
		if err != nil {
			return o, err
		}
		m, err := r.Replay()
		if err != nil {
			return o, err
		}
		res := m.State().Result()
		if res == nil || res.Hand != 1 {
			return o, ErrNotDone
		}
		for s := range o.Scores {
			o.Scores[s] = par.ClassicSeatScore(res, s)
		}
		return o, nil
	case game.Okey101:
		r, err := okey101.ParseRecord(rec)
		if err != nil {
			return o, err
		}
		m, err := r.Replay()
		if err != nil {
			return o, err
		}
		st := m.State()
		res := st.Result()
		if st.Phase() != game.MatchOver || res == nil {
			return o, ErrNotDone
		}
		o.LessIsBetter = true
		for s, l := range res.Lines {
			o.Scores[s] = l.Total
		}
		return o, nil
	}
	return o, fmt.Errorf("%q: %w", g, game.ErrKind)
}

// Streak is the number of days in a row a daily was played for the
// record, either game, up to today — or up to yesterday when today's is
// not played yet (the streak is not broken before the day is over).
func Streak(f *stats.File, today daily.Date) int {
	days := map[daily.Date]bool{}
	for _, d := range f.Dailies {
		if day, err := daily.ParseDate(d.Date); err == nil && !d.Practice {
			days[day] = true
		}
	}
	day := today
	if !days[day] {
		day = day.AddDays(-1)
	}
	n := 0
	for days[day] {
		n++
		day = day.AddDays(-1)
	}
	return n
}

// Done are the dailies of game g finished for the record with par
// known, oldest first, and their totals against par.
func Done(f *stats.File, g game.Kind) ([]stats.Daily, []int) {
	var ds []stats.Daily
	var totals []int
	for _, d := range f.Dailies {
		if d.Practice || d.Game != string(g) || !d.Done() {
			continue
		}
		if _, t, ok := d.Against(); ok {
			ds = append(ds, d)
			totals = append(totals, t)
		}
	}
	return ds, totals
}

// Best is the daily of game g with the best result against par (the
// earliest of equals), and whether there is one.
func Best(f *stats.File, g game.Kind) (stats.Daily, int, bool) {
	ds, totals := Done(f, g)
	if len(ds) == 0 {
		return stats.Daily{}, 0, false
	}
	i := 0
	for j, t := range totals {
		if t > totals[i] {
			i = j
		}
	}
	return ds[i], totals[i], true
}

// bars are the sparkline's steps, lowest first.
var bars = []rune("▁▂▃▄▅▆▇█")

// Sparkline draws vs as one line of block characters, the lowest value
// ▁ and the highest █; all equal is a line of ▄. Plain text, no colour:
// it goes in a line to share.
func Sparkline(vs []int) string {
	if len(vs) == 0 {
		return ""
	}
	lo, hi := slices.Min(vs), slices.Max(vs)
	var b strings.Builder
	for _, v := range vs {
		if hi == lo {
			b.WriteRune(bars[3])
			continue
		}
		top := len(bars) - 1 // rounded to the nearest step
		b.WriteRune(bars[((v-lo)*top*2+(hi-lo))/(2*(hi-lo))])
	}
	return b.String()
}

// Signed writes n with its sign: +3, 0, -2 (ASCII, for a line pasted
// in any chat).
func Signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// Words are the catalogue's words (i18n.Catalog's T).
type Words func(key string, args ...any) string

// Share is the line to share of the daily d: plain text, no colour, on
// one line — the day, the game, the result against par and each hand's
// drawn as a sparkline, practice said:
//
//	okey daily 2026-11-24 · classic · +3 vs par · ▁▃▇▅
//
// A daily not finished, or whose par is not known, says how far it got.
func Share(t Words, d stats.Daily) string {
	parts := []string{"okey daily " + d.Date, t("daily.share.game." + d.Game)}
	hands, total, ok := d.Against()
	switch {
	case ok && d.Done():
		parts = append(parts, t("daily.share.vspar", Signed(total)), Sparkline(hands))
	case ok:
		parts = append(parts, t("daily.share.sofar", Signed(total), len(hands), d.Hands), Sparkline(hands))
	default:
		parts = append(parts, t("daily.share.nopar"))
	}
	if d.Practice {
		parts = append(parts, t("daily.share.practice"))
	}
	return strings.Join(parts, " · ")
}
