package ui

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/par"
	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/playdaily"
	"okey/ui/seats"
	"okey/ui/settings"
	"okey/ui/stats"
	"okey/ui/store"
)

// The daily hosted (issue 44): the day's set of hands played in seat 0
// against three hard bots, a hand after the other, each hand a match of
// its own (its record an ordinary one, carrying the day in its meta:
// game/daily's Set.Meta), saved, paused and resumed as any match. What
// it is played for (the record or practice), what is asked first, the
// scores, the streak and the line to share are ui/playdaily's; here the
// Model starts the hands, shows the pages and keeps the entry in the
// statistics. Par is measured in the background (bots/par) from the
// daily's start: the player never waits for it.

// dailyLevel is the level of the bots a daily is played against.
const dailyLevel = par.Level

// dailyParMsg is par measured, or why it could not be.
type dailyParMsg struct {
	id   uint64
	line par.Line
	err  error
}

// dailyKeys are the keys of the daily's pages: d on the resume page and
// the final table starts today's daily; its own page reviews a hand,
// opens the statistics, starts a new match or quits.
type dailyKeys struct {
	Start, Yes, No, Review, Hands, Stats, NewMatch, Quit key.Binding
}

func (m *Model) dailyKeys() dailyKeys {
	b := func(keys []string, help, words string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, m.tr.T(words)))
	}
	return dailyKeys{
		Start:    b([]string{"d"}, "d", "key.daily"),
		Yes:      b([]string{"enter", "y"}, "enter", "key.daily.yes"),
		No:       b([]string{"esc", "n", "q"}, "esc", "key.daily.no"),
		Review:   b([]string{"w"}, "w", "key.review"),
		Hands:    b([]string{"1", "2", "3", "4"}, "1-4", "key.daily.hand"),
		Stats:    m.keys.HandOver.Stats,
		NewMatch: b([]string{"n"}, "n", m.newMatchWords("key.newmatch")),
		Quit:     b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
	}
}

// newMatchWords is the catalogue key of what n does while a daily is on
// the table: words, or back to the match it paused.
func (m *Model) newMatchWords(words string) string {
	if m.paused && m.dl != nil {
		return "key.daily.back"
	}
	return words
}

// today is the day by the clock: the local calendar's.
func (m *Model) today() daily.Date { return daily.DateOf(m.now()) }

// openDaily is the daily of game asked for (date zero: today's): begun,
// or its date asked about first (playdaily.Decide). From the app's
// pages it goes back to back on a "no"; for okey daily (quit) a "no"
// quits.
func (m *Model) openDaily(g game.Kind, date daily.Date, back screen, quit bool) tea.Cmd {
	if m.readOnly || m.seat != nil {
		m.setFlash(true, m.tr.T("status.readonly"))
		return nil
	}
	today := m.today()
	c := playdaily.Decide(&m.stats, g, date, today)
	if c.Ask != playdaily.AskNone {
		m.dlAsk = &dailyAsk{game: g, choice: c, today: today, back: back, quit: quit}
		m.screen = scrDailyAsk
		return nil
	}
	return m.beginDaily(g, c)
}

// beginDaily starts the daily of game on c's date: the match on the
// table paused (under way) or set aside with the finished ones (over, or
// a daily's hand), the
// entry kept in the statistics, par measured in the background, and the
// first hand dealt after a page that names the day and its fingerprint.
func (m *Model) beginDaily(g game.Kind, c playdaily.Choice) tea.Cmd {
	set, err := daily.New(g, c.Date)
	if err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	m.cancelBots()
	old, why := m.rec, "abandoned"
	if m.dl != nil && m.dl.entry.Done() || m.MatchOver() { // a daily's last hand, or a match, over
		why = "finished"
	}
	// An ordinary match under way waits for the daily to leave the table
	// (Files.PauseMatch), rather than being filed with the finished ones.
	pause := len(old) > 0 && m.dl == nil && why == "abandoned" && m.saving()
	entry := m.stats.PutDaily(stats.Daily{
		ID: startedNow(m.now()), Date: c.Date.String(), Game: string(g),
		Practice: c.Practice, Hands: len(set.Hands),
	})
	if entry.Practice && c.Why == "" {
		c.Why = "daily.why.again"
	}
	m.statsChanged = true
	m.dl = &dailyState{set: set, entry: entry, why: c.Why, recs: map[int][]byte{}}
	if fp, err := set.Fingerprint(); err == nil {
		m.dl.short = fp.Short()
	}
	if err := m.startDailyHand(1); err != nil {
		m.dl = nil
		m.setFlash(true, err.Error())
		return nil
	}
	m.notice = append(m.notice, m.dailyOpening()...)
	switch {
	case pause:
		m.files.PauseMatch(m.seq, old, m.now())
		m.paused = true
		m.notice = append(m.notice, m.tr.T("daily.paused"))
	case len(old) > 0:
		m.files.RetireMatch(m.seq, old, why, m.now())
		if why == "abandoned" {
			m.notice = append(m.notice, m.tr.T("daily.retired"))
		}
	}
	m.after, m.screen = scrPlay, scrNotice
	return tea.Batch(m.saveCmd(), m.measurePar())
}

