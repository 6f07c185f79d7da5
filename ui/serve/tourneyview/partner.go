package tourneyview

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// A partners' tournament's ask to partner, as the page makes it: the
// name a player types is found among the tournament's players (those
// waiting alone may be asked), matched as Turkish players write names
// on any keyboard.

// Errors a name typed for a partner is refused with, besides the
// director's (tourney.ErrTeamed, tourney.ErrAsked).
var (
	ErrNoName   = errors.New("no player waiting for a partner is called that")
	ErrTwoNames = errors.New("more than one player waiting for a partner is called that")
)

// Candidate is a player the one who looks may ask to partner: their id
// and their name.
type Candidate struct {
	ID, Name string
}

// known is player id's name as the page knows it ("": none, where the
// page says "player N").
func (p Page) known(id string) string {
	if n := p.Names[id]; n != "" {
		return n
	}
	return p.T.NameOf(id)
}

// CanAsk says whether the one who looks may join with a partner (or,
// waiting alone, ask one): a partners' tournament still taking
// players, the player in no team and not asked themselves.
func (p Page) CanAsk() bool {
	_, teamed := p.T.TeamOf(p.Me)
	_, asked := p.AskedBy()
	t := p.T
	sys := t.System()
	return sys.Seating.Asks() && !teamed && !asked && (t.Phase == tourney.Starting || t.Phase == tourney.Running) &&
		sys.Pairing.Open(&t)
}

// Candidates are those the one who looks may ask to partner, in the
// order they joined: waiting alone, not asked by another, not
// themselves, named (one the page cannot name cannot be typed).
func (p Page) Candidates() []Candidate {
	var out []Candidate
	for _, l := range p.T.Lone {
		inv, asked := p.T.InviteOf(l.Player)
		if l.Player == p.Me || asked && inv.From != p.Me {
			continue
		}
		if n := p.known(l.Player); n != "" {
			out = append(out, Candidate{ID: l.Player, Name: n})
		}
	}
	return out
}

// FindPartner is the player called typed (Fold's match) that the one
// who looks may ask: ErrNoName where nobody in the tournament is, the
// director's tourney.ErrTeamed for one in a team already and
// tourney.ErrAsked for one asked by another, ErrTwoNames where more
// than one may be asked under that name (picked from the candidates
// instead).
func (p Page) FindPartner(typed string) (string, error) {
	want := Fold(typed)
	if want == "" {
		return "", ErrNoName
	}
	var found []string
	for _, c := range p.Candidates() {
		if Fold(c.Name) == want {
			found = append(found, c.ID)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		return "", fmt.Errorf("%q: %w", typed, ErrTwoNames)
	}
	for _, id := range p.T.People() {
		if id == p.Me || Fold(p.known(id)) != want {
			continue
		}
		if _, ok := p.T.TeamOf(id); ok {
			return "", fmt.Errorf("%q: %w", typed, tourney.ErrTeamed)
		}
		if _, ok := p.T.InviteOf(id); ok {
			return "", fmt.Errorf("%q: %w", typed, tourney.ErrAsked)
		}
	}
	return "", fmt.Errorf("%q: %w", typed, ErrNoName)
}

// NameIn is player id as page p names them ("player N" where it knows
// no name): what the page's lines about an ask say.
func NameIn(tr *i18n.Catalog, p Page, id string) string {
	return p.Names.namer(tr, p.T)(id)
}

// AskEnd is how an ask to partner that the one who looks was part of
// ended, as their page tells them when the end was not their own doing
// (their own answer or take-back is said as it is made).
type AskEnd int

// The ends of an ask, as EndOfAsk reads them.
const (
	// AskWaits: the ask still waits for its answer.
	AskWaits AskEnd = iota
	// AskAccepted: the two are a team — the one asked accepted, or
	// the ask lapsed and the join order teamed them all the same.
	AskAccepted
	// AskDeclined: the one asked declined (said to the asker).
	AskDeclined
	// AskTakenBack: the asker took the ask back (said to the one asked).
	AskTakenBack
	// AskLapsed: nobody answered within tourney.AskLapse.
	AskLapsed
	// AskLeft: the other of the two left the tournament.
	AskLeft
	// AskDropped: a Swiss's first round was paired before the answer.
	AskDropped
)

// lapseSlack is how far the owner's clock may run ahead of the page's:
// an ask gone this close to its lapse time has lapsed.
const lapseSlack = 5 * time.Second

// EndOfAsk is how ask, which the player me was part of when the
// tournament was last read, ended by t, read at now: AskWaits while t
// keeps it. The store keeps no word of why an ask went, so the page
// reads it from what is left: the two teamed, accepted (or lapsed and
// teamed by the join order: a team all the same); a Swiss past its
// first round, dropped; the other of the two gone from the tournament,
// left; the asker alone with the one asked among those declined,
// declined; the lapse time reached, lapsed; else the other ended it
// before its time — declined, to the asker (teamed with another at
// once); taken back, to the one asked.
func EndOfAsk(ask tourney.Invite, me string, t tourney.Tournament, now time.Time) AskEnd {
	if inv, ok := t.InviteOf(me); ok && inv.From == ask.From && inv.To == ask.To {
		return AskWaits
	}
	other := ask.From
	if me == ask.From {
		other = ask.To
	}
	if p, ok := t.Partner(me); ok && p == other {
		return AskAccepted
	}
	if !t.System().Pairing.Open(&t) {
		return AskDropped // a Swiss's first round paired
	}
	if _, teamed := t.TeamOf(other); !teamed && !t.Alone(other) {
		if _, asked := t.InviteOf(other); !asked {
			return AskLeft
		}
	}
	if i := slices.IndexFunc(t.Lone, func(l tourney.Lone) bool { return l.Player == me }); i >= 0 && slices.Contains(t.Lone[i].Declined, other) {
		if me == ask.From {
			return AskDeclined
		}
		return AskWaits // their own answer, said as it was made
	}
	if !now.Add(lapseSlack).Before(ask.Lapses()) {
		return AskLapsed
	}
	if me == ask.From {
		return AskDeclined
	}
	return AskTakenBack
}
