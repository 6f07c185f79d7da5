// Package classic is the referee of classic Okey: the rules options, the
// deal, the state of a match and the pure reducer that moves it on, a
// player's view, scoring and the match record.
//
// It sits on layers that know nothing of it:
//
//	game/tile     tiles, colours, the notation (R7, K13, J), counts
//	game          what both games share: seats, phases, outcomes, the
//	              rules and move errors, the seeded random source
//	game/record   the match record both games keep: its framing,
//	              header and errors, Game and Replay
//	classic/hand  its hand analysis (under it, as game/okey101/meld is
//	              under Okey 101's referee): the win check, the
//	              distance to a win, discard tables, seri and çift diz
//
// and on game/internal/rng, the seeded generator every deal comes from.
// Okey 101's referee, game/okey101, is its mirror image beside it, and
// game/fair is beside both: the commitment to a served match's seed.
//
// The files:
//
//	record.go  Record and Game, package record's under this game, and
//	           this game's part of them: its action lines, its deals
//	world.go   what a view implies of the hidden tiles, and worlds
//	           sampled from it for bots that search
//	view.go    View: what one seat may know, all a bot or screen gets,
//	           and the view turned to another chair (View.Rotate)
//	apply.go   Apply, the reducer: one action, a new state, the events
//	state.go   State: the match as it stands, what each seat may do
//	action.go  actions, events and the reasons an action is refused
//	deal.go    the table ritual and the simple deal, from a seed
//	rules.go   Rules and ParseRules: every option of RULES.md
//
// The package imports only the standard library and its own layers,
// does no I/O, never mutates its input and takes randomness only from a
// seed, so a match is fully described by its rules, seed and actions.
//
// A use:
//
//	g, _ := classic.NewGame(classic.DefaultRules(), 42, nil)
//	v := g.State().View(g.State().Turn())
//	events, lines, err := g.Apply(classic.DiscardAction(v.Seat, v.Rack[0]))
//	// lines go to the save file; err wraps an Err… reason when refused.
package classic
