package tourneyview

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/theme"
)

// Page is what a tournament's page shows, as values: the tournament
// as the server last read it, who looks at it, the time, and where the
// page is scrolled to.
type Page struct {
	Listed tourney.Listed
	T      tourney.Tournament
	// Me is the id of the player who looks (their line is marked).
	Me    string
	Names Names
	// Field is each player's duplicate score, in a duplicate Swiss
	// (nil: none known, the column is not shown); ByField ranks the
	// standings by it.
	Field   map[string]*big.Rat
	ByField bool
	// Seals are a duplicate tournament's rounds' seals as they may be
	// shown: each round's commitment from before it began, its seed and
	// salt once it is over (nil: none drawn yet, or not a duplicate).
	Seals []Seal
	Now   time.Time
	// Ratings are the players' ratings now in the tournament's game, by
	// id (nil: none known): the standings' rating column shows them.
	Ratings map[string]float64
	// SSH is how a player reaches this server by ssh ("ssh -p 2222
	// HOST"), for the line that says how a match's record is fetched.
	SSH string
	// Scroll is the first line of the page's body shown.
	Scroll int
	// Code is a private tournament's join code, said under its title to
	// its creator who looks ("": not theirs, or public).
	Code string
	// GivenUp: the seat held for the player who looks at their table
	// in play (Table) was given up — they did not come in time, or left
	// it past the time it was kept — and a bot plays it: the match
	// counts as their forfeit, and the page says so (and what comes
	// next) instead of offering the table. The hall knows it, not the
	// tournament, until the match ends.
	GivenUp bool

	// counted are the standings counted once for one drawing of the
	// page (Lines), shared by the parts that show them (nil: each part
	// counts them).
	counted *counted
}

// counted holds a page's standings once counted (Page.standings).
type counted struct {
	done bool
	st   []tourney.Standing
	err  error
}

// standings are the tournament's standings, counted once a drawing:
// the head's line, the podium and the table each asked for them, three
// recounts of every match at each frame of each waiting player's page.
// Shared, so never changed by a caller.
func (p Page) standings() ([]tourney.Standing, error) {
	if p.counted == nil {
		return p.T.Standings()
	}
	if !p.counted.done {
		p.counted.st, p.counted.err = p.T.Standings()
		p.counted.done = true
	}
	return p.counted.st, p.counted.err
}

// Seal is a duplicate round's seal as a page shows it: the round, its
// commitment (the full hex; the page shows its short form, the one the
// round's tables show at the deal), and its seed (decimal) and salt
// (hex) once the round is over ("" before).
type Seal struct {
	Round      int
	Commit     string
	Seed, Salt string
}

// Joined says whether the player who looks plays in the tournament
// (joined, not left; in partners, in a team or waiting for a partner):
// the page offers to leave, else to join.
func (p Page) Joined() bool {
	e, ok := p.T.Joined[p.T.Unit(p.Me)]
	return ok && !e.Left || p.T.Alone(p.Me)
}

// Paused says whether the player who looks is paused: they lost a
// match for want of being at it (tourney's Pause), and any key on the
// page brings them back into the pairing (a join) while it runs.
func (p Page) Paused() bool {
	e, ok := p.T.Joined[p.T.Unit(p.Me)]
	return ok && e.Paused && !e.Left && (p.T.Phase == tourney.Running || p.T.Phase == tourney.Starting)
}

// lostAt is the table of the last match the player who looks lost for
// want of being at it (0: none).
func (p Page) lostAt() int {
	unit := p.T.Unit(p.Me)
	for i := len(p.T.Matches) - 1; i >= 0; i-- {
		m := p.T.Matches[i]
		for s, id := range m.Players {
			if id == unit && m.Forfeit[s] {
				return m.Table
			}
		}
	}
	return 0
}

// Table is the number of the table in play the player who looks sits
// at (ok false: none), so the page can say it and take them there.
func (p Page) Table() (n int, ok bool) {
	for _, pl := range p.T.Playing {
		if seats := p.T.Seats(pl.Players); slices.Contains(seats[:], p.Me) {
			return pl.Table, true
		}
	}
	return 0, false
}

