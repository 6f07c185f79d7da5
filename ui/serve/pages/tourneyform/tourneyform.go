// Package tourneyform is okey serve's form of a tournament (n on the
// tournaments' list, or e on one's page by its creator before it
// begins): kind, game, rules, name and description, start, length or
// rounds, the match's hands or points, the time control, bots, the
// times to come and to be away, duplicate, partners, public or private.
// A row shows only where it applies to the kind and the game, and the
// choices are checked as the server checks them (tournaments.Check)
// before they are sent: every refusal said in the player's words,
// naming what to change. One of the session's pages: it takes package
// common's value and answers with a turn, and imports no other page.
package tourneyform

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/bots/expertclassic"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/server/tables"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// Page is the form of a tournament, in the shape of the new table's: a
// row a choice, ← → to change it, the name and the description typed.
// It keeps the choices made last time. Editing (e on a tournament's
// page), it shows that tournament's settings and enter saves them.
type Page struct {
	row                       row
	kind                      tourney.Kind
	game, rules               int
	start                     time.Duration
	length, botWait, back     time.Duration
	away, turn, bank          time.Duration
	rounds, hands             int
	level                     string
	duplicate, partners, priv bool
	name, desc                textinput.Model
	// at is a start typed as a clock time in UTC ("20:30", "tomorrow
	// 20:30"): when it reads, it takes the place of start.
	at      textinput.Model
	ready   bool
	asking  bool
	editing string // the id of the tournament edited ("": a new one)
	// asOperator: the server's operator changes it (not theirs), held
	// to the server's limits, not a player's.
	asOperator bool
	startAt    time.Time
	// points is a classic match's points, where 101's has hands.
	points int
}

// The form's choices, in order; each row starts on its default.
var (
	starts  = []time.Duration{time.Minute, 5 * time.Minute, 10 * time.Minute, 15 * time.Minute, 30 * time.Minute, time.Hour, 2 * time.Hour, 3 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour}
	lengths = []time.Duration{10 * time.Minute, 15 * time.Minute, 20 * time.Minute, 30 * time.Minute, 45 * time.Minute, time.Hour, 90 * time.Minute, 2 * time.Hour, 3 * time.Hour, 4 * time.Hour, 6 * time.Hour}
	roundsN = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	handsN  = []int{1, 2, 3, 4, 5, 11}
	// points are the points a classic match starts from (it is played
	// down to 0).
	points   = []int{5, 10, 15, 20}
	botWaits = []time.Duration{0, 30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute}
	backs    = []time.Duration{time.Minute, 2 * time.Minute, 5 * time.Minute}
	// aways are the times a player may be away from their table; 0 is
	// the time to come back.
	aways = []time.Duration{0, 30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute}
	// turns are the seconds a turn; 0 is the server's timer.
	turns = []time.Duration{0, 10 * time.Second, 15 * time.Second, 20 * time.Second, 30 * time.Second, 45 * time.Second, time.Minute, 90 * time.Second, 2 * time.Minute}
	banks = []time.Duration{0, 30 * time.Second, time.Minute, 2 * time.Minute, 3 * time.Minute, 5 * time.Minute}
)

// row is a row of the form.
type row int

// The rows, in the order shown.
const (
	rKind row = iota
	rGame
	rRules
	rName
	rDesc
	rStart
	rAt
	rLength
	rRounds
	rHands
	rTurn
	rBank
	rBots
	rLevel
	rBack
	rAway
	rDuplicate
	rPartners
	rPrivate
	nRows
)

// tourneyCreatedMsg is a tournament created or changed, or why not.
type tourneyCreatedMsg struct {
	id  string
	err error
}

func (tourneyCreatedMsg) Owner() (common.PageID, bool) { return common.TourneyNew, false }

// init gives the page its defaults, once.
func (f *Page) init() {
	if f.ready {
		return
	}
	f.ready = true
	f.kind, f.start, f.length, f.botWait, f.back = tourney.Arena, 10*time.Minute, time.Hour, time.Minute, 2*time.Minute
	f.rounds, f.hands, f.points, f.level = 5, 1, 20, expertclassic.Levels[1]
	f.name, f.desc = common.NewField(tournaments.MaxNameRunes), common.NewField(tournaments.MaxDescriptionRunes)
	f.at = common.NewField(atBytes)
}

