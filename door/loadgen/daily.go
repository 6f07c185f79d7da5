package loadgen

import (
	"context"
	"fmt"
	mrand "math/rand/v2"
	"regexp"
	"strings"
	"time"
)

// The served daily under load: a player of the daily opens
// the lobby's daily page (d), plays the day of one game there (enter)
// through the same screen and at the same pace as a player at an
// ordinary table — but alone with three bots, so no turn reaches another
// player — and, told the day is over, opens the page again to see the
// board, which every page open ranks from the day's results. A day is
// played once a key: the player then plays the other game's day, and
// with both played hangs up and dials again as a newcomer with a key of
// its own, so that the number of players playing the daily stays the
// step's all through the play.

// mineRe reads the player's own day on the daily's page: ranked, or
// practice (the load's keys are new on the day they play).
var mineRe = regexp.MustCompile(`(?:You|Practice|Guest, unranked): (\d+) of (\d+) hands`)

// playDay plays the day of one game (of Okey 101 if o101) from the
// lobby: the daily's page, the day played, the board opened once it is
// over (its time from the key to the board on screen goes to st), and
// back to the lobby. It returns when the day is done or ctx ends.
func (c *client) playDay(ctx context.Context, p pace, st *stats, rng *mrand.Rand, o101 bool) error {
	const within = 60 * time.Second
	want, other := dailyClassic, daily101
	if o101 {
		want, other = daily101, dailyClassic
	}
	if err := c.press("d"); err != nil {
		return err
	}
	scr, ok := c.await(ctx, within, func(s string) bool { return strings.Contains(s, want) || strings.Contains(s, other) })
	if !ok {
		return c.missing(want, within, scr)
	}
	if strings.Contains(scr, other) {
		// The page opens on the game it showed last: tab is the other.
		if err := c.press("\t"); err != nil {
			return err
		}
	}
	scr, ok = c.await(ctx, within, func(s string) bool { return strings.Contains(s, want) && strings.Contains(s, markDailyNew) })
	if !ok {
		return c.missing(want+" … "+markDailyNew, within, scr)
	}
	if err := c.press("enter"); err != nil {
		return err
	}
	if err := c.see(ctx, markDailyTable, within); err != nil {
		return err
	}
	st.count(&st.daysBegun)
	c.play(ctx, p, nil, st, rng)
	if ctx.Err() != nil {
		return nil
	}
	// After the last hand's enter, the lobby; the enter again while the
	// page still shows (a key in the page's first moments is not taken).
	lobby := func(s string) bool { return strings.Contains(s, markLobby) }
	scr, ok = c.await(ctx, p.again(), lobby)
	for end := time.Now().Add(within); !ok && strings.Contains(scr, markDailyLast) && time.Now().Before(end); {
		if err := c.press("enter"); err != nil {
			return err
		}
		scr, ok = c.await(ctx, p.again(), lobby)
	}
	if !ok && ctx.Err() == nil {
		// Not the lobby (a key pressed as it came opened one of its
		// pages): back to it.
		if err := c.press("esc"); err != nil {
			return err
		}
		if err := c.see(ctx, markLobby, within); err != nil {
			return err
		}
	}
	// The board, as a player who has just finished opens it; the day
	// is done when the page says all its hands are the player's.
	at := time.Now()
	if err := c.press("d"); err != nil {
		return err
	}
	scr, ok = c.await(ctx, p.answer, func(s string) bool { return strings.Contains(s, markDailyBoard) })
	if m := mineRe.FindStringSubmatch(scr); m != nil && m[1] == m[2] {
		st.count(&st.daysDone)
	}
	if !ok {
		if ctx.Err() != nil {
			return nil
		}
		st.mu.Lock()
		st.boardsLost++
		st.boarded()
		st.mu.Unlock()
		p.tracef("%s: the daily's board unanswered for %v; the screen:\n%s\n", c.name, p.answer, scr)
	} else {
		st.addBoard(time.Since(at))
	}
	if err := c.press("esc"); err != nil {
		return err
	}
	return c.see(ctx, markLobby, within)
}

// dailyPlayer plays the daily until ctx ends: the day of each game in
// turn (first 101 if o101), then, both played, a new connection with a
// key of its own. redial makes the next connection; swap is told of it
// (the step keeps the player's current connection, to read its counts
// and close it at the end). It returns the first error.
func dailyPlayer(ctx context.Context, c *client, redial func(round int) (*client, error), swap func(*client), p pace, st *stats, rng *mrand.Rand, o101 bool) error {
	for round := 1; ; round++ {
		for _, g := range []bool{o101, !o101} {
			if err := c.playDay(ctx, p, st, rng, g); err != nil || ctx.Err() != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		}
		next, err := redial(round)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("dialling again: %w", err)
		}
		swap(next)
		c = next
	}
}