// dailyOpening is what the page before the first hand says: the day,
// the game and its hands, for the record or as practice and why, and
// the fingerprint everyone who plays the day sees.
func (m *Model) dailyOpening() []string {
	d := m.dl
	out := []string{m.tr.T("daily.open", d.set.Date, m.dailyGameName(), len(d.set.Hands), m.levelName(dailyLevel))}
	if d.entry.Practice {
		out = append(out, m.tr.T(d.why))
	} else {
		out = append(out, m.tr.T("daily.forrecord"))
	}
	// Par, said before the first hand: after it, each hand's end shows
	// the score against it.
	out = append(out, m.dailyScoreLine(), m.tr.T("daily.par.after"))
	if d.short != "" {
		out = append(out, m.tr.T("daily.fingerprint", d.short))
	}
	return out
}

// dailyScoreLine says what a hand's score is in the daily's game, and
// what par is.
func (m *Model) dailyScoreLine() string {
	if m.dl.set.Game == game.Okey101 {
		return m.tr.T("daily.score.101")
	}
	return m.tr.T("daily.score.classic")
}

func (m *Model) dailyGameName() string {
	if m.dl.set.Game == game.Okey101 {
		return m.tr.T("val.okey101")
	}
	return m.tr.T("val.classic")
}

// startDailyHand deals hand k of the daily: a match of its own with the
// hand's seed, the daily's rules and record version, hard bots with the
// settings' names, no undo, its record's meta naming the day
// (Set.Meta) and the entry. A record that is not the day's hand (an
// engine that no longer deals it so) is refused.
func (m *Model) startDailyHand(k int) error {
	d := m.dl
	h := d.set.Hands[k-1]
	meta := d.set.Meta(h, d.entry.Practice)
	meta["program"], meta[metaStarted], meta[metaDailyID] = "okey", startedNow(m.now()), d.entry.ID
	for s := 1; s < seats.N; s++ {
		meta["name"+strconv.Itoa(s)] = m.set.Names[s-1]
		meta["level"+strconv.Itoa(s)] = dailyLevel
	}
	set := m.set
	set.Game, set.Rules, set.Rules101 = settings.GameClassic, daily.ClassicRules().String(), daily.Rules101().String()
	if d.set.Game == game.Okey101 {
		set.Game = settings.Game101
	}
	t := m.tableOf(set.Game)
	rec, err := t.Start(h.Seed, meta, set)
	if err != nil {
		return err
	}
	if err := checkDaily(d.set.Game, rec); err != nil {
		return err
	}
	m.set.Game = set.Game // a new match after the daily is of its game, for this run
	d.hand = k
	m.rec = rec
	m.seq++
	m.screen = scrPlay
	return nil
}

// checkDaily reads a daily hand's record back and checks that it is
// the hand it names (game/daily's Identify).
func checkDaily(g game.Kind, rec []byte) error {
	var err error
	if g == game.Okey101 {
		var r okey101.Record
		if r, err = okey101.ParseRecord(rec); err == nil {
			_, err = daily.Identify101(r)
		}
	} else {
		var r classic.Record
		if r, err = classic.ParseRecord(rec); err == nil {
			_, err = daily.IdentifyClassic(r)
		}
	}
	return err
}

