// Package belief is a seat's belief of the racks it cannot see, in
// classic Okey: from its view alone (its rack, the indicator, every
// discard with who threw it and when, every take from the discards,
// every discard the next player let go to draw, gösterme) the chance
// that each opponent holds each unseen copy of each face, and worlds
// drawn from that belief. The search, the hint and the coach draw their
// worlds from it (bots/rollout's Sampler).
//
// The belief is a small network (bots/smallnet) trained on positions of self-play
// between normal and hard bots, where every position comes with the
// true racks (lab/belief/train makes it; the weights ship in
// weights.json). It reads, for each (opponent, face), counts of what
// the public history says of them: the faces the opponent threw, took
// and let go, by their relation to the face (the same face, a run's
// neighbours, the same value, the same colour), the first and last of
// them apart, and how far the hand has gone. Its scores are fitted to
// what the seat sees: each face's chances add up to 1 over the places
// and each place is expected to hold as many unseen tiles as it does.
// The study of what it reads and what it is worth in play is
// docs/studies/classic-belief.md.
//
// It is pure, as the engine is: no I/O (the weights are embedded and
// read once), randomness only from the caller's source, and a Reader
// reads a view without allocating.
//
// Files:
//
//	score.go        CountChances, CellLoss and Frequencies: a cell's
//	                log-loss and a sampler's smoothed frequencies, the one
//	                rule the trainer's figures and the bound's bench score by
//	fixture.go      FixtureCase: the trainer's fixed cases, which both
//	                games' tests read again and check Go's reading by
//	deal.go         Reading.Deal: a placement of the unseen tiles drawn
//	                from the belief, for a world
//	reading.go      Reading: the scores fitted to the view's counts; the
//	                chance of a count of a face in a rack
//	handwritten.go  Handwritten, the reading set by hand the model is
//	                measured against
//	model.go        Trained, the shipped weights (weights.json, a
//	                smallnet.Model); Parse, Uniform
//	features.go     Reader.Fill: a view's counts and the features of each
//	                (opponent, face)
//	history.go      Tally: what the discards, takes and draws say of each
//	                opponent, counted once for both games from their
//	                events turned into Steps; the opponents' places
//	                (Opponents) and a tile counted as it plays (CountAs)
//	doc.go          this map
//
// The command that makes the weights is lab/belief/train, in the lab
// beside the product; testdata/fixture.json holds its fixed cases,
// which the tests read again.
package belief
