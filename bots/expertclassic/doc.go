// Package expertclassic holds classic Okey's expert, the level above
// hard, and builds every level the game offers (botsclassic's, whose
// rules are written, and Expert, whose reading is learned). Expert is
// hard except at three decisions, where a reading fitted by the trainer
// (lab/value/train) to what its candidates were worth on the racks as
// they truly are overrides hard: which of three discards at the least
// distance to throw, whether to take the previous discard, and whether
// to finish a win now or hold it for an okey finish (while it holds,
// its draw or take is hard's: the take network never learned a held
// win). It sees
// the seat's view only; the belief (bots/belief) reads where the unseen
// tiles may lie, and the reading's features are of that view.
//
// It lives above botsclassic because the belief does (the belief reads
// with botsclassic's analysis); the game, okey sim and the server build
// their classic bots here (New, Levels).
//
// The files:
//
//	levels.go    Levels, New, Current
//	expert.go    Expert and LevelExpert: hard, its discards gated by Value and its
//	             draws by Take; its settings (Candidates, Gate, TakeGate)
//	fixture.go   the trainer's fixed cases (testdata/fixture.json) and
//	             their check, which the package's test runs
//	model.go     the weights shipped (value.json, take.json), read once:
//	             Value, Take, TakeGain, ParseValue, ParseTake
//	look.go      the second look after a discard (the wait an out
//	             leaves, the draws that widen it, what the discard was),
//	             which Value reads beside the features: SecondLook
//	features.go  the 28 features of a seat's view the weights read, and
//	             Featurer, which reads them with the belief
//	views.go     the views one move ahead (After, Taken, Drawn)
//	hold.go      the hold of a win for an okey finish: HoldPosition,
//	             HoldInputs, the HoldLine that reads them and the one
//	             shipped (hold.json, Hold), HoldGate, and HoldingWin,
//	             the draw of a held win
//
// The weights' recipe and the measures behind the level are in
// docs/studies/classic-value-7.md to -12.md; pure like the bots, no I/O (the
// weights are embedded).
package expertclassic