// measurePar measures par in the background: the player never waits
// for it.
func (m *Model) measurePar() tea.Cmd {
	d := m.dl
	if d == nil || d.par != nil {
		return nil
	}
	if len(d.entry.Par) == daily.Hands(d.set.Game) { // measured before the pause
		l := par.Line{Level: dailyLevel}
		for i, s := range d.entry.Par {
			l.Hands = append(l.Hands, par.Hand{N: i + 1, Score: s})
			l.Total += s
		}
		d.par = &l
		return nil
	}
	m.parSeq++
	d.parID = m.parSeq
	ctx, id, set := m.ctx, d.parID, d.set
	return func() tea.Msg {
		l, err := par.Of(ctx, set, dailyLevel)
		return dailyParMsg{id: id, line: l, err: err}
	}
}

// onDailyPar takes par in: kept in the entry, saved.
func (m *Model) onDailyPar(msg dailyParMsg) tea.Cmd {
	d := m.dl
	if d == nil || msg.id != d.parID {
		return nil
	}
	if msg.err != nil {
		d.parErr = msg.err
		return nil
	}
	d.par = &msg.line
	d.entry.Par = nil
	for _, h := range msg.line.Hands {
		d.entry.Par = append(d.entry.Par, h.Score)
	}
	m.putDaily()
	return m.saveCmd()
}

// dailyNext goes on from the end of a daily's hand: the next hand is
// dealt (the match of the hand before set aside with the finished
// ones), or after the last the daily's page is shown.
func (m *Model) dailyNext() tea.Cmd {
	d := m.dl
	if d.hand >= len(d.set.Hands) {
		d.over = true
		m.screen = scrDaily
		m.pager.GotoTop()
		return m.saveCmd()
	}
	old := m.rec
	if err := m.startDailyHand(d.hand + 1); err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	if len(old) > 0 {
		m.files.RetireMatch(m.seq, old, "finished", m.now())
	}
	m.tellNews(m.tr.T("daily.hand", d.hand, len(d.set.Hands), d.short))
	return tea.Batch(m.saveCmd(), m.nextTurn())
}

// The pages.

// updateDailyAsk: the player's word on a daily's date.
func (m *Model) updateDailyAsk(k tea.KeyPressMsg) tea.Cmd {
	a, keys := m.dlAsk, m.dailyKeys()
	switch {
	case a == nil:
		m.screen = scrPlay
	case key.Matches(k, keys.Yes):
		m.dlAsk = nil
		return m.beginDaily(a.game, a.choice)
	case key.Matches(k, keys.No) && a.quit:
		m.dlAsk = nil
		return m.quit()
	case key.Matches(k, keys.No):
		m.dlAsk = nil
		m.screen = a.back
	default:
		m.setFlash(true, m.tr.T("daily.ask.keys"))
	}
	return nil
}

func (m *Model) renderDailyAsk() string {
	a, keys := m.dlAsk, m.dailyKeys()
	if a == nil {
		return m.renderPage(nil, "")
	}
	c := a.choice
	var lines []string
	switch c.Ask {
	case playdaily.AskFuture:
		lines = append(lines, m.tr.T("daily.ask.future", c.Date, a.today))
	case playdaily.AskClockBack:
		latest := playdaily.Epoch
		if latest.Before(c.Latest) {
			latest = c.Latest
		}
		lines = append(lines, m.tr.T("daily.ask.clockback", a.today, latest))
	case playdaily.AskClockAhead:
		lines = append(lines, m.tr.T("daily.ask.clockahead", a.today))
	}
	lines = append(lines, "", m.tr.T("daily.ask.play", c.Date))
	if c.Practice {
		lines = append(lines, m.tr.T(c.Why))
	}
	return m.renderPage(m.pageLines(lines), m.keyBar([]key.Binding{keys.Yes, keys.No}))
}

// pageLines are lines of text wrapped to the page, a blank line kept.
func (m *Model) pageLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		if l == "" {
			out = append(out, "")
			continue
		}
		out = append(out, canvas.Wrap(l, m.pageW())...)
	}
	return out
}

// updateDaily: the daily's page, after its last hand.
func (m *Model) updateDaily(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.dailyKeys()
	d := m.dl
	switch {
	case d == nil:
		m.screen = scrPlay
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.NewMatch):
		return m.leaveDaily("finished")
	case key.Matches(k, keys.Stats):
		m.openInfo(scrStats)
	case key.Matches(k, keys.Review):
		return m.reviewDaily()
	case key.Matches(k, keys.Hands):
		n, _ := strconv.Atoi(k.String())
		return m.reviewDailyHand(n)
	default:
		m.setFlash(true, m.tr.T("daily.page.keys"))
	}
	return nil
}

