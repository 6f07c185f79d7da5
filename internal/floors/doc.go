// Package floors holds the house's floors to one direction. It has no
// code: its tests read every package's imports (tests aside) and fail
// when one runs the wrong way:
//
//	main → cmd → door (the SSH door, door/web, door/loadgen) → ui/serve → ui
//	     → server → bots → game → kit, assets
//
// The server's tree (server/) stands on no screen and no door; the
// leaves (kit/) stand on game/ and assets/ alone; the bots know no
// screen, server or door; the screens (ui/) know no door, and of them
// only the served sessions (ui/serve) reach the server; the SSH door's
// own files draw nothing.
package floors
