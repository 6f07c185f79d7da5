package tables

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"okey/game/classic"
	"okey/kit/safetext"
	"okey/server/keep"
)

// seating is who is at a table: its four seats, its spectators and its
// host. The table's goroutine owns it. Its methods read and move seats
// and hand members their messages; they log nothing and write nothing
// (the table does, around them).
type seating struct {
	seats    [classic.NumSeats]seatState
	watchers map[*Member]struct{}
	hostID   string
}

// seatState is one seat as the table keeps it.
type seatState struct {
	// owner is the identity holding the seat, "" for a bot seat.
	owner string
	name  string
	m     *Member // the session playing, nil while away
	// away: the player's bot plays (out of time until they press a key).
	away bool
	// keep is how long an absent owner's seat is kept for them.
	keep  time.Time
	ready bool
	// addr is the address the owner sat down from: an address holds
	// seats at only so many tables.
	addr string
}

// ownerSeat is the seat id holds, or -1.
func (s *seating) ownerSeat(id string) int {
	for i := range s.seats {
		if s.seats[i].owner == id {
			return i
		}
	}
	return -1
}

// seatOf is m's seat, or -1.
func (s *seating) seatOf(m *Member) int {
	for i := range s.seats {
		if s.seats[i].m == m {
			return i
		}
	}
	return -1
}

// watching reports whether m watches the table.
func (s *seating) watching(m *Member) bool { _, ok := s.watchers[m]; return ok }

// present reports whether seat's player is at the table and playing.
func (s *seating) present(seat int) bool {
	st := &s.seats[seat]
	return st.m != nil && !st.away
}

// anyone reports whether a person is at the table: bots play only then.
func (s *seating) anyone() bool {
	for i := range s.seats {
		if s.seats[i].m != nil {
			return true
		}
	}
	return false
}

// awaits reports whether a seated table waits on seat: its player,
// awaited (not yet come), holds it and their time to come is not over.
func (s *seating) awaits(seat int, awaited bool) bool {
	st := &s.seats[seat]
	return awaited && st.owner != "" && st.m == nil && !st.keep.IsZero()
}

// owners are who holds each seat ("": nobody).
func (s *seating) owners() [classic.NumSeats]string {
	var out [classic.NumSeats]string
	for i := range s.seats {
		out[i] = s.seats[i].owner
	}
	return out
}

// empty reports whether nobody holds a seat or watches.
func (s *seating) empty() bool {
	for i := range s.seats {
		if s.seats[i].owner != "" {
			return false
		}
	}
	return len(s.watchers) == 0
}

// allReady reports whether every player at the table and playing has
// asked for what comes next.
func (s *seating) allReady() bool {
	for i := range s.seats {
		if s.present(i) && !s.seats[i].ready {
			return false
		}
	}
	return true
}

// unready forgets who asked for what comes next: something new comes.
func (s *seating) unready() {
	for i := range s.seats {
		s.seats[i].ready = false
	}
}

// isHost reports whether m may start the match: the host, or while the
// host is away the first player at the table (a match never waits for
// someone who is not there).
func (s *seating) isHost(m *Member) bool {
	if m.id == s.hostID && s.seatOf(m) >= 0 {
		return true
	}
	if !s.hostAway() {
		return false
	}
	for i := range s.seats {
		if s.seats[i].m != nil {
			return s.seats[i].m == m
		}
	}
	return false
}

// hostAway reports whether the host is not seated and connected.
func (s *seating) hostAway() bool {
	for i := range s.seats {
		if s.seats[i].owner == s.hostID && s.seats[i].m != nil {
			return false
		}
	}
	return true
}

// pickHost passes the host's part to a player at the table.
func (s *seating) pickHost() {
	for i := range s.seats {
		if s.seats[i].m != nil {
			s.hostID = s.seats[i].owner
			return
		}
	}
}

// turn moves every player steps seats on (a duplicate's hand to the
// next: rotation r to r+1, and the last rotation to the next deal's
// first, are both one seat on), owners, sessions and all.
func (s *seating) turn(steps int) {
	n := len(s.seats)
	steps = ((steps % n) + n) % n
	if steps == 0 {
		return
	}
	var out [classic.NumSeats]seatState
	for i := range s.seats {
		out[(i+steps)%n] = s.seats[i]
	}
	s.seats = out
}

// uniqueName is name, made different from the other seats' names.
func (s *seating) uniqueName(name string, seat int) string {
	name = safetext.Name(name)
	if name == "" {
		name = "guest"
	}
	taken := func(n string) bool {
		for i, st := range s.seats {
			if i != seat && st.owner != "" && sameName(st.name, n) {
				return true
			}
		}
		return false
	}
	out := name
	for n := 2; taken(out); n++ {
		suffix := fmt.Sprint(n)
		out = safetext.Name(safetext.CutWidth(name, safetext.MaxNameLen-len(suffix)) + suffix)
	}
	return out
}

// names are the seats' names: their players', or a bot's named by the
// player it stands for (player: who sits in a seat). A bot never bears
// a name a player at the table bears, nor another bot's, nor one of
// reserved (a tournament's players, gone or not: a bot "Zeynep" in the
// seat the player zeynep forfeited read as her), compared by sameName:
// a bot "Mehmet" beside the player mehmet read as the player.
func (s *seating) names(player func(seat int) int, reserved ...string) [classic.NumSeats]string {
	var out [classic.NumSeats]string
	for i, st := range s.seats {
		if st.owner != "" {
			out[i] = st.name
		}
	}
	return botNames(out, func(seat int) bool { return s.seats[seat].owner == "" }, player, reserved)
}

