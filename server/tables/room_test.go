package tables

import "testing"

// TestRoomNamesRatedIdentities: the waiting room names each seat's
// rated identity, never a guest's resume code (TestRoomShowsRatings in
// package serve draws it).
func TestRoomNamesRatedIdentities(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann, gus := NewMember("key:SHA256:ann", "ann", "", 0), NewMember("guest:ABCDEFGHJK", "gus", "", 0)
	tb.joinAs(ann, 0, false)
	tb.joinAs(gus, 1, false)
	info := tb.tell.info(tb)
	msg := tb.tell.msgFor(tb, ann, 0, &info)
	if msg.Room == nil {
		t.Fatal("no waiting room")
	}
	want := [4]string{"key:SHA256:ann", "", "bot:easy", "bot:easy"}
	if msg.Room.Rated != want {
		t.Fatalf("the room's rated identities %q, want %q", msg.Room.Rated, want)
	}
}
