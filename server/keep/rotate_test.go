package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/server/servetest"
)

// rotation is a secret's three forms while it is changed, and the one
// before.
func rotation(t *testing.T) (old, added, promoted, dropped *Secret) {
	t.Helper()
	old = testSecret(t)
	var err error
	if added, err = old.AddKey(); err != nil {
		t.Fatal(err)
	}
	if promoted, err = added.PromoteKey(); err != nil {
		t.Fatal(err)
	}
	if dropped, err = promoted.DropKey(); err != nil {
		t.Fatal(err)
	}
	return old, added, promoted, dropped
}

// TestSecretSteps: the file's forms while the secret is changed — the
// old key in use with a new one taken, the new in use with the old
// taken, the new alone — read back as written, and a step out of turn
// is refused with a reason.
func TestSecretSteps(t *testing.T) {
	t.Parallel()
	old, added, promoted, dropped := rotation(t)
	fp := func(s *Secret) []string { return s.Fingerprints() }
	if a, p, d := fp(added), fp(promoted), fp(dropped); len(a) != 2 || a[0] != old.Fingerprint() ||
		!slices.Equal(p, []string{a[1], a[0]}) || !slices.Equal(d, []string{a[1]}) {
		t.Fatalf("the forms' keys: added %v, promoted %v, dropped %v (old %s)", a, p, d, old.Fingerprint())
	}
	dir := t.TempDir()
	for _, s := range []*Secret{old, added, promoted, dropped} {
		path := filepath.Join(dir, "okey.secret")
		if err := ReplaceSecret(path, s); err != nil {
			t.Fatal(err)
		}
		got, err := ReadSecret(path)
		if err != nil || !slices.Equal(got.Fingerprints(), s.Fingerprints()) {
			t.Errorf("%v read back as %v (%v)", s.Fingerprints(), got, err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("the replaced file's mode: %v (%v)", fi.Mode(), err)
		}
	}
	for _, c := range []struct {
		name string
		step func() (*Secret, error)
		want error
	}{
		{"add to two keys", added.AddKey, ErrTwoKeys},
		{"promote one key", old.PromoteKey, ErrNoNewKey},
		{"drop from one key", dropped.DropKey, ErrNoNewKey},
	} {
		if _, err := c.step(); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	for name, text := range map[string]string{
		"three keys":  string(added.Marshal()) + string(dropped.Marshal()),
		"a key twice": string(dropped.Marshal()) + string(dropped.Marshal()),
		"a bad line":  string(dropped.Marshal()) + "okey-cluster-secret-1 short\n",
	} {
		if _, err := ParseSecret([]byte(text)); !errors.Is(err, ErrSecretFile) {
			t.Errorf("%s: %v, want ErrSecretFile", name, err)
		}
	}
}

// TestSealWhileChanging: what the old key sealed opens under the first
// two forms (said to be old under the second, to be sealed again), and
// not once the old key is dropped; each form seals with its first key.
func TestSealWhileChanging(t *testing.T) {
	t.Parallel()
	old, added, promoted, dropped := rotation(t)
	sealed := old.NewSealer().Seal("okey.table.1.record", []byte("seed"))
	for _, c := range []struct {
		name      string
		s         *Secret
		opens     bool
		aged      bool
		sealsWith *Secret
	}{
		{"added", added, true, false, old},
		{"promoted", promoted, true, true, dropped},
		{"dropped", dropped, false, false, dropped},
	} {
		plain, aged, err := c.s.NewSealer().OpenAged("okey.table.1.record", sealed)
		if opened := err == nil && string(plain) == "seed"; opened != c.opens || aged != c.aged {
			t.Errorf("%s: opened %v, aged %v (%v); want %v, %v", c.name, opened, aged, err, c.opens, c.aged)
		}
		mine := c.s.NewSealer().Seal("w", []byte("x"))
		if _, err := c.sealsWith.NewSealer().Open("w", mine); err != nil {
			t.Errorf("%s seals with another key than %v", c.name, c.sealsWith.Fingerprints())
		}
	}
}

// TestSecretFormsJoinTogether: mid-change, nodes of the first form (old
// key in use, new taken) and of the second (new in use, old taken) form
// one cluster: each takes the other's routes (password and certificate),
// and JetStream answers on each.
func TestSecretFormsJoinTogether(t *testing.T) {
	t.Parallel()
	_, added, promoted, _ := rotation(t)
	forms := []*Secret{added, promoted, added}
	ports := servetest.FreePorts(t, len(forms))
	var routes []string
	for _, p := range ports {
		routes = append(routes, fmt.Sprintf("127.0.0.1:%d", p))
	}
	engs := make([]*Engine, len(forms))
	errs := make([]error, len(forms))
	var wg sync.WaitGroup
	for i := range forms {
		wg.Go(func() {
			sc := StoreConfig{ClusterListen: routes[i], Routes: routes, ClusterName: "okey-test", NodeName: fmt.Sprintf("node%d", i), Ready: testReady, Secret: forms[i]}
			engs[i], errs[i] = openEngine(context.Background(), filepath.Join(t.TempDir(), NATSDir), sc)
		})
	}
	wg.Wait()
	t.Cleanup(func() {
		for _, e := range engs {
			e.Close()
		}
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("node %d (%v): %v", i, forms[i].Fingerprints(), err)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for i, e := range engs {
		for len(e.Peers()) != len(forms)-1 {
			if time.Now().After(deadline) {
				t.Fatalf("node %d (%v) sees %d peers, want %d", i, forms[i].Fingerprints(), len(e.Peers()), len(forms)-1)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// TestDailySealedAgainWhileChanging: the daily's sealed values — a
// day's secret, a hand's record — written under the old key are sealed
// again by a node of the second form, and open under the new key alone;
// not sealed again, they would not.
func TestDailySealedAgainWhileChanging(t *testing.T) {
	t.Parallel()
	old, _, promoted, dropped := rotation(t)
	d := day(t, "2026-11-24")
	const who = "key:SHA256:x"
	book := func(dir string, s *Secret, f func(*DailyBook)) {
		t.Helper()
		withEngine(t, dir, s, func(ctx context.Context, eng *Engine) {
			b, err := OpenDailyBook(ctx, eng)
			if err != nil {
				t.Fatal(err)
			}
			f(b)
		})
	}
	// opens says whether the book opens under the new key alone: not
	// sealed again, its players' names' salt does not, and the node
	// reads nothing of the daily.
	opens := func(dir string) bool {
		t.Helper()
		ok := false
		withEngine(t, dir, dropped, func(ctx context.Context, eng *Engine) {
			_, err := OpenDailyBook(ctx, eng)
			ok = err == nil
		})
		return ok
	}
	for _, reseal := range []bool{true, false} {
		dir := filepath.Join(t.TempDir(), NATSDir)
		var made daily.Secret
		book(dir, old, func(b *DailyBook) {
			ctx, cancel := EngineCtx()
			defer cancel()
			var err error
			if made, err = b.Secret(ctx, game.Classic, d, bytes.NewReader(bytes.Repeat([]byte{7}, 32))); err != nil {
				t.Fatal(err)
			}
			if err := b.KeepRecord(ctx, game.Classic, d, who, 1, []byte("a hand's record")); err != nil {
				t.Fatal(err)
			}
			if err := b.Claim(ctx, game.Classic, d, DailyResult{ID: who, Name: "ann"}); err != nil {
				t.Fatal(err)
			}
			if err := b.SetPar(ctx, game.Classic, d, []int{1, 2, 3, 4}); err != nil {
				t.Fatal(err)
			}
			if _, err := b.FirstSeen(ctx, who, time.Now(), nil); err != nil {
				t.Fatal(err)
			}
		})
		if reseal {
			book(dir, promoted, func(b *DailyBook) {
				ctx, cancel := EngineCtx()
				defer cancel()
				if n, err := b.Reseal(ctx); err != nil || n != 6 {
					t.Fatalf("sealed again %d values (%v), want 6 (the secret, a record, a result, the par, a key first seen, the names' salt)", n, err)
				}
				if n, err := b.Reseal(ctx); err != nil || n != 0 {
					t.Errorf("sealed again %d values a second time (%v), want 0", n, err)
				}
			})
		}
		if !reseal {
			if opens(dir) {
				t.Error("not sealed again, the daily opens under the new key alone")
			}
			continue
		}
		book(dir, dropped, func(b *DailyBook) {
			ctx, cancel := EngineCtx()
			defer cancel()
			s, err := b.Reveal(ctx, game.Classic, d, d.AddDays(1))
			key := b.recordKey(game.Classic, d, who, 1)
			e, gerr := b.kv.Get(ctx, key)
			var rec []byte
			if gerr == nil {
				rec, gerr = b.seal.Open(dailyBucket+"/"+key, e.Value())
			}
			opened := err == nil && s == made && gerr == nil && string(rec) == "a hand's record"
			if opened != reseal {
				t.Errorf("sealed again %v: under the new key alone the secret (%v) and the record (%q, %v) opened: %v", reseal, err, rec, gerr, opened)
			}
			_, _, mine, rerr := b.Result(ctx, game.Classic, d, who)
			_, parOK, perr := b.Par(ctx, game.Classic, d)
			_, serr := b.FirstSeen(ctx, who, time.Now(), nil)
			if others := rerr == nil && mine && perr == nil && parOK && serr == nil; others != reseal {
				t.Errorf("sealed again %v: under the new key alone the result (%v), the par (%v) and the key first seen (%v) opened: %v", reseal, rerr, perr, serr, others)
			}
		})
	}
}

// TestRatingsSealedAgain: a rating sealed with the old key is sealed
// again with the new one while both are held, and reads under the new
// key alone; without that step it would not.
func TestRatingsSealedAgain(t *testing.T) {
	t.Parallel()
	old, _, promoted, dropped := rotation(t)
	dir := filepath.Join(t.TempDir(), NATSDir)
	book := func(s *Secret, f func(context.Context, *RatingBook)) {
		t.Helper()
		withEngine(t, dir, s, func(ctx context.Context, eng *Engine) {
			b, err := OpenRatingBook(ctx, eng)
			if err != nil {
				t.Fatal(err)
			}
			f(ctx, b)
		})
	}
	ann := RatedEntry{ID: "key:SHA256:ann", Name: "ann", Mu: 27, Sigma: 5, Games: 4}
	book(old, func(ctx context.Context, b *RatingBook) {
		if err := b.Set(ctx, "classic", ann); err != nil {
			t.Fatal(err)
		}
	})
	withEngine(t, dir, dropped, func(ctx context.Context, eng *Engine) {
		// Not sealed again, the ratings do not open (their names' salt
		// first of all).
		if b, err := OpenRatingBook(ctx, eng); err == nil {
			if _, _, err := b.Get(ctx, "classic", ann.ID); err == nil {
				t.Error("a rating sealed with the old key read under the new key alone")
			}
		}
	})
	book(promoted, func(ctx context.Context, b *RatingBook) {
		if n, err := b.Reseal(ctx); err != nil || n != 3 {
			t.Fatalf("sealed again %d values (%v), want 3 (the rating, the key that says its generation before was written over, the names' salt)", n, err)
		}
	})
	book(dropped, func(ctx context.Context, b *RatingBook) {
		if e, _, err := b.Get(ctx, "classic", ann.ID); err != nil || e.Mu != ann.Mu {
			t.Errorf("after sealing again, under the new key alone: %+v, %v", e, err)
		}
	})
}

// withEngine runs f with the engine of the store in dir, opened with
// secret s and closed after.
func withEngine(t *testing.T, dir string, s *Secret, f func(context.Context, *Engine)) {
	t.Helper()
	eng, err := openEngine(context.Background(), dir, StoreConfig{Secret: s})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := EngineCtx()
	defer cancel()
	f(ctx, eng)
}

// TestNextNumberSealedAgain: the next table's number, sealed with the
// old key, is sealed again with the new one while both are held
// (Keeper.Reseal, as every node does at its start then), and reads
// under the new key alone — where without that step it was refused by
// every node, which counted from the tables it found and could give a
// closed table's number again. Each keeper here is a node with a state
// directory of its own, knowing no number given.
func TestNextNumberSealedAgain(t *testing.T) {
	t.Parallel()
	old, _, promoted, dropped := rotation(t)
	dir := filepath.Join(t.TempDir(), NATSDir)
	keeper := func(s *Secret, f func(context.Context, *Keeper)) {
		t.Helper()
		withEngine(t, dir, s, func(ctx context.Context, eng *Engine) {
			k, err := openKeeper(ctx, eng, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			f(ctx, k)
		})
	}
	keeper(old, func(ctx context.Context, k *Keeper) {
		if n, err := k.Numbers.Take(ctx); err != nil || n != 1 {
			t.Fatalf("the first number: %d (%v)", n, err)
		}
		if n, err := k.Reseal(ctx); err != nil || n != 0 {
			t.Errorf("sealed again with one key: %d (%v)", n, err)
		}
	})
	keeper(dropped, func(ctx context.Context, k *Keeper) {
		if n, err := k.Numbers.Load(ctx); err != nil || n != 0 {
			t.Errorf("the number sealed with the old key, under the new alone: %d (%v)", n, err)
		}
	})
	keeper(promoted, func(ctx context.Context, k *Keeper) {
		if n, err := k.Reseal(ctx); err != nil || n != 1 {
			t.Fatalf("sealed again %d values (%v), want 1", n, err)
		}
	})
	keeper(dropped, func(ctx context.Context, k *Keeper) {
		if n, err := k.Numbers.Load(ctx); err != nil || n != 2 {
			t.Errorf("after sealing again, under the new key alone: %d (%v), want 2", n, err)
		}
	})
}

// TestLinksSealedAgain: a browser's link, sealed with the old key, is
// sealed again with the new one while both are held, at a new revision
// that names the one it replaces: the browser's credential, which names
// the old revision, is still taken, and so is one naming the new, under
// the new key alone. Without that step the link was refused once the
// old key was dropped (the browser lapsed to a guest).
func TestLinksSealedAgain(t *testing.T) {
	t.Parallel()
	old, _, promoted, dropped := rotation(t)
	dir := filepath.Join(t.TempDir(), NATSDir)
	links := func(s *Secret, f func(context.Context, *LinkBook)) {
		t.Helper()
		withEngine(t, dir, s, func(ctx context.Context, eng *Engine) {
			b, err := OpenLinkBook(ctx, eng, nil)
			if err != nil {
				t.Fatal(err)
			}
			f(ctx, b)
		})
	}
	var made, other Link
	links(old, func(ctx context.Context, b *LinkBook) {
		for i, l := range []*Link{&made, &other} {
			code := []string{"ROTATEAA", "ROTATEBB"}[i]
			if _, err := b.NewCode(ctx, code, alice, "ali"); err != nil {
				t.Fatal(err)
			}
			var err error
			if *l, err = b.Redeem(ctx, code, "phone"); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.Revoke(ctx, alice, other.ID); err != nil {
			t.Fatal(err)
		}
	})
	var now Link
	links(promoted, func(ctx context.Context, b *LinkBook) {
		if n, err := b.Reseal(ctx); err != nil || n != 2 {
			t.Fatalf("sealed again %d values (%v), want 2 (the link, the names' salt)", n, err)
		}
		var err error
		if now, err = b.Check(ctx, alice, made.ID, made.Rev); err != nil {
			t.Fatalf("the credential from before, the link sealed again: %v", err)
		}
		if now.Rev == made.Rev || now.From != made.Rev || now.Player != alice || now.Label != "phone" {
			t.Fatalf("the link sealed again: %+v, made %+v", now, made)
		}
		if n, err := b.Reseal(ctx); err != nil || n != 0 {
			t.Errorf("sealed again a second time: %d values (%v), want none", n, err)
		}
	})
	links(dropped, func(ctx context.Context, b *LinkBook) {
		for _, rev := range []uint64{now.Rev, made.Rev} {
			if l, err := b.Check(ctx, alice, made.ID, rev); err != nil || l.Rev != now.Rev {
				t.Errorf("under the new key alone, a credential naming revision %d: %+v, %v", rev, l, err)
			}
		}
		if _, err := b.Check(ctx, alice, other.ID, other.Rev); !errors.Is(err, ErrUnlinked) {
			t.Errorf("a link revoked before the change: %v", err)
		}
		if ls, err := b.List(ctx, alice); err != nil || len(ls) != 1 || ls[0].ID != made.ID {
			t.Errorf("the player's browsers under the new key alone: %+v, %v", ls, err)
		}
	})
}
