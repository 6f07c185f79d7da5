package problem

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"syscall"

	"okey/kit/i18n"
)

// The system's errors (a file missing, a disk full, a permission) reach
// a player when a command reads or writes a file. Go says them in
// English with the operation's name ("open /x: no such file or
// directory"); a command says what it was doing in its own sentence, and
// the system's part is said here in the player's language: the path and
// why, never Go's words alone.

// osReasons are the system's errors a player may meet, and their words.
var osReasons = []struct {
	err error
	key string
}{
	{fs.ErrNotExist, "err.os.notexist"},
	{fs.ErrPermission, "err.os.permission"},
	{fs.ErrExist, "err.os.exist"},
	{syscall.ENOSPC, "err.os.nospace"},
	{syscall.EDQUOT, "err.os.nospace"},
	{syscall.EISDIR, "err.os.isdir"},
	{syscall.ENOTDIR, "err.os.notdir"},
	{syscall.EROFS, "err.os.readonly"},
	{syscall.EIO, "err.os.io"},
	{syscall.EPIPE, "err.os.pipe"},
	{syscall.ENAMETOOLONG, "err.os.toolong"},
	{syscall.ELOOP, "err.os.loop"},
	{syscall.EINVAL, "err.os.invalid"},
	{syscall.EBADF, "err.os.closed"},
	{syscall.EADDRINUSE, "err.os.addrinuse"},
	{syscall.EADDRNOTAVAIL, "err.os.addrnotavail"},
	{syscall.ECONNREFUSED, "err.os.refused"},
	{os.ErrClosed, "err.os.closed"},
}

// sayOS says a system error in tr's language: a path error as its path
// and why, a bare errno as why; ok is false for any other error.
func sayOS(err error, tr *i18n.Catalog) (string, bool) {
	var path string
	inner := err
	switch e := err.(type) {
	case *fs.PathError:
		path, inner = e.Path, e.Err
	case *os.LinkError:
		path, inner = e.New, e.Err
	case *os.SyscallError:
		inner = e.Err
	case syscall.Errno:
	default:
		return "", false
	}
	why := ""
	for _, r := range osReasons {
		if errors.Is(inner, r.err) {
			why = tr.T(r.key)
			break
		}
	}
	if why == "" {
		why = tr.T("err.os.other", inner.Error())
	}
	if path == "" {
		return why, true
	}
	return tr.T("err.os.path", path, why), true
}

// OSReason is why a system error happened, in tr's language, without
// its path: "no space left on the device".
func OSReason(tr *i18n.Catalog, err error) string {
	for _, r := range osReasons {
		if errors.Is(err, r.err) {
			return tr.T(r.key)
		}
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return tr.T("err.os.other", errno.Error())
	}
	return err.Error()
}

// Sys is err in tr's language for a command that says what it was
// doing in its own sentence: the system error inside err, however deep
// (a path and why, an address and why), else err as In says it.
func Sys(tr *i18n.Catalog, err error) string {
	var (
		pe *fs.PathError
		le *os.LinkError
		oe *net.OpError
	)
	switch {
	case errors.Is(err, context.Canceled):
		return tr.T("err.interrupted")
	case errors.Is(err, context.DeadlineExceeded):
		return tr.T("err.timeout")
	case errors.As(err, &pe):
		s, _ := sayOS(pe, tr)
		return s
	case errors.As(err, &le):
		s, _ := sayOS(le, tr)
		return s
	case errors.As(err, &oe) && oe.Addr != nil:
		return tr.T("err.os.path", oe.Addr.String(), OSReason(tr, oe.Err))
	case errors.As(err, &oe):
		return OSReason(tr, oe.Err)
	}
	return In(err, tr)
}