// botPool are the names bots are given: a bot takes the one its player
// number gives (botName), or the first after it that nobody at the
// table bears. Twelve are enough for four seats: three players' names,
// three other bots' and a tournament's four players' (reserved) can
// stand in the way of a fourth.
var botPool = [...]string{"Ayşe", "Mehmet", "Zeynep", "Emre", "Elif", "Kerem", "Selin", "Burak", "Deniz", "Oğuz", "Ece", "Can"}

// botNames fills in the names of the seats bot says are bots', in
// names whose players' names are written: each bot its own (botName,
// by its player), unless a player at the table or a bot before it has
// it, then the next of botPool that is free. The bots that keep their
// own are named first, so that a bot moved off its name by a player
// does not move another.
func botNames(names [classic.NumSeats]string, bot func(seat int) bool, player func(seat int) int, reserved []string) [classic.NumSeats]string {
	free := func(n string) bool {
		for _, o := range append(names[:], reserved...) {
			if o != "" && sameName(o, n) {
				return false
			}
		}
		return true
	}
	var moved []int
	for i := range names {
		if !bot(i) {
			continue
		}
		if n := botName(player(i)); free(n) {
			names[i] = n
		} else {
			moved = append(moved, i)
		}
	}
	// By player, not by seat: at a duplicate table the same bots are
	// moved to the same names whichever seats they are at.
	slices.SortFunc(moved, func(a, b int) int { return cmp.Compare(player(a), player(b)) })
	for _, i := range moved {
		for k := range botPool {
			if n := botPool[(player(i)+k)%len(botPool)]; free(n) {
				names[i] = n
				break
			}
		}
	}
	return names
}

// sameName reports whether two names at a table would read as one
// name: equal once case is folded, the Turkish way too (İ and I, ı and
// i are one letter here: "EMİNE", "Emine" and "EMINE" are one name).
func sameName(a, b string) bool {
	return foldName(a) == foldName(b)
}

// foldName is a name as sameName compares it.
func foldName(s string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		switch r {
		case 'İ', 'I', 'ı':
			return 'i'
		}
		return r
	}, s))
}

// entrants are who plays each seat now: its owner, or the seat's bot
// of level.
func (s *seating) entrants(level func(seat int) string) [classic.NumSeats]keep.Entrant {
	var out [classic.NumSeats]keep.Entrant
	for i, st := range s.seats {
		if st.owner == "" {
			out[i] = keep.Entrant{ID: keep.BotIdentity(level(i)), Name: level(i)}
			continue
		}
		out[i] = keep.Entrant{ID: st.owner, Name: st.name}
	}
	return out
}

// rated are the seats' owners whose ratings are kept (keys', not
// guests'), seat by seat ("" for the others).
func (s *seating) rated() [classic.NumSeats]string {
	var owners [classic.NumSeats]string
	for i, st := range s.seats {
		if keep.IsRated(st.owner) {
			owners[i] = st.owner
		}
	}
	return owners
}

// recordMeta is what a record of table keeps of its seats: who sits
// where, and each seat's bot's level.
func (s *seating) recordMeta(table string, level func(seat int) string) map[string]string {
	m := map[string]string{"program": "okey serve", "table": table}
	for i, st := range s.seats {
		if st.owner != "" {
			m[fmt.Sprintf("name%d", i)] = st.name
		}
		m[fmt.Sprintf("level%d", i)] = level(i)
	}
	return m
}

// tell hands every member, seated or watching, msg.
func (s *seating) tell(msg Msg) {
	for i := range s.seats {
		if m := s.seats[i].m; m != nil {
			put(m, msg)
		}
	}
	for m := range s.watchers {
		put(m, msg)
	}
}

// endAll tells every member msg (why the table ends for them) and gives
// up its seats and its spectators.
func (s *seating) endAll(msg Msg) {
	s.tell(msg)
	s.seats = [classic.NumSeats]seatState{}
	clear(s.watchers)
}

// put hands m its latest message: one not yet read is replaced. Only
// the table writes to a box, so after emptying it the send cannot
// block.
func put(m *Member, msg Msg) {
	select {
	case <-m.Box:
	default:
	}
	if msg.Room != nil || msg.Update != nil {
		m.shown = msg
	}
	m.Box <- msg
}

// tellPaused tells every member whether the table is paused, with the
// last view or room each was handed (nothing the store has not taken).
//
// A member shown nothing yet is told nothing: its first message says
// whether the table is paused, and a word alone that the table goes on
// has no form on the wire to another node ("an empty table message",
// logged as an error at every pause's end in a loaded arena).
func (s *seating) tellPaused(paused bool) {
	say := func(m *Member) {
		msg := m.shown
		if msg.Room == nil && msg.Update == nil {
			return
		}
		msg.Paused = paused
		put(m, msg)
	}
	for i := range s.seats {
		if m := s.seats[i].m; m != nil {
			say(m)
		}
	}
	for m := range s.watchers {
		say(m)
	}
}

// botName is the name a bot takes when it is free: its player's
// number's.
func botName(player int) string {
	return botPool[player%len(botPool)]
}
