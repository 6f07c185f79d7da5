// Package tourney is okey serve's page of one tournament: its
// standings live, the tables in play, its rules, the final table and
// its records; joined and left, partners asked and answered. One of the
// session's pages: it takes package common's value and answers with a
// turn, and imports no other page.
package tourney

import (
	"context"
	"errors"
	"maps"
	"math"
	"math/big"
	"strconv"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// Page is one tournament's page: its standings live, the
// player's own line marked, the tables in play, its rules, and once it
// is over the final table with each match's table and how to fetch its
// record. It is read in a command as it opens and again every
// common.TourneyEvery while shown; enter joins, x leaves, the arrows scroll.
// In partners w joins with a partner (or asks one, waiting alone): their
// name typed, tab picking one of those waiting alone; a and d answer an
// ask.
type Page struct {
	id string
	// l and t are the tournament as last read (t nil while it is read
	// the first time); gone: the server does not know it.
	l    tourney.Listed
	t    *tourney.Tournament
	gone bool
	// seals and field are a duplicate tournament's rounds' seals and
	// scores against the field, as last read.
	seals []tourneyview.Seal
	field map[string]*big.Rat
	// scroll is the first line of the body shown.
	scroll int
	// gen numbers the page's openings, as the list's.
	gen uint64
	// asking: a join or a leave is under way (a second press waits).
	asking bool
	// names are the players' names found so far, asked those looked
	// for (each once: a guest has none to find).
	names tourneyview.Names
	asked map[string]bool
	// ratings are the players' ratings now, read again as the count of
	// matches played or of players changes (rated: the counts they were
	// read at, -1 none yet): a player who joined after the first read
	// was shown at their rating at entry, as a whole number, until a
	// match ended.
	ratings map[string]float64
	rated   [2]int
	// givenUp: the player's seat at their table in play was given up,
	// as the hall said when the tournament was last read.
	givenUp bool
	// naming: a partner's name is being typed in in; pick is the next
	// of those waiting alone tab puts there.
	naming bool
	in     textinput.Model
	pick   int
	// choosing: the number of a table in play to watch is being
	// typed in (in, as a partner's name; tab picks the next).
	choosing bool
	// refused is when the owner refused the player's last ask to
	// partner, as said on the page (said once).
	refused time.Time
	// ask is the ask to partner the player was part of (theirs or to
	// them) when the tournament was last read, nil: none; its end is
	// said on the page when it was not the player's own doing (own:
	// they answered, took it back or left since).
	ask *tourney.Invite
	own bool
	// mine: the player created it (as last read): before it begins e
	// changes it and c (twice: cancelling) calls it off.
	mine, cancelling bool
	// asOp: the player is the server's operator and it is not theirs:
	// their change is held to the server's limits (the form is told).
	asOp bool
	// code is a private tournament's join code, shown to its creator;
	// coding: another player types it (codeIn) to join.
	code   string
	coding bool
	codeIn textinput.Model
	// ticking: a tick to redraw the seconds of the last minute is on
	// its way (tourneyview.Countdown).
	ticking bool
	// chat is the tournament's chat as last read; muted, the player's
	// mute if the operator muted them.
	chat  []tournaments.ChatLine
	muted *tournaments.MutedError
}

// tourneyTickMsg redraws the page's countdown a second on.
type tourneyTickMsg struct{}

func (tourneyTickMsg) Owner() (common.PageID, bool) { return common.Tourney, true }

// tick redraws the page at the next whole second while it counts the
// last minute down (nil: it does not, or a tick is on its way).
func (p *Page) tick(c *common.Common) tea.Cmd {
	now := c.Srv.Now()
	l := p.l
	if p.t != nil {
		l.Phase = p.t.Phase
	}
	if p.ticking || !tourneyview.Countdown(l, now) {
		return nil
	}
	p.ticking = true
	wait := tourneyview.TickIn(l, now)
	ctx := c.Ctx
	return func() tea.Msg {
		if !common.Sleep(ctx, wait) {
			return nil
		}
		return tourneyTickMsg{}
	}
}

// tourneyNamesMsg is the names of a tournament's players looked up,
// and their ratings now if they were read again (nil: not).
type tourneyNamesMsg struct {
	id      string
	names   tourneyview.Names
	ratings map[string]float64
	// whole: ratings are everyone's; else those of the players of the
	// matches ended since the last read, added to what the page has.
	whole bool
}

func (tourneyNamesMsg) Owner() (common.PageID, bool) { return common.Tourney, false }

// tourneyMsg is the tournament read.
type tourneyMsg struct {
	gen   uint64
	l     tourney.Listed
	t     tourney.Tournament
	seals []tourneyview.Seal
	field map[string]*big.Rat
	mine  bool
	asOp  bool
	code  string
	chat  []tournaments.ChatLine
	muted *tournaments.MutedError
	err   error
}

func (tourneyMsg) Owner() (common.PageID, bool) { return common.Tourney, true }

// tourneyJoinedMsg is a join, a leave, an ask to partner or its answer
// answered.
type tourneyJoinedMsg struct {
	id   string
	what tourneyAsk
	// with is the partner asked, as the page names them.
	with string
	err  error
}

// tourneyAsk is what a player asks of a tournament from its page.
type tourneyAsk uint8

const (
	askJoin tourneyAsk = iota
	askLeave
	askPartner
	askAccept
	askDecline
	askTakeBack
	askBack   // a paused player's key: a join
	askCancel // its creator's: called off
)

func (tourneyJoinedMsg) Owner() (common.PageID, bool) { return common.Tourney, false }

// ID is the tournament the page shows.
func (p *Page) ID() string { return p.id }

// Typed is the partner's name being typed ("": none).
func (p *Page) Typed() string { return p.in.Value() }

// show sets the tournament the page shows next.
func (p *Page) show(id string) {
	if id != p.id {
		p.id, p.t, p.gone, p.scroll, p.seals, p.field, p.givenUp = id, nil, false, 0, nil, nil, false
		p.names, p.asked, p.ratings, p.rated = tourneyview.Names{}, map[string]bool{}, nil, [2]int{-1, -1}
		p.naming, p.ask, p.own = false, nil, false
		p.mine, p.asOp, p.cancelling, p.code, p.coding = false, false, false, "", false
		p.chat = nil
	}
}

// Open reads the tournament at once, and asks whether the player's
// tournament has seated them meanwhile.
func (p *Page) Open(c *common.Common) tea.Cmd {
	p.gen++
	p.ticking = false // a tick the page missed while away is not coming
	return tea.Batch(p.read(c, 0), c.CallToTable())
}

// WatchesHall: at no table, the player is taken from the page to their
// tournament's table as soon as it opens.
func (*Page) WatchesHall(c *common.Common) bool { return c.AwaitsTable() }

// read reads the tournament after a wait, in a command.
func (p *Page) read(c *common.Common, after time.Duration) tea.Cmd {
	side, ctx, id, gen, me := c.Tour, c.Ctx, p.id, p.gen, c.ID
	return func() tea.Msg {
		if !common.Sleep(ctx, after) {
			return nil
		}
		msg := readTourney(side, id, gen)
		msg.mine, msg.asOp, msg.code = side.Organiser(id, me), side.AsOperator(id, me), side.JoinCode(id, me)
		msg.chat = side.TourneyChat(id, me)
		if m, ok := side.Muted(me); ok {
			msg.muted = &m
		}
		return msg
	}
}

// readTourney reads tournament id, with its duplicate rounds' seals and
// scores if it has them: a duplicate's that cannot be read now leaves
// them out this time (the page reads again in a moment).
func readTourney(side common.TourneySide, id string, gen uint64) tourneyMsg {
	l, t, err := side.Tournament(id)
	msg := tourneyMsg{gen: gen, l: l, t: t, err: err}
	if err == nil && t.System().Scoring.Sealed() {
		msg.seals, msg.field, _ = side.Duplicate(id)
	}
	return msg
}

// toTable takes the player to table n, where the pairing seated them:
// to the seat held for them there, as the lobby's enter does; nil when
// the hall does not have the table (yet), or when the seat was given
// up (a bot plays it: the page says the match is their forfeit, and
// the table, which would refuse them a seat, is not asked).
func (p *Page) toTable(c *common.Common, n int) tea.Cmd {
	id := strconv.Itoa(n)
	t := c.Srv.Hall().Get(id)
	if t == nil || seatGivenUp(c, id) {
		return nil
	}
	return c.Join(t, -1, false)
}

// seatGivenUp reports whether tournament table id, as the hall lists
// it, no longer holds the player's seat (false while the hall does not
// list it: nothing is known yet).
func seatGivenUp(c *common.Common, id string) bool {
	for _, sm := range c.Srv.Hall().List() {
		if sm.ID == id {
			return sm.Tourney != "" && sm.Holds(c.ID) < 0
		}
	}
	return false
}

// lookUp looks up, in a command, the names of the players the page has
// not looked for yet (nil: none to look for, or no rating book).
func (p *Page) lookUp(c *common.Common) tea.Cmd {
	book := c.Srv.Ratings()
	if p.t == nil || book == nil {
		return nil
	}
	var ids []string
	for _, id := range common.Unnamed(*p.t, p.names) {
		if !p.asked[id] {
			p.asked[id] = true
			ids = append(ids, id)
		}
	}
	var rate []string
	whole := false
	people, played := p.t.People(), len(p.t.Matches)
	switch {
	case len(people) != p.rated[1] || played < p.rated[0]:
		rate, whole = people, true // someone joined (or the page's first read)
	case played > p.rated[0]:
		// Matches ended, and their players' ratings moved: only theirs
		// are read again, not the whole field's at every page of an
		// arena whenever any of its tables ends.
		rate = tourney.PeopleIn(p.t, p.t.Matches[p.rated[0]:])
	}
	p.rated = [2]int{played, len(people)}
	if len(ids) == 0 && rate == nil {
		return nil
	}
	ctx, id, g := c.Ctx, p.id, p.t.Config.Game
	return func() tea.Msg {
		rc, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		msg := tourneyNamesMsg{id: id, names: common.TourneyNames(rc, book, g, ids), whole: whole}
		if rate != nil {
			msg.ratings = common.ShownRatings(rc, book, g, rate)
		}
		return msg
	}
}

// join asks what in a command (partner: the player asked to partner,
// called with on the page): a join, or an ask to partner, with the
// player's rating in the tournament's game read first (0 for a guest,
// or a server that keeps none).
func (p *Page) join(c *common.Common, what tourneyAsk, partner, with string) tea.Cmd {
	if what == askAccept || what == askDecline || what == askTakeBack || what == askLeave {
		p.own = true // the ask's end is said with the answer
	}
	side, ctx, id, me, name, guest, book := c.Tour, c.Ctx, p.id, c.ID, c.Name, c.Code != "", c.Srv.Ratings()
	code := ""
	if p.l.Private && !p.mine {
		code = p.codeIn.Value()
	}
	g := p.t.Config.Game
	log := c.Srv.Log()
	return func() tea.Msg {
		msg := tourneyJoinedMsg{id: id, what: what, with: with}
		switch what {
		case askLeave:
			msg.err = side.LeaveTournament(id, me)
			return msg
		case askAccept, askDecline:
			msg.err = side.AnswerPartner(id, me, what == askAccept)
			return msg
		case askTakeBack:
			msg.err = side.TakeBackPartner(id, me)
			return msg
		case askCancel:
			msg.err = side.Organise(id, me, true, tourney.Config{})
			return msg
		}
		rating := 0
		if book != nil && !guest {
			rc, cancel := context.WithTimeout(ctx, 10*time.Second)
			e, _, err := book.Get(rc, g, me)
			cancel()
			if err != nil {
				log.Warn("a tournament's entrant's rating", "err", err)
			} else {
				rating = int(math.Round(e.Rating().Ordinal()))
			}
		}
		switch {
		case what == askPartner:
			msg.err = side.AskPartner(id, me, name, rating, partner)
		case code != "":
			msg.err = side.JoinPrivate(id, me, name, rating, code)
		default:
			msg.err = side.JoinTournament(id, me, name, rating)
		}
		return msg
	}
}

// name takes the keys while a partner's name is typed: enter asks the
// one it names (or says why nobody), tab puts the next of those waiting
// alone there, esc stops.
func (p *Page) name(c *common.Common, msg tea.Msg) common.Turn {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
		return common.Stay(common.EditField(&p.in, msg, safetext.MaxNameBytes))
	case key.Matches(k, c.Keys.Cancel):
		p.naming = false
	case key.Matches(k, c.Keys.TourneyPick):
		if cs := p.view(c).Candidates(); len(cs) > 0 {
			p.in.SetValue(cs[p.pick%len(cs)].Name)
			p.in.CursorEnd()
			p.pick++
		}
	case key.Matches(k, c.Keys.Send):
		v := p.view(c)
		typed := p.in.Value()
		partner, err := v.FindPartner(typed)
		if err != nil {
			c.Flash = partnerRefused(c, err, safetext.Name(typed))
			return common.Turn{}
		}
		p.naming, p.asking = false, true
		return common.Stay(p.join(c, askPartner, partner, tourneyview.NameIn(c.Tr, v, partner)))
	default:
		return common.Stay(common.EditField(&p.in, k, safetext.MaxNameBytes))
	}
	return common.Turn{}
}

