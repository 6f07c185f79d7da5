// Package overlays is the pages drawn over a table, the same for both
// games: the ? page's keys (every key of the table's groups in the key
// map, in columns) and its closing rules (the whole rules of the game,
// as okey rules prints them), and how any page over the table scrolls,
// closes, is drawn in the page area and names its keys in the bar.
// What a page over the table says of a game (how to play it, its
// discard stacks) is that game's package's; which page is on show, and
// what a key that closes it goes on to do, is the host's.
//
// The files:
//
//	overlay.go  a page over the table: a key on it (Key), what of it shows (Shown), its bar (Bar)
//	help.go     the ? page's keys (KeyPage) and the rules that end it (Rules)
//
// It may import ui/pages (what a page is drawn with, the scroll),
// ui/keymap, ui/layout, ui/canvas, kit/i18n, the Charm libraries and the
// standard library; never package ui, nor a game's package.
package overlays
