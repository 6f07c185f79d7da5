package seatview

import (
	"okey/game/okey101"
)

// World is a state that agrees with a served seat's view v (turned to
// seat 0), to try the player's actions on before they go: whether the
// game takes the seat's own action depends on nothing the seat cannot
// see, so what it refuses the table would refuse too. The seed follows
// the view, so that the same view samples the same world. False when
// the view cannot be sampled.
func World(v *okey101.View) (okey101.State, bool) {
	seed := uint64(v.Hand)<<32 ^ uint64(v.Redeal)<<24 ^ uint64(len(v.History))
	w, err := v.SampleWorld(seed)
	if err != nil {
		return okey101.State{}, false
	}
	return w, true
}

// TryAll tries acts in order on st, and returns the first refusal.
func TryAll(st okey101.State, acts []okey101.Action) error {
	for _, a := range acts {
		n, _, err := st.Apply(a)
		if err != nil {
			return err
		}
		st = n
	}
	return nil
}
