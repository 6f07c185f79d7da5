// Package store keeps the game's files: the match record being played
// (in the user's state directory), the layout of the player's rack beside
// it, the finished matches, and the settings (in the user's config
// directory). The table reads and writes them only through this package.
// Every write is atomic (a temporary file renamed over the old one, the
// directory synced after), and nothing that cannot be read is ever
// overwritten: it is set aside under a new name. A file that is a
// symbolic link stays one: it is written, set aside and filed through
// the link (Resolve). A record is read as far as its lines replay
// (Replay): a last line a write cut short, or lines damaged after the
// last good one or in the middle, are left out and named. One game at a
// time plays in a state directory (LockDir).
//
//	serve.go   the files of okey serve: its folder, the host key
//	store.go   a game's files (Open, Files: the match, the rack, the
//	           finished matches, the statistics, the settings): where
//	           they live, read, written atomically in the order of their
//	           snapshots, set aside, filed with the finished matches
//	replay.go  a saved record replayed as far as its lines allow, what
//	           it lost said (Replay, Lost)
//	lock.go    one game at a time in a state directory (Lock,
//	           LockError); lock_unix.go, lock_windows.go and
//	           lock_other.go take the lock as each system can
//
// It imports the standard library (and golang.org/x/sys for the lock),
// and nothing of okey.
package store
