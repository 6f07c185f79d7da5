package loadgen

import (
	"cmp"
	"context"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// pace is how a player plays: a key every keyEvery on average, its move
// within moveWithin of its turn, a chat line every chatEvery keys.
type pace struct {
	keyEvery, moveWithin time.Duration
	chatEvery            int
	// answer is how long a key may go unanswered before it counts as
	// lost.
	answer time.Duration
	// daily: the player plays the served daily (daily.go): alone at
	// its table, the page after a hand is the daily's, and the play
	// ends when the day is over.
	daily bool
	// tourney: the player plays a tournament's match (tourney.go): the
	// play ends with the match, or with the table gone.
	tourney bool
	// readyAgain is Config.readyAgain (0: 2 s).
	readyAgain time.Duration
	// trace, when set, is told of every key lost, with the screen.
	trace   io.Writer
	traceMu *sync.Mutex
}

func (p pace) tracef(format string, a ...any) {
	if p.trace == nil {
		return
	}
	p.traceMu.Lock()
	defer p.traceMu.Unlock()
	// Timed as the nodes' logs are (UTC), to be read beside them.
	fmt.Fprintf(p.trace, "%s ", time.Now().UTC().Format("15:04:05.000"))
	fmt.Fprintf(p.trace, format, a...)
}

// again is how long a player waits before it presses enter again on a
// page between hands that did not take it (a key in the page's first
// moments is not taken).
func (p pace) again() time.Duration { return cmp.Or(p.readyAgain, 2*time.Second) }

// seatShared is what the players at one table share to time a move from
// the key that made it to the next player's screen.
type seatShared struct {
	mu sync.Mutex
	// movedAt is when a player last pressed a key that ended its turn
	// (zero: taken).
	movedAt time.Time
}

func (s *seatShared) moved(t time.Time) {
	s.mu.Lock()
	s.movedAt = t
	s.mu.Unlock()
}

// take is the time of the last turn-ending key, once.
func (s *seatShared) take() (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.movedAt
	s.movedAt = time.Time{}
	return t, !t.IsZero()
}

// moveRetry is how long a move waits for its answer before it is made
// again (a refusal, 101's question about a costly tile).
const moveRetry = 1500 * time.Millisecond

// stallAfter is how long a daily's player, alone with bots, waits off its
// turn with its screen standing still before it presses enter.
const stallAfter = 10 * time.Second

// pendingKey is a key waiting for the screen that only it can cause.
type pendingKey struct {
	at time.Time
	// want is the text it brings (a sort), or gone the text it takes
	// away (a move: its marker).
	want, gone string
	move       bool
	// first is when a move was first pressed (it is pressed again
	// while unanswered).
	first time.Time
	// held: the screen said the table was moving while the key waited
	// (markHeld): the key is kept there, and answered once the table is
	// back, within heldAnswer.
	held bool
}

// answerBy is how long pend may wait for its answer: p's, or
// heldAnswer once the screen said its table was moving.
func (pend *pendingKey) answerBy(p pace) time.Duration {
	if pend.held {
		return max(p.answer, heldAnswer)
	}
	return p.answer
}

// play plays until ctx ends: sorts the rack, moves the cursor and chats
// at the pace set, moves on its turn, says ready between hands; every
// timed key's latency goes to st. sh is nil at a daily's table (no other
// player to reach), whose play ends with the day.
func (c *client) play(ctx context.Context, p pace, sh *seatShared, st *stats, rng *mrand.Rand) {
	gap := func(mean time.Duration) time.Duration {
		return time.Duration(rng.Int64N(int64(2*mean) + 1))
	}
	now := time.Now()
	nextKey := now.Add(gap(p.keyEvery))
	var moveAt, readyAt time.Time
	var pend *pendingKey
	myTurn, keys := false, 0
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	lastScr, still := "", now // the screen, and since when it stands still
	for {
		now = time.Now()
		scr := c.term.String()
		if scr != lastScr {
			lastScr, still = scr, now
		}
		turn := strings.Contains(scr, markMyTurn)
		between := strings.Contains(scr, markNextHand) || p.daily && dailyBetween(scr)
		if p.daily && (strings.Contains(scr, markDailyOver) || strings.Contains(scr, markLobby)) {
			// The day is over, or the table closed: the lobby.
			return
		}
		if p.tourney && (matchOverRe.MatchString(scr) || !handRe.MatchString(scr)) {
			// The match is over, or the table is gone from the screen.
			return
		}
		if sh == nil {
			// Alone with bots: the turn comes back after theirs.
		} else if turn && !myTurn {
			// The turn came round: the move before reached this screen.
			if t, ok := sh.take(); ok {
				st.addReach(now.Sub(t))
			}
		}
		myTurn = turn
		if between && sh != nil {
			sh.take() // the hand's last move: the next turn comes after the deal
		}
		if pend != nil && strings.Contains(scr, markHeld) {
			pend.held = true
		}
		if pend != nil {
			switch {
			case pend.want != "" && (strings.Contains(scr, pend.want) || rackSorted(scr, pend.want)):
				st.answeredKey(now.Sub(pend.at), pend.held && now.Sub(pend.at) >= p.answer)
				pend = nil
			case pend.gone != "" && !strings.Contains(scr, pend.gone):
				st.answeredMove(now.Sub(pend.at), now.Sub(pend.first), pend.held && now.Sub(pend.first) >= p.answer)
				pend = nil
			case !pend.move && (between || turn):
				// The hand ended under the key (the page between hands
				// has no sorting) or the turn came round, whose news
				// replaces the sort's: no answer to time.
				st.superseded()
				pend = nil
			case pend.move && now.Sub(pend.first) >= pend.answerBy(p):
				st.lostMove()
				p.tracef("%s (node %d): move unanswered for %v (held as its table moved: %v); the screen:\n%s\n", c.name, c.node, now.Sub(pend.first).Round(time.Millisecond), pend.held, scr)
				pend = nil
			case pend.move && now.Sub(pend.at) >= moveRetry:
				// Refused, or asked again (101's costly tile): the move
				// is made again, timed from this key. (Held as its
				// table moves, it is kept there: pressed again, it is
				// kept twice, as a person's second press would be.)
				first, held := pend.first, pend.held
				pend = nil
				if c.move(scr, sh, &pend) {
					pend.first, pend.held = first, held
				}
			case !pend.move && now.Sub(pend.at) >= pend.answerBy(p):
				st.lostKey()
				p.tracef("%s (node %d): key for %q unanswered for %v (held as its table moved: %v); the screen:\n%s\n", c.name, c.node, pend.want, now.Sub(pend.at).Round(time.Millisecond), pend.held, scr)
				pend = nil
			}
		}
		if turn && pend == nil && moveAt.IsZero() {
			moveAt = now.Add(time.Duration(rng.Int64N(int64(p.moveWithin)/2+1)) + p.moveWithin/2)
		}
		if !turn {
			moveAt = time.Time{}
		}
		if between && readyAt.IsZero() {
			readyAt = now.Add(gap(p.moveWithin))
		}
		if !between {
			readyAt = time.Time{}
		}
		switch {
		case p.daily && !turn && pend == nil && now.Sub(still) >= stallAfter:
			// A daily's player alone with bots whose screen has stood
			// still off its turn: enter, as a person would, said and
			// counted (a page it did not know, or a table that stopped).
			p.tracef("%s: the daily's screen still for %v; enter pressed; the screen:\n%s\n", c.name, now.Sub(still).Round(time.Second), scr)
			st.count(&st.dailyStalled)
			c.press("enter")
			still = now
		case !moveAt.IsZero() && !now.Before(moveAt) && pend == nil:
			moveAt = time.Time{}
			c.move(scr, sh, &pend)
		case !readyAt.IsZero() && !now.Before(readyAt):
			// Between hands: ready (again in p.again(), should the key
			// come while the page settles).
			c.press("enter")
			readyAt = now.Add(p.again())
			if p.daily && strings.Contains(scr, markDailyLast) {
				// The day's last hand: the lobby comes, where the
				// table's keys (a chat line's letters) would open its
				// pages. The caller waits for it.
				return
			}
		case !now.Before(nextKey):
			nextKey = now.Add(gap(p.keyEvery))
			keys++
			switch {
			case turn:
				// On its turn a player is making its move: another key
				// would answer a question the move asked (101's "x
				// again discards it anyway").
			case p.chatEvery > 0 && keys%p.chatEvery == 0:
				c.press("m")
				c.press(fmt.Sprintf("hello from %s %d", c.name, keys), "enter")
				st.chat()
			case keys%3 == 0:
				// Every third key moves the cursor, whatever else is
				// waiting: a player does, and the step reports it.
				c.press([]string{"left", "right"}[rng.IntN(2)])
				st.cursor()
			case pend == nil && !between && !turn && !(rackSorted(scr, sortedColour) && rackSorted(scr, sortedValue)):
				// A sort the rack is not in yet: its order on screen (or
				// its words on the status line, should a table's news
				// not have replaced them in the same frame) is what only
				// this key brings.
				want, key := sortedColour, "c"
				if rackSorted(scr, sortedColour) {
					want, key = sortedValue, "v"
				}
				pend = &pendingKey{at: time.Now(), want: want}
				c.press(key)
			default:
				c.press([]string{"left", "right"}[rng.IntN(2)])
				st.cursor()
			}
		}
		wake := nextKey
		if t := still.Add(stallAfter); p.daily && !turn && pend == nil && t.Before(wake) {
			wake = t
		}
		for _, t := range []time.Time{moveAt, readyAt} {
			if !t.IsZero() && t.Before(wake) {
				wake = t
			}
		}
		if pend != nil {
			limit := pend.at.Add(p.answer)
			if pend.move {
				limit = pend.at.Add(moveRetry)
			}
			if limit.Before(wake) {
				wake = limit
			}
		}
		timer.Reset(max(time.Millisecond, time.Until(wake)))
		select {
		case <-ctx.Done():
			return
		case <-c.done:
			return
		case <-c.term.Changed():
		case <-timer.C:
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
	}
}

// move makes the player's move on its turn: finish when the hand wins,
// draw when the turn starts with one, else discard the tile under the
// cursor. The key is timed until its marker leaves the screen.
func (c *client) move(scr string, sh *seatShared, pend **pendingKey) bool {
	key, gone := "x", markMyTurn
	switch {
	case strings.Contains(scr, markWin):
		key = "f"
	case firstOf(scr, markDraw, markDrawTap) != "":
		key, gone = "d", firstOf(scr, markDraw, markDrawTap)
	case firstOf(scr, markEndTurn, markEndTap) != "":
		key, gone = "d", firstOf(scr, markEndTurn, markEndTap)
	}
	keys := []string{key}
	if key == "x" {
		// A discard is of the tile under the cursor: onto one first.
		keys = append(toTile(strings.Split(scr, "\n")), key)
	}
	now := time.Now()
	if c.press(keys...) != nil {
		return false
	}
	if gone == markMyTurn && sh != nil {
		sh.moved(now)
	}
	*pend = &pendingKey{at: now, gone: gone, move: true, first: now}
	return true
}

// toTile is the keys that bring the rack's cursor onto the nearest tile
// (of its row; of the other row, up or down first, when its row holds
// none: a rack of fifteen fills the top row), read from the screen's
// lines (none when it is on one, or the rack cannot be read).
func toTile(lines []string) []string {
	rows, cursorRow, cursor, ok := rackSlots(lines)
	if !ok || cursor < 0 {
		return nil
	}
	var tiles [2][]int
	for r, row := range rows {
		for s, f := range row {
			if f != "" {
				tiles[r] = append(tiles[r], s)
			}
		}
	}
	row := cursorRow
	if slices.Contains(tiles[row], cursor) {
		return nil
	}
	var out []string
	if len(tiles[row]) == 0 {
		other := 1 - row
		if len(tiles[other]) == 0 {
			return nil
		}
		out = append(out, map[int]string{0: "up", 1: "down"}[other])
		row = other
	}
	best := tiles[row][0]
	for _, t := range tiles[row] {
		if abs(t-cursor) < abs(best-cursor) {
			best = t
		}
	}
	key := "right"
	if best < cursor {
		key = "left"
	}
	for range abs(best - cursor) {
		out = append(out, key)
	}
	return out
}

// rackCols is how many slots a row of the rack holds (ui/rack's Cols).
const rackCols = 15

// rackSlots reads the rack on a screen: the faces of its two rows'
// slots in order ("" an empty slot), and the cursor's row and slot (-1:
// not seen); ok is false when no rack is on screen. The rack is a box
// whose lines of tiles are three lines tall, of slots five columns
// wide, the cursor's drawn with double lines; a row of the rack is one
// line of tiles, or two on a terminal standing up (eight slots and
// seven), read one after the other.
func rackSlots(lines []string) (rows [2][]string, cursorRow, cursor int, ok bool) {
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "╭─ your rack") || strings.Contains(l, "╭─ ") && strings.Contains(l, " tiles · ") {
			at = i
			break
		}
	}
	if at < 0 || at+6 >= len(lines) {
		return rows, -1, -1, false
	}
	x0 := strings.Index(lines[at], "╭")
	x0 = len([]rune(lines[at][:x0])) + 1
	// The lines of tiles, down to the box's bottom.
	var mids []int
	for mid := at + 2; mid < len(lines); mid += 3 {
		if top := []rune(lines[mid-1]); x0 > len(top) || top[x0-1] == '╰' {
			break
		}
		mids = append(mids, mid)
	}
	per := len(mids) / 2 // lines of tiles a row of the rack
	if per == 0 {
		return rows, -1, -1, false
	}
	perLine := (rackCols + per - 1) / per
	cursorRow, cursor = -1, -1
	for i, mid := range mids {
		r := min(1, i/per)
		cells := []rune(lines[mid])
		n := min(perLine, rackCols-i%per*perLine)
		for s := 0; s < n && x0+5*s+4 < len(cells); s++ {
			cell := cells[x0+5*s : x0+5*s+5]
			if cell[0] == '║' {
				cursorRow, cursor = r, len(rows[r])
			}
			rows[r] = append(rows[r], strings.TrimSpace(string(cell[1:4])))
		}
	}
	return rows, cursorRow, cursor, true
}

