// Package keymap is the one table of keys, a group per screen, for both
// games' tables and every page around them: each screen's update
// matches keys only against its group, and its help bar and the full
// help (?) are drawn from the same group, so no key is shown that does
// not work and a key means the same wherever both games have it. The
// names of keys are in the player's language.
//
//	keymap.go   KeyMap and its groups (classic's table, the pages over
//	            the table, the pages between hands, the settings, the
//	            review…), built in the player's language (New); the
//	            scroll keys
//	table101.go the 101 table's groups (its table, choosing a place)
//	common.go   the keys both tables start with and mean the same by
//	            (CommonKeys)
//	seat.go     the key map fitted to a seat at a served table (ForSeat)
//
// It imports kit/i18n and Charm's key bindings (and its viewport's keys)
// only.
package keymap