// CanLeave says whether the player who looks may leave: joined, and
// the tournament not over (leaving a finished one changes nothing, and
// the page offered it).
func (p Page) CanLeave() bool {
	return p.Joined() && p.T.Phase != tourney.Finished
}

// CanJoin says whether the tournament still takes players: an arena
// until its end time, a Swiss before its first round (one who left a
// Swiss under way may come back).
func (p Page) CanJoin() bool {
	switch {
	case p.T.Phase == tourney.Finished || p.T.Phase == tourney.Ending:
		return false
	case !p.T.System().Pairing.Open(&p.T):
		e, ok := p.T.Joined[p.T.Unit(p.Me)]
		return ok && e.Left
	}
	return !p.Joined()
}

// Lines draws the page width columns wide in at most rows lines: its
// head, then its body from Scroll (clamped: the scroll it was drawn at
// is returned), with a line saying what is above or below.
func Lines(tr *i18n.Catalog, st *theme.Styles, p Page, width, rows int) ([]string, int) {
	if p.counted == nil {
		p.counted = &counted{}
	}
	head := Head(tr, st, p, width)
	body := body(tr, st, p, width)
	room := max(1, rows-len(head))
	if len(body) <= room {
		return append(head, body.all()...), 0
	}
	room = max(1, room-1) // a line says there is more
	scroll := max(0, min(p.Scroll, len(body)-room))
	out := append(head, body.span(scroll, scroll+room)...)
	more := tr.T("tourney.more.down", len(body)-scroll-room)
	if scroll+room >= len(body) {
		more = tr.T("tourney.more.up", scroll)
	} else if scroll > 0 {
		more = tr.T("tourney.more.both", scroll, len(body)-scroll-room)
	}
	return append(out, st.Dim.Render(cut(more, width))), scroll
}

// Head is the page's top: the tournament's line, and where the player
// stands in it.
func Head(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	info := []string{tr.N("tourney.players", players(p.T), players(p.T))}
	if p.T.Phase == tourney.Running || p.T.Phase == tourney.Ending {
		info = append(info, tr.N("tourney.inplay", len(p.T.Playing), len(p.T.Playing)))
	}
	info = append(info, you(tr, p))
	out := Title(tr, st, p, width)
	if p.Code != "" && p.T.Phase != tourney.Finished {
		// The creator's private tournament: its code under its title
		// (once between the title's wrapped lines).
		for _, w := range Wrap(tr.T("tourney.code.yours", p.Code), width, 0) {
			out = append(out, st.Warn.Render(w))
		}
	}
	if d := p.T.Config.Description; d != "" {
		for _, w := range Wrap(d, width, 0) {
			out = append(out, st.Text.Render(w))
		}
	}
	if p.T.Cancelled {
		// Said to every entrant who looks: it will not be played.
		for _, w := range Wrap(cancelled(tr, p.T), width, 0) {
			out = append(out, st.Warn.Render(w))
		}
	}
	if ch := changed(tr, p.T); ch != "" {
		// Said to every entrant who looks until it begins: what its
		// organiser changed since they joined, and when.
		for _, w := range Wrap(ch, width, 0) {
			out = append(out, st.Warn.Render(w))
		}
	}
	for _, w := range Wrap(strings.Join(info, " · "), width, 2) {
		out = append(out, st.Text.Render(w)) // wrapped, not cut: where the player stands ends it
	}
	if p.T.Phase == tourney.Finished {
		out = append(out, overLines(tr, st, p, width)...)
	}
	if n, ok := p.Table(); ok && p.GivenUp {
		// What comes next: join again, the next round, or none.
		what := p.T.System().Pairing.GivenUp(&p.T)
		for _, w := range Wrap(tr.T(what, n), width, 0) {
			out = append(out, st.Warn.Render(w))
		}
	} else if p.Paused() {
		// Why, and the way back.
		for _, w := range Wrap(tr.T("tourney.paused", p.lostAt()), width, 0) {
			out = append(out, st.Warn.Render(w))
		}
	}
	return append(out, "")
}

