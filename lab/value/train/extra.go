package main

import (
	"fmt"
	"strings"

	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/game/classic"
)

// The rack's second look (expertclassic.SecondLook): features of the
// view just after a discard that the 28 do not hold, the wait an out
// leaves, the draws that widen it and what the discard was. -oracle
// labels them beside the features and fits a line and a network on
// both (issue 97: a reading of more of the view); the value the expert
// plays reads both.
const extraFeatures = expertclassic.NumLook

// The second look's features by the trainer's short names.
const (
	xNextOuts    = expertclassic.LookNextOuts
	xImprovers   = expertclassic.LookImprovers
	xWidening    = expertclassic.LookWidening
	xRunWindows  = expertclassic.LookRunWindows
	xDiscardLive = expertclassic.LookDiscardLive
	xMatesHeld   = expertclassic.LookMatesHeld
	xMatesLive   = expertclassic.LookMatesLive
)

// extraNames names the rack's second look, for the report.
var extraNames = expertclassic.LookNames

// secondLook fills x with the rack's second look of w, the view just
// after the seat's discard.
func secondLook(w *classic.View, x *[extraFeatures]float32) error {
	return expertclassic.SecondLook(w, x)
}

// extraRow is candidate c's features and its second look, one row.
func (o *oracleChoice) extraRow(c int) []float32 {
	return append(o.row(c)[:NumFeatures:NumFeatures], o.EX[c*extraFeatures:(c+1)*extraFeatures]...)
}

// secondLookTable is what the rack's second look adds to the view's
// readings: at each gate, the line on both less the line on the view
// alone and the network on both less the network on the view, choice
// by choice (all held out alike), and the weight of each of the second
// look's features in the line on both fitted on every choice (its
// weight times its spread, as trueWeights gives).
func secondLookTable(fg *oracleFigures, ocs []oracleChoice, perHand float64, hidden int) (string, error) {
	var b strings.Builder
	b.WriteString("| gate | the line on both less the view's, a hand (95%) | the network on both less the view's, a hand (95%) |\n| --- | ---: | ---: |\n")
	byName := map[string]*oraclePolicy{}
	for i := range fg.Policies {
		byName[fg.Policies[i].Name] = &fg.Policies[i]
	}
	diff := func(both, view string) string {
		p, q := byName[both], byName[view]
		if p == nil || q == nil || len(p.Gain) != len(q.Gain) {
			return "—"
		}
		m, h := rollout.Paired(p.Gain, q.Gain)
		return fmt.Sprintf("%+.4f ± %.4f", m*perHand, h*perHand)
	}
	for _, gate := range oracleGates {
		fmt.Fprintf(&b, "| %g | %s | %s |\n", gate,
			diff(fmt.Sprintf("ridge line on the view and the rack's second look, gate %g", gate), fmt.Sprintf("ridge line on the view, gate %g", gate)),
			diff(fmt.Sprintf("network on the view and the rack's second look (%d hidden), gate %g", hidden, gate), fmt.Sprintf("network on the view (%d hidden), gate %g", hidden, gate)))
	}
	all := make([]int, len(ocs))
	for i := range all {
		all[i] = i
	}
	w, sd, err := oracleRidge(ocs, all, 1, (*oracleChoice).extraRow)
	if err != nil {
		return "", err
	}
	b.WriteString("\n| feature of the second look | weight × spread | spread |\n| --- | ---: | ---: |\n")
	for k := range extraFeatures {
		j := NumFeatures + k
		fmt.Fprintf(&b, "| %s | %+.4f | %.3f |\n", extraNames[k], w[j]*sd[j], sd[j])
	}
	return b.String(), nil
}
