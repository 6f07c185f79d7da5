package table

import (
	"strconv"

	tea "charm.land/bubbletea/v2"
)

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

// UndoneMsg is a match (of game G) replayed without the player's last
// discard (Undo); From is the number of moves it was asked at.
type UndoneMsg[G any] struct {
	From int
	G    G
	Err  error
}

// CutLastDiscard is a record's actions cut before the player's last
// discard of the hand (LastOwnDiscard), the undo counted in its meta
// (CountUndo); false, the actions as they were, when there is none.
func CutLastDiscard[A any](actions []A, meta map[string]string, startsHand, ownDiscard func(A) bool) ([]A, bool) {
	last := LastOwnDiscard(actions, startsHand, ownDiscard)
	if last < 0 {
		return actions, false
	}
	CountUndo(meta)
	return actions[:last], true
}

// Undo is the command that replays the match without the player's last
// discard (replay, of the record CutLastDiscard cut: ok), asked at from
// moves: nil when there is none (!ok), which the status line (said)
// says in l's words.
func Undo[G any](l *Look, said *Said, ok bool, from int, replay func() (G, error)) tea.Cmd {
	if !ok {
		said.Flash(true, l.Words.Tr.T("status.undo.none"))
		return nil
	}
	return func() tea.Msg {
		g, err := replay()
		return UndoneMsg[G]{From: from, G: g, Err: err}
	}
}

// Undone puts back the match an undo replayed (msg; put puts it on the
// table and names the tile that came back to the rack), on a table
// whose match has made moves moves, and says so on the status line (said)
// (ok): not when the table moved on meanwhile (or has no match: moves
// -1), nor when the replay failed (err, said instead; the next player
// is to be asked).
func Undone[G any](l *Look, said *Said, moves int, msg UndoneMsg[G], put func(G) (back string)) (ok bool, err error) {
	switch {
	case moves != msg.From:
		return false, nil // the table moved on: nothing to take back now
	case msg.Err != nil:
		said.Flash(true, l.Words.Tr.T("status.refused", l.Reason(msg.Err)))
		return false, msg.Err
	}
	back := put(msg.G)
	said.Flash(false, l.Words.Tr.T("status.undone", back))
	return true, nil
}
