// Package seatview is a served seat's view of Okey 101, apart from the
// table (ui/play101) that shows it: a world that agrees with the view
// (World, the view turned so that the seat sits at seat 0 by the
// view's own okey101.View.Rotate) to try the seat's actions on before
// they go (TryAll), so that what the world refuses the served table
// would refuse too.
//
// It imports the referee of 101 (game/okey101), and nothing of ui or
// of ui/play101.
package seatview
