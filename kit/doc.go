// Package kit is the root of the leaves both sides of the house speak:
// the served tables below and the screens and doors above. Its packages
// stand on game/ and assets/ alone (internal/floors holds it). It holds
// no code.
//
//	seatmsg/   what a served table and a seat at it say to each other, both games
//	safetext/  text from outside made safe to show and log, cut by bytes and columns
//	problem/   an error meant for a player, said in their language
//	i18n/      the words, from assets
//	store/     every file the game reads or writes, and the state directory's lock
//	vt/        a terminal's screen read back from the bytes sent to it
package kit
