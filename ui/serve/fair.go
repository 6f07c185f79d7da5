package serve

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"

	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/fair"
	"okey/ui/canvas"
	"okey/ui/seatmsg"
)

// Fair deals. Every match's seed is drawn from the server's source of
// randomness (crypto/rand unless a test gives another), with a salt of
// its own; the table shows every seat and watcher the commitment to
// them (package game/fair) from the first deal, and writes the
// commitment and the salt in the record's meta. The seed and salt reach
// no session before the match is over: then the seats are shown them,
// and "record TABLE", run over ssh, prints the record of the table's
// last finished match — never of a match in play, which would give its
// deals away — for okey verify to check.

// defaultRandom is where seeds and salts come from unless Config.Random
// says otherwise.
var defaultRandom io.Reader = rand.Reader

// seal is a match's secret, the seed and the salt, and the commitment
// to them that is shown.
type seal struct {
	seed   uint64
	salt   []byte
	commit fair.Commitment
	// none: the match has no commitment (begun before the server made
	// them, restored from its record).
	none bool
}

// drawSeal draws a match's seed and salt from r.
func drawSeal(r io.Reader) (seal, error) {
	if r == nil {
		return seal{}, errors.New("drawing a seed: no source of randomness")
	}
	var b [8 + fair.SaltLen]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return seal{}, fmt.Errorf("drawing a seed: %w", err)
	}
	s := seal{seed: binary.BigEndian.Uint64(b[:8]), salt: b[8:]}
	s.commit = fair.Commit(s.seed, s.salt)
	return s, nil
}

// addTo writes the commitment and the salt into a record's meta.
func (s seal) addTo(meta map[string]string) {
	for k, v := range fair.Meta(s.seed, s.salt) {
		meta[k] = v
	}
}

// sealOf is the seal a saved record carries in its header (both games'
// headers have the seed and the meta), for a table restored after a
// restart; a record without a commitment gives a seal marked none.
func sealOf(record []byte) seal {
	head, _, _ := bytes.Cut(record, []byte{'\n'})
	var h struct {
		Seed uint64            `json:"seed"`
		Meta map[string]string `json:"meta"`
	}
	if err := json.Unmarshal(head, &h); err != nil {
		return seal{none: true}
	}
	c, err := fair.Check(h.Seed, h.Meta)
	if err != nil {
		return seal{none: true}
	}
	salt, _ := hex.DecodeString(h.Meta[fair.MetaSalt])
	return seal{seed: h.Seed, salt: salt, commit: c}
}

// fairness is what the table tells every seat of the match's seal: the
// commitment while it is played, the seed and salt too once it is over.
func (t *table) fairness() seatmsg.Fairness {
	if t.ref == nil || t.seal.none {
		return seatmsg.Fairness{}
	}
	f := seatmsg.Fairness{Commit: t.seal.commit.Short()}
	if st, _ := t.ref.Stage(); st == stMatchOver {
		f.Seed, f.Salt = strconv.FormatUint(t.seal.seed, 10), hex.EncodeToString(t.seal.salt)
	}
	return f
}

// noteFinished keeps the record of a match that has just ended, for
// "record TABLE": the table's last finished match, kept until the next
// one ends.
func (t *table) noteFinished() {
	if t.ref == nil {
		return
	}
	if st, _ := t.ref.Stage(); st == stMatchOver {
		rec := t.ref.Record() // never changed after: the referee only appends
		t.finished.Store(&rec)
		t.rateMatch()
	}
}

// maxRecord is the largest record "record" prints; a match's record is
// tens of kilobytes.
const maxRecord = 4 << 20

// recordUsage is the one line a wrong "record" command gets.
const recordUsage = "usage: record TABLE — the record of table TABLE's last finished match"

// command runs a session that asks for a command rather than a
// terminal (ssh -p PORT HOST record 3); it reports whether it did. The
// only command is "record"; any other is refused with a line, before
// the session could take over the player's seat from a running one.
func (s *Server) command(sess ssh.Session) bool {
	args := sess.Command()
	if len(args) == 0 {
		return false
	}
	fail := func(code int, format string, a ...any) bool {
		wish.Errorf(sess, "okey: "+format+"\n", a...)
		sess.Exit(code)
		return true
	}
	if args[0] == "status" && len(args) == 1 {
		wish.Print(sess, s.status())
		sess.Exit(0)
		return true
	}
	if args[0] != "record" {
		return fail(2, "unknown command %q: connect with no command to play, or ask for \"record TABLE\" (a table's last finished match) or \"status\" (the nodes and their tables)", cutWidth(ansi.Strip(canvas.CutBytes(args[0], 64)), 20))
	}
	if len(args) != 2 {
		return fail(2, "%s", recordUsage)
	}
	id := args[1]
	t := s.hall.local(id)
	if t == nil {
		return fail(1, "no table %q here (a table is gone once everyone has left it)", cutWidth(id, 20))
	}
	if t.cfg.Code != "" {
		// A private table's matches are its players': a key that holds
		// a seat there. (No code is taken here: that would be a way
		// round the limits on guessing codes.)
		if who, _ := identityOf(sess); t.summary.Load().Holds(who) < 0 {
			return fail(1, "table %s is private: its record goes only to a player holding a seat there with an SSH key", id)
		}
	}
	rec := t.finished.Load()
	switch {
	case rec == nil:
		return fail(1, "table %s has no finished match yet (a match in play is not given out: its record would tell the deals)", id)
	case len(*rec) > maxRecord:
		return fail(1, "table %s's record is too large to print", id)
	}
	if _, err := sess.Write(*rec); err != nil {
		s.log.Warn("record", "table", id, "err", err)
		sess.Exit(1)
		return true
	}
	s.log.Info("record", "table", id, "addr", hostOf(sess.RemoteAddr()))
	sess.Exit(0)
	return true
}

// recordCmd is the command that prints table t's finished match for
// the session: ssh to the port it came in on, "record", the table. HOST
// stands for the address the player connects to, which the server
// cannot know. A guest at a private table cannot have the record (only
// a key holding a seat there can): "" says nothing of it.
func (s *session) recordCmd(t seatTable) string {
	if t.private() && s.code != "" {
		return ""
	}
	cmd := "ssh "
	if s.port != "" && s.port != "22" {
		cmd += "-p " + s.port + " "
	}
	return cmd + "HOST record " + t.tableID()
}

// portOf is the port of an address, "" when it has none.
func portOf(a net.Addr) string {
	if a == nil {
		return ""
	}
	_, p, err := net.SplitHostPort(a.String())
	if err != nil {
		return ""
	}
	return p
}
