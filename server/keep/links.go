package keep

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nats-io/nats.go/jetstream"
)

// Browsers linked to players. A browser is a guest until its player
// links it to their SSH key's identity: the player's SSH lobby gives a
// one-time code, the browser hands it in, and the link made is kept
// here, where every node finds it. The browser then carries a
// credential naming the link (sealed by the server that made it, see
// door); every connect checks the link is still here, so a link
// revoked (deleted) is refused on every node at once.
//
// Two buckets:
//
//   - okey_linkcodes: the codes not yet used, each under a MAC of the
//     code (names.go: the key gives the code to no reader of the
//     store), valued the player and their name, sealed, with the
//     moment the code lapses. Taken once: purged at the revision read,
//     so of two browsers handing in the same code at once, on two
//     nodes, one gets it. The bucket forgets codes past LinkCodeLife
//     by itself.
//   - okey_links: one key a link, link.PLAYER.ID with PLAYER a MAC of
//     the player (their links are listed without naming them), valued
//     the link, sealed. A link is written once and never changed: the
//     credential names the revision it was made at, so a value put
//     back by a writer of the store without the secret (an old link,
//     revoked) lands at another revision and is refused. Once only, a
//     link is written again: when the cluster's secret changes, sealed
//     with the new key, naming the revision it replaces (From), which a
//     credential from before may name; the browser is then given a
//     credential naming the new revision (door).

// The links' buckets.
const (
	linksBucket     = "okey_links"
	linkCodesBucket = "okey_linkcodes"
)

// LinkCodeLife is how long a code to link a browser lasts: time to
// open a browser and type it, no more.
const LinkCodeLife = 10 * time.Minute

// MaxLinks is how many browsers one player may link: a phone, a
// laptop, a few more; a code refused past it says so.
const MaxLinks = 16

// maxLabelBytes caps what a browser says it is, kept with its link.
const maxLabelBytes = 80

// Errors of the links.
var (
	// ErrNoLinkCode: the code is not one (mistyped, used, lapsed).
	ErrNoLinkCode = errors.New("no such code to link a browser (mistyped, used or lapsed)")
	// ErrUnlinked: the link a browser names is not kept (revoked), or
	// not as the browser was given it.
	ErrUnlinked = errors.New("the browser's link is revoked")
	// ErrTooManyLinks: the player has MaxLinks browsers already.
	ErrTooManyLinks = errors.New("too many browsers linked")
)

// Link is a browser linked to a player.
type Link struct {
	// ID names the link (random; the credential carries it).
	ID string `json:"id"`
	// Player is the identity the browser plays as (a key's), Name the
	// player's name when it was linked.
	Player string `json:"player"`
	Name   string `json:"name"`
	// Label is what the browser said it was (its user agent, cut).
	Label string    `json:"label"`
	At    time.Time `json:"at"`
	// From is the revision of the link this one was sealed again from
	// with a new key of the cluster's secret (0: none).
	From uint64 `json:"from,omitempty"`
	// Rev is the revision the link was made at (not kept in the value:
	// the store's own).
	Rev uint64 `json:"-"`
}

// linkCode is a code's value.
type linkCode struct {
	Player string    `json:"player"`
	Name   string    `json:"name"`
	Until  time.Time `json:"until"`
}

// LinkBook keeps the links and their codes.
type LinkBook struct {
	links, codes jetstream.KeyValue
	seal         *Sealer
	names        *Names
	now          func() time.Time
}

// OpenLinkBook makes (or finds) the links' buckets. now is the
// server's clock (nil: time.Now).
func OpenLinkBook(ctx context.Context, eng *Engine, now func() time.Time) (*LinkBook, error) {
	if now == nil {
		now = time.Now
	}
	b := &LinkBook{seal: eng.Seal, now: now}
	var err error
	if b.links, err = eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: linksBucket, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas,
		Description: "okey serve: the browsers linked to players (sealed)"}); err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", linksBucket, err)
	}
	if b.codes, err = eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: linkCodesBucket, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas,
		TTL: 2 * LinkCodeLife, Description: "okey serve: the codes that link a browser, not yet used (sealed)"}); err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", linkCodesBucket, err)
	}
	if b.names, err = OpenNames(ctx, eng); err != nil {
		return nil, err
	}
	return b, nil
}

