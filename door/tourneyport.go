package door

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"strings"
	"time"

	"okey/door/internal/trusted"
	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tournaments"
	"okey/ui/serve/tourneyview"
)

// The tournaments as a session reaches them (the ServerSide's
// tournament methods): values in and out, the store's waits bounded.

// errNoTourneys is a server that keeps no tournaments: it has no state
// directory.
var errNoTourneys = errors.New("this server keeps no tournaments (it has no state directory)")

// tourneyWait is the longest a session's request waits for the store.
const tourneyWait = 10 * time.Second

// withTourneys calls f with the server's tournaments and a request's
// bounded wait: errNoTourneys on a server that keeps none.
func (p *serverPort) withTourneys(f func(context.Context, *tournaments.Service) error) error {
	if p.srv.tourneys == nil {
		return errNoTourneys
	}
	ctx, cancel := context.WithTimeout(p.srv.ctx, tourneyWait)
	defer cancel()
	return f(ctx, p.srv.tourneys)
}

// Tournaments are what the lobby lists: starting, running, and finished
// in the last day, newest first.
func (p *serverPort) Tournaments() []tourney.Listed {
	if p.srv.tourneys == nil {
		return nil
	}
	return p.srv.tourneys.Tournaments()
}

// Tournament is one tournament's lobby line and a copy of its state
// (the page keeps it; it shares nothing with the owner's); an unknown id
// is an error wrapping tournaments.ErrNoTournament.
func (p *serverPort) Tournament(id string) (tourney.Listed, tourney.Tournament, error) {
	if p.srv.tourneys == nil {
		return tourney.Listed{}, tourney.Tournament{}, fmt.Errorf("%w: %w", tournaments.ErrNoTournament, errNoTourneys)
	}
	return p.srv.tourneys.Tournament(id)
}

// CreateTournament creates a player's tournament (within their share
// and the server's) and returns its id.
func (p *serverPort) CreateTournament(by string, c tourney.Config) (string, error) {
	if p.srv.tourneys == nil {
		return "", errNoTourneys
	}
	ctx, cancel := context.WithTimeout(p.srv.ctx, tourneyWait)
	defer cancel()
	return p.srv.tourneys.CreateFrom(ctx, by, p.addr, c)
}

// Organise is the creator's change to their tournament before it
// begins, or the operator's to any: called off, or its settings
// changed.
func (p *serverPort) Organise(id, by string, cancel bool, c tourney.Config) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.Organise(ctx, id, p.as(id, by), cancel, c)
	})
}

// as is who player asks as at tournament id: its creator as themselves,
// else the operator as the operator (tournaments.Operator).
func (p *serverPort) as(id, player string) string {
	if p.operator != "" && player == p.operator && !p.srv.tourneys.IsOrganiser(id, player) {
		return tournaments.Operator
	}
	return player
}

// Organiser says whether player may change tournament id before it
// begins: its creator, or the operator.
func (p *serverPort) Organiser(id, player string) bool {
	return p.srv.tourneys != nil && (p.srv.tourneys.IsOrganiser(id, player) || (p.operator != "" && player == p.operator))
}

// AsOperator says whether player's change to tournament id is the
// operator's: the operator's, at a tournament they did not create.
func (p *serverPort) AsOperator(id, player string) bool {
	return p.srv.tourneys != nil && p.as(id, player) == tournaments.Operator
}

// JoinCode is a private tournament's code, for its creator only.
func (p *serverPort) JoinCode(id, player string) string {
	if p.srv.tourneys == nil {
		return ""
	}
	return p.srv.tourneys.JoinCode(id, player)
}

// JoinPrivate joins player with the join code they typed.
func (p *serverPort) JoinPrivate(id, player, name string, rating int, code string) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		from := p.from(ctx, player)
		from.Code = code
		return ts.JoinFrom(ctx, id, player, name, rating, from)
	})
}

// JoinTournament joins player, called name, to tournament id at their
// rating.
func (p *serverPort) JoinTournament(id, player, name string, rating int) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.JoinFrom(ctx, id, player, name, rating, p.from(ctx, player))
	})
}

