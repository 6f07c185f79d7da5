package seat

import (
	"context"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// silentTable is another node's table as a session reaches it, slow to
// answer: its first silent joins get no answer in time (as a node under
// load or frozen gives none), the next is seated. It keeps every
// request it was asked.
type silentTable struct {
	silent int
	mu     sync.Mutex
	asked  []tables.Request
}

func (f *silentTable) TableID() string { return "7" }
func (f *silentTable) GameKind() tables.GameKind {
	k, _ := tables.FindKind("classic")
	return k
}
func (f *silentTable) Private() bool          { return false }
func (f *silentTable) Ended() <-chan struct{} { return nil }
func (f *silentTable) Send(r tables.Request) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, r)
	return true
}
func (f *silentTable) Call(_ context.Context, r tables.Request) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, r)
	if r.Kind == tables.ReqJoin {
		joins := 0
		for _, a := range f.asked {
			if a.Kind == tables.ReqJoin {
				joins++
			}
		}
		if joins <= f.silent {
			r.Reply <- tables.JoinReply{Seat: -1, Err: tables.ErrNoAnswer}
		} else {
			r.Reply <- tables.JoinReply{Seat: 2}
		}
	}
	return true
}

// requests are the joins (leaves false) or the leaves the table was
// asked.
func (f *silentTable) requests(leaves bool) []tables.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []tables.Request
	for _, a := range f.asked {
		if leaves && a.Kind == tables.ReqLeave || !leaves && a.Kind == tables.ReqJoin {
			out = append(out, a)
		}
	}
	return out
}

// host stands for the session around the seat's page: it hands the
// page messages, and keeps the page its turns go to.
type host struct {
	c    *common.Common
	p    *Page
	page common.PageID
}

// newHost is ann's session in the lobby, with a seat's page.
func newHost(t *testing.T) *host {
	c := commontest.New(t).Common(context.Background(), "key:test", "", "ann", "en")
	return &host{c: c, p: &Page{}, page: common.Lobby}
}

// update hands the page msg and goes where its turn says.
func (h *host) update(msg tea.Msg) tea.Cmd {
	t := h.p.Update(h.c, msg)
	switch {
	case t.Bye != "":
		h.page = common.Bye
	case t.To != 0:
		h.page = t.To
	}
	return t.Cmd
}

// follow runs cmd and what the session makes of its messages, feeding
// back the answers to a seat asked (and the messages asking again)
// until done says so; a command that blocks (waiting for a table's
// next message) is left running.
func follow(t *testing.T, s *host, cmd tea.Cmd, done func() bool) {
	t.Helper()
	msgs := make(chan tea.Msg, 64)
	run := func(c tea.Cmd) {
		if c != nil {
			go func() { msgs <- c() }()
		}
	}
	run(cmd)
	deadline := time.After(time.Minute)
	for !done() {
		select {
		case msg := <-msgs:
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					run(c)
				}
			case common.JoinedMsg, common.AskAgainMsg:
				run(s.update(msg))
			}
		case <-deadline:
			t.Fatal("the session's seat came to nothing within a minute")
		}
	}
}

// TestASeatWithNoAnswerIsAskedAgain: a join another node's table does
// not answer in time is not said to be a closed table (the table may
// have seated the player, and the lobby would list them at a table
// their screen says has closed): the session asks again, as the same
// member, and sits once the table answers; the player is told it is
// slow meanwhile.
func TestASeatWithNoAnswerIsAskedAgain(t *testing.T) {
	t.Parallel()
	s := newHost(t)
	tb := &silentTable{silent: 1}
	follow(t, s, s.c.Join(tb, -1, false), func() bool { return s.c.At != nil })
	joins := tb.requests(false)
	if len(joins) != 2 || joins[0].M != joins[1].M {
		t.Fatalf("asked %d times (the same member: %v); want twice, as the same member", len(joins), len(joins) == 2 && joins[0].M == joins[1].M)
	}
	if s.c.At.T != tb || s.c.At.Seat != 2 {
		t.Errorf("seated at %v, seat %d; want the table asked, seat 2", s.c.At.T, s.c.At.Seat)
	}
	if n := len(tb.requests(true)); n != 0 {
		t.Errorf("the seat taken was left %d times", n)
	}
	if want := s.c.Tr.T("lobby.slow"); s.c.Flash != want {
		t.Errorf("the player was told %q while it was asked again; want %q", s.c.Flash, want)
	}
}