// Open puts the cursor on the first row; a new tournament's form
// forgets the one edited last.
func (f *Page) Open(*common.Common) tea.Cmd {
	f.init()
	f.row = rKind
	f.focus()
	return nil
}

// Edit fills the form with tournament id's settings c, for its creator
// (or the server's operator: asOperator) to change: enter saves them.
func (f *Page) Edit(id string, c tourney.Config, asOperator bool) {
	f.init()
	f.editing, f.kind, f.startAt, f.asOperator = id, c.Kind, c.Start, asOperator
	kinds := tables.GameKinds()
	f.game = max(0, slices.IndexFunc(kinds, func(k tables.GameKind) bool { return k.Name == c.Game }))
	rules := c.Rules
	if c.Game == string(game.Classic) && c.Rules != "simple104" {
		f.points = c.Hands
		if !slices.Contains(kinds[f.game].Rules, rules) {
			rules = dropOption(rules, "points")
		}
	} else {
		f.hands = c.Hands
	}
	if c.Partners {
		rules = dropOption(rules, "partners")
	}
	f.rules = max(0, slices.Index(kinds[f.game].Rules, cmp.Or(rules, "default")))
	f.name.SetValue(c.Name)
	f.desc.SetValue(c.Description)
	// What the other kind has not (a Swiss's length) stays the form's,
	// so a kind changed back and forth has one.
	f.length, f.rounds, f.botWait = cmp.Or(c.Length, f.length), cmp.Or(c.Rounds, f.rounds), c.BotWait
	f.level, f.back, f.away, f.turn, f.bank = cmp.Or(c.BotLevel, f.level), cmp.Or(c.Back, f.back), c.Away, c.Turn, c.Bank
	f.duplicate, f.partners, f.priv = c.Duplicate, c.Partners, c.Private
}

// dropOption is rules without option (its value with it).
func dropOption(rules, option string) string {
	var out []string
	for o := range strings.SplitSeq(rules, ",") {
		if name, _, _ := strings.Cut(o, "="); name != option && o != "" {
			out = append(out, o)
		}
	}
	return cmp.Or(strings.Join(out, ","), "default")
}

// step is the choice d places on from cur in list, round (one not in
// the list goes to the list's first).
func step[T comparable](list []T, cur T, d int) T {
	i := slices.Index(list, cur)
	if i < 0 {
		return list[0]
	}
	n := len(list)
	return list[((i+d)%n+n)%n]
}

// gameKind is the game chosen.
func (f *Page) gameKind() tables.GameKind { return tables.GameKinds()[f.game] }

// rulesChosen is the rules preset chosen.
func (f *Page) rulesChosen() string { return f.gameKind().Rules[f.rules] }

// presetLength is the match's length the rules preset names itself
// (classic's points=10, 101's hands=3, simple104's one hand), 0 for
// none: the hands row is then no choice, and not shown.
func (f *Page) presetLength() int {
	rules := f.rulesChosen()
	switch {
	case f.gameKind().Name == string(game.Classic) && rules == "simple104":
		return 1
	case f.gameKind().Name == string(game.Classic):
		return optionN(rules, "points")
	}
	return optionN(rules, "hands")
}

// shown says whether row r applies to the kind and the game chosen.
func (f *Page) shown(r row, timer time.Duration) bool {
	swiss, is101 := f.kind == tourney.Swiss, f.gameKind().Name == string(game.Okey101)
	switch r {
	case rLength, rBots:
		return !swiss
	case rRounds, rDuplicate:
		return swiss
	case rHands:
		return f.presetLength() == 0
	case rLevel:
		return swiss || f.botWait > 0
	case rPartners:
		return is101 && !okey101Partners(f.rulesChosen())
	case rBank:
		return cmp.Or(f.turn, timer) > 0
	}
	return true
}

// okey101Partners says whether 101's rules preset is partners' already.
func okey101Partners(rules string) bool {
	r, err := okey101.ParseRules(rules)
	return err == nil && r.Partners
}

