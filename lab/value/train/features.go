package main

import "okey/bots/expertclassic"

// The features of a position are the expert's (bots/expertclassic), so
// that the trainer and the bot read a view alike: their indices, by the
// short names the trainer uses.
const (
	fDiscardStage  = expertclassic.FeatDiscardStage
	fDistance      = expertclassic.FeatDistance
	fOuts          = expertclassic.FeatOuts
	fLiveOuts      = expertclassic.FeatLiveOuts
	fMeldsDistance = expertclassic.FeatMeldsDistance
	fPairsDistance = expertclassic.FeatPairsDistance
	fOkeys         = expertclassic.FeatOkeys
	fFalseJokers   = expertclassic.FeatFalseJokers
	fWallLeft      = expertclassic.FeatWallLeft
	fOwnTakes      = expertclassic.FeatOwnTakes
	fOwnDiscards   = expertclassic.FeatOwnDiscards
	fTakes         = expertclassic.FeatTakes
	fDiscards      = expertclassic.FeatDiscards
	fOkeysGone     = expertclassic.FeatOkeysGone
	fTopIsOut      = expertclassic.FeatTopIsOut
	fShown         = expertclassic.FeatShown
	fWaiting       = expertclassic.FeatWaiting
	fWallOuts      = expertclassic.FeatWallOuts
	fDrawOut       = expertclassic.FeatDrawOut
	fOutsHeld      = expertclassic.FeatOutsHeld
	fTopDanger     = expertclassic.FeatTopDanger
	fTopPassed     = expertclassic.FeatTopPassed
	// NumBase is the first step's twenty features, all counts of the view.
	NumBase = expertclassic.NumBase
	// NumFeatures is the features of a position.
	NumFeatures = expertclassic.NumFeatures
)

// featureNames names the features, for the report.
var featureNames = expertclassic.FeatureNames

// baseFeatures are the first step's twenty.
var baseFeatures = func() []int {
	out := make([]int, NumBase)
	for k := range out {
		out[k] = k
	}
	return out
}()

// estimateFeatures are normal's own estimate of a rack, its distance and
// its outs: the baseline the learned value is measured against.
var estimateFeatures = []int{fDistance, fOuts, fLiveOuts}

// featurer reads views into features (one goroutine's).
type featurer = expertclassic.Featurer
