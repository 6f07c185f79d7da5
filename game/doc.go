// Package game is the referee of classic Okey: the rules options, the
// deal, the state of a match and the pure reducer that moves it on, a
// player's view, scoring and the match record.
//
// It sits on two layers of its own, which know nothing of it:
//
//	game/tile  tiles, colours, the notation (R7, K13, J), counts of tiles
//	game/hand  hand analysis: the win check, the distance to a win,
//	           discard tables, seri diz and çift diz
//
// and on game/internal/rng, the seeded generator every deal comes from.
// Okey 101's referee sits beside this package, on the same layers, and
// game/fair beside both: the commitment to a served match's seed.
//
// The files:
//
//	rules.go   Rules and ParseRules: every option of RULES.md
//	deal.go    the table ritual and the simple deal, from a seed
//	state.go   State: the match as it stands, what each seat may do
//	action.go  actions, events and the reasons an action is refused
//	apply.go   Apply, the reducer: one action, a new state, the events
//	view.go    View: what one seat may know, all a bot or screen gets
//	world.go   what a view implies of the hidden tiles, and worlds
//	           sampled from it for bots that search
//	record.go  Record (JSON Lines), Game (a state with its record),
//	           Replay
//	rng.go     NewSeed and Seeded, randomness for callers outside
//
// The package imports only the standard library and its own layers,
// does no I/O, never mutates its input and takes randomness only from a
// seed, so a match is fully described by its rules, seed and actions.
//
// A use:
//
//	g, _ := game.NewGame(game.DefaultRules(), 42, nil)
//	v := g.State().View(g.State().Turn())
//	events, lines, err := g.Apply(game.DiscardAction(v.Seat, v.Rack[0]))
//	// lines go to the save file; err wraps an Err… reason when refused.
package game