// Title is the page's top line, wrapped, not cut: the tournament's
// name and id, game, kind and when it plays, which ends it (a duplicate
// Swiss's in Turkish at 80 columns lost it, "başlı").
func Title(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	l := p.Listed
	l.Phase, l.Round = p.T.Phase, p.T.Round // the state read, not the lobby's older line
	title := strings.Join([]string{Named(l), GameName(tr, p.T.Config.Game),
		kindLine(tr, p.T.System()), When(tr, l, p.Now)}, " · ")
	var out []string
	for _, w := range Wrap(title, width, 2) {
		out = append(out, st.Bold.Render(w))
	}
	return out
}

// players are the players still in (a bot partner not counted).
func players(t tourney.Tournament) int { return t.Players() }

// lapsesIn is how long the ask to partner the player who looks waits
// on (theirs or to them) has left before it lapses (tourney.AskLapse),
// in whole minutes, rounded up: "2".
func lapsesIn(p Page) int {
	inv, _ := p.T.InviteOf(p.Me)
	left := inv.Lapses().Sub(p.Now)
	return max(1, int((left+time.Minute-1)/time.Minute))
}

// you is where the player who looks stands; in partners, with whom.
func you(tr *i18n.Catalog, p Page) string {
	unit := p.T.Unit(p.Me)
	e, ok := p.T.Joined[unit]
	partner, teamed := p.T.Partner(p.Me)
	name := p.Names.namer(tr, p.T)
	from, asked := p.AskedBy()
	to, asking := p.Asking()
	switch {
	case asked:
		return tr.T("tourney.you.asked", name(from), lapsesIn(p))
	case asking:
		return tr.T("tourney.you.asking", name(to), lapsesIn(p))
	case p.T.Alone(p.Me) && (p.T.Phase == tourney.Ending || p.T.Phase == tourney.Finished):
		return tr.T("tourney.you.nopartner")
	case p.T.Alone(p.Me):
		return tr.T("tourney.you.alone")
	case !ok:
		return tr.T("tourney.you.out")
	case e.Left && teamed:
		return tr.T("tourney.you.teamleft")
	case e.Left:
		return tr.T("tourney.you.left")
	case p.T.Cancelled:
		return tr.T("tourney.you.joined") // never played: no place in it
	}
	with := ""
	if teamed {
		with = " · " + tr.T("tourney.you.with", name(partner))
	}
	st, err := p.standings()
	if err != nil {
		return tr.T("tourney.you.in")
	}
	i := slices.IndexFunc(st, func(s tourney.Standing) bool { return s.Player == unit })
	if i < 0 {
		return tr.T("tourney.you.in") + with
	}
	at := tr.T("tourney.you.at", i+1, len(st), st[i].Points.String()) + with
	if n, ok := p.Table(); ok && p.GivenUp {
		at += " · " + tr.T("tourney.you.givenup", n)
	} else if ok {
		at += " · " + tr.T("tourney.you.table", n)
	} else if p.Paused() {
		at += " · " + tr.T("tourney.you.paused")
	}
	return at
}

// Body is the page below its head: the standings (the player's own
// line marked), the tables in play, and at the end each match with its
// table and the way to its record; then the rules.
func Body(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	return body(tr, st, p, width).all()
}

