package door

import (
	"bytes"
	"context"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/fair"
	"okey/server/keep"
)

// sealedPlaces are the streams whose every message a node seals: the
// records, the tables' entries, the lobby, the leases and the next
// table's number (a node takes nothing else from them). The others
// (ratings) hold nothing hidden, and are walked for the match's secrets
// all the same.
var sealedPlaces = map[string]bool{"OKEY_RECORDS": true, "KV_okey_tables": true, "KV_okey_lobby": true, "KV_okey_leases": true, "KV_okey_hall": true}

// overhear is a NATS deployment for nodes to share, and a client of it
// that has no cluster secret (a user of the deployment, its operator),
// listening to subject: heard stops listening and says what it heard.
func overhear(t *testing.T, subject string) (url string, nc *nats.Conn, heard func() []*nats.Msg) {
	t.Helper()
	url = sharedNATS(t)
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return url, nc, listen(t, nc, subject)
}

// listen has nc listen to subject: heard stops listening and says what
// it heard.
func listen(t *testing.T, nc *nats.Conn, subject string) (heard func() []*nats.Msg) {
	t.Helper()
	var mu sync.Mutex
	var msgs []*nats.Msg
	sub, err := nc.Subscribe(subject, func(m *nats.Msg) {
		mu.Lock()
		msgs = append(msgs, m)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	return func() []*nats.Msg {
		// Drained, not dropped: every message the server sent before
		// is handed to the callback first (an unsubscribe dropped those
		// still queued on a loaded machine, and a forged delete heard
		// was counted as none).
		if err := sub.Drain(); err == nil {
			for end := time.Now().Add(patience); sub.IsValid() && time.Now().Before(end); {
				time.Sleep(10 * time.Millisecond)
			}
		}
		_ = sub.Unsubscribe()
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(msgs)
	}
}

// TestStoreHoldsNoSecretDuringAMatch: two nodes share a NATS
// deployment, a player on each at one table; while the match is played,
// a reader with the deployment's credentials but not the cluster's
// secret walks every stream and bucket of the store, message by
// message, and listens to every subject. It finds neither the match's
// seed nor its salt (in any form a record writes them), no record's
// header and no view of a seat: every message of the records, the
// entries and the lobby, and every message between the nodes, is
// sealed. The node itself reads the same record back whole, and it
// replays.
func TestStoreHoldsNoSecretDuringAMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("two nodes and a match (seconds)")
	}
	t.Parallel()
	// Every message on every subject, as the deployment carries it.
	url, nc, overheard := overhear(t, ">")
	_, g, rec := playAcrossNodes(t, url, 12)
	if g.State().Phase() == game.MatchOver {
		t.Fatal("the match ended: the test needs one in play")
	}
	heard := overheard()
	if rec.Meta[fair.MetaSalt] == "" {
		t.Fatal("the record has no salt: nothing to look for")
	}
	salt, err := hex.DecodeString(rec.Meta[fair.MetaSalt])
	if err != nil {
		t.Fatal(err)
	}
	var seedBytes [8]byte
	for i := range 8 {
		seedBytes[i] = byte(rec.Seed >> (56 - 8*i))
	}
	secrets := map[string][]byte{
		"the seed":          []byte(strconv.FormatUint(rec.Seed, 10)),
		"the seed's bytes":  seedBytes[:],
		"the salt":          []byte(rec.Meta[fair.MetaSalt]),
		"the salt's bytes":  salt,
		"a record's header": []byte(`"seed"`),
		"a seat's rack":     []byte(`"rack"`),
	}
	// Text is looked for in either case; raw bytes only as they are:
	// bytes.ToLower reads bytes as UTF-8 and turns each invalid one into
	// U+FFFD, so a seed of eight such bytes, folded, would match any eight
	// such bytes of a sealed message.
	raw := map[string]bool{"the seed's bytes": true, "the salt's bytes": true}
	look := func(where string, b []byte) {
		t.Helper()
		lower := bytes.ToLower(b)
		for what, s := range secrets {
			if bytes.Contains(b, s) || !raw[what] && bytes.Contains(lower, bytes.ToLower(s)) {
				t.Errorf("%s holds %s", where, what)
			}
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	walked, sealed := 0, 0
	names := js.StreamNames(ctx)
	for name := range names.Name() {
		st, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatalf("stream %s: %v", name, err)
		}
		info := st.CachedInfo()
		for seq := info.State.FirstSeq; seq > 0 && seq <= info.State.LastSeq; seq++ {
			m, err := st.GetMsg(ctx, seq)
			if err != nil {
				continue // deleted or purged
			}
			walked++
			where := name + " message " + strconv.FormatUint(seq, 10) + " (" + m.Subject + ")"
			look(where, m.Data)
			for k, vs := range m.Header {
				look(where+" header "+k, []byte(strings.Join(vs, " ")))
			}
			if sealedPlaces[name] && len(m.Data) > 0 {
				if !keep.Sealed(m.Data) {
					t.Errorf("%s is not sealed: %.60q", where, m.Data)
				}
				sealed++
			}
		}
	}
	if names.Err() != nil {
		t.Fatal(names.Err())
	}
	if sealed < 12 {
		t.Fatalf("walked %d messages, %d of them sealed: the records were not found", walked, sealed)
	}
	relayed := 0
	for _, m := range heard {
		look("the subject "+m.Subject, m.Data)
		if strings.HasPrefix(m.Subject, "okey.") && len(m.Data) > 0 {
			relayed++
			if !keep.Sealed(m.Data) {
				t.Errorf("a message on %s is not sealed: %.60q", m.Subject, m.Data)
			}
		}
	}
	if relayed == 0 {
		t.Fatal("heard nothing between the nodes: bob's views were not found")
	}
	t.Logf("walked %d stored messages (%d sealed) and %d messages on the subjects (%d the nodes' own)", walked, sealed, len(heard), relayed)
}
