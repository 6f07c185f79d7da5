package playclassic

import (
	"okey/game"
	"okey/game/classic"
	"okey/kit/seatmsg"
	"okey/ui/seats"
)

// HandScore is one line of the score history: how a hand ended and the
// scores after it.
type HandScore struct {
	Result classic.HandResult
	Scores [classic.NumSeats]int
}

// History replays a record (a classic match's score history) and keeps how each hand ended. A record
// that stops replaying (it was checked when the match was loaded, so it
// does not) gives the hands before.
func History(rec classic.Record) []HandScore {
	g, err := rec.Game()
	if err != nil {
		return nil
	}
	var out []HandScore
	for _, a := range rec.Actions {
		was := g.State().Phase()
		if _, _, err := g.Apply(a); err != nil {
			return out
		}
		out = AppendHand(out, g.State(), was)
	}
	return out
}

// AppendHand adds the hand that st has just ended (its phase was was
// before the last action) to the history h.
func AppendHand(h []HandScore, st classic.State, was game.Phase) []HandScore {
	if was != game.Playing || st.Phase() == game.Playing || st.Result() == nil {
		return h
	}
	return append(h, HandScore{Result: *st.Result(), Scores: st.Scores()})
}

// ServedHistory is the score history a served table sends (hands),
// turned so that seat rot sits at seat 0, written over h.
func ServedHistory(h []HandScore, hands []seatmsg.HandEnd, rot int) []HandScore {
	h = h[:0]
	for _, e := range hands {
		h = append(h, HandScore{Result: e.Result.Rotate(rot), Scores: seats.TurnAll(e.Scores, rot)})
	}
	return h
}