// reviewDailyHand opens the coach's review of hand n of the daily.
func (m *Model) reviewDailyHand(n int) tea.Cmd {
	if n < 1 || n > len(m.dl.set.Hands) {
		m.setFlash(true, m.tr.T("daily.review.none", n))
		return nil
	}
	return m.reviewDailyHands([]int{n})
}

// reviewDaily opens the coach's review of the daily's hands ended so
// far, as one: where the points went over the whole day.
func (m *Model) reviewDaily() tea.Cmd {
	e := m.dl.entry
	var hands []int
	for n := e.First(); n < e.First()+len(e.Scores); n++ {
		hands = append(hands, n)
	}
	if len(hands) == 0 {
		m.setFlash(true, m.tr.T("daily.review.none", m.dl.hand))
		return nil
	}
	return m.reviewDailyHands(hands)
}

// reviewDailyHands opens the review of the daily's hands (consecutive
// numbers): their records as this run played them, or else as the
// finished matches keep them (found by the daily's id and the hand, in a
// command: dailyRecordMsg).
func (m *Model) reviewDailyHands(hands []int) tea.Cmd {
	d := m.dl
	recs := make(map[int][]byte, len(hands))
	var missing []int
	for _, n := range hands {
		if rec, ok := d.recs[n]; ok {
			recs[n] = rec
		} else {
			missing = append(missing, n)
		}
	}
	if len(missing) == 0 {
		return m.openDailyReview(hands, recs)
	}
	files, id, set := m.files, d.entry.ID, d.set
	return func() tea.Msg {
		msg := dailyRecordMsg{id: id, hands: hands, recs: recs}
		for _, n := range missing {
			rec, err := findDailyRecord(files, id, set.Meta(set.Hands[n-1], false)[daily.MetaDaily])
			if err != nil {
				msg.missing, msg.err = n, err
				break
			}
			recs[n] = rec
		}
		return msg
	}
}

// openDailyReview opens the review of the daily's hands, their records
// all at hand: one hand's alone, or several as one.
func (m *Model) openDailyReview(hands []int, recs map[int][]byte) tea.Cmd {
	date := m.dl.set.Date
	if len(hands) == 1 {
		return m.openReview(recs[hands[0]], 0, 1, m.tr.T("daily.review.title", date, hands[0]))
	}
	list := make([][]byte, len(hands))
	for i, n := range hands {
		list[i] = recs[n]
	}
	return m.openReviewSet(list, hands[0], m.tr.T("daily.review.all", date, hands[0], hands[len(hands)-1]))
}

// dailyRecordMsg brings the records of the daily's hands asked for
// review, those not at hand found among the finished matches; missing
// is the hand not found, with err why.
type dailyRecordMsg struct {
	id      string
	hands   []int
	recs    map[int][]byte
	missing int
	err     error
}

// errNoDailyRecord: no finished match is the hand asked for.
var errNoDailyRecord = errors.New("no such daily hand among the finished matches")

// findDailyRecord is the newest finished match whose meta names the
// daily's entry id and the hand name (game/daily's Meta).
func findDailyRecord(files *store.Files, id, name string) ([]byte, error) {
	paths, err := files.FinishedMatches(0)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		b, err := files.ReadFinished(p)
		if err != nil {
			continue
		}
		if meta := recordMeta(b); meta[metaDailyID] == id && meta[daily.MetaDaily] == name {
			return b, nil
		}
	}
	return nil, errNoDailyRecord
}

// onDailyRecord opens the review of the hands found, if the daily's page
// is still on show.
func (m *Model) onDailyRecord(msg dailyRecordMsg) tea.Cmd {
	d := m.dl
	if d == nil || d.entry.ID != msg.id || m.screen != scrDaily {
		return nil
	}
	if msg.err != nil {
		m.setFlash(true, m.tr.T("daily.review.none", msg.missing))
		return nil
	}
	maps.Copy(d.recs, msg.recs)
	return m.openDailyReview(msg.hands, msg.recs)
}

func (m *Model) renderDaily() string {
	keys := m.dailyKeys()
	if n := len(m.dl.set.Hands); n > 0 {
		keys.Hands.SetHelp(fmt.Sprintf("1-%d", n), keys.Hands.Help().Desc)
	}
	bar := []key.Binding{keys.Review, keys.Hands, keys.Stats, keys.NewMatch, keys.Quit}
	lines, _ := m.scrolled(m.dailyLines())
	return m.renderPage(lines, m.keyBar(bar))
}