// rows are the rows shown, in order.
func (f *Page) rows(timer time.Duration) []row {
	var out []row
	for r := range nRows {
		if f.shown(r, timer) {
			out = append(out, r)
		}
	}
	return out
}

// move moves the cursor d rows among those shown: it stops at the first
// and the last, never going round to the other end unseen.
func (f *Page) move(d int, timer time.Duration) bool {
	rows := f.rows(timer)
	i := slices.Index(rows, f.row)
	if i < 0 {
		i = 0
	}
	j := min(max(i+d, 0), len(rows)-1)
	f.row = rows[j]
	f.focus()
	return j != i
}

// focus gives the keys to the text field under the cursor.
func (f *Page) focus() {
	f.name.Blur()
	f.desc.Blur()
	f.at.Blur()
	switch f.row {
	case rName:
		f.name.Focus()
	case rDesc:
		f.desc.Focus()
	case rAt:
		f.at.Focus()
	}
}

// change moves the row's choice d places on, round.
func (f *Page) change(d int) {
	switch f.row {
	case rKind:
		f.kind = step([]tourney.Kind{tourney.Arena, tourney.Swiss}, f.kind, d)
	case rGame:
		n := len(tables.GameKinds())
		f.game, f.rules = ((f.game+d)%n+n)%n, 0
	case rRules:
		n := len(f.gameKind().Rules)
		f.rules = ((f.rules+d)%n + n) % n
	case rStart:
		f.start, f.startAt = step(starts, f.start, d), time.Time{}
		f.at.SetValue("") // the offset chosen, not a time typed before
	case rLength:
		f.length = step(lengths, f.length, d)
	case rRounds:
		f.rounds = step(roundsN, f.rounds, d)
	case rHands:
		if f.gameKind().Name == string(game.Classic) {
			f.points = step(points, f.points, d)
		} else {
			f.hands = step(handsN, f.hands, d)
		}
	case rTurn:
		f.turn = step(turns, f.turn, d)
	case rBank:
		f.bank = step(banks, f.bank, d)
	case rBots:
		f.botWait = step(botWaits, f.botWait, d)
	case rLevel:
		f.level = step(expertclassic.Levels, f.level, d)
	case rBack:
		f.back = step(backs, f.back, d)
	case rAway:
		f.away = step(aways, f.away, d)
	case rDuplicate:
		f.duplicate = !f.duplicate
	case rPartners:
		f.partners = !f.partners
	case rPrivate:
		f.priv = !f.priv
	}
}

// config is the tournament the form describes at now, starting its
// chosen while after now (or at the start of the one edited, until it
// is changed), its time control with the server's timer: a row not
// shown adds nothing. With no name typed it is named by its creator
// and its start (UTC): a name in no one language, for a lobby that
// speaks two.
func (f *Page) config(creator string, now time.Time, timer time.Duration) tourney.Config {
	g := f.gameKind()
	c := tourney.Config{
		Kind: f.kind, Game: g.Name, Rules: f.rulesChosen(), Hands: f.hands,
		Start: startAfter(now, f.start), BotLevel: f.level, Turn: f.turn,
		Back: f.back, Away: f.away, Private: f.priv,
		Name:        strings.TrimSpace(safetext.CutBytes(f.name.Value(), tournaments.MaxName)),
		Description: strings.TrimSpace(safetext.CutBytes(f.desc.Value(), tournaments.MaxDescription)),
	}
	if !f.startAt.IsZero() {
		c.Start = f.startAt
	}
	if at, err := tourneyview.ParseAt(f.at.Value(), now); err == nil {
		c.Start = at
	}
	if f.shown(rBank, timer) {
		c.Bank = f.bank
	}
	if n := f.presetLength(); n > 0 {
		c.Hands = n // the preset says its points or hands
	} else if g.Name == string(game.Classic) {
		c.Hands = f.points // played down to 0
	}
	if f.shown(rPartners, timer) {
		c.Partners = f.partners
	}
	if f.kind == tourney.Swiss {
		c.Rounds, c.Duplicate = f.rounds, f.duplicate
	} else {
		c.Length, c.BotWait = f.length, f.botWait
	}
	if c.Name == "" {
		c.Name = creator + " " + c.Start.UTC().Format("15:04")
	}
	return c
}

