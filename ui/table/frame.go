package table

import "okey/kit/i18n"

// Frame is what a table draws with that only the app knows, as it
// stands at the moment of drawing: the seat whose bot is thinking, each
// seat's clock and level in words, and which seats bots hold. The host
// makes it afresh for every frame, so that it never goes out of date,
// and hands it to the table's drawing; it is a plain value, so the table cannot reach back into the
// app through it (an interface that grew a method for each of these would copy
// the app's model into the interface).
type Frame struct {
	// Asking is the seat whose bot is being asked for a move, -1 for
	// none.
	Asking int
	// Clock is each seat's turn clock in words (" · 12 s"), "" where none
	// runs.
	Clock [Seats]string
	// Level is each seat's level or holder in words ("bot · hard",
	// "player", "away").
	Level [Seats]string
	// Served is a table that okey serve runs, whose seats people may
	// hold; Bot marks its seats a bot plays.
	Served bool
	Bot    [Seats]bool
}

// Note is who holds seat s, short, to begin a line of its panel with
// ("bot · ", or its Level: "player · ", "away · "), so that the tiles
// and points still fit a panel of an 80-column screen; "" at a local
// table, whose panels are all bots'.
func (f *Frame) Note(s int, tr *i18n.Catalog) string {
	switch {
	case !f.Served:
		return ""
	case f.Bot[s]:
		return tr.T("seat.bot.short") + " · "
	}
	return f.Level[s] + " · "
}
