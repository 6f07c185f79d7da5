package tourney

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Partners (101's eşli): the entrants the director pairs are teams of
// two, formed as the players join. A player who joins alone is teamed
// with the first player still waiting alone, in the order they joined;
// the first of a team sits at seat 0 or 1 and the second facing them.
// A player still alone when a Swiss's first round is paired, or who
// has waited an arena's bot wait while it runs, is teamed with a bot
// (an arena without bots keeps them waiting for the next to join). A
// team leaves together: either of its players leaving takes it out of
// the pairing, and either joining again brings it back.
//
// A player may also ask one waiting alone to be their partner (Ask),
// joining with the ask: the one asked is held out of the teaming by
// join order until they answer (Answer). Accepted, the two are a team;
// declined, both wait alone again and are teamed by join order with
// others, never with each other (unless one asks again). Either
// leaving frees the other. Asks still waiting when a Swiss's first
// round is paired are dropped: both play with whom the order gives.

// AskLapse is how long an ask to partner waits for its answer: then it
// lapses, and both wait alone, teamed by join order as usual (or with a
// bot after the arena's bot wait). A player asked sees the ask on the
// tournament's page within seconds; two minutes is long enough to read
// it and answer, and short enough that an arena's asker is not kept
// from play by one who stepped away. The page's rules and lines take
// the minutes from it; docs/tournaments.md says "two minutes" in words:
// change it with it.
const AskLapse = 2 * time.Minute

// The words a Refusal says why with.
const (
	WhyTeamed   = "teamed"
	WhyAsked    = "asked"
	WhyUnknown  = "unknown"
	WhyFinished = "finished"
	WhyStarted  = "started"
	WhyOther    = "other"
)

// refusalWords pairs each word of a Refusal with the error it stands
// for, the one list both ways read (WhyOf, Refusal.Err).
func refusalWords() [5]struct {
	why string
	err error
} {
	return [5]struct {
		why string
		err error
	}{{WhyTeamed, ErrTeamed}, {WhyAsked, ErrAsked}, {WhyUnknown, ErrUnknown}, {WhyFinished, ErrFinished}, {WhyStarted, ErrStarted}}
}

// WhyOf is the word for err, one of the errors Ask refuses with
// (WhyOther for any other).
func WhyOf(err error) string {
	for _, w := range refusalWords() {
		if errors.Is(err, w.err) {
			return w.why
		}
	}
	return WhyOther
}

// Err is the error a Refusal's word stands for (nil: WhyOther's, no
// error of the director's).
func (r Refusal) Err() error {
	for _, w := range refusalWords() {
		if w.why == r.Why {
			return w.err
		}
	}
	return nil
}

// teamPrefix begins every team's id: a player's id is a key's or a
// guest's ("key:…", "guest:…"), never one of these.
const teamPrefix = "team:"

// IsTeam says whether id is a partners' team's.
func IsTeam(id string) bool { return strings.HasPrefix(id, teamPrefix) }

// TeamOf is the id of the team player plays in (ok false: none; not a
// partners' tournament, or the player is alone or unknown).
func (t *Tournament) TeamOf(player string) (id string, ok bool) {
	for tid, tm := range t.Teams {
		if player != Bot && (tm.First == player || tm.Second == player) {
			return tid, true
		}
	}
	return "", false
}

// Unit is the id the director pairs player by: their team's in
// partners, else their own.
func (t *Tournament) Unit(player string) string {
	if id, ok := t.TeamOf(player); ok {
		return id
	}
	return player
}

// Alone says whether player waits for a partner: alone, or asking one
// to be their partner.
func (t *Tournament) Alone(player string) bool {
	if inv, ok := t.InviteOf(player); ok && inv.From == player {
		return true
	}
	return slices.ContainsFunc(t.Lone, func(l Lone) bool { return l.Player == player })
}

// InviteOf is the ask to partner that player waits on: theirs (From)
// or the one that asks them (To); ok false: none.
func (t *Tournament) InviteOf(player string) (Invite, bool) {
	for _, inv := range t.Invites {
		if inv.From == player || inv.To == player {
			return inv, true
		}
	}
	return Invite{}, false
}

// NameOf is the name the tournament keeps for player ("": none): as
// they joined (Named).
func (t *Tournament) NameOf(player string) string {
	if e, ok := t.Joined[player]; ok && e.Name != "" {
		return e.Name
	}
	return t.Names[player]
}

// Partner is the other player of player's team (Bot for a bot; ok
// false: no team).
func (t *Tournament) Partner(player string) (string, bool) {
	id, ok := t.TeamOf(player)
	if !ok {
		return "", false
	}
	if tm := t.Teams[id]; tm.First == player {
		return tm.Second, true
	}
	return t.Teams[id].First, true
}

// Seats are the players who sit at a table the director paired: each
// team's first at the seat the pairing gave it (0 or 1), its second
// facing them; a table of players is its own seats.
func (t *Tournament) Seats(tb Table) Table {
	var out Table
	for s, u := range tb {
		tm, ok := t.Teams[u]
		switch {
		case !ok:
			out[s] = u
		case s < 2:
			out[s] = tm.First
		default:
			out[s] = tm.Second
		}
	}
	return out
}

// Players counts the players in the tournament, not left: in partners
// each team's (a bot partner not counted) and those alone.
func (t *Tournament) Players() int { return t.System().Seating.players(t) }

// partners is 101's eşli seating: the pairing's units are teams of two,
// formed as the players join, each at two seats facing each other.
type partners struct{}

func (partners) Per() int                    { return 2 }
func (partners) Places(places [4]int) [4]int { return SeatPlaces(places) }
func (partners) Asks() bool                  { return true }
func (partners) names() []string             { return []string{"tourney.kind.partners"} }

// fieldMark parts a team's id from its seat's number while its two
// seats are scored against the field apart.
const fieldMark = "#"

func (partners) FieldKey(unit string, seat int) string { return unit + fieldMark + strconv.Itoa(seat) }

func (partners) FieldUnit(key string) string {
	unit, _, _ := strings.Cut(key, fieldMark)
	return unit
}

func (partners) Pool(n int) Said {
	return Said{Key: "tourney.pool.teams", Plural: true, Args: []any{n, n}} // the pool's units are teams
}

func (partners) said(c Config, p Pairing) []Said {
	return []Said{{Key: "tourney.rules.partners"}, {Key: "tourney.rules.teams", Args: []any{int(AskLapse / time.Minute)}}, p.lone(c), p.teamAway()}
}

// forfeits checks that a team's two seats share their place, and has
// a team forfeit (both its seats) if either of its players did not
// come.
func (partners) forfeits(places [4]int, f [4]bool) ([4]bool, error) {
	if places[0] != places[2] || places[1] != places[3] {
		return f, fmt.Errorf("partners' places %v: %w", places, ErrPlaces)
	}
	for s := range 2 {
		f[s] = f[s] || f[s+2]
		f[s+2] = f[s]
	}
	return f, nil
}

func (partners) named(t *Tournament, id, name string) {
	if name != "" && slices.Contains(t.People(), id) {
		if t.Names == nil {
			t.Names = map[string]string{}
		}
		t.Names[id] = name
	}
}

// leave is Leave's part in an ask and for one alone: the asker only
// in their ask is out with it, one alone stops waiting (true: that
// was all).
func (pt partners) leave(t *Tournament, id string) bool {
	if _, ok := t.InviteOf(id); ok {
		pt.leaveInvite(t, id)
		if !slices.ContainsFunc(t.Lone, func(l Lone) bool { return l.Player == id }) {
			return true // the asker: only in their ask
		}
	}
	if t.Alone(id) {
		t.Lone = slices.DeleteFunc(t.Lone, func(l Lone) bool { return l.Player == id })
		return true
	}
	return false
}

// tick lapses the asks not answered in time, teams those waiting alone
// by join order, and with bots those who waited long enough.
func (pt partners) tick(t *Tournament, p Pairing, now time.Time) {
	if t.Phase == Starting || t.Phase == Running {
		pt.lapse(t, now)
	}
	pt.pairLone(t, p, now)
	pt.botPartners(t, p, now)
}

// stop drops the asks: nobody is teamed now.
func (pt partners) stop(t *Tournament) { pt.dropInvites(t) }

// players counts each team's players (a bot partner not counted) and
// those alone.
func (partners) players(t *Tournament) int {
	n := len(t.Lone) + len(t.Invites)
	for _, id := range t.ids() {
		n++
		if t.Teams[id].Second != Bot {
			n++
		}
	}
	return n
}

// People are the ids of everyone the tournament names, sorted: its
// entrants (in partners the teams' players and those alone) and anyone
// else its matches name; no bot, no team.
func (t *Tournament) People() []string {
	ps := people(t, len(t.Joined)+len(t.Lone))
	for id := range t.Joined {
		ps.add(id)
	}
	for _, l := range t.Lone {
		ps.add(l.Player)
	}
	for _, inv := range t.Invites {
		ps.add(inv.From)
	}
	for _, m := range t.Matches {
		ps.addAll(m.Players)
	}
	slices.Sort(ps.out)
	return ps.out
}

// PeopleIn are the ids matches ms of t name, sorted: a team's two players
// for the team, no bot. A page that has the ratings of everyone reads
// again only those of the matches ended since.
func PeopleIn(t *Tournament, ms []Match) []string {
	ps := people(t, 4*len(ms))
	for _, m := range ms {
		ps.addAll(m.Players)
	}
	slices.Sort(ps.out)
	return ps.out
}

// peopleSet gathers ids once each, a team's as its two players. The
// set beside the list matters: an arena's page asks for its people at
// every frame, and its matches name the same players hundreds of times.
type peopleSet struct {
	t    *Tournament
	seen map[string]bool
	out  []string
}

func people(t *Tournament, size int) *peopleSet {
	return &peopleSet{t: t, seen: make(map[string]bool, size)}
}

func (ps *peopleSet) add(id string) {
	if tm, ok := ps.t.Teams[id]; ok {
		ps.add(tm.First)
		ps.add(tm.Second)
		return
	}
	if id != Bot && !ps.seen[id] {
		ps.seen[id] = true
		ps.out = append(ps.out, id)
	}
}

func (ps *peopleSet) addAll(ids [4]string) {
	for _, id := range ids {
		ps.add(id)
	}
}

// join is Join in partners: a player of a team brings it back; one
// alone waits, teamed by join order (pairLone, in Tick).
func (partners) join(t *Tournament, p Pairing, id string, rating int, now time.Time) ([]Start, error) {
	if tid, ok := t.TeamOf(id); ok {
		e := t.Joined[tid]
		if e.Left || e.Paused {
			e.Left, e.Paused = false, false
			t.Joined[tid] = e
			p.back(t, tid, now, Table{})
		}
		return t.Tick(now), nil
	}
	switch {
	case !p.Open(t):
		return nil, ErrStarted
	case !t.Alone(id):
		t.Lone = append(t.Lone, Lone{Player: id, Rating: rating, Since: now})
	}
	return t.Tick(now), nil
}

// Ask is ask's From's ask that its To, waiting alone, be their
// partner (at From's Rating; its Entry: the ask is From's only entry,
// the rest of ask the director's to fill): From joins with it (or asks
// from alone; an ask of theirs to another is dropped), and waits apart
// for the answer (Answer) while To is held out of the teaming by join
// order. Refused: one of them in a team (ErrTeamed), To not waiting
// alone (ErrUnknown), To asked by another or asking, or From asked
// (ErrAsked: answered first).
func (t *Tournament) Ask(ask Invite, now time.Time) ([]Start, error) {
	sys := t.System()
	return sys.Seating.ask(t, sys.Pairing, Invite{From: ask.From, To: ask.To, Rating: ask.Rating, Entry: ask.Entry}, now)
}

// ask is Ask in partners: ask's From asks its To, at its Rating, as
// its Entry says.
func (pt partners) ask(t *Tournament, p Pairing, ask Invite, now time.Time) ([]Start, error) {
	from, to := ask.From, ask.To
	switch {
	case t.Phase == Finished || t.Phase == Ending:
		return nil, ErrFinished
	case !p.Open(t):
		return nil, ErrStarted
	case from == to || to == Bot || from == Bot:
		return nil, fmt.Errorf("%s asks %s: %w", from, to, ErrUnknown)
	}
	if _, ok := t.TeamOf(from); ok {
		return nil, fmt.Errorf("%s: %w", from, ErrTeamed)
	}
	if _, ok := t.TeamOf(to); ok {
		return nil, fmt.Errorf("%s: %w", to, ErrTeamed)
	}
	if inv, ok := t.InviteOf(from); ok && inv.To == from {
		return nil, fmt.Errorf("%s is asked by %s: %w", from, inv.From, ErrAsked)
	}
	if inv, ok := t.InviteOf(to); ok {
		if inv.From == from {
			return t.Tick(now), nil // asked already
		}
		return nil, fmt.Errorf("%s: %w", to, ErrAsked)
	}
	if !slices.ContainsFunc(t.Lone, func(l Lone) bool { return l.Player == to }) {
		return nil, fmt.Errorf("%s is not waiting alone: %w", to, ErrUnknown)
	}
	since := now
	if inv, ok := t.InviteOf(from); ok {
		pt.dropInvite(t, from) // their ask of another: that one is free again
		since = inv.Since
	}
	if i := slices.IndexFunc(t.Lone, func(l Lone) bool { return l.Player == from }); i >= 0 {
		since = t.Lone[i].Since
		t.Lone = slices.Delete(t.Lone, i, i+1)
	}
	ask.Since, ask.Asked = since, now
	t.Invites = append(t.Invites, ask)
	return t.Tick(now), nil
}

// TakeBack is player from's ask to partner taken back before its
// answer: from waits alone again (in their place in the join order),
// and the one asked is free. No ask of from's is ErrUnknown.
func (t *Tournament) TakeBack(from string, now time.Time) ([]Start, error) {
	inv, ok := t.InviteOf(from)
	switch {
	case t.Phase == Finished || t.Phase == Ending:
		return nil, ErrFinished
	case !ok || inv.From != from:
		return nil, fmt.Errorf("no ask to partner by %s: %w", from, ErrUnknown)
	}
	partners{}.dropInvite(t, from)
	partners{}.backAlone(t, inv, Lone{Player: from, Rating: inv.Rating, Since: inv.Since})
	return t.Tick(now), nil
}

// Lapses is when ask inv lapses unanswered.
func (inv Invite) Lapses() time.Time {
	asked := inv.Asked
	if asked.IsZero() {
		asked = inv.Since
	}
	return asked.Add(AskLapse)
}

// lapse drops the asks not answered within AskLapse at now: each
// asker waits alone again, both teamed by join order as usual.
func (pt partners) lapse(t *Tournament, now time.Time) {
	for _, inv := range slices.Clone(t.Invites) {
		if !now.Before(inv.Lapses()) {
			pt.dropInvite(t, inv.From)
			pt.backAlone(t, inv, Lone{Player: inv.From, Rating: inv.Rating, Since: inv.Since})
		}
	}
}

// Answer is player to's answer to the ask that waits for it: accepted,
// the two are a team (the one asked first); declined, both wait alone,
// the asker from now, never teamed with each other by the join order.
func (t *Tournament) Answer(to string, accept bool, now time.Time) ([]Start, error) {
	inv, ok := t.InviteOf(to)
	switch {
	case t.Phase == Finished || t.Phase == Ending:
		return nil, ErrFinished
	case !ok || inv.To != to:
		return nil, fmt.Errorf("no ask to partner %s: %w", to, ErrUnknown)
	}
	partners{}.dropInvite(t, to)
	i := slices.IndexFunc(t.Lone, func(l Lone) bool { return l.Player == to })
	if i < 0 {
		return nil, fmt.Errorf("%s is not waiting alone: %w", to, ErrUnknown)
	}
	if accept {
		first := t.Lone[i]
		t.Lone = slices.Delete(t.Lone, i, i+1)
		partners{}.team(t, t.System().Pairing, first, Lone{Player: inv.From, Rating: inv.Rating}, now)
		return t.Tick(now), nil
	}
	t.Lone[i].Declined = append(slices.Clone(t.Lone[i].Declined), inv.From)
	partners{}.backAlone(t, inv, Lone{Player: inv.From, Rating: inv.Rating, Since: now, Declined: []string{to}})
	return t.Tick(now), nil
}

// dropInvite drops the ask player waits on (theirs or to them), and
// returns it (ok false: none).
func (partners) dropInvite(t *Tournament, player string) (Invite, bool) {
	i := slices.IndexFunc(t.Invites, func(inv Invite) bool { return inv.From == player || inv.To == player })
	if i < 0 {
		return Invite{}, false
	}
	inv := t.Invites[i]
	t.Invites = slices.Delete(slices.Clone(t.Invites), i, i+1)
	return inv, true
}

// leaveInvite is Leave's part in an ask: the asker leaving drops it;
// the one asked leaving drops it and the asker waits alone again.
func (pt partners) leaveInvite(t *Tournament, id string) {
	inv, ok := pt.dropInvite(t, id)
	if ok && inv.To == id {
		pt.backAlone(t, inv, Lone{Player: inv.From, Rating: inv.Rating, Since: inv.Since})
	}
}

// dropInvites drops every ask waiting for its answer, each asker
// alone again.
func (pt partners) dropInvites(t *Tournament) {
	for _, inv := range t.Invites {
		pt.backAlone(t, inv, Lone{Player: inv.From, Rating: inv.Rating, Since: inv.Since})
	}
	t.Invites = nil
}

// backAlone puts the asker of inv, an ask ended other than in a team,
// back among those waiting alone as l says; unless the ask was their
// only entry (Invite.Entry): then they are out of the tournament.
func (partners) backAlone(t *Tournament, inv Invite, l Lone) {
	if !inv.Entry {
		t.Lone = append(t.Lone, l)
	}
}

// held says whether player, waiting alone, is asked to partner: the
// join order leaves them to answer.
func (partners) held(t *Tournament, player string) bool {
	inv, ok := t.InviteOf(player)
	return ok && inv.To == player
}

// pairLone teams those waiting alone in join order: each, from the
// first, with the next who is not held by an ask and whom they have
// not declined (nor been declined by).
func (pt partners) pairLone(t *Tournament, p Pairing, now time.Time) {
	if t.Phase == Finished || t.Phase == Ending {
		return
	}
	for i := 0; i < len(t.Lone); i++ {
		a := t.Lone[i]
		if pt.held(t, a.Player) {
			continue
		}
		for j := i + 1; j < len(t.Lone); j++ {
			b := t.Lone[j]
			if pt.held(t, b.Player) || slices.Contains(a.Declined, b.Player) || slices.Contains(b.Declined, a.Player) {
				continue
			}
			t.Lone = slices.Delete(slices.Clone(t.Lone), j, j+1)
			t.Lone = slices.Delete(t.Lone, i, i+1)
			pt.team(t, p, a, b, now)
			i--
			break
		}
	}
}

// team makes a team of first and second (second's Player Bot: a bot
// partner), rated at its players' mean (a bot partner's: first's
// rating), and puts it where p pairs it from (a running arena's pool),
// waiting since since.
func (partners) team(t *Tournament, p Pairing, first, second Lone, since time.Time) {
	if t.Teams == nil {
		t.Teams = map[string]Team{}
	}
	id := teamPrefix + strconv.Itoa(len(t.Teams)+1)
	rating := first.Rating
	if second.Player != Bot {
		rating = (first.Rating + second.Rating) / 2
	}
	t.Teams[id] = Team{First: first.Player, Second: second.Player}
	t.Joined[id] = Entrant{Rating: rating}
	p.back(t, id, since, Table{})
}

// botPartners teams with a bot each player alone who has waited long
// enough at now: every one as a Swiss's first round is paired, and in
// a running arena with bots those who have waited its bot wait (from
// its start at the earliest).
func (pt partners) botPartners(t *Tournament, p Pairing, now time.Time) {
	if t.Phase != Running {
		return
	}
	if p.pairsAll(t) && len(t.Invites) > 0 {
		// Asks not answered by the first round: dropped, both teamed
		// as the order (or a bot) gives.
		pt.dropInvites(t)
		pt.pairLone(t, p, now)
	}
	var still []Lone
	for _, l := range t.Lone {
		since := l.Since
		if since.Before(t.Config.Start) {
			since = t.Config.Start
		}
		wait := p.botWait(t.Config)
		switch {
		case p.pairsAll(t), wait > 0 && now.Sub(since) >= wait && !pt.held(t, l.Player):
			pt.team(t, p, l, Lone{Player: Bot}, since)
		default:
			still = append(still, l)
		}
	}
	t.Lone = still
}

// SeatPlaces are the places of a partners' match's four seats as a
// ranking of seats, from the places its referee gives (the teams'
// ranks, 1, 2, 1, 2): the two seats of the team first share the first
// and second places, the others the third and fourth (1, 3, 1, 3), so
// that what they are worth (Worth) is the team's place's. Places that
// are a ranking of seats already are returned as they are.
func SeatPlaces(places [4]int) [4]int {
	var standing [4]int
	for s, p := range places {
		standing[s] = -p
	}
	return Places(standing)
}
