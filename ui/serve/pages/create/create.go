// Package create is okey serve's form of a new table (n in the lobby):
// its game, rules, bots, timer, a duplicate plan, who may join; enter
// opens the table and seats its host. One of the session's pages: it
// takes package common's value and answers with a turn, and imports no
// other page.
package create

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// Page is the form of a new table: it keeps the choices made last
// time.
type Page struct {
	field int
	game  int
	rules int
	level [classic.NumSeats - 1]int
	timer int
	// dup is the number of deals of a duplicate table, 0 for none.
	dup  int
	priv bool
	// same is the host's consent to several seats from one address.
	same bool
	// timers are the turn timers offered.
	timers []time.Duration
}

// New is the form with the server's default timer first among the
// timers offered.
func New(def time.Duration) Page {
	f := Page{level: [3]int{1, 1, 1}, timers: []time.Duration{def}}
	for _, d := range []time.Duration{30 * time.Second, 60 * time.Second, 15 * time.Second, 0} {
		if d != def {
			f.timers = append(f.timers, d)
		}
	}
	return f
}

// The form's rows, top to bottom (a client walks them with ↓: the
// tests, okey load), and how many there are.
const (
	RowGame = iota
	RowRules
	RowLevel1
	RowLevel2
	RowLevel3
	RowTimer
	RowDuplicate
	RowSameAddr
	RowPrivate
	Rows
)

// change moves the row's choice d places on, round.
func (f *Page) change(d int) {
	wrap := func(i, n int) int { return ((i+d)%n + n) % n }
	kinds := tables.GameKinds()
	switch f.field {
	case RowGame:
		f.game = wrap(f.game, len(kinds))
		f.rules = 0
	case RowRules:
		f.rules = wrap(f.rules, len(kinds[f.game].Rules))
	case RowLevel1, RowLevel2, RowLevel3:
		i := f.field - RowLevel1
		f.level[i] = wrap(f.level[i], len(tables.Levels))
	case RowTimer:
		f.timer = wrap(f.timer, len(f.timers))
	case RowDuplicate:
		f.dup = wrap(f.dup, tables.MaxDuplicateDeals+1)
	case RowPrivate:
		f.priv = !f.priv
	case RowSameAddr:
		f.same = !f.same
	}
}

// config is the table the form describes; the host's own seat (0)
// gets the middle level for a stand-in. At a duplicate table the levels
// are the players' (a bot keeps its level as it moves round the seats).
func (f *Page) config() tables.Config {
	k := tables.GameKinds()[f.game]
	c := tables.Config{Game: k.Name, Rules: k.Rules[f.rules], Timer: f.timers[f.timer]}
	c.Levels[0] = "normal"
	for i := range f.level {
		c.Levels[i+1] = tables.Levels[f.level[i]]
	}
	if f.priv {
		c.Code = common.NewCode()
	}
	c.SameAddr = f.same
	if f.dup > 0 {
		// Each hand a match of its own: 101's made one hand long (a
		// preset cannot fail; if it did, the table's check would say so).
		if r, err := tables.DuplicateRules(c.Game, c.Rules); err == nil {
			c.Rules = r
		}
		c.Duplicate = &tables.DuplicatePlan{Deals: f.dup}
	}
	return c
}

// Open puts the cursor on the first row: a row left below (who may
// join) would take the player's first → unnoticed.
func (f *Page) Open(*common.Common) tea.Cmd {
	f.field = RowGame
	return nil
}

// Update takes the form's keys: choose a row, change it, open the table.
func (f *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return common.Turn{}
	}
	c.Flash = ""
	switch {
	case key.Matches(k, c.Keys.Back):
		return common.Turn{To: common.Lobby}
	case key.Matches(k, c.Keys.FormUp):
		f.field = (f.field + Rows - 1) % Rows
	case key.Matches(k, c.Keys.FormDown):
		f.field = (f.field + 1) % Rows
	case key.Matches(k, c.Keys.FormPrev):
		f.change(-1)
	case key.Matches(k, c.Keys.FormNext):
		f.change(1)
	case key.Matches(k, c.Keys.Open):
		if !c.Srv.Admit() {
			// The seated play on; no new table while the node is over
			// its limit.
			c.Flash = c.Tr.T("lobby.busy", common.RetryMinutes)
			return common.Turn{}
		}
		return openAndSit(c, f.config(), common.Lobby)
	}
	return common.Turn{}
}

// Lines draws the form: a row for each choice, the cursor's in bold.
func (f *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k := c.Styles(), c.Keys
	kinds := tables.GameKinds()
	cf := f.config()
	timer := c.Tr.T("val.off")
	if cf.Timer > 0 {
		timer = c.Tr.T("lobby.timer", int(cf.Timer/time.Second))
	}
	vis := c.Tr.T("create.public")
	if f.priv {
		vis = c.Tr.T("create.private")
	}
	games := c.GameName(kinds[f.game].Name)
	rules := c.RulesName(kinds[f.game].Rules[f.rules])
	dupe := c.Tr.T("val.off")
	if f.dup > 0 {
		dupe = c.DupDeals("create.dup.deals", f.dup)
		if cf.Rules != kinds[f.game].Rules[f.rules] {
			rules += " · " + c.Tr.T("create.dup.onehand")
		}
	}
	rows := [][2]string{
		{c.Tr.T("create.game"), games},
		{c.Tr.T("create.rules"), rules},
		{c.Tr.T("create.bot", 2), c.LevelName(cf.Game, cf.Levels[1])},
		{c.Tr.T("create.bot", 3), c.LevelName(cf.Game, cf.Levels[2])},
		{c.Tr.T("create.bot", 4), c.LevelName(cf.Game, cf.Levels[3])},
		{c.Tr.T("create.timer"), timer},
		{c.Tr.T("create.dup"), dupe},
		{c.Tr.T("create.sameaddr"), c.Tr.T(map[bool]string{false: "create.sameaddr.one", true: "create.sameaddr.many"}[f.same])},
		{c.Tr.T("create.visibility"), vis},
	}
	lines := []string{st.Bold.Render(c.Tr.T("create.title")), ""}
	for i, r := range rows {
		mark := "  "
		style := st.Text
		if i == f.field {
			mark, style = "> ", st.Bold
		}
		lines = append(lines, style.Render(fmt.Sprintf("%s%-18s ‹ %s ›", mark, r[0], r[1])))
	}
	lines = append(lines, "", st.Dim.Render(c.Tr.T("create.note")))
	if f.dup > 0 {
		lines = append(lines, st.Dim.Render(c.Tr.T("create.dup.note")))
	}
	return lines, []key.Binding{k.FormDown, k.FormNext, k.Open, k.Back}
}

// openAndSit opens a table of cfg for the player and seats them at it
// (seat 0, the host's), or says why not; to is the page to go to once
// it is open.
func openAndSit(c *common.Common, cfg tables.Config, to common.PageID) common.Turn {
	t, err := c.Srv.Hall().Create(cfg, c.ID, c.SeatAddr())
	if err != nil {
		c.Flash = c.OpenRefused(err)
		return common.Turn{}
	}
	return common.Turn{To: to, Cmd: c.Join(t, 0, false)}
}
