package loadgen

import (
	"fmt"
	"slices"
	"sync"
	"time"
)

// stats collects a step's timings from every player.
type stats struct {
	mu                            sync.Mutex
	keys, moves, reach            []time.Duration
	keysLost, movesLost, overtook int
	cursors, chats                int
	// keysHeld and movesHeld are the keys and moves held while their
	// table moved to another node and answered once it was back, past
	// the answer's wait: how long each waited.
	keysHeld, movesHeld []time.Duration
	// The daily's players (daily.go): days begun and done, the board's
	// times, boards lost; and what connections replaced since the play
	// began were sent (bytes, writes).
	daysBegun, daysDone, boardsLost int
	dailyStalled                    int
	redialed                        int
	boards                          []time.Duration
	retiredBytes, retiredWrites     int
	retiredWire                     int
	// A tournament's players (tourney.go): the pairing's delays (a
	// match's end seen to the next table's hand on screen), players
	// joined, matches seen over (by each of their players), connections
	// dialled again, screens that stood still.
	pairing                                     []time.Duration
	tJoined, tAsked, tEnds, tRedialed, tStalled int
	// pairingIn are the pairing's delays by the player's match they led
	// to (a Swiss's round: the second match's are round 2's); back the
	// times from a player's connection found ended (its node killed) to
	// its table's hand on the screen of the connection dialled again.
	pairingIn map[int][]time.Duration
	back      []time.Duration
	// enough is closed once untilDays boards were opened (Config's
	// UntilDays), or (untilEach) once each thing was done (UntilEach;
	// chats counted when wantChat).
	untilDays           int
	untilEach, wantChat bool
	enough              chan struct{}
}

func (s *stats) addBoard(d time.Duration) {
	s.mu.Lock()
	s.boards = append(s.boards, d)
	s.boarded()
	s.mu.Unlock()
}

// boarded closes enough once the boards opened (or lost) reach
// untilDays; s.mu is held.
func (s *stats) boarded() {
	if s.untilDays > 0 && len(s.boards)+s.boardsLost >= s.untilDays && s.enough != nil {
		close(s.enough)
		s.enough = nil
	}
}

// each closes enough (untilEach) once a key and a move were answered,
// a turn reached, a cursor moved and a chat line said (if wanted);
// s.mu is held.
func (s *stats) each() {
	if s.untilEach && s.enough != nil && len(s.keys) > 0 && len(s.moves) > 0 && len(s.reach) > 0 && s.cursors > 0 && (s.chats > 0 || !s.wantChat) {
		close(s.enough)
		s.enough = nil
	}
}

func (s *stats) addKey(d time.Duration) {
	s.mu.Lock()
	s.keys = append(s.keys, d)
	s.each()
	s.mu.Unlock()
}

func (s *stats) addMove(d time.Duration) {
	s.mu.Lock()
	s.moves = append(s.moves, d)
	s.each()
	s.mu.Unlock()
}

// answeredKey takes in a sort's answer after d: a key's latency, or, late
// (held while its table moved, answered past the answer's wait), a held
// key's, kept apart so that a takeover's seconds are neither a lost key
// nor the keys' latency.
func (s *stats) answeredKey(d time.Duration, late bool) {
	if !late {
		s.addKey(d)
		return
	}
	s.mu.Lock()
	s.keysHeld = append(s.keysHeld, d)
	s.mu.Unlock()
}

// answeredMove is answeredKey for a move: d from its last press, since
// the first press (its wait as a held key).
func (s *stats) answeredMove(d, since time.Duration, late bool) {
	if !late {
		s.addMove(d)
		return
	}
	s.mu.Lock()
	s.movesHeld = append(s.movesHeld, since)
	s.mu.Unlock()
}

// addPairing notes a pairing's delay to the player's match number
// match (1: their first).
func (s *stats) addPairing(d time.Duration, match int) {
	s.mu.Lock()
	s.pairing = append(s.pairing, d)
	if s.pairingIn == nil {
		s.pairingIn = map[int][]time.Duration{}
	}
	s.pairingIn[match] = append(s.pairingIn[match], d)
	s.mu.Unlock()
}

func (s *stats) addBack(d time.Duration) {
	s.mu.Lock()
	s.back = append(s.back, d)
	s.mu.Unlock()
}

func (s *stats) addReach(d time.Duration) {
	s.mu.Lock()
	s.reach = append(s.reach, d)
	s.each()
	s.mu.Unlock()
}

func (s *stats) count(n *int) {
	s.mu.Lock()
	*n++
	s.each()
	s.mu.Unlock()
}

func (s *stats) lostKey() { s.count(&s.keysLost) }

func (s *stats) lostMove() { s.count(&s.movesLost) }

func (s *stats) superseded() { s.count(&s.overtook) }

func (s *stats) cursor() { s.count(&s.cursors) }

func (s *stats) chat() { s.count(&s.chats) }

func ms(d time.Duration) string {
	return fmt.Sprintf("%d", d.Round(time.Millisecond)/time.Millisecond)
}

// pct is the p-th percentile of ds (0 for none).
func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s))*p/100+0.999999) - 1
	return s[max(0, min(len(s)-1, i))]
}