// body is Body with each line drawn only when asked for (later).
func body(tr *i18n.Catalog, st *theme.Styles, p Page, width int) later {
	var out later
	if p.T.Cancelled {
		// Never played: its entrants, and no standings of noughts.
		out.add(cancelledLines(tr, st, p, width)...)
		out.add(rulesLines(tr, st, p, width)...)
		return out
	}
	counted, err := p.standings()
	var lines []Line
	if err == nil {
		lines, err = standingsLines(tr, p.T, counted, p.Names, p.Field, p.Ratings, p.ByField)
	}
	title := tr.T("tourney.standings")
	if p.T.Phase == tourney.Finished {
		title = tr.T("tourney.final")
	}
	if p.ByField {
		title += " · " + tr.T("tourney.byfield")
	}
	out.add(st.Bold.Render(cut(title, width)))
	for _, r := range tourney.Held(&p.T) {
		// A duplicate round's places wait for its last table: the same
		// racks may still be in play at another.
		out.add(st.Warn.Render(cut(tr.T("tourney.held", r), width)))
	}
	switch {
	case err != nil:
		out.add(st.Warn.Render(cut(tr.T("tourney.badmatch"), width)))
	case len(lines) == 0:
		out.add(st.Dim.Render(cut(tr.T("tourney.nobody"), width)))
	default:
		hasField := p.Field != nil
		scoring := p.T.System().Scoring
		fixed := fixedWidth(tr, scoring, hasField)
		name := max(12, min(24, width-2-fixed))
		sheet := 0 // an arena's sheet takes what is left, the name giving way
		if scoring.Rules().Streaks {
			name = max(12, min(24, width-2-fixed-1-sheetMin))
			sheet = min(sheetMax, width-2-fixed-name-1)
		}
		cols := columns(tr, scoring, hasField, name)
		if sheet > 0 {
			cols = append(cols, column{tr.T("tourney.col.sheet"), sheet, true}) // the latest results one under another
		}
		out.add(st.Dim.Render(cut("  "+row(cols, heads(cols)), width)))
		me := p.T.Unit(p.Me)
		marks := marksOf(tr)
		for i, l := range lines {
			mark, style := "  ", st.Text
			if l.Player == me {
				mark, style = "> ", st.Bold
			}
			out.draw(func() string {
				cs := cells(scoring, hasField, i+1, l)
				if sheet > 0 {
					cs = append(cs, sheetCell(l.Sheet, sheet, marks))
				}
				return style.Render(cut(mark+row(cols, cs), width))
			})
		}
		for _, key := range legend(lines, sheet > 0) {
			for _, w := range Wrap(tr.T(key), width-2, 2) {
				out.add(st.Dim.Render("  " + w))
			}
		}
		for _, w := range levelLines(tr, scoring, hasField, lines) {
			for _, w := range Wrap(w, width-2, 2) {
				out.add(st.Dim.Render("  " + w))
			}
		}
	}
	name := p.Names.namer(tr, p.T)
	if len(p.T.Lone) > 0 {
		alone := make([]string, len(p.T.Lone))
		for i, l := range p.T.Lone {
			alone[i] = name(l.Player)
		}
		out.add("")
		for _, w := range Wrap(tr.T("tourney.alone", strings.Join(alone, ", ")), width, 2) {
			out.add(st.Dim.Render(w))
		}
	}
	if len(p.T.Invites) > 0 {
		asks := make([]string, len(p.T.Invites))
		for i, inv := range p.T.Invites {
			asks[i] = tr.T("tourney.ask", name(inv.From), name(inv.To))
		}
		for _, w := range Wrap(tr.T("tourney.asks", strings.Join(asks, ", ")), width, 2) {
			out.add(st.Dim.Render(w))
		}
	}
	seating := p.T.System().Seating
	switch p.T.Phase {
	case tourney.Starting: // no table before the start
	case tourney.Running, tourney.Ending:
		out.add("", st.Bold.Render(cut(tr.N("tourney.tables", len(p.T.Playing), len(p.T.Playing)), width)))
		if len(p.T.Playing) == 0 {
			out.add(st.Dim.Render(cut(Say(tr, seating.Pool(len(p.T.Pool))), width)))
		}
		for _, pl := range p.T.Playing {
			out.draw(wrapped(st, tableLine(tr, pl.Table, pl.Round, pl.Players, nil, nil, nil, seating.Per(), name), width)...)
		}
	default:
		out.add("", st.Bold.Render(cut(tr.N("tourney.matches", len(p.T.Matches), len(p.T.Matches)), width)))
		// The command on a line of its own, whole: it is copied, not read.
		for _, w := range Wrap(tr.T("tourney.record"), width, 2) {
			out.add(st.Dim.Render(w))
		}
		out.add(st.Text.Render(cut("  "+RecordCommand(tr, p.SSH), width)))
		for _, m := range p.T.Matches {
			out.draw(wrapped(st, tableLine(tr, m.Table, m.Round, m.Players, &m.Places, &m.Forfeit, &m.Away, seating.Per(), name), width)...)
		}
	}
	out.add(sealLines(tr, st, p, width)...)
	out.add(rulesLines(tr, st, p, width)...)
	return out
}