// partnerRefused says why a partner's name was not asked, name as the
// player typed it (made safe).
func partnerRefused(c *common.Common, err error, name string) string {
	switch {
	case errors.Is(err, tourneyview.ErrTwoNames):
		return c.Tr.T("tourney.err.twonames", name)
	case errors.Is(err, tourney.ErrTeamed):
		return c.Tr.T("tourney.err.teamed", name)
	case errors.Is(err, tourney.ErrAsked):
		return c.Tr.T("tourney.err.asked", name)
	case errors.Is(err, tourneyview.ErrNoName), errors.Is(err, tourney.ErrUnknown):
		return c.Tr.T("tourney.err.noname", name)
	}
	return tourneyRefused(c, err)
}

// Update takes the tournament read, a join or leave answered, and the
// keys.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	if t, ok := c.AwaitTable(msg); ok {
		return t
	}
	switch msg := msg.(type) {
	case common.ShowTourney:
		p.show(msg.ID)
	case tourneyMsg:
		if msg.gen != p.gen {
			return common.Turn{}
		}
		switch {
		case errors.Is(msg.err, tourney.ErrUnknown):
			p.gone, p.t = true, nil
			return common.Turn{} // nothing to read again
		case msg.err != nil:
			c.Flash = c.Tr.T("tourney.err.read")
			c.Srv.Log().Warn("a tournament", "id", p.id, "err", msg.err)
		default:
			p.askEnded(c, msg.t) // named as the page knew them
			p.l, p.t, p.gone, p.mine, p.asOp, p.code, p.chat = msg.l, &msg.t, false, msg.mine, msg.asOp, msg.code, msg.chat
			p.muted = msg.muted
			if msg.t.System().Scoring.Sealed() && msg.seals != nil {
				p.seals, p.field = msg.seals, msg.field
			}
			if r, ok := msg.t.Refused[c.ID]; ok && !r.At.Equal(p.refused) {
				// The owner refused the ask this node let through.
				p.refused = r.At
				c.Flash = askRefused(c, r, tourneyview.NameIn(c.Tr, p.view(c), r.To))
			}
			p.givenUp = false
			if n, ok := p.view(c).Table(); ok {
				p.givenUp = seatGivenUp(c, strconv.Itoa(n))
			}
		}
		var sit tea.Cmd
		if n, ok := p.view(c).Table(); ok && !c.Went[strconv.Itoa(n)] {
			// Paired: to the table at once, as an arena's player expects
			// (the page says where; a table the hall does not have yet is
			// tried again at the next read). Once each, as the
			// tournament side's word is obeyed (common.GoTo): one who
			// stepped away from their table is not pulled back.
			if sit = p.toTable(c, n); sit != nil {
				c.GoneTo(strconv.Itoa(n))
			}
		}
		return common.Stay(tea.Batch(p.read(c, common.TourneyEvery), p.lookUp(c), sit, p.tick(c)))
	case tourneyTickMsg:
		p.ticking = false
		return common.Stay(p.tick(c))
	case tourneyNamesMsg:
		if msg.id == p.id {
			maps.Copy(p.names, msg.names)
			switch {
			case msg.ratings == nil:
			case msg.whole || p.ratings == nil:
				p.ratings = msg.ratings
			default:
				p.ratings = maps.Clone(p.ratings) // a value the page may have handed out
				maps.Copy(p.ratings, msg.ratings)
			}
		}
	case common.TourneySaid:
		if msg.ID != p.id {
			return common.Turn{}
		}
		if msg.Err != nil {
			c.Flash = chatRefused(c, msg.Err)
		}
		p.gen++ // the line read back at once
		return common.Stay(p.read(c, 0))
	case tourneyJoinedMsg:
		p.asking = false
		if msg.id != p.id {
			return common.Turn{}
		}
		switch {
		case msg.err != nil && msg.what == askPartner:
			c.Flash = partnerRefused(c, msg.err, msg.with)
		case msg.err != nil && (msg.what == askAccept || msg.what == askDecline) && errors.Is(msg.err, tourney.ErrUnknown):
			c.Flash = c.Tr.T("tourney.err.noask")
		case msg.err != nil && msg.what == askTakeBack && errors.Is(msg.err, tourney.ErrUnknown):
			c.Flash = c.Tr.T("tourney.err.notasking")
		case msg.err != nil:
			c.Flash = tourneyRefused(c, msg.err)
		default:
			c.Flash = map[tourneyAsk]string{
				askJoin: c.Tr.T("tourney.joined"), askLeave: c.Tr.T("tourney.left"),
				askPartner: c.Tr.T("tourney.asked.sent", msg.with),
				askAccept:  c.Tr.T("tourney.accepted"), askDecline: c.Tr.T("tourney.declined"),
				askTakeBack: c.Tr.T("tourney.takenback"), askBack: c.Tr.T("tourney.back"),
				askCancel: c.Tr.T("tourney.cancelled.done"),
			}[msg.what]
			if msg.what == askTakeBack && p.ask != nil && p.ask.Entry {
				c.Flash = c.Tr.T("tourney.takenback.entry") // the ask was their entry
			}
		}
		p.gen++ // read now, and every common.TourneyEvery from now
		return common.Stay(p.read(c, 0))
	case tea.PasteMsg:
		if p.coding {
			return common.Stay(common.EditField(&p.codeIn, msg, codeBytes))
		}
		if p.naming {
			return p.name(c, msg)
		}
		if p.choosing {
			return p.choose(c, msg)
		}
	case tea.KeyPressMsg:
		if p.coding {
			c.Flash = ""
			return p.codeKey(c, msg)
		}
		if p.naming {
			c.Flash = ""
			return p.name(c, msg)
		}
		if p.choosing {
			c.Flash = ""
			return p.choose(c, msg)
		}
		return p.key(c, msg)
	}
	return common.Turn{}
}
