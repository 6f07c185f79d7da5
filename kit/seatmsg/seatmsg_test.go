package seatmsg

import (
	"testing"

	"okey/game"
)

// entry is one line of a log as ChatAt reads it.
type entry struct {
	chat, event bool
	hand, at    int
}

// TestChatAt asserts (a line's At is the number of its deal's events
// said before it) where a chat line goes among a log's lines: after
// the events of its deal said before it, before those said after it,
// never before an earlier chat line, and after an earlier deal's.
func TestChatAt(t *testing.T) {
	log := []entry{
		{event: true, hand: 1, at: 0},
		{event: true, hand: 1, at: 1},
		{chat: true, hand: 1, at: 1},
		{event: true, hand: 1, at: 2},
		{event: true, hand: 1, at: 3},
	}
	read := func(i int) (bool, bool, int, int) {
		e := log[i]
		return e.chat, e.event, game.DealKey(e.hand, 0), e.at
	}
	for _, tc := range []struct {
		name string
		c    ChatLine
		want int
	}{
		{"said after every move", ChatLine{Hand: 1, At: 4}, 5},
		{"said after the third move", ChatLine{Hand: 1, At: 3}, 4},
		{"said before the chat line there", ChatLine{Hand: 1, At: 0}, 3},
		{"said in the next hand", ChatLine{Hand: 2, At: 0}, 5},
		{"said before the match", ChatLine{Hand: 0}, 3},
	} {
		if got := ChatAt(tc.c, len(log), read); got != tc.want {
			t.Errorf("%s: at %d, want %d", tc.name, got, tc.want)
		}
	}
}
