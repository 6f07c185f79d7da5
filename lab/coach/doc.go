// Package coach holds tune harnesses of bots/coach that moved to the lab:
// long measurements of the judge through its exported API (the
// calibration of the review against the arena's levels, the judge set
// against what the moves went on to win in play, the case behind the
// hint's rule), built only with the tune tag
// (go -C lab test -tags tune ./coach -run …), never part of the
// product's module or its suite.
//
// Files:
//
//	doc.go             this map
//	calibrate_test.go  TestCalibration: the review ranks the levels as the arena does
//	judgeplay_test.go  TestJudgeAgainstPlay: verdicts against what play won
//	hintcase_test.go   the hint's RuleOut case and its cost
//	helpers_test.go    hands played by the bots, a verdict in words, a mean's interval
package coach
