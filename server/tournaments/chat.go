package tournaments

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/tables"
)

// A tournament's chat: its lines kept as one value of the store (the
// last the tables' chat keeps), written at the revision read, so every
// node's watch brings a line said on any node to the pages shown there;
// written as the newest of its key (keep.TourneyBook.WriteNewer), so
// that an older chat put back by a writer of the store without the
// secret is refused for the newest, and no line is lost.
// It is held to the tables' chat limits, their own code: a line cleaned
// and cut as a table's (tables.CleanChat), a speaker's pace counted as
// a table's member's (tables.ChatRate) at the hall's tables' rate, and
// an operator's mute (mute.go) applies to both.

// Why a line is not said.
var (
	// ErrChatSlow: the speaker said as much as the tables' chat lets
	// one say in a while.
	ErrChatSlow = errors.New("too many chat lines: wait a few seconds")
	// ErrChatNotIn: the chat is its entrants' (and its creator's and
	// the operator's); anyone else reads it only if it is public.
	ErrChatNotIn = errors.New("only the tournament's entrants may chat in it")
)

// ChatLine is one line of a tournament's chat: who said it, by the name
// they play under (never their id: a guest's holds their resume code),
// what, and when.
type ChatLine struct {
	Seq  uint64    `json:"seq"`
	Name string    `json:"name"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// chatLog is the value a tournament's chat is kept as.
type chatLog struct {
	Lines []ChatLine `json:"lines"`
}

// prefixChat is the key of a tournament's chat.
const prefixChat = "chat."

func chatKey(id string) string { return prefixChat + id }

// chatWrites is how many times a line is written again after another
// node's line took the revision first.
const chatWrites = 8

// Chat is tournament id's chat as player may read it: its last lines,
// oldest first (none: nobody said anything, or a private tournament
// player is not in).
func (c *ChatRoom) Chat(id, player string) []ChatLine {
	c.svc.mu.Lock()
	r, ok := c.svc.recs[id]
	v := c.svc.other[chatKey(id)]
	c.svc.mu.Unlock()
	if !ok || (r.Code != "" && !r.chatter(player)) || v.v == nil {
		return nil
	}
	var l chatLog
	if err := json.Unmarshal(v.v, &l); err != nil {
		c.svc.opt.Log.Error("a tournament's chat that does not read", "tournament", id, "err", err)
		return nil
	}
	return l.Lines
}

// chatter says whether player may say something in r's chat: an
// entrant (or one waiting alone in partners), its creator, the
// operator.
func (r *record) chatter(player string) bool {
	return player == Operator || player == r.By || slices.Contains(r.T.People(), player)
}

// Say adds player's line text to tournament id's chat, said under name:
// cleaned and cut as a table's line, at the tables' pace (ErrChatSlow),
// by an entrant (ErrChatNotIn) not muted (a *MutedError). A line that
// cleans to nothing is not said.
func (c *ChatRoom) Say(ctx context.Context, id, player, name, text string) error {
	text = tables.CleanChat(text)
	if text == "" {
		return nil
	}
	c.svc.mu.Lock()
	r, ok := c.svc.recs[id]
	c.svc.mu.Unlock()
	switch {
	case !ok:
		return fmt.Errorf("%q: %w", id, ErrNoTournament)
	case !r.chatter(player):
		return ErrChatNotIn
	}
	if m, ok := c.svc.mutes.Muted(player); ok {
		return &m
	}
	if !c.paced(player) {
		return ErrChatSlow
	}
	now := c.svc.opt.Now()
	line := ChatLine{Name: safetext.Name(name), Text: text, At: now.UTC().Truncate(time.Second)}
	keepN := cmp.Or(c.svc.opt.Hall.Opt.ChatKeep, 50)
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	for range chatWrites {
		b, rev, err := c.svc.opt.Book.ReadLatest(ctx, chatKey(id))
		if err != nil && !errors.Is(err, keep.ErrTourneyNone) {
			return fmt.Errorf("tournament %s's chat: %w", id, err)
		}
		var l chatLog
		if len(b) > 0 {
			if err := json.Unmarshal(b, &l); err != nil {
				return fmt.Errorf("tournament %s's chat: %w", id, err)
			}
		}
		line.Seq = 1
		if n := len(l.Lines); n > 0 {
			line.Seq = l.Lines[n-1].Seq + 1
		}
		l.Lines = append(l.Lines, line)
		if len(l.Lines) > keepN {
			l.Lines = l.Lines[len(l.Lines)-keepN:]
		}
		out, err := json.Marshal(l)
		if err != nil {
			return err
		}
		_, err = c.svc.opt.Book.WriteNewer(ctx, chatKey(id), out, b, rev)
		if errors.Is(err, keep.ErrTourneyMoved) {
			continue // another node's line first: this one after it
		}
		if err != nil {
			return fmt.Errorf("tournament %s's chat: %w", id, err)
		}
		return nil
	}
	return fmt.Errorf("tournament %s's chat: %w", id, keep.ErrTourneyMoved)
}

// paced says whether player may say a line now at the tables' pace,
// and counts it. Their pace is this node's count: a player's session
// is on one node.
func (c *ChatRoom) paced(player string) bool {
	hall := c.svc.opt.Hall.Opt
	every, burst := cmp.Or(hall.ChatEvery, 5*time.Second), cmp.Or(hall.ChatBurst, 3)
	now := c.svc.opt.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	for p, r := range c.rates {
		if r.Quiet(now, every) {
			delete(c.rates, p) // forgotten: nothing said lately
		}
	}
	r := c.rates[player]
	if r == nil {
		r = &tables.ChatRate{}
		c.rates[player] = r
	}
	return r.Allow(now, every, burst)
}