// rulesLines are the tournament's rules in words, under their title.
func rulesLines(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	out := []string{"", st.Bold.Render(cut(tr.T("tourney.rules.title"), width))}
	for _, r := range Rules(tr, p.T.Config) {
		for _, w := range Wrap(r, width-2, 2) {
			out = append(out, st.Text.Render("  "+w))
		}
	}
	return out
}

// cancelledLines are a cancelled tournament's body above its rules:
// who had joined, by name (nobody played, so nobody stands anywhere).
func cancelledLines(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	name := p.Names.namer(tr, p.T)
	var who []string
	for _, id := range p.T.People() {
		who = append(who, name(id))
	}
	if len(who) == 0 {
		return []string{st.Dim.Render(cut(tr.T("tourney.cancelled.nobody"), width))}
	}
	var out []string
	for _, w := range Wrap(tr.T("tourney.cancelled.entrants", strings.Join(who, ", ")), width, 2) {
		out = append(out, st.Text.Render(w))
	}
	return out
}

// sealLines are a duplicate tournament's rounds' seals: each round's
// commitment, to compare with the one its table showed at the deal and
// with its records' (okey verify), and once the round is over its seed
// and salt. None in a tournament of no duplicate rounds.
func sealLines(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	if !p.T.System().Scoring.Sealed() || len(p.Seals) == 0 {
		return nil
	}
	out := []string{"", st.Bold.Render(cut(tr.T("tourney.seals"), width))}
	for _, s := range p.Seals {
		line := tr.T("tourney.seal.sealed", s.Round, shortCommit(s.Commit))
		if s.Seed != "" {
			line = tr.T("tourney.seal.shown", s.Round, shortCommit(s.Commit), s.Seed, s.Salt)
		}
		for _, w := range Wrap(line, width-2, 4) {
			out = append(out, st.Text.Render("  "+w))
		}
	}
	return out
}

// shortCommit is a commitment as a table shows it at the deal: its
// first 16 hex digits in groups of four ("3f9a 21c0 88d1 7b2e").
func shortCommit(c string) string {
	if len(c) < 16 {
		return c
	}
	return c[0:4] + " " + c[4:8] + " " + c[8:12] + " " + c[12:16]
}

// wrapped is a table's line as the page lists it: indented, and
// wrapped rather than cut, so that no seat of a table is lost to a
// narrow terminal (four names with their places and forfeits pass 80
// columns).
func wrapped(st *theme.Styles, line string, width int) []func() string {
	var out []func() string
	for _, w := range Wrap(line, width-2, 4) {
		out = append(out, func() string { return st.Text.Render("  " + w) })
	}
	return out
}

// later are a page's lines, each drawn (styled, cut) only when it is
// asked for: a 200-player arena's page lists hundreds of standings and
// matches, of which a terminal shows twenty, and drawing them all at
// every frame cost most of a node's CPU.
type later []func() string

// add adds lines already drawn.
func (l *later) add(lines ...string) {
	for _, s := range lines {
		*l = append(*l, func() string { return s })
	}
}

// draw adds lines drawn when asked for.
func (l *later) draw(lines ...func() string) { *l = append(*l, lines...) }

// all draws every line.
func (l later) all() []string { return l.span(0, len(l)) }

// span draws lines from to to (not included).
func (l later) span(from, to int) []string {
	out := make([]string, 0, to-from)
	for _, f := range l[from:to] {
		out = append(out, f())
	}
	return out
}

// RecordCommand is the command that prints a match's record from the
// server ssh reaches and checks it, TABLE for its table's number.
func RecordCommand(tr *i18n.Catalog, ssh string) string {
	return strings.TrimSpace(ssh) + " record " + tr.T("tourney.record.table") + " | okey verify -"
}

