package keep

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Changing the cluster's secret with the cluster up (docs/cluster.md
// says it step by step). A node is given a secret file of one or two
// keys (secret.go): the first seals and is shown to peers, both are
// taken. The file goes through three forms, each given to every node in
// turn by a restart, the tables moving to the other nodes meanwhile:
//
//  1. old, new (AddKey): the nodes still seal with the old key and show
//     it, but take the new one: nodes of form 0 and of form 1 work
//     together.
//  2. new, old (PromoteKey): the nodes seal with the new key and show
//     it, and take the old one. A node of form 2 that brings a table
//     back (at its start, or taking it over from a node restarted)
//     seals its record, its match before and its entry again with the
//     new key before playing on (TableLog.Reseal), and at its start
//     seals the daily's values again (DailyBook.Reseal); the lobby, the
//     doors and the leases are rewritten by the nodes all the time.
//     Once every node has restarted with form 2, every table has moved
//     to a node of form 2 at least once, and nothing the tables need is
//     sealed with the old key.
//  3. new (DropKey): the old key is taken no more. Whoever holds the
//     old file cannot join, and cannot open anything written since.
//
// Values the old key sealed and nobody reads again (a table's records
// from before, kept by NATS until purged) stay unreadable to the nodes
// and readable to the old key's holder, as they were.

// ErrNoNewKey is a secret file to promote or drop from that holds one
// key only: there is nothing to change to.
var ErrNoNewKey = errors.New("the file holds one key: add one first (okey serve secret --add FILE)")

// ErrTwoKeys is a secret file to add a key to that holds two already:
// a change is under way.
var ErrTwoKeys = errors.New("the file holds two keys already: a change is under way (--promote, then --drop)")

// AddKey is step 1: s with a new key drawn and taken, s's own still in
// use.
func (s *Secret) AddKey() (*Secret, error) {
	if s.also != nil {
		return nil, ErrTwoKeys
	}
	n, err := NewSecret()
	if err != nil {
		return nil, err
	}
	return &Secret{b: s.b, also: n}, nil
}

// PromoteKey is step 2: the added key in use, s's first still taken.
func (s *Secret) PromoteKey() (*Secret, error) {
	if s.also == nil {
		return nil, ErrNoNewKey
	}
	return &Secret{b: s.also.b, also: &Secret{b: s.b}}, nil
}

// DropKey is step 3: the key in use alone.
func (s *Secret) DropKey() (*Secret, error) {
	if s.also == nil {
		return nil, ErrNoNewKey
	}
	return &Secret{b: s.b}, nil
}

// ReplaceSecret writes s over the secret file at path, readable by its
// owner only, at once or not at all (a file written halfway would shut
// the node out of its cluster).
func ReplaceSecret(path string, s *Secret) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".okey-secret-*")
	if err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if _, err := f.Write(s.Marshal()); err != nil {
		f.Close()
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	return nil
}
