// Package saves is what the app does with a match's files (ui/store
// reads and writes them; the app decides when): a match saved as it
// grows, with the rack and the statistics, in a command or once the
// program ends; and a saved file that cannot be used as it is — a
// match whose last line was torn, a damaged match, rack or statistics,
// a finished match — set aside or filed with the finished ones, and the
// player told in words.
//
//	saves.go  Files (the files, the clock, the words), a save written
//	          (Write) or run in a command (Save), its report (Msg)
//	aside.go  a torn, damaged or finished match, a damaged rack, the
//	          statistics loaded or set aside: each with its notice
//
// It imports ui/store, ui/stats, ui/problem, ui/i18n, ui/canvas and
// Bubble Tea, and nothing of ui nor of a game's side.
package saves