// tableLine is a table of the tournament: its number (by which its
// record is found), its round in a Swiss, its units, per of them (in
// partners its two teams, each once: the seats facing them are the
// teams' again), and once played their places (a forfeit said, and a
// match lost away from the table, the bot playing, apart from it).
func tableLine(tr *i18n.Catalog, table, round int, players tourney.Table, places *[4]int, forfeit, away *[4]bool, per int, name func(string) string) string {
	head := tr.T("tourney.table", table)
	if round > 0 {
		head = tr.T("tourney.table.round", table, round)
	}
	seats := make([]string, 0, 4)
	for s, id := range players[:per] {
		w := name(id)
		if places != nil {
			w += " " + tr.T("tourney.place", places[s])
		}
		switch {
		case away != nil && away[s]:
			w += " " + tr.T("tourney.away")
		case forfeit != nil && forfeit[s]:
			w += " " + tr.T("tourney.forfeit")
		}
		seats = append(seats, w)
	}
	return head + ": " + strings.Join(seats, " · ")
}

// changed says what t's organiser (or the server's operator) last
// changed of its settings, and when, while it has not begun ("": no
// change, or begun).
func changed(tr *i18n.Catalog, t tourney.Tournament) string {
	ch := t.Changed
	if ch == nil || t.Phase != tourney.Starting || len(ch.What) == 0 {
		return ""
	}
	what := make([]string, len(ch.What))
	for i, w := range ch.What {
		what[i] = tr.T("tourney.changed." + w)
	}
	key := "tourney.changed"
	if ch.ByOperator {
		key = "tourney.changed.op"
	}
	return tr.T(key, ch.At.UTC().Format("15:04"), strings.Join(what, ", "))
}

// cancelled says who called t off: its organiser, or the server's
// operator.
func cancelled(tr *i18n.Catalog, t tourney.Tournament) string {
	if t.ByOperator {
		return tr.T("tourney.cancelled.op")
	}
	return tr.T("tourney.cancelled")
}

// overLines are a finished tournament's first lines on its page: its
// podium and, for one who played, their rating now against their
// rating at entry (where they finished is the head's line).
func overLines(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	var out []string
	if pd := podium(tr, p); pd != "" {
		for _, w := range Wrap(tr.T("tourney.podium", pd), width, 2) {
			out = append(out, st.Bold.Render(w))
		}
	}
	if r := ratingMoved(tr, p); r != "" {
		for _, w := range Wrap(r, width, 2) {
			out = append(out, st.Text.Render(w))
		}
	}
	return out
}

// AskedBy is the player whose ask to partner waits for the answer of
// the one who looks (ok false: none).
func (p Page) AskedBy() (string, bool) {
	inv, ok := p.T.InviteOf(p.Me)
	return inv.From, ok && inv.To == p.Me
}

// Asking is the player the one who looks asked to partner, waiting for
// the answer (ok false: none).
func (p Page) Asking() (string, bool) {
	inv, ok := p.T.InviteOf(p.Me)
	return inv.To, ok && inv.From == p.Me
}

// podium is a finished tournament's first three as its page says them,
// with their points: "1. Can 24 · 2. John 20 · 3. Deniz 16" ("": none
// played, or the standings cannot be told).
func podium(tr *i18n.Catalog, p Page) string {
	t, names := p.T, p.Names
	st, err := p.standings()
	if err != nil {
		return ""
	}
	name := names.namer(tr, t)
	var parts []string
	for i, s := range st[:min(3, len(st))] {
		if s.Matches == 0 {
			break
		}
		parts = append(parts, tr.T("tourney.podium.place", i+1, name(s.Player), s.Points.String()))
	}
	return strings.Join(parts, " · ")
}

// ratingMoved is what the tournament did to the rating of the player
// who looks: their rating now beside their rating at entry ("": not
// known — a guest's, whom the ratings lack — or a team's).
func ratingMoved(tr *i18n.Catalog, p Page) string {
	e, ok := p.T.Joined[p.Me]
	now, known := p.Ratings[p.Me]
	if !ok || !known || !played(p.T, p.Me) {
		return ""
	}
	return tr.T("tourney.over.rating", strconv.FormatFloat(now, 'f', 1, 64), e.Rating)
}

// played says whether unit played a match of t: one not lost for want
// of them (never come, or away, their bot playing), which alone move
// ratings.
func played(t tourney.Tournament, unit string) bool {
	for _, m := range t.Matches {
		for s, id := range m.Players {
			if id == unit && !m.Forfeit[s] {
				return true
			}
		}
	}
	return false
}
