// Package belief101 is a seat's belief of the racks it cannot see in
// Okey 101: from its view alone — its rack, the gösterge, every discard
// with who threw it and when, every take from the discards and every
// discard let go to draw, and above all the table: who opened with what
// and when, what each laid down and laid off since — the chance that
// each opponent holds each unseen copy of each face, and worlds drawn
// from it (bots/rollout's World101).
//
// Its network and the weights' format are bots/smallnet's, as
// classic's belief's are. What both games' readings share it takes
// from bots/belief: the input (Input, its unseen counts and slots),
// the tally of discards, takes and draws (Tally), the reading fitted to
// the view's counts (Reading, Reader.Score) and the worlds drawn from
// it (Reading.Deal).
//
// What an opponent laid says what it lacks as much as what it holds: a
// player that has opened lays off what it can, and nobody throws a
// tile that could be laid off (işler taş: that costs 101), so a face
// the table would take is rarely in an opened rack. The features count,
// for each (opponent, face), the tiles it threw, took, passed over,
// laid and laid off by their relation to the face, with whether it has
// opened, with what, and how long ago.
//
// The belief is a small network trained on positions of self-play
// between normal and hard bots of 101, each with the true racks
// (go -C lab run ./belief/train -game 101; the weights ship in
// weights.json). The study is docs/studies/belief-101.md.
//
// Files:
//
//	weighed.go   Reader.Weighed: the reading's worlds weighed by whether
//	             normal, holding each, plans the opponents' last turns as
//	             they were played (the hand rebuilt from its start,
//	             okey101.View.HandStart), the reading that reaches the
//	             target docs/studies/belief-101.md moved
//	model.go     Trained, the shipped weights; Handwritten, the reading set
//	             by hand; Reader.Read, a view to a belief.Reading
//	features.go  Reader.Fill: a view's unseen tiles, slots and the features
//	             of each (opponent, face)
//	doc.go       this map
package belief101
