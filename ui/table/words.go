package table

import (
	"okey/kit/i18n"
)

// Seats is the number of seats at a table, in both games.
const Seats = 4

// Words are the words both games' tables write seats, tiles and scores
// in, in the player's language: the catalogue, the seats' names, and
// whether the screen is a spectator's (whose seat 0 is another player,
// never "you"). It is a small value, made afresh from the app's state
// where it is needed, so that it never goes out of date.
type Words struct {
	Tr       *i18n.Catalog
	Names    [Seats]string
	Watching bool
	// FirstHand is the number a format gives the match's first hand
	// (0 or 1: its own). A daily plays each of its hands as a match of
	// one hand: its hand 2 is the match's hand 1, and the log and the
	// hand's end say "Hand 2", as the header's "Daily 2/4" does.
	FirstHand int
}

// Hand is the number the player is told for the match's hand n.
func (w Words) Hand(n int) int {
	if w.FirstHand > 1 {
		return n + w.FirstHand - 1
	}
	return n
}

// me reports whether seat s is the player's own.
func (w Words) me(s int) bool { return s == 0 && !w.Watching }

// SeatName is how the log and the screens name a seat.
func (w Words) SeatName(s int) string {
	if w.me(s) {
		return w.Tr.T("you")
	}
	if s < 0 || s >= Seats {
		return "?"
	}
	return w.Names[s]
}

// YouOr says key about seat s: "key.you" without a name when s is the
// player ("you showed the indicator", "gösterge yaptın"), else "key"
// with the seat's name first. A "you" never goes into a third-person
// sentence: Turkish puts the person on the verb.
func (w Words) YouOr(s int, key string, args ...any) string {
	if w.me(s) {
		return w.Tr.T(key+".you", args...)
	}
	return w.Tr.T(key, append([]any{w.SeatName(s)}, args...)...)
}

// SeatNameMid is SeatName inside a sentence: "you" rather than "You".
func (w Words) SeatNameMid(s int) string {
	if w.me(s) {
		return w.Tr.T("you.mid")
	}
	return w.SeatName(s)
}

// NameIn is seat s's name with the case ending c: "Zeynep'in". The
// player's own seat has its own ("you") messages and never comes here
// in a sentence about a third person.
func (w Words) NameIn(s int, c i18n.Case) string { return w.Tr.Sfx(w.SeatName(s), c) }

// FromWhom names the seat a tile was taken from, inside a sentence:
// "Ayşe" / "you" in English, "Ayşe'den" / "senden" in Turkish.
func (w Words) FromWhom(s int) string {
	if w.me(s) {
		return w.Tr.T("you.from")
	}
	return w.NameIn(s, i18n.Ablative)
}

// PointsText is a score for a panel: "1 pt", "3 pts", "-1 pts".
func (w Words) PointsText(n int) string {
	if n == 1 {
		return w.Tr.T("panel.point", n)
	}
	return w.Tr.T("panel.points", n)
}
