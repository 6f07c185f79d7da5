// Package okey101 is the referee of Okey 101, the mirror image of
// classic Okey's (game/classic) beside it: the rules options, the deal,
// the state of a match and the pure reducer that moves it on, a
// player's view, scoring and the match, and the match record. The
// analysis of melds, lay-offs and finishing is package meld's
// (game/okey101/meld); the referee asks it what a group of tiles is and
// whether a lay-off or a take-back is legal, so that bots and referee
// judge alike. What both games share (seats, phases, outcomes, the
// rules and move errors, the record's framing, header and errors, Game
// and Replay) is package game's and game/record's.
//
// Files:
//
//	text.go    the small types' names read back from text, so a view written as JSON reads back equal
//	replay.go  View.HandStart: the view's hand rebuilt from its start with a deal given;
//	           EventAction: the action that made an event, to replay a hand's history
//	world.go   View.SampleWorld: a state that agrees with a view, the hidden tiles dealt anew
//	record.go  Record and Game, package record's under this game, and its part
//	           of them: action lines, deals
//	view.go    View, what one seat may know; Melds, MeldTurn, DiscardPenalty and PlanActions for bots; View.Rotate
//	copies.go  the copies of the table and the history a view (and a world) is made with, cut from one array each
//	apply.go   Apply, the reducer: every action of RULES.md and its checks
//	penalty.go the penalties a discard can cost (IslekTiles …), one place for referee, bots and hint
//	score.go   scoring a hand (each seat's ScoreLine, the HandResult), the void hand, the match's standings
//	state.go   State, Phase (package game's), Stage, TableMeld, Opening, Taken,
//	           Legal; NewMatch and accessors; record, the history's append
//	result.go  what a hand and a match come to: LineKind, ScoreLine, HandResult, MatchResult
//	action.go  Action and its shorthands, the Err… reasons and MoveError (some package game's), Event
//	deal.go    NewDeal: 22 to the dealer, 21 to the others, the indicator, the 20-tile wall
//	rules.go   Rules, ParseRules (open=N, progressive, okey_pair, islek=off, hands=N, partners)
//
// Use:
//
//	g, _ := okey101.NewGame(okey101.DefaultRules(), seed, nil)
//	v := g.State().View(seat)                 // all a player may know
//	evs, line, err := g.Apply(okey101.Draw(seat))
//	// … okey101.Open, Lay, LayOff, TakeBack, Discard …
//	rec := g.Record()                         // rec.Marshal() to save; Replay to load
//
// The package imports the shared packages (game, game/record,
// game/tile, game/internal/…), game/okey101/meld and the standard
// library, never the classic game package (game/imports_test.go keeps
// both games so).
package okey101
