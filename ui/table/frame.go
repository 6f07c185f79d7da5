package table

// Frame is what a table draws with that only the app knows, as it
// stands at the moment of drawing: the seat whose bot is thinking, each
// seat's clock, level and holder in words. The host makes it afresh for every
// frame, so that it never goes out of date, and hands it to the table's
// drawing; it is a plain value, so the table cannot reach back into the
// app through it (a Host that grew a method for each of these would copy
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
	// Note is who holds each seat, short, to begin a panel's line with
	// ("bot · ", "player · "), "" at a local table (all bots).
	Note [Seats]string
}