// codeKey is where code is kept: a MAC of it.
func (b *LinkBook) codeKey(code string) string { return b.names.Of(code, linkCodesBucket) }

// playerPart is the part of a link's key that stands for player.
func (b *LinkBook) playerPart(player string) string { return b.names.Of(player, linksBucket) }

// NewCode keeps code (drawn by the caller: the screen's alphabet) as
// the way to link a browser to player, named name, until it lapses.
func (b *LinkBook) NewCode(ctx context.Context, code, player, name string) (until time.Time, err error) {
	until = b.now().Add(LinkCodeLife)
	v, err := json.Marshal(linkCode{Player: player, Name: name, Until: until})
	if err != nil {
		return time.Time{}, err
	}
	k := b.codeKey(code)
	if _, err := b.codes.Create(ctx, k, b.seal.Seal(linkCodesBucket+"/"+k, v)); err != nil {
		return time.Time{}, fmt.Errorf("keeping a code to link a browser: %w", err)
	}
	return until, nil
}

// Redeem takes code, once, and links the browser that handed it in
// (label: what it says it is) to the code's player.
func (b *LinkBook) Redeem(ctx context.Context, code, label string) (Link, error) {
	k := b.codeKey(code)
	e, err := b.codes.Get(ctx, k)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Link{}, ErrNoLinkCode
	}
	if err != nil {
		return Link{}, fmt.Errorf("reading a code to link a browser: %w", err)
	}
	plain, err := b.seal.Open(linkCodesBucket+"/"+k, e.Value())
	var c linkCode
	if err != nil || json.Unmarshal(plain, &c) != nil || c.Player == "" {
		return Link{}, ErrNoLinkCode // not the cluster's
	}
	// Taken at the revision read: once, whoever else hands it in.
	if err := b.codes.Purge(ctx, k, jetstream.LastRevision(e.Revision())); err != nil {
		if isWrongSequence(err) || errors.Is(err, jetstream.ErrKeyNotFound) {
			return Link{}, ErrNoLinkCode
		}
		return Link{}, fmt.Errorf("taking a code to link a browser: %w", err)
	}
	if !b.now().Before(c.Until) {
		return Link{}, ErrNoLinkCode
	}
	have, err := b.List(ctx, c.Player)
	if err != nil {
		return Link{}, err
	}
	if len(have) >= MaxLinks {
		return Link{}, ErrTooManyLinks
	}
	id := make([]byte, 12)
	rand.Read(id) // never fails (crypto/rand panics rather)
	l := Link{ID: hex.EncodeToString(id), Player: c.Player, Name: c.Name, Label: cutLabel(label), At: b.now().UTC()}
	v, err := json.Marshal(l)
	if err != nil {
		return Link{}, err
	}
	key := b.linkKey(l.Player, l.ID)
	rev, err := b.links.Create(ctx, key, b.seal.Seal(linksBucket+"/"+key, v))
	if err != nil {
		return Link{}, fmt.Errorf("keeping a browser's link: %w", err)
	}
	l.Rev = rev
	return l, nil
}

// linkKey is link id's key, of player.
func (b *LinkBook) linkKey(player, id string) string {
	return "link." + b.playerPart(player) + "." + id
}

// Check is the link id of player made at revision rev, if it is still
// kept as it was made, or as it was sealed again from it (Reseal; the
// link's Rev is then its own, which the browser's credential is to name
// from now on); ErrUnlinked if not.
func (b *LinkBook) Check(ctx context.Context, player, id string, rev uint64) (Link, error) {
	if !validLinkID(id) {
		return Link{}, ErrUnlinked
	}
	key := b.linkKey(player, id)
	e, err := b.links.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Link{}, ErrUnlinked
	}
	if err != nil {
		return Link{}, fmt.Errorf("reading a browser's link: %w", err)
	}
	l, ok := b.open(key, e)
	if !ok || e.Revision() != rev && l.From != rev || l.Player != player || l.ID != id {
		return Link{}, ErrUnlinked
	}
	return l, nil
}