// TestASeatNeverAnsweredIsLeft: a join with no answer after every try
// is given up: the player is told the table did not answer (not that it
// closed), is back in the lobby, and the seat the table may have given
// is left as a dropped connection leaves one (kept a while, never given
// away: it may be one the player held before asking). A resume code's
// seat is not asked again (a second try would find the first holding
// it, and be refused as a live seat).
func TestASeatNeverAnsweredIsLeft(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		resume    bool
		wantJoins int
	}{{"a join", false, common.SeatTries}, {"a resume code", true, 1}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newHost(t)
			tb := &silentTable{silent: 1 << 20}
			cmd := s.c.Join(tb, -1, false)
			if c.resume {
				cmd = s.c.Resume(tb, "ABCD-EFGH", false)
			}
			follow(t, s, cmd, func() bool { return len(tb.requests(true)) > 0 })
			joins, leaves := tb.requests(false), tb.requests(true)
			if len(joins) != c.wantJoins {
				t.Errorf("asked %d times; want %d", len(joins), c.wantJoins)
			}
			if len(leaves) != 1 || leaves[0].M != joins[0].M || !leaves[0].Gone {
				t.Errorf("left %d times (%+v); want once, the member asked, as a dropped connection", len(leaves), leaves)
			}
			if want := s.c.Tr.T("lobby.noanswer"); s.c.Flash != want || s.c.At != nil || s.page != common.Lobby {
				t.Errorf("told %q, seated %v, on page %v; want %q in the lobby", s.c.Flash, s.c.At != nil, s.page, want)
			}
		})
	}
}

// TestATableTakenToWithNoAnswerIsAskedUntilUp: a tournament's table the
// session took its player to with no key (the pairing seated them
// there), whose node gives no answer after every try — lost, its table
// moving to another node — is asked for again as a table that moved is,
// every reseatEvery until it is up where it runs now (the seat's
// reseat: TestTakenOverTableSaysItMoved), not given up for the lobby,
// from where the page would not take the player to it again. An
// ordinary table's join is given up (TestASeatNeverAnsweredIsLeft).
func TestATableTakenToWithNoAnswerIsAskedUntilUp(t *testing.T) {
	t.Parallel()
	s := newHost(t)
	s.page = common.Tourney
	tb := &silentTable{silent: 1 << 20}
	s.c.GoneTo(tb.TableID())
	follow(t, s, s.c.Join(tb, -1, false), func() bool { return s.p.reseat != nil || s.page == common.Lobby })
	if s.page == common.Lobby || s.p.reseat == nil || s.p.reseat.ID != tb.TableID() {
		t.Fatalf("on page %v, told %q, taking the seat back %+v; want the table asked for again from the page", s.page, s.c.Flash, s.p.reseat)
	}
	if !s.c.Went[tb.TableID()] {
		t.Error("the table is forgotten as one the player was taken to: the page would take them there again beside the seat's asking")
	}
}

// gatedTable is another node's table whose joins wait for open: a
// table moving to another node, up there only later. It counts the
// joins waiting at once.
type gatedTable struct {
	open         chan struct{}
	mu           sync.Mutex
	waiting, top int
	joins        int
}

func (f *gatedTable) TableID() string { return "7" }
func (f *gatedTable) GameKind() tables.GameKind {
	k, _ := tables.FindKind("classic")
	return k
}
func (f *gatedTable) Private() bool              { return false }
func (f *gatedTable) Ended() <-chan struct{}     { return nil }
func (f *gatedTable) Send(r tables.Request) bool { return true }
func (f *gatedTable) Call(_ context.Context, r tables.Request) bool {
	if r.Kind != tables.ReqJoin {
		return true
	}
	f.mu.Lock()
	f.joins++
	f.waiting++
	f.top = max(f.top, f.waiting)
	f.mu.Unlock()
	<-f.open
	f.mu.Lock()
	f.waiting--
	f.mu.Unlock()
	r.Reply <- tables.JoinReply{Seat: 1}
	return true
}

// TestOneSeatAskedOfATableAtATime: while a seat asked of a table is
// unanswered, asking it again another way — a reconnecting player's
// seat taken back (common.Reconnect) beside the tournament's word
// taking them to the same table, or a key pressed twice — asks nothing
// more: the first answer seats the player, and a second cannot take
// the seat from the first as a newer connection would, ending the
// session. Once the answer is taken in, the table may be asked again.
func TestOneSeatAskedOfATableAtATime(t *testing.T) {
	s := newHost(t)
	tb := &gatedTable{open: make(chan struct{})}
	first := s.update(common.Reconnect{T: tb})
	if first == nil {
		t.Fatal("a reconnecting player's seat was not asked for")
	}
	if again := s.c.Join(tb, -1, false); again != nil {
		t.Error("a second seat asked of the table while the first is unanswered")
	}
	if s.c.GoneTo(tb.TableID()); s.update(common.AskAgainMsg{J: common.JoinedMsg{T: tb, M: tables.NewMember("key:test", "ann", "", -1), Tries: 1}}) != nil {
		t.Error("a join asked again beside one unanswered")
	}
	close(tb.open)
	follow(t, s, first, func() bool { return s.c.At != nil })
	tb.mu.Lock()
	joins, top := tb.joins, tb.top
	tb.mu.Unlock()
	if joins != 1 || top != 1 {
		t.Errorf("the table was asked %d joins, %d at once; want 1", joins, top)
	}
	if s.page == common.Bye {
		t.Error("the session ended")
	}
	if s.c.SeatAsking(tb.TableID()) {
		t.Error("the seat is still said asked once its answer was taken in")
	}
}