func abs(n int) int { return max(n, -n) }

// firstOf is the first of marks on screen scr, or "".
func firstOf(scr string, marks ...string) string {
	for _, m := range marks {
		if strings.Contains(scr, m) {
			return m
		}
	}
	return ""
}

// rackGroups reads the faces of the tiles in the rack on a screen, row
// by row in reading order (an okey reads OK, a false joker J), in the
// groups an empty slot or a row's end parts; ok is false when no rack
// is on screen.
func rackGroups(lines []string) (groups [][]string, ok bool) {
	rows, _, _, ok := rackSlots(lines)
	if !ok {
		return nil, false
	}
	for _, row := range rows {
		var g []string
		for _, f := range row {
			if f != "" {
				g = append(g, f)
			} else if len(g) > 0 {
				groups, g = append(groups, g), nil
			}
		}
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	return groups, true
}

// rackSorted reports whether the rack on screen is in the order of a
// sort: by value (values rising in reading order, or, as a 101 table
// lays a sort out, groups of one value each, an empty slot between two,
// the longest first in the first row with room), or by colour (each
// colour in one run, values rising in it). Okeys and false jokers, which
// a sort may put anywhere, are left out. (Read as value order only
// when rising, 101's sort by value would go unrecognised, and its key
// counted lost.)
func rackSorted(scr, by string) bool {
	groups, ok := rackGroups(strings.Split(scr, "\n"))
	if !ok || len(groups) == 0 {
		return false
	}
	type tl struct {
		colour byte
		value  int
	}
	read := func(faces []string) []tl {
		var ts []tl
		for _, f := range faces {
			if len(f) < 2 || !strings.ContainsRune("RYBK", rune(f[0])) {
				continue
			}
			v, err := strconv.Atoi(f[1:])
			if err != nil {
				continue
			}
			ts = append(ts, tl{f[0], v})
		}
		return ts
	}
	if by == sortedValue && len(groups) > 1 && !slices.ContainsFunc(groups, func(g []string) bool {
		ts := read(g)
		return slices.ContainsFunc(ts, func(t tl) bool { return t.value != ts[0].value })
	}) {
		return true
	}
	ts := read(slices.Concat(groups...))
	seen := map[byte]bool{}
	for i := 1; i < len(ts); i++ {
		a, b := ts[i-1], ts[i]
		switch by {
		case sortedValue:
			if b.value < a.value {
				return false
			}
		default:
			if b.colour != a.colour {
				if seen[b.colour] {
					return false
				}
				seen[a.colour] = true
			} else if b.value < a.value {
				return false
			}
		}
	}
	return true
}
