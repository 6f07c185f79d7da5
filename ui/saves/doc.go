// Package saves is what the app does with a match's files (kit/store
// reads and writes them; the app decides when): a match saved as it
// grows, with the rack and the statistics, in a command or once the
// program ends; and a saved file that cannot be used as it is — a
// match that lost lines (torn, or damaged after or in the middle of its
// good ones: it goes on from its last good move), a match whose header
// is damaged, a rack or statistics, a finished match — set aside or
// filed with the finished ones, and the player told in words; a save
// that cannot be read or written at all (a folder in its place, no
// permission) told with a way on, and left alone.
//
//	saves.go  Files (the files, the clock, the words), a save written
//	          (Write) or run in a command (Save), its report (Msg)
//	aside.go  a match that lost lines (KeepLost), a damaged or finished
//	          match, a damaged rack, the statistics loaded or set
//	          aside: each with its notice; a save that cannot be used
//	          (Unusable)
//	why.go    a file's error in the player's words (Why), a saved
//	          line as the player is shown it
//
// It imports kit/store, ui/stats, kit/problem, kit/i18n, ui/canvas and
// Bubble Tea, and nothing of ui nor of a game's side.
package saves
