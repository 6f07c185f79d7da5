package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"okey/kit/safetext"
	"okey/server/keep"
)

// The operator's mutes: a player muted says nothing in any table's chat
// nor any tournament's, for a stated time or until unmuted. Each is a
// value of the store under a key that names the player by a MAC
// (keep.Names), so every node's watch holds every mute and a table or
// a page asks it from memory. An unmute is written as the mute lifted,
// not deleted, and each is written as the newest of its key
// (keep.TourneyBook.PutNewer): a mute put back after its unmute by a
// writer of the store without the secret is refused for the newest.

// MutedError is a line refused because its speaker is muted, until
// Until (zero: until the operator unmutes them).
type MutedError struct {
	Until time.Time `json:"until,omitzero"`
	// Name is the player as the operator named them (their listing).
	Name string `json:"name,omitempty"`
}

func (e *MutedError) Error() string {
	if e.Until.IsZero() {
		return "the server's operator has muted you until they unmute you"
	}
	return "the server's operator has muted you until " + e.Until.UTC().Format("15:04 UTC")
}

// mute is the mute v holds, and whether it is in force at now (not
// lapsed).
func mute(v []byte, now time.Time) (MutedError, bool, error) {
	var m MutedError
	if err := json.Unmarshal(v, &m); err != nil {
		return MutedError{}, false, err
	}
	return m, m.Until.IsZero() || now.Before(m.Until), nil
}

// muteKey is player's mute's key.
func (ms *Mutes) muteKey(player string) string {
	return prefixMute + ms.svc.opt.Book.PlayerName("mute", player)
}

// Mute mutes player (called name, for the list) until until (zero:
// until unmuted), on every node.
func (ms *Mutes) Mute(ctx context.Context, player, name string, until time.Time) error {
	if player == "" || len(player) > maxPlayerID {
		return fmt.Errorf("%w: a player of %d bytes", ErrSettings, len(player))
	}
	b, err := json.Marshal(MutedError{Until: until.UTC(), Name: safetext.Name(name)})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	if err := ms.svc.opt.Book.PutNewer(ctx, ms.muteKey(player), b); err != nil {
		return fmt.Errorf("muting: %w", err)
	}
	ms.svc.opt.Log.Info("muted by the operator", "player", keep.LogID(player), "until", until)
	return nil
}

// Unmute lets player chat again.
func (ms *Mutes) Unmute(ctx context.Context, player string) error {
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	if err := ms.svc.opt.Book.Lift(ctx, ms.muteKey(player), nil, 0); err != nil {
		return fmt.Errorf("unmuting: %w", err)
	}
	ms.svc.opt.Log.Info("unmuted by the operator", "player", keep.LogID(player))
	return nil
}

// Muted says whether player is muted now, and until when: from memory,
// as every node's watch keeps the mutes.
func (ms *Mutes) Muted(player string) (MutedError, bool) {
	key := ms.muteKey(player)
	ms.svc.mu.Lock()
	v, ok := ms.svc.other[key]
	ms.svc.mu.Unlock()
	if !ok {
		return MutedError{}, false
	}
	m, on, err := mute(v.v, ms.svc.opt.Now())
	if err != nil {
		ms.svc.opt.Log.Error("a mute that does not read", "err", err)
		return MutedError{}, false
	}
	return m, on
}

// Mutes are the mutes in force, as the operator named the players.
func (ms *Mutes) Mutes() []MutedError {
	now := ms.svc.opt.Now()
	ms.svc.mu.Lock()
	defer ms.svc.mu.Unlock()
	var out []MutedError
	for k, v := range ms.svc.other {
		if !strings.HasPrefix(k, prefixMute) {
			continue
		}
		if m, on, err := mute(v.v, now); err == nil && on {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b MutedError) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// PeopleNamed are the players of the tournaments not finished over a
// day ago whose name is name (letters' case aside): whom the operator
// may mean by it.
func (ms *Mutes) PeopleNamed(name string) []string {
	now := ms.svc.opt.Now()
	ms.svc.mu.Lock()
	defer ms.svc.mu.Unlock()
	var out []string
	for _, r := range ms.svc.recs {
		if !r.Done.IsZero() && now.Sub(r.Done) > ListedFor {
			continue
		}
		for _, id := range r.T.People() {
			if strings.EqualFold(r.T.NameOf(id), name) && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	return out
}