// dailyLines are the daily's page: the day, each hand's score beside
// par, the total against par, the streak, the best, the trend and the
// line to share.
func (m *Model) dailyLines() []string {
	d := m.dl
	if d == nil {
		return nil
	}
	title := m.tr.T("daily.title", d.set.Date, m.dailyGameName())
	if d.entry.Practice {
		title += " · " + m.tr.T("daily.practice")
	}
	out := []string{m.st.Bold.Render(title)}
	if d.short != "" {
		out = append(out, m.tr.T("daily.fingerprint", d.short))
	}
	out = append(out, "")
	out = append(out, m.dailyTable()...)
	out = append(out, "")
	out = append(out, m.pageLines(m.dailySummary())...)
	return out
}

// dailyTable is the hands' table: you, par, against par.
func (m *Model) dailyTable() []string {
	d := m.dl
	row := func(a, b, c, e string) string { return fmt.Sprintf("  %-8s %6s %6s %11s", a, b, c, e) }
	out := []string{m.st.Dim.Render(row(m.tr.T("daily.col.hand"), m.tr.T("daily.col.you"), m.tr.T("daily.col.par"), m.tr.T("daily.col.vs")))}
	against, total, ok := d.entry.Against()
	you, parSum := 0, 0
	for i, s := range d.entry.Scores {
		n := d.entry.First() + i
		p, vs := "…", ""
		if ok {
			p, vs = strconv.Itoa(d.entry.Par[n-1]), playdaily.Signed(against[i])
			parSum += d.entry.Par[n-1]
		}
		you += s
		out = append(out, row(strconv.Itoa(n), strconv.Itoa(s), p, vs))
	}
	if ok && len(d.entry.Scores) > 0 {
		out = append(out, row(m.tr.T("daily.col.total"), strconv.Itoa(you), strconv.Itoa(parSum), playdaily.Signed(total)))
	}
	return out
}

// dailySummary says the result against par (or that par is being
// measured), what a score means, the streak, the best, the trend and the
// line to share.
func (m *Model) dailySummary() []string {
	d := m.dl
	var out []string
	_, total, ok := d.entry.Against()
	switch {
	case ok:
		out = append(out, m.tr.T("daily.result", playdaily.Signed(total)))
	case d.parErr != nil:
		out = append(out, m.tr.T("daily.par.failed", d.parErr.Error()))
	default:
		out = append(out, m.tr.T("daily.par.wait"))
	}
	out = append(out, m.dailyScoreLine(), "")
	out = append(out, m.dailyRecordLines(d.set.Game)...)
	out = append(out, "", m.tr.T("daily.share"), playdaily.Share(m.tr.T, d.entry))
	return out
}

// dailyRecordLines are the streak, the best and the trend of game's
// dailies played for the record.
func (m *Model) dailyRecordLines(g game.Kind) []string {
	out := []string{m.tr.N("daily.streak", playdaily.Streak(&m.stats, m.today()), playdaily.Streak(&m.stats, m.today()))}
	if best, total, ok := playdaily.Best(&m.stats, g); ok {
		out = append(out, m.tr.T("daily.best", playdaily.Signed(total), best.Date))
	}
	if _, totals := playdaily.Done(&m.stats, g); len(totals) > 1 {
		const shown = 30
		if len(totals) > shown {
			totals = totals[len(totals)-shown:]
		}
		out = append(out, m.tr.T("daily.trend", playdaily.Sparkline(totals), len(totals)))
	}
	return out
}

// dailyHandLines are what a daily's hand's end adds to the page: the
// hand's score beside par, and the total so far.
func (m *Model) dailyHandLines() []string {
	d := m.dl
	if d == nil || len(d.entry.Scores) == 0 {
		return nil
	}
	n := len(d.set.Hands)
	k := d.entry.First() - 1 + len(d.entry.Scores)
	s := d.entry.Scores[len(d.entry.Scores)-1]
	head := m.tr.T("daily.handend", d.set.Date, k, n)
	if d.entry.Practice {
		head += " · " + m.tr.T("daily.practice")
	}
	against, total, ok := d.entry.Against()
	var line string
	switch {
	case ok:
		line = m.tr.T("daily.handend.vs", s, d.entry.Par[k-1], playdaily.Signed(against[len(against)-1]), playdaily.Signed(total))
	case d.parErr != nil:
		line = m.tr.T("daily.par.failed", d.parErr.Error())
	default:
		line = m.tr.T("daily.handend.wait", s)
	}
	return append([]string{"", m.st.Bold.Render(head)}, m.pageLines([]string{line})...)
}

