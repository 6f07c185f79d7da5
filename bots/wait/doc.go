// Package wait reads the next player's wait in classic Okey: from a
// seat's view alone, for each face the seat holds, the chance that the
// next player would win at once were that face thrown (its rack is one
// exchange from a win and the face is one of its outs). The belief of
// the racks (bots/belief) reads faces one by one and seldom places the
// next rack one exchange from a win; this is a reading trained on that
// event itself, the one that carries the whole of what the true racks
// add to hard's discard (docs/studies/classic-belief.md, "Hard reading the
// table").
//
// It reads, for each face held, the belief's features of the next
// player and that face (what it threw, took and let go near the face,
// how far the hand has gone), the copies of the face and its
// neighbours the belief reads in the next rack, the shares of a few
// placements drawn from the belief in which the next rack is one
// exchange from a win, and in which the face is an out and lets it
// win (the belief's own chance of a win-feed, the baseline), and the
// next player's turns since it last took a discard. A small network
// (smallnet.Model's shape) scores them; the chance is the logistic of
// the score.
//
// The weights are made by lab/wait/train from self-play, where every
// position comes with the true racks, and ship in weights.json
// (go:embed, Trained). It is pure: no I/O, randomness only from the
// caller's source, and a Reader reads without allocating.
//
// Files:
//
//	fixture.go    the trainer's fixed cases, which the test reads again
//	wait.go       Reader, Input: a view's features of each face held;
//	              Trained, Chance
//	doc.go        this map
//
// The command that makes the weights is lab/wait/train, in the lab
// beside the product; testdata/fixture.json holds its fixed cases.
package wait
