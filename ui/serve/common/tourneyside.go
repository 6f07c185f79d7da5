package common

import (
	"context"
	"math/big"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tournaments"
	"okey/ui/serve/tourneyview"
)

// TourneySide is what a session and the "tournament" command ask of
// the server's tournaments, apart from ServerSide: a server that runs
// none has none (nil), and then the lobby says nothing of tournaments,
// its key says so, and the command refuses. The server that runs them
// answers it (the tournaments' owner in the store, by lease); a page
// asks it only in a command, never in Update, except Tournaments,
// which the lobby reads as it lists its tables and must come from
// memory.
type TourneySide interface {
	// Tournaments are the tournaments' lobby lines, starting, running
	// and finished.
	Tournaments() []tourney.Listed
	// Tournament is one tournament's lobby line and whole state, read
	// anew; an id the server does not know is an error that wraps
	// tourney.ErrUnknown.
	Tournament(id string) (tourney.Listed, tourney.Tournament, error)
	// CreateTournament creates a tournament of c for the player by and
	// returns its id; c has passed c.Check.
	CreateTournament(by string, c tourney.Config) (string, error)
	// Organise is its creator by's change to tournament id before it
	// begins: cancel calls it off, else c (checked as a new one is)
	// takes the place of its settings. Refused with
	// tourney.ErrBegun, tourney.ErrEditEntrants, or the settings'
	// errors.
	Organise(id, by string, cancel bool, c tourney.Config) error
	// Organiser says whether player created tournament id (from
	// memory: a page asks it as it reads the tournament); JoinCode is
	// its join code if it is private and theirs ("" else).
	Organiser(id, player string) bool
	// AsOperator says whether player's change to tournament id is the
	// server's operator's, it being not theirs (from memory): it is held
	// to the server's own limits, as the operator's --tournament file
	// is, not to a player's (an arena of 8 hours, made from the file,
	// keeps its length when its description is changed).
	AsOperator(id, player string) bool
	JoinCode(id, player string) string
	// JoinPrivate is JoinTournament with the join code the player
	// typed (tournaments.ErrCode: none, or another).
	JoinPrivate(id, player, name string, rating int, code string) error
	// JoinTournament and LeaveTournament put a player in a tournament
	// (with their name, which its pages show, and their rating in its
	// game) and take them out, refused with the director's errors
	// (tourney.ErrFinished, tourney.ErrStarted, tourney.ErrUnknown).
	JoinTournament(id, player, name string, rating int) error
	LeaveTournament(id, player string) error
	// AskPartner joins a player to a partners' tournament with partner,
	// who waits alone in it, asked to be their partner; AnswerPartner
	// is the answer of the player asked. Refused with the director's
	// errors (tourney.ErrTeamed, tourney.ErrAsked, tourney.ErrUnknown
	// for one not waiting alone, or no ask to answer).
	AskPartner(id, player, name string, rating int, partner string) error
	AnswerPartner(id, player string, accept bool) error
	// TakeBackPartner takes the player's own ask to partner back before
	// its answer: they wait alone again (tourney.ErrUnknown: none
	// waits).
	TakeBackPartner(id, player string) error
	// TourneyChat is tournament id's chat as player may read it (from
	// memory: the page reads it with the tournament); SayTourney says
	// a line there under name, refused as the tables' chat refuses
	// (tournaments.ErrChatSlow, a *tournaments.MutedError) or to one
	// not in it (tournaments.ErrChatNotIn).
	TourneyChat(id, player string) []tournaments.ChatLine
	SayTourney(id, player, name, text string) error
	// Muted says whether the operator muted player, and until when
	// (from memory: the page says it under the chat).
	Muted(player string) (tournaments.MutedError, bool)
	// Duplicate is a duplicate tournament's rounds' seals as they may
	// be shown (the secret once a round is over) and each player's
	// score against the field over the rounds over; none for a
	// tournament of no duplicate rounds.
	Duplicate(id string) ([]tourneyview.Seal, map[string]*big.Rat, error)
	// MatchRecord is the record of the match a tournament played at
	// table n, once it may be given: counted, and a duplicate round
	// over. A table no tournament counted a match at is an error that
	// wraps tourney.ErrUnknown.
	MatchRecord(n int) ([]byte, error)
}

// TourneyNames are the names the rating book knows of the players ids
// in game g, for a tournament's players who joined with no name (before
// the tournament kept one): its pages show names, never ids (a guest's
// id holds their resume code). A key is named as it was when it last
// played a rated match; a guest, a key not rated yet, or a book that
// cannot be read now leaves a player unnamed ("player N" on the page).
func TourneyNames(ctx context.Context, book *keep.RatingBook, g string, ids []string) tourneyview.Names {
	out := tourneyview.Names{}
	if book == nil {
		return out
	}
	for _, id := range ids {
		if !keep.IsRated(id) {
			continue
		}
		e, _, err := book.Get(ctx, g, id)
		if err == nil && e.Name != "" {
			out[id] = e.Name
		}
	}
	return out
}

// TourneyRatings are the ratings now in game g of the players ids the
// rating book knows (a guest, a key not rated yet, or a book that cannot
// be read now: none), to one decimal on a tournament's standings.
func TourneyRatings(ctx context.Context, book *keep.RatingBook, g string, ids []string) map[string]float64 {
	if book == nil {
		return map[string]float64{}
	}
	return ratingsOf(ctx, book.Get, g, ids)
}

// ShownRatings are TourneyRatings as a page that reads them again every
// few seconds shows them: each read at most keep.ShownFor ago, by any
// page of this node (RatingBook.Shown).
func ShownRatings(ctx context.Context, book *keep.RatingBook, g string, ids []string) map[string]float64 {
	if book == nil {
		return map[string]float64{}
	}
	return ratingsOf(ctx, book.Shown, g, ids)
}

// ratingsOf are the ratings get reads of the rated players of ids.
func ratingsOf(ctx context.Context, get func(context.Context, string, string) (keep.RatedEntry, uint64, error), g string, ids []string) map[string]float64 {
	out := map[string]float64{}
	for _, id := range ids {
		if !keep.IsRated(id) {
			continue
		}
		if e, rev, err := get(ctx, g, id); err == nil && rev != 0 {
			out[id] = e.Rating().Ordinal()
		}
	}
	return out
}

// Unnamed are the players of t (entrants, in partners the teams'
// players and those alone, and those its matches name) that names
// lacks and that joined with no name, bots left out.
func Unnamed(t tourney.Tournament, names tourneyview.Names) []string {
	var out []string
	for _, id := range t.People() {
		if _, ok := names[id]; !ok && t.NameOf(id) == "" {
			out = append(out, id)
		}
	}
	return out
}

// TourneyEvery is how often a tournament's page and the list are read
// again while shown: a standing moves once a match ends, and a clock
// that says "ends in 12 min" moves a minute at a time.
const TourneyEvery = 2 * time.Second
