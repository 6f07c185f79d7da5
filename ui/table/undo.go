package table

import "strconv"

// The undo frame both tables share: a casual match's player takes back
// their own last discard of the hand; the match is replayed from its
// record without it, and the record counts the undos.

// MetaUndos is the meta key of a casual match's record that counts its
// undos.
const MetaUndos = "undos"

// LastOwnDiscard is the place of the player's last discard among a
// record's actions (ownDiscard), looking back no further than the
// hand's start (startsHand): -1 when the player has not discarded in
// this hand. Both games' records are read so.
func LastOwnDiscard[A any](actions []A, startsHand, ownDiscard func(A) bool) int {
	for i := len(actions) - 1; i >= 0; i-- {
		switch {
		case startsHand(actions[i]):
			return -1
		case ownDiscard(actions[i]):
			return i
		}
	}
	return -1
}

// CountUndo counts one more undo in a casual match's record (meta
// undos), which the statistics and a reader of the record see.
func CountUndo(meta map[string]string) {
	n, _ := strconv.Atoi(meta[MetaUndos])
	meta[MetaUndos] = strconv.Itoa(n + 1)
}
