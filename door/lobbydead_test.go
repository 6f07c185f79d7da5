package door

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestALobbyEntryNobodyCanBringBackIsDropped: a node that dies as it
// opens a table, after the table's lobby entry and before its lease or
// its first write, leaves an entry no node would ever write again. The
// other nodes' sweep finds a listed table nobody holds, tries to take
// it over, finds nothing kept and unlists it: every node's lobby loses
// it. (Held here after a tournament's new owner waited for ever on a
// table that its dead owner had just opened, still listed at the end
// of a failed run: this path unlists such a table, so that one had
// something kept, or a lease.)
//
// With a lease TTL of a second, every sweep lists the tables kept; the
// lobby's tables must be looked at in those rounds too (a tournament's
// table stayed listed for minutes after its node died, in a cluster of
// 1 s leases, while the sweep looked only at the store's tables).
func TestALobbyEntryNobodyCanBringBackIsDropped(t *testing.T) {
	t.Parallel()
	for _, ttl := range []time.Duration{30 * time.Second, time.Second} {
		t.Run(ttl.String(), func(t *testing.T) {
			t.Parallel()
			lobbyEntryDropped(t, ttl)
		})
	}
}

func lobbyEntryDropped(t *testing.T, ttl time.Duration) {
	url := sharedNATS(t)
	node := func(name string) func(*Config) {
		return func(c *Config) {
			nodeTweak(url, name)(c)
			c.Store.LeaseTTL = ttl
		}
	}
	a, _ := testServer(t, node("a"))
	b, _ := testServer(t, node("b"))
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	lobby, err := js.KeyValue(ctx, "okey_lobby")
	if err != nil {
		t.Fatal(err)
	}
	// Table 99, as the lost node "ghost" listed it: sealed with the
	// cluster's secret, as a node of the cluster writes it.
	entry, err := json.Marshal(map[string]any{"node": "ghost", "summary": map[string]any{"ID": "99", "Game": "classic"}})
	if err != nil {
		t.Fatal(err)
	}
	seal := secretOf(url).NewSealer()
	if _, err := lobby.Put(ctx, "99", seal.Seal("okey_lobby/99", entry)); err != nil {
		t.Fatal(err)
	}
	// Dropped from the store and from both nodes' lobbies.
	for {
		_, err := lobby.Get(ctx, "99")
		if errors.Is(err, jetstream.ErrKeyNotFound) && a.hall.Get("99") == nil && b.hall.Get("99") == nil {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("table 99 of a node gone, with no lease and no entry, after 3 minutes: its lobby entry %v, listed on a %v, on b %v",
				err, a.hall.Get("99") != nil, b.hall.Get("99") != nil)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
