package format

// Seated is format f played at a tournament's table: the tournament,
// not who sits down, chose its players, so each one is awaited at the
// seat held for them, the bots play the match out whether anyone is at
// the table or not, the table plays that one match, and a seat whose
// player is away from it too long loses the match for them (Policy's
// Awaits, PlaysOut, OneMatch, Chosen and AwayLoses). Everything else
// is f's.
func Seated(f Format) Format { return seated{f} }

// seated is Seated's format: f with the tournament's say over its seats.
type seated struct{ Format }

// Policy is f's, with the tournament's seats.
func (s seated) Policy() Policy {
	p := s.Format.Policy()
	p.Awaits, p.PlaysOut, p.OneMatch, p.Chosen, p.AwayLoses = true, true, true, true, true
	return p
}
