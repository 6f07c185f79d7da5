package tournaments

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
)

// A tournament's matches, kept in pages. An arena of 200 players plays
// some 700 matches in two hours; written whole at every owner's round,
// about five times a second, the tournament's value (and its follower,
// keep's fresh.go) would grow the longer the arena ran and be most of
// what the store carries, sent to every node's watch and read whole
// there. A match once played never changes, so the matches are kept in
// pages of pageLen, each a value of its own made once, under a key
// named by what it holds ("tm.ID.SUM": SUM the start of the SHA-256 of
// the page's JSON), and the tournament's value names its pages in order
// (record.Archive) and holds only the matches after them: its weight
// stays that of its players and its tables in play.
//
// A page's key is its content's, so a page made twice (an owner's write
// refused after its pages were made, the next owner's matches not the
// same) is two keys, never one holding two things, and a page read is
// checked against its name: a writer of the store without the secret
// can neither seal a page nor put another in its place. A page is read
// once by each node, from its watch (the store sends a page before the
// value that names it) or, missing, from the store, and kept.

// pageLen is how many matches a page holds (Service.pageLen: a
// test's fewer); a page read may hold any number.
const pageLen = 32

// prefixPage starts the keys of the pages.
const prefixPage = "tm."

// pageKey is the key of tournament id's page named sum.
func pageKey(id, sum string) string { return prefixPage + id + "." + sum }

// pageSum names a page by its JSON.
func pageSum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:12])
}

// errPage is a page that is not what its name says, or not a page.
var errPage = errors.New("a page of a tournament's matches that does not read")

// readPage is the page b, named sum, or errPage.
func readPage(sum string, b []byte) ([]tourney.Match, error) {
	if pageSum(b) != sum {
		return nil, fmt.Errorf("%s: not what its name says: %w", sum, errPage)
	}
	var page []tourney.Match
	if err := json.Unmarshal(b, &page); err != nil || len(page) == 0 {
		return nil, fmt.Errorf("%s: %w", sum, errPage)
	}
	return page, nil
}

// watch keeps what the store holds, and wakes the owner's round when a
// request or a table's end comes.
func (s *Service) watch(ctx context.Context, w <-chan keep.TourneyEntry, ready chan struct{}) {
	for e := range w {
		if e.Key == "" {
			if ready != nil {
				close(ready)
				ready = nil
			}
			continue
		}
		if s.watchMisses != nil && s.watchMisses(e.Key) {
			continue // a test's watch that brings nothing of key
		}
		if strings.HasPrefix(e.Key, prefixPage) {
			if !e.Gone {
				s.seenPage(e.Key, e.Value)
			}
			continue
		}
		var r record
		if strings.HasPrefix(e.Key, prefixT) && !e.Gone {
			// Read before the lock: a page not seen yet is asked of
			// the store.
			if err := s.readRecord(ctx, strings.TrimPrefix(e.Key, prefixT), e.Value, &r); err != nil {
				s.opt.Log.Error("a tournament that does not read", "key", e.Key, "err", err)
				continue
			}
		}
		s.mu.Lock()
		switch {
		case strings.HasPrefix(e.Key, prefixT):
			id := strings.TrimPrefix(e.Key, prefixT)
			if e.Gone {
				delete(s.recs, id)
				delete(s.shown, id)
				delete(s.lines, id)
			} else if old, ok := s.recs[id]; !ok || e.Rev >= old.rev {
				r.rev = e.Rev
				s.recs[id] = r
			}
		case strings.HasPrefix(e.Key, prefixRec):
		case e.Gone:
			delete(s.other, e.Key)
		default:
			s.other[e.Key] = seen{v: e.Value, rev: e.Rev}
		}
		s.mu.Unlock()
		if (strings.HasPrefix(e.Key, prefixReq) || strings.HasPrefix(e.Key, prefixEnd)) && !e.Gone {
			s.poke()
		}
		if strings.HasPrefix(e.Key, prefixMute) && s.opt.Hall != nil {
			// A muted player at a table this node runs is told now,
			// not at their next line (and once unmuted, told again
			// at their next mute).
			s.opt.Hall.MutesChanged()
		}
	}
}

