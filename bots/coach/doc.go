// Package coach is the judge behind okey review: for every decision of
// one seat in a match record it estimates the expected points of the
// hand for the move played and for the strong alternatives, by playing
// the hand out many times over worlds sampled from what that seat could
// see at that moment (package rollout), and says how much the move
// played cost.
//
// The judge never peeks: a decision is judged from the seat's view alone
// (JudgeClassic and Judge101 take a view, not a state), and the worlds
// and bot seeds come from the review's seed and the view. Changing the
// other racks or the order of the wall changes nothing in a review.
//
// Files:
//
//	replay.go   the review of a record, written once: its decisions (Point),
//	            each judged in order; each game's small part (replayer)
//	plan.go     the classic hint's plan for the whole turn (TurnPlan): the
//	            take valued by the judge's own follow-up, a winning rack
//	            drawn to finish or to hold; the plan's next step after its
//	            first (TurnPlan.Next)
//	advise.go   the hint: the analyser's move (classic's expert, 101's hard
//	            bot) judged as a move played, the judge's best kept where
//	            the analyser's is worse than good, a hold
//	            only when shown ahead
//	okey101.go  Okey 101: as classic.go below; a view after an action (After101)
//	read101.go  as read.go below, in Okey 101: what the next player took and laid
//	            down, and a tile's help to its rack in a world
//	classic.go  classic Okey: the analyser (Analyse), the candidates, the reasons in words, the
//	            finish in hand; a lost discard judged again on racks dealt
//	            at random (readClassic), the judge and its reading being
//	            one recursion
//	read.go     what reading the table changed in a classic verdict: what
//	            the belief's worlds said the next player wanted (TableRead);
//	            its words, and what a hint may say of it (TableRead.Said)
//	judge.go    the adaptive comparison shared by both games: worlds in rounds
//	            until the label is settled, a finish not played weighed
//	            against the move played until settled (finishes); playOut,
//	            a decision's candidates named and played out (each game's
//	            playout); a decision's label filled in, the seed of a view's
//	            worlds
//	verdict.go  Decision, Candidate, Summary, the labels and their thresholds, accuracy;
//	            what reading the table found (TableRead, OutsRead)
//	doc.go      this map
package coach