// from is where the session's player joins from: their address (and
// whether the operator names it shared), and when the cluster first
// saw their key (zero for a guest, a session not
// known, or a server that keeps no daily book: the key not vouched for).
func (p *serverPort) from(ctx context.Context, player string) tournaments.From {
	var f tournaments.From
	if p.addr == "" {
		return f
	}
	f.Addr = p.addr
	f.Shared = sharedAddr(p.srv.cfg.SharedAddrs, p.addr)
	if d := p.srv.desk; d != nil && !strings.HasPrefix(player, keep.GuestPrefix) {
		if seen, err := d.book.FirstSeen(ctx, player, d.now(), d.ratedSince(ctx, player)); err == nil {
			f.Seen = seen
		}
	}
	return f
}

// LeaveTournament takes player out of tournament id's pairing.
func (p *serverPort) LeaveTournament(id, player string) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.LeaveTournament(ctx, id, player)
	})
}

// AskPartner joins player, called name, to tournament id with
// partner, asked to be their partner.
func (p *serverPort) AskPartner(id, player, name string, rating int, partner string) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.AskPartner(ctx, id, player, name, rating, partner, p.from(ctx, player))
	})
}

// AnswerPartner is player's answer to the ask to partner that waits
// for them at tournament id.
func (p *serverPort) AnswerPartner(id, player string, accept bool) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.AnswerPartner(ctx, id, player, accept)
	})
}

// TakeBackPartner takes player's ask to partner at tournament id back.
func (p *serverPort) TakeBackPartner(id, player string) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.TakeBackPartner(ctx, id, player)
	})
}

// Duplicate is a duplicate tournament's seals, as the pages may show
// them, and its players' scores against the field.
func (p *serverPort) Duplicate(id string) ([]tourneyview.Seal, map[string]*big.Rat, error) {
	if p.srv.tourneys == nil {
		return nil, nil, fmt.Errorf("%w: %w", tournaments.ErrNoTournament, errNoTourneys)
	}
	seals, err := p.srv.tourneys.Seals(id)
	if err != nil {
		return nil, nil, err
	}
	field, err := p.srv.tourneys.FieldScores(id)
	if err != nil {
		return nil, nil, err
	}
	out := make([]tourneyview.Seal, len(seals))
	for i, s := range seals {
		out[i] = tourneyview.Seal(s)
	}
	return out, field, nil
}

// MatchRecord is the record of a tournament's match at table n, from
// the store, once it may be given.
func (p *serverPort) MatchRecord(n int) ([]byte, error) {
	if p.srv.tourneys == nil {
		return nil, fmt.Errorf("%w: %w", tournaments.ErrNoTournament, errNoTourneys)
	}
	ctx, cancel := context.WithTimeout(p.srv.ctx, tourneyWait)
	defer cancel()
	return p.srv.tourneys.TableRecord(ctx, n)
}

// TourneyChat is tournament id's chat as player may read it.
func (p *serverPort) TourneyChat(id, player string) []tournaments.ChatLine {
	if p.srv.tourneys == nil {
		return nil
	}
	return p.srv.tourneys.Chats().Chat(id, player)
}

// Muted says whether the operator muted player.
func (p *serverPort) Muted(player string) (tournaments.MutedError, bool) {
	if p.srv.tourneys == nil {
		return tournaments.MutedError{}, false
	}
	return p.srv.tourneys.Muting().Muted(player)
}

// SayTourney says player's line in tournament id's chat, under name.
func (p *serverPort) SayTourney(id, player, name, text string) error {
	return p.withTourneys(func(ctx context.Context, ts *tournaments.Service) error {
		return ts.Chats().Say(ctx, id, p.as(id, player), name, text)
	})
}

// sharedAddr says whether addr (an address, or an IPv6 client's
// network as the limits count it) lies in one of the operator's shared
// networks (--shared-addr).
func sharedAddr(nets []netip.Prefix, addr string) bool {
	ip, err := netip.ParseAddr(addr)
	if p, perr := netip.ParsePrefix(addr); perr == nil {
		ip, err = p.Addr(), nil
	}
	return err == nil && trusted.Contains(nets, ip.Unmap())
}
