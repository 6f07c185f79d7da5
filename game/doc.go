// Package game holds what the two games' referees share, so that
// neither game, nor any user of one, imports the other for it. Each
// game is a package of its own beneath it, its analysis under it:
//
//	game/classic       classic Okey's referee
//	game/classic/hand  its hand analysis
//	game/okey101       Okey 101's referee
//	game/okey101/meld  its analysis of melds
//
// and beside them the layers both stand on: game/tile (tiles and their
// notation), game/fair (the commitment to a served match's seed) and
// game/internal (the seeded generator, the records' framing).
//
// The files:
//
//	rng.go  NewSeed and Seeded, randomness for callers outside the
//	        referees (bots, simulations) that must replay from a seed
//
// Like the referees, it imports only the standard library and its own
// layers, does no I/O and takes randomness only from a seed.
package game