// open reads a link's value.
func (b *LinkBook) open(key string, e jetstream.KeyValueEntry) (Link, bool) {
	plain, err := b.seal.Open(linksBucket+"/"+key, e.Value())
	var l Link
	if err != nil || json.Unmarshal(plain, &l) != nil {
		return Link{}, false
	}
	l.Rev = e.Revision()
	return l, true
}

// List is player's links, the oldest first.
func (b *LinkBook) List(ctx context.Context, player string) ([]Link, error) {
	prefix := "link." + b.playerPart(player) + "."
	lister, err := b.links.ListKeysFiltered(ctx, prefix+"*")
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing a player's browsers: %w", err)
	}
	var keys []string
	for k := range lister.Keys() {
		keys = append(keys, k)
	}
	_ = lister.Stop()
	var out []Link
	for _, k := range keys {
		e, err := b.links.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue // revoked meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("listing a player's browsers: %w", err)
		}
		if l, ok := b.open(k, e); ok && l.Player == player {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b Link) int { return a.At.Compare(b.At) })
	return out, nil
}

// Revoke forgets player's link id: every node refuses it at its next
// connect, and ends its live sessions (Watch).
func (b *LinkBook) Revoke(ctx context.Context, player, id string) error {
	if !validLinkID(id) {
		return ErrUnlinked
	}
	if err := b.links.Purge(ctx, b.linkKey(player, id)); err != nil {
		return fmt.Errorf("revoking a browser's link: %w", err)
	}
	return nil
}

// Watch calls gone with each link revoked from now on, anywhere in the
// cluster, until ctx ends.
func (b *LinkBook) Watch(ctx context.Context, gone func(id string)) error {
	w, err := b.links.Watch(ctx, "link.>", jetstream.UpdatesOnly())
	if err != nil {
		return fmt.Errorf("watching the browsers' links: %w", err)
	}
	go Watch(ctx, w, func(e jetstream.KeyValueEntry) bool {
		if e == nil || e.Operation() == jetstream.KeyValuePut {
			return true
		}
		if i := strings.LastIndexByte(e.Key(), '.'); i >= 0 {
			gone(e.Key()[i+1:])
		}
		return true
	})
	return nil
}

// Reseal seals the codes, the links and the names' salt again with the
// secret's key in use (rotate.go). A link sealed again is written at a
// new revision, which a credential from before does not name: it names
// the one it replaces (From), which Check takes too. The old key, while
// it is still taken, opens the credentials from before; a browser that
// comes back meanwhile is given one naming the link's new revision,
// sealed with the new key. Only a browser that does not come back
// before the old key is dropped is asked to link again.
func (b *LinkBook) Reseal(ctx context.Context) (int, error) {
	n, err := resealBucket(ctx, b.codes, linkCodesBucket, b.seal)
	if err != nil {
		return n, fmt.Errorf("the bucket %s: %w", linkCodesBucket, err)
	}
	k, err := rewriteBucket(ctx, b.links, "sealing again", func(e jetstream.KeyValueEntry) ([]byte, bool) {
		where := linksBucket + "/" + e.Key()
		plain, ok := b.seal.aged(where, e.Value())
		var l Link
		if !ok || json.Unmarshal(plain, &l) != nil {
			return nil, false
		}
		l.From = e.Revision()
		v, err := json.Marshal(l)
		if err != nil {
			return nil, false
		}
		return b.seal.Seal(where, v), true
	})
	n += k
	if err != nil {
		return n, fmt.Errorf("the bucket %s: %w", linksBucket, err)
	}
	m, err := b.names.Reseal(ctx, b.seal)
	return n + m, err
}

// validLinkID says whether id can be a link's (24 hex digits): a
// credential's part is checked before it names a key.
func validLinkID(id string) bool {
	if len(id) != 24 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil && strings.ToLower(id) == id
}

// cutLabel keeps what a browser says it is short and printable.
func cutLabel(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	for len(s) > maxLabelBytes {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}
