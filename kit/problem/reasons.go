package problem

import (
	"errors"
	"regexp"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/record"
	"okey/kit/i18n"
)

// The referees' errors are English sentences for a programmer and the
// logs. A player reads why a move was refused, a bot failed or a saved
// match was set aside in their own language: each
// error the table can meet has its words in the catalogues, and one it
// does not know is said in general words where the language is not the
// errors' own.

// reasons maps each error a player may meet to its catalogue key.
var reasons = []struct {
	err error
	key string
}{
	// Each reason once: those both games share are package game's
	// (game.ErrWrongPhase is game.ErrWrongPhase), the others one
	// game's own.
	{game.ErrWrongPhase, "err.why.phase"},
	{game.ErrWrongSeat, "err.why.seat"},
	{game.ErrMustDraw, "err.why.mustdraw"},
	{classic.ErrMustDiscard, "err.why.mustdiscard"},
	{okey101.ErrAlreadyDrew, "err.why.drew"},
	{okey101.ErrFirstTurn, "err.why.firstturn"},
	{game.ErrNotHeld, "err.why.notheld"},
	{game.ErrEmptyStack, "err.why.empty"},
	{game.ErrWallEmpty, "err.why.wall"},
	{classic.ErrWallNotEmpty, "err.why.wallnot"},
	{classic.ErrShowLate, "status.show.late"},
	{classic.ErrShowNoTile, "err.why.shownotile"},
	{classic.ErrShown, "status.show.done"},
	{classic.ErrNoIndicator, "status.show.norules"},
	{classic.ErrNotWinning, "err.why.notwinning"},
	{classic.ErrSeatLeft, "status.youleft"},
	{okey101.ErrNothingTaken, "t101.giveback.none"},
	{okey101.ErrOpened, "err.why.opened"},
	{okey101.ErrNotMeld, "err.why.notmeld"},
	{meld.ErrNotMeld, "err.why.notmeld"},
	{okey101.ErrNotPair, "err.why.notpair"},
	{okey101.ErrNoMeld, "err.why.nomeld"},
	{okey101.ErrLayOffRefused, "err.why.layoff"},
	{meld.ErrLayOff, "err.why.layoff"},
	{okey101.ErrTakeBack, "err.why.takeback"},
	{meld.ErrTakeBack, "err.why.takeback"},
	// A record refused, the same for both games (package record's).
	{record.ErrCorrupt, "err.why.record"},
	{record.ErrMismatch, "err.why.record"},
	{record.ErrGame, "err.why.recordgame"},
}

// Reason is err in the words of tr's language: the error itself where
// the catalogue says the errors' language is its own ("err.raw = yes",
// as in English, which keeps every detail); else the catalogue's
// sentence for a known error — for a record refused, with the line or
// the action where it is (RecordReason), so that a Turkish notice of a
// damaged save keeps its reason — and general words for another.
func Reason(tr *i18n.Catalog, err error) string {
	if err == nil {
		return ""
	}
	if tr.T("err.raw") == "yes" {
		return err.Error()
	}
	if isRecordError(err) {
		return RecordReason(tr, err) // with where it is
	}
	if key, ok := ReasonKey(err); ok {
		return tr.T(key)
	}
	return tr.T("err.why.other")
}

// isRecordError reports whether err is a record refused by either
// game's reader or replay.
func isRecordError(err error) bool {
	for _, e := range []error{record.ErrCorrupt, record.ErrMismatch, record.ErrGame} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// ReasonKey is the catalogue key of the words for err, if the table
// knows them: okey serve sends a seat the key of its refusal, and the
// seat's screen says it in the seat's language.
func ReasonKey(err error) (string, bool) {
	for _, r := range reasons {
		if errors.Is(err, r.err) {
			return r.key, true
		}
	}
	return "", false
}

// Known are the errors that have words of their own (ReasonKey), in
// the table's order: what a sheet of every sentence a player may read
// lists.
func Known() []error {
	out := make([]error, len(reasons))
	for i, r := range reasons {
		out[i] = r.err
	}
	return out
}

// The record errors' numbers: the line a reader refused, the action a
// replay did.
var (
	lineNo   = regexp.MustCompile(`\bline (\d+)\b`)
	actionNo = regexp.MustCompile(`\baction (\d+)\b`)
)

// RecordReason is why a record (a saved match, a file given to okey
// verify or okey review) was refused, in tr's language, keeping where:
// in English the engine's own words (the line, the action and what is
// wrong with it); in another language the catalogue's words with the
// line or the action's number and, for a move the match does not allow,
// why (a notice that said only "kayıt bozuk", a damaged save, left a
// Turkish player nothing to act on).
func RecordReason(tr *i18n.Catalog, err error) string {
	if err == nil {
		return ""
	}
	if tr.T("err.raw") == "yes" {
		return err.Error()
	}
	parts := []string{tr.T("err.why.record")}
	if errors.Is(err, record.ErrGame) {
		parts[0] = tr.T("err.why.recordgame")
	}
	if where := RecordWhere(tr, err); where != "" {
		parts = append(parts, where)
	}
	if key, ok := ReasonKey(err); ok && !strings.HasPrefix(key, "err.why.record") {
		parts = append(parts, tr.T(key))
	}
	return strings.Join(parts, ": ")
}

// RecordWhere is where in a record err is, in tr's words: its line
// ("7. satır") or its action ("12. hamle"), or "" when err says
// neither.
func RecordWhere(tr *i18n.Catalog, err error) string {
	text := err.Error()
	if m := actionNo.FindStringSubmatch(text); m != nil {
		return tr.T("err.where.action", m[1])
	}
	if m := lineNo.FindStringSubmatch(text); m != nil {
		return tr.T("err.where.line", m[1])
	}
	if strings.Contains(text, "first line") {
		return tr.T("err.where.line", "1")
	}
	return ""
}
