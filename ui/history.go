package ui

import "okey/game"

// handScore is one line of the score history: how a hand ended and the
// scores after it.
type handScore struct {
	res    game.HandResult
	scores [game.NumSeats]int
}

// scoreHistory replays a record and keeps how each hand ended. A record
// that stops replaying (it was checked when the match was loaded, so it
// does not) gives the hands before.
func scoreHistory(rec game.Record) []handScore {
	g, err := game.NewGame(rec.Rules, rec.Seed, rec.Meta)
	if err != nil {
		return nil
	}
	var out []handScore
	for _, a := range rec.Actions {
		was := g.State().Phase()
		if _, _, err := g.Apply(a); err != nil {
			return out
		}
		out = appendHand(out, g.State(), was)
	}
	return out
}

// appendHand adds the hand that st has just ended (its phase was was
// before the last action) to the history h.
func appendHand(h []handScore, st game.State, was game.Phase) []handScore {
	if was != game.Playing || st.Phase() == game.Playing || st.Result() == nil {
		return h
	}
	return append(h, handScore{res: *st.Result(), scores: st.Scores()})
}