// dailyStatsLines are the dailies' part of the statistics page, per
// game: how many played, the streak, the best, the trend, and the line
// to share of the last; none when no daily was played.
func (m *Model) dailyStatsLines() []string {
	if len(m.stats.Dailies) == 0 {
		return nil
	}
	out := []string{"", m.st.Bold.Render(m.tr.T("daily.stats.title"))}
	for _, g := range game.Kinds() {
		var last *stats.Daily
		played, practice := 0, 0
		for i, e := range m.stats.Dailies {
			if e.Game != string(g) {
				continue
			}
			if e.Practice {
				practice++
			} else {
				played++
			}
			last = &m.stats.Dailies[i]
		}
		if last == nil {
			continue
		}
		name := m.tr.T("val.classic")
		if g == game.Okey101 {
			name = m.tr.T("val.okey101")
		}
		out = append(out, "", m.tr.T("daily.stats.game", name, played, practice))
		for _, l := range m.dailyRecordLines(g) {
			out = append(out, "  "+l)
		}
		out = append(out, "  "+playdaily.Share(m.tr.T, *last))
	}
	if n := len(m.stats.DailiesAside); n > 0 {
		out = append(out, "", m.tr.N("daily.stats.aside", n, n))
	}
	return m.pageLines(out)
}

// dailyResumeLine is what the resume page says of a daily's hand ("" for
// no daily): the day, the hand of the daily, where it is saved, practice
// or not.
func (m *Model) dailyResumeLine(where string) string {
	d := m.dl
	if d == nil {
		return ""
	}
	s := m.tr.T("daily.resume", d.set.Date, m.dailyGameName(), d.hand, len(d.set.Hands), where)
	if d.entry.Practice {
		s += " (" + m.tr.T("daily.practice") + ")"
	}
	return s
}

// dailyRefuses refuses the hint at the table of a daily played for the
// record, and says why: the hint is the coach's move, and a result
// against par is the player's own. Practice may ask for it.
func (m *Model) dailyRefuses(k tea.KeyPressMsg) bool {
	if m.dl == nil || m.dl.entry.Practice || m.screen != scrPlay || m.overlay != ovNone {
		return false
	}
	// The hint's keys are off here (look), so they are matched by
	// their keys, not key.Matches, which skips a key that is off.
	is := func(b key.Binding) bool { return slices.Contains(b.Keys(), k.String()) }
	if !is(m.keys.Table.Hint) && !is(m.keys.Table101.Hint) {
		return false
	}
	m.setFlash(true, m.tr.T("daily.nohint"))
	return true
}

// newMatchLine is the resume page's and the final table's line of what
// comes next: the game of a new match, and d for today's daily (the
// entry a player finds it by without the command line).
func (m *Model) newMatchLine() string {
	if m.paused && m.dl != nil && m.seat == nil {
		return m.tr.T("daily.paused.line", m.keys.Resume.NewMatch.Help().Key)
	}
	next := m.nextGameLine()
	if m.seat != nil || m.readOnly || (m.dl != nil && !m.dl.over && m.screen == scrResume) {
		return next // a served table, a look, a daily to resume: no daily to begin
	}
	return next + " " + m.tr.T("daily.entry", m.dailyKeys().Start.Help().Key)
}

// dailyGame is the daily's game of the game a new match would be.
func (m *Model) dailyGame() game.Kind {
	if m.set.Is101() {
		return game.Okey101
	}
	return game.Classic
}

// startOnDaily is New's part for okey daily: a saved hand of the same
// daily (its game; its day, when one is asked for) is offered to resume
// as any match; otherwise the daily asked for is opened, a "no" to its
// question quitting.
func (m *Model) startOnDaily(o DailyOptions) {
	if m.readOnly {
		return
	}
	if d := m.dl; d != nil && d.set.Game == o.Game && (o.Date.IsZero() || o.Date == d.set.Date) {
		return
	}
	m.openDaily(o.Game, o.Date, scrPlay, true)
	if m.dl == nil && m.dlAsk == nil && !m.present { // the daily could not be dealt
		if err := m.startMatch(m.seed); err != nil {
			m.notice = append(m.notice, err.Error())
		}
	}
}
