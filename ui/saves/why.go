package saves

import (
	"errors"
	"io/fs"
	"syscall"
	"unicode"
	"unicode/utf8"

	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/ui/canvas"
)

// fileReasons are the errors of the file system a player meets where
// the match is saved, each with the words of its catalogue key.
var fileReasons = []struct {
	err error
	key string
}{
	{fs.ErrPermission, "save.why.perm"},
	{syscall.EISDIR, "save.why.dir"},
	{syscall.ENOTDIR, "save.why.notdir"},
	{syscall.EROFS, "save.why.readonly"},
	{syscall.ENOSPC, "save.why.full"},
}

// Why is err, an error of reading or writing a saved file, in the
// words of tr's language: the player reads "permission denied" or "izin
// yok", not "open /x/current.okey: permission denied"; an error it does
// not know keeps the system's own words inside ours.
func Why(tr *i18n.Catalog, err error) string { return problem.In(why(err), tr) }

// why is err's reason as a problem, said in the language it is shown in.
func why(err error) *problem.Problem {
	for _, r := range fileReasons {
		if errors.Is(err, r.err) {
			return &problem.Problem{Key: r.key, Err: err}
		}
	}
	return &problem.Problem{Key: "save.why.other", Args: []any{err.Error()}, Err: err}
}

// maxLineShown is how much of a saved line that was left out the
// player is shown.
const maxLineShown = 60

// shownLine is a line of a saved file as the player is shown it: what
// is not text (bytes that are not UTF-8, control characters — a file
// damaged by random bytes has them) written as "·", so that the notice
// cannot disturb the terminal, and cut to maxLineShown columns.
func shownLine(b []byte) string {
	out := make([]rune, 0, len(b))
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		b = b[n:]
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			r = '·'
		}
		out = append(out, r)
	}
	return canvas.Cut(string(out), maxLineShown)
}