// readRecord reads tournament id's value b into r, its matches whole.
func (s *Service) readRecord(ctx context.Context, id string, b []byte, r *record) error {
	if err := json.Unmarshal(b, r); err != nil {
		return err
	}
	if r.ID != id {
		return fmt.Errorf("the value of %s says it is %s", id, r.ID)
	}
	ctx, cancel := context.WithTimeout(ctx, pageWait)
	defer cancel()
	return s.unpack(ctx, id, r)
}

// pageWait is how long a read of a tournament waits for a page of its
// matches not seen yet.
const pageWait = 10 * time.Second

// pack is r as the store keeps it: the matches its pages do not hold
// yet made into pages while a whole one is left (each made in the
// store, once, before the value that names it is written), and the
// value with the rest. r.Archive names the pages made.
func (s *Service) pack(ctx context.Context, id string, r *record) ([]byte, error) {
	size := cmp.Or(s.pageLen, pageLen)
	done := 0
	for _, sum := range r.Archive {
		page, err := s.page(ctx, id, sum)
		if err != nil {
			return nil, err
		}
		done += len(page)
	}
	for len(r.T.Matches)-done >= size {
		page := r.T.Matches[done : done+size]
		b, err := json.Marshal(page)
		if err != nil {
			return nil, fmt.Errorf("tournament %s's matches: %w", id, err)
		}
		sum := pageSum(b)
		if err := s.keepPage(ctx, id, sum, b, page); err != nil {
			return nil, err
		}
		r.Archive = append(r.Archive, sum)
		done += size
	}
	head := *r
	head.T.Matches = r.T.Matches[done:]
	b, err := json.Marshal(head)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", id, err)
	}
	return b, nil
}

// keepPage makes page b (named sum, page read) in the store, unless
// this node knows it made or read it already.
func (s *Service) keepPage(ctx context.Context, id, sum string, b []byte, page []tourney.Match) error {
	key := pageKey(id, sum)
	s.mu.Lock()
	_, known := s.pages[key]
	s.mu.Unlock()
	if known {
		return nil
	}
	// Made already (the same matches, by its name): by this node's
	// write refused after it, or another's.
	if _, err := s.opt.Book.Write(ctx, key, b, 0); err != nil && !errors.Is(err, keep.ErrTourneyMoved) {
		return fmt.Errorf("tournament %s's matches: %w", id, err)
	}
	s.mu.Lock()
	s.pages[key] = page
	s.mu.Unlock()
	return nil
}

// unpack puts back into r, read from the store, the matches its pages
// hold before those it holds itself.
func (s *Service) unpack(ctx context.Context, id string, r *record) error {
	if len(r.Archive) == 0 {
		return nil
	}
	all := make([]tourney.Match, 0, len(r.Archive)*pageLen+len(r.T.Matches))
	for _, sum := range r.Archive {
		page, err := s.page(ctx, id, sum)
		if err != nil {
			return err
		}
		all = append(all, page...)
	}
	r.T.Matches = append(all, r.T.Matches...)
	return nil
}

// page is tournament id's page named sum: as this node keeps it, or
// read from the store (and kept).
func (s *Service) page(ctx context.Context, id, sum string) ([]tourney.Match, error) {
	key := pageKey(id, sum)
	s.mu.Lock()
	page, ok := s.pages[key]
	s.mu.Unlock()
	if ok {
		return page, nil
	}
	b, _, err := s.opt.Book.Read(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("tournament %s's matches: %w", id, err)
	}
	if page, err = readPage(sum, b); err != nil {
		return nil, fmt.Errorf("tournament %s's matches: %w", id, err)
	}
	s.mu.Lock()
	s.pages[key] = page
	s.mu.Unlock()
	return page, nil
}

// seenPage keeps a page the watch saw (key its key, b what it holds);
// one that does not read is logged and left out.
func (s *Service) seenPage(key string, b []byte) {
	i := strings.LastIndexByte(key, '.')
	page, err := readPage(key[i+1:], b)
	if err != nil {
		s.opt.Log.Error("a tournament's matches that do not read", "key", key, "err", err)
		return
	}
	s.mu.Lock()
	s.pages[key] = page
	s.mu.Unlock()
}
