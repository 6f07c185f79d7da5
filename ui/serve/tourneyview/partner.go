package tourneyview

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"okey/game/tourney"
	"okey/ui/i18n"
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

// foldLetters are the Turkish letters (and the circumflexed vowels) as
// a name typed on a keyboard without them has them.
var foldLetters = strings.NewReplacer("ı", "i", "ş", "s", "ç", "c", "ğ", "g", "ö", "o", "ü", "u", "â", "a", "î", "i", "û", "u")

// Fold is a name as a typed partner's name is matched: lower-cased by
// Turkish rules (İ is i, I is ı), the Turkish letters taken as their
// plain ones, spaces collapsed — "AYSE", "ayşe" and "Ayşe" are one
// name, and so are "IŞIK" and "ışık" and "isik".
func Fold(s string) string {
	low := strings.ToLowerSpecial(unicode.TurkishCase, strings.Join(strings.Fields(s), " "))
	return foldLetters.Replace(low)
}

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

// AskedBy is the player whose ask to partner waits for the answer of
// the one who looks (ok false: none).
func (p Page) AskedBy() (string, bool) {
	inv, ok := p.T.InviteOf(p.Me)
	return inv.From, ok && inv.To == p.Me
}

// Asking is the player the one who looks asked to partner, waiting for
// the answer (ok false: none).
func (p Page) Asking() (string, bool) {
	inv, ok := p.T.InviteOf(p.Me)
	return inv.To, ok && inv.From == p.Me
}

// CanAsk says whether the one who looks may join with a partner (or,
// waiting alone, ask one): a partners' tournament still taking
// players, the player in no team and not asked themselves.
func (p Page) CanAsk() bool {
	_, teamed := p.T.TeamOf(p.Me)
	_, asked := p.AskedBy()
	t := p.T
	return t.Config.Partners && !teamed && !asked && (t.Phase == tourney.Starting || t.Phase == tourney.Running) &&
		!(t.Config.Kind == tourney.Swiss && t.Round > 0)
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