// startAfter is a start at least d after now, on a whole minute: the
// next whole minute, never the one before (that start, "in 1 min" on
// the form, came seconds after it was created, before anyone could
// join a Swiss).
func startAfter(now time.Time, d time.Duration) time.Time {
	t := now.Add(d)
	if r := t.Truncate(time.Minute); !r.Equal(t) {
		return r.Add(time.Minute)
	}
	return t
}

// Update takes the form's keys, and the tournament created.
func (f *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	f.init()
	timer := c.Srv.Settings().DefaultTimer
	switch msg := msg.(type) {
	case common.EditTourney:
		f.Edit(msg.ID, msg.Config, msg.AsOperator)
		return common.Turn{}
	case tourneyCreatedMsg:
		f.asking = false
		if msg.err != nil {
			c.Flash = Fault(c, msg.err)
			c.Srv.Log().Warn("a tournament not created or changed", "err", msg.err)
			return common.Turn{}
		}
		f.editing = ""
		return common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: msg.id}}
	case tea.PasteMsg:
		f.typed(msg)
	case tea.KeyPressMsg:
		c.Flash = ""
		k := c.Keys
		typing := f.row == rName || f.row == rDesc || f.row == rAt
		switch {
		case key.Matches(msg, k.Cancel) || (!typing && key.Matches(msg, k.Back)):
			f.editing = ""
			return common.Turn{To: common.Tourneys}
		case key.Matches(msg, k.FormUp):
			if !f.move(-1, timer) {
				c.Flash = c.Tr.T("tourney.new.first")
			}
		case key.Matches(msg, k.FormDown):
			if !f.move(1, timer) {
				c.Flash = c.Tr.T("tourney.new.last")
				if f.editing != "" {
					c.Flash = c.Tr.T("tourney.edit.last") // enter saves, it creates nothing
				}
			}
		case key.Matches(msg, k.TourneyCreate) && !f.asking:
			return f.send(c, timer)
		case typing:
			f.typed(msg)
		case key.Matches(msg, k.FormPrev):
			f.change(-1)
		case key.Matches(msg, k.FormNext):
			f.change(1)
		default:
			c.OtherKey(msg)
		}
	}
	return common.Turn{}
}

// typed hands a key or a paste to the field under the cursor, within
// its caps in bytes and letters.
func (f *Page) typed(msg tea.Msg) {
	switch f.row {
	case rName:
		common.EditField(&f.name, msg, tournaments.MaxName)
	case rDesc:
		common.EditField(&f.desc, msg, tournaments.MaxDescription)
	case rAt:
		common.EditField(&f.at, msg, atBytes)
	}
}

// send checks the form's tournament as the server will, and asks for
// it to be created (or the one edited changed); a refusal is said now.
func (f *Page) send(c *common.Common, timer time.Duration) common.Turn {
	cfg := f.config(c.Name, c.Srv.Now(), timer)
	if _, err := tourneyview.ParseAt(f.at.Value(), c.Srv.Now()); err != nil && !errors.Is(err, tourneyview.ErrNoAt) {
		c.Flash = c.Tr.T("tourney.new.err.at")
		return common.Turn{}
	}
	// Checked as the server will take it: the operator's change of a
	// tournament not theirs within the server's limits.
	as := c.ID
	if f.editing != "" && f.asOperator {
		as = tournaments.Operator
	}
	if _, err := tournaments.Check(as, cfg, c.Srv.Now(), timer); err != nil {
		c.Flash = Fault(c, err)
		return common.Turn{}
	}
	f.asking = true
	side, by, id := c.Tour, c.ID, f.editing
	return common.Stay(func() tea.Msg {
		if id != "" {
			return tourneyCreatedMsg{id: id, err: side.Organise(id, by, false, cfg)}
		}
		id, err := side.CreateTournament(by, cfg)
		return tourneyCreatedMsg{id: id, err: err}
	})
}

// Fault says what the server or the director refused (err) in the
// player's words: which choice to change (tourneyview.Refusal).
func Fault(c *common.Common, err error) string { return tourneyview.Refusal(c.Tr, err) }

