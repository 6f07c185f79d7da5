// Package rollout holds what a search player and the coach share: worlds
// sampled to agree with one seat's view, hands played out from them with
// bots on every seat, and the comparison of several moves over the same
// worlds and the same bot seeds (common random numbers), for both games.
//
// A world is drawn from the view alone, seeded by the caller's seed and
// the world's number: two calls with the same view, seed and number give
// the same world, whatever the true hidden tiles were. In classic Okey
// the other racks are drawn from the seat's belief of them (bots/belief:
// what each opponent's discards, takes and passes say it holds), the one
// Sampler the search, the hint and the coach share; in 101 likewise from
// the belief of bots/belief101 (what each opponent threw, took, passed
// over, opened with, laid and laid off: Shared101). Every candidate move is
// played in world i with the bots seeded for world i, so the difference
// between two candidates' values in one world is due to the moves alone,
// and the variance of the difference is far below that of either value.
//
// Values are net points of the hand for the seat: what the other three
// lose on average, less what the seat loses (classic), or the mean of
// the other three's hand totals less the seat's own (101, where points
// are bad). Higher is better in both games.
//
// Files:
//
//	okey101.go  Okey 101: the samplers (the belief's, the uniform one), the
//	            world, the playout with normal bots, the value
//	classic.go  classic Okey: the samplers (the belief's, the uniform one),
//	            the world, the playout with normal bots (a candidate
//	            followed by a planned next move: CandidatesClassicThen),
//	            the value
//	compare.go  Compare: candidates × worlds on a few goroutines; the Play of
//	            either game; Paired: mean and interval of a difference
//	doc.go      this map
package rollout
