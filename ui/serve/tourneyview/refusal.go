package tourneyview

import (
	"errors"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/server/tournaments"
)

// fault is a refusal's words: the error, the key of its words, and
// their arguments (nil: none).
type fault struct {
	err  error
	key  string
	args func() []any
}

// faults are the words of what the server and the director refuse, by
// their errors: which choice to change. The first that matches says it.
var faults = []fault{
	{tourney.ErrHands, "tourney.new.err.hands", nil},
	{tourney.ErrLength, "tourney.new.err.length", nil},
	{tourney.ErrRounds, "tourney.new.err.rounds", nil},
	{tourney.ErrDuplicateKind, "tourney.new.err.duplicate", nil},
	{tourney.ErrPartnersGame, "tourney.new.err.partners", nil},
	{tourney.ErrBegun, "tourney.new.err.begun", nil},
	{tourney.ErrEditEntrants, "tourney.new.err.entrants", nil},
	{tournaments.ErrNotOrganiser, "tourney.new.err.organiser", nil},
	{tournaments.ErrName, "tourney.new.err.name", func() []any { return []any{tournaments.MaxNameRunes} }},
	{tournaments.ErrDescription, "tourney.new.err.description", func() []any { return []any{tournaments.MaxDescriptionRunes} }},
	{tournaments.ErrArenaLength, "tourney.new.err.arena", func() []any { return []any{span(tournaments.MinArena), span(tournaments.MaxArena)} }},
	{tournaments.ErrTurn, "tourney.new.err.turn", func() []any { return []any{tournaments.MinTurn, tournaments.MaxTurn} }},
	{tournaments.ErrBankNoTurn, "tourney.new.err.banknoturn", nil},
	{tournaments.ErrBank, "tourney.new.err.bank", func() []any { return []any{tournaments.MaxBank} }},
	{tournaments.ErrStart, "tourney.new.err.start", nil},
	{tournaments.ErrRulesHands, "tourney.new.err.ruleshands", nil},
	{tournaments.ErrRoundsCap, "tourney.new.err.roundscap", func() []any { return []any{tournaments.MaxRounds} }},
	{tournaments.ErrYourTournaments, "tourney.new.err.yours", nil},
	{tournaments.ErrYourAddress, "tourney.new.err.addr", nil},
	{tournaments.ErrFull, "tourney.new.err.full", nil},
	{tournaments.ErrLengthCap, "tourney.new.err.maxlength", func() []any { return []any{span(tournaments.MaxLength)} }},
	{tournaments.ErrHandsCap, "tourney.new.err.maxhands", func() []any { return []any{tournaments.MaxHands} }},
	{tournaments.ErrRoundsMax, "tourney.new.err.roundscap", func() []any { return []any{tournaments.MaxRoundsServer} }},
	{tournaments.ErrWaitCap, "tourney.new.err.maxwait", func() []any { return []any{span(tournaments.MaxWait)} }},
	{tournaments.ErrSettings, "tourney.new.err.settings", nil},
	{tourney.ErrUnknown, "tourney.new.err.gone", nil},
}

// span is a duration as the words' argument: said by Refusal in the
// player's words.
type span time.Duration

// Refusal says what the server or the director refused (err) in the
// player's words: which choice to change. An error none of the words
// name is said as a passing fault, never in its own (English,
// internal) words.
func Refusal(tr *i18n.Catalog, err error) string {
	for _, f := range faults {
		if !errors.Is(err, f.err) {
			continue
		}
		var args []any
		if f.args != nil {
			for _, a := range f.args() {
				switch a := a.(type) {
				case span:
					args = append(args, Span(tr, time.Duration(a)))
				case time.Duration:
					args = append(args, Wait(tr, a))
				default:
					args = append(args, a)
				}
			}
		}
		return tr.T(f.key, args...)
	}
	return tr.T("tourney.new.err.other")
}