// Lines draws the form: a row for each choice that applies, the
// cursor's in bold.
func (f *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	f.init()
	st, k, tr := c.Styles(), c.Keys, c.Tr
	timer := c.Srv.Settings().DefaultTimer
	cfg := f.config(c.Name, c.Srv.Now(), timer)
	onOff := func(b bool) string {
		if b {
			return tr.T("val.on")
		}
		return tr.T("val.off")
	}
	const label = 22
	field := max(10, c.PageWidth()-label-6)
	f.name.SetWidth(field)
	f.desc.SetWidth(field)
	f.at.SetWidth(field)
	title := tr.T("tourney.new.title")
	if f.editing != "" {
		title = tr.T("tourney.edit.title", f.editing)
	}
	var rows []string
	cursor := 0
	for _, r := range f.rows(timer) {
		mark, style := "  ", st.Text
		if r == f.row {
			mark, style, cursor = "> ", st.Bold, len(rows)
		}
		name, value := f.rowWords(c, r, cfg, timer, onOff)
		switch {
		case r == rName || r == rDesc || r == rAt:
			in := f.name
			switch r {
			case rDesc:
				in = f.desc
			case rAt:
				in = f.at
			}
			v := in.View()
			if in.Value() == "" && r != f.row {
				v = st.Dim.Render(value)
			}
			rows = append(rows, style.Render(mark+common.PadTo(name, label)+"  ")+v)
		default:
			rows = append(rows, style.Render(fmt.Sprintf("%s%s ‹ %s ›", mark, common.PadTo(name, label), value)))
		}
	}
	note := tr.T("tourney.new.note")
	if f.priv {
		note = tr.T("tourney.new.note.private")
	}
	if f.editing != "" {
		note = tr.T("tourney.edit.note")
	}
	var notes []string
	for _, w := range tourneyview.Wrap(note, c.PageWidth(), 0) {
		notes = append(notes, st.Dim.Render(w))
	}
	lines := fit(c, st.Bold.Render(title), rows, cursor, notes)
	save := k.TourneyCreate
	if f.editing != "" {
		save = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", tr.T("tourney.key.save")))
	}
	return lines, []key.Binding{k.FormDown, k.FormNext, save, k.Cancel}
}

// fit lays the form out in the page's rows: the title, the rows and
// the note under them, with a blank line between where there is room.
// Where there is not (the tallest forms at 24 lines) the blank lines go
// first, then the rows scroll about the cursor with a line saying how
// many are above and below: the note is never cut.
func fit(c *common.Common, title string, rows []string, cursor int, notes []string) []string {
	room := c.PageRows() - 1 - len(notes)
	if len(rows)+2 <= room {
		out := append([]string{title, ""}, rows...)
		return append(append(out, ""), notes...)
	}
	out := []string{title}
	if len(rows)+1 <= room { // the note kept apart from the rows
		out = append(append(out, rows...), "")
		return append(out, notes...)
	}
	if len(rows) <= room {
		return append(append(out, rows...), notes...)
	}
	shown := max(1, room-1) // a line says what is above and below
	from := min(max(0, cursor-shown/2), len(rows)-shown)
	above, below := from, len(rows)-from-shown
	more := c.Tr.T("tourney.new.more.both", above, below)
	switch {
	case above == 0:
		more = c.Tr.T("tourney.new.more.down", below)
	case below == 0:
		more = c.Tr.T("tourney.new.more.up", above)
	}
	out = append(out, rows[from:from+shown]...)
	out = append(out, c.Styles().Dim.Render(safetext.CutWidth(more, c.PageWidth())))
	return append(out, notes...)
}

// rowWords is row r's label and value.
func (f *Page) rowWords(c *common.Common, r row, cfg tourney.Config, timer time.Duration, onOff func(bool) string) (string, string) {
	tr := c.Tr
	switch r {
	case rKind:
		return tr.T("tourney.new.kind"), tourneyview.KindName(tr, cfg.Kind)
	case rGame:
		return tr.T("tourney.new.game"), c.GameName(cfg.Game)
	case rRules:
		return tr.T("tourney.new.rules"), c.RulesName(f.rulesChosen())
	case rName:
		return tr.T("tourney.new.name"), cfg.Name
	case rDesc:
		return tr.T("tourney.new.description"), tr.T("tourney.new.description.none")
	case rStart:
		if _, err := tourneyview.ParseAt(f.at.Value(), c.Srv.Now()); err == nil {
			return tr.T("tourney.new.start"), tr.T("tourney.new.start.typed", dayWords(tr, cfg.Start, c.Srv.Now()))
		}
		if !f.startAt.IsZero() {
			return tr.T("tourney.new.start"), tr.T("tourney.new.start.kept", cfg.Start.UTC().Format("2006-01-02 15:04"))
		}
		// The day said too: "24 h · 07:58 UTC" read as this morning.
		return tr.T("tourney.new.start"), tourneyview.Span(tr, f.start) + " · " + dayWords(tr, cfg.Start, c.Srv.Now())
	case rAt:
		if _, err := tourneyview.ParseAt(f.at.Value(), c.Srv.Now()); err != nil && !errors.Is(err, tourneyview.ErrNoAt) {
			return tr.T("tourney.new.at"), tr.T("tourney.new.at.bad")
		}
		return tr.T("tourney.new.at"), tr.T("tourney.new.at.hint")
	case rLength:
		return tr.T("tourney.new.length"), tourneyview.Span(tr, f.length)
	case rRounds:
		return tr.T("tourney.new.rounds"), strconv.Itoa(f.rounds)
	case rHands:
		if cfg.Game == string(game.Classic) {
			return tr.T("tourney.new.from"), strconv.Itoa(cfg.Hands)
		}
		return tr.T("tourney.new.hands"), strconv.Itoa(cfg.Hands)
	case rTurn:
		if f.turn == 0 {
			if timer == 0 {
				return tr.T("tourney.new.turn"), tr.T("tourney.new.turn.none")
			}
			return tr.T("tourney.new.turn"), tr.T("tourney.new.turn.server", tourneyview.Wait(tr, timer))
		}
		return tr.T("tourney.new.turn"), tourneyview.Wait(tr, f.turn)
	case rBank:
		if f.bank == 0 {
			return tr.T("tourney.new.bank"), tr.T("val.off")
		}
		return tr.T("tourney.new.bank"), tourneyview.Wait(tr, f.bank)
	case rBots:
		if f.botWait == 0 {
			return tr.T("tourney.new.bots"), tr.T("val.off")
		}
		return tr.T("tourney.new.bots"), tr.T("tourney.new.bots.after", tourneyview.Wait(tr, f.botWait))
	case rLevel:
		return tr.T("tourney.new.level"), c.LevelName(cfg.Game, cfg.BotLevel)
	case rBack:
		return tr.T("tourney.new.back"), tourneyview.Wait(tr, f.back)
	case rAway:
		if f.away == 0 {
			return tr.T("tourney.new.away"), tr.T("tourney.new.away.back", tourneyview.Wait(tr, f.back))
		}
		return tr.T("tourney.new.away"), tourneyview.Wait(tr, f.away)
	case rDuplicate:
		return tr.T("tourney.new.duplicate"), onOff(f.duplicate)
	case rPartners:
		return tr.T("tourney.new.partners"), onOff(f.partners)
	case rPrivate:
		if f.priv {
			return tr.T("tourney.new.private"), tr.T("tourney.new.private.on")
		}
		return tr.T("tourney.new.private"), tr.T("tourney.new.private.off")
	}
	return "", ""
}

// optionN is the number rules give option ("points=10": 10), 0 for
// none.
func optionN(rules, option string) int {
	for o := range strings.SplitSeq(rules, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(o), option+"="); ok {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// atBytes caps a start typed: "tomorrow 20:30" and its Turkish.
const atBytes = 24

// dayWords say a start typed: "today 20:30 UTC", "tomorrow 08:00 UTC".
func dayWords(tr *i18n.Catalog, at, now time.Time) string {
	day := "tourney.new.today"
	if at.UTC().YearDay() != now.UTC().YearDay() {
		day = "tourney.new.tomorrow"
	}
	return tr.T(day, at.UTC().Format("15:04"))
}
