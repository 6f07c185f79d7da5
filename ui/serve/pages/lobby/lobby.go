// Package lobby is okey serve's lobby: the tables the player may see,
// the cursor among them, and the keys that open the other pages; a
// line of the tournaments. One of the session's pages: it takes package
// common's value and answers with a turn, and imports no other page.
package lobby

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game"
	"okey/game/daily"
	"okey/game/tourney"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// Page is the lobby: the tables the player may see, the cursor among
// them, and the keys that open the other pages. It reads the hall's
// tables as it opens and at the hall's news (common.HallNews), which
// the session waits for while it is shown (WatchesHall).
type Page struct {
	// tables are the tables the player may see (list), cursor the one
	// chosen, open how many tables are open in all.
	tables []*tables.Summary
	cursor int
	open   int
	// hiddenPrivate is how many of the open tables are private ones
	// not listed (a code joins them); other players' dailies are not
	// among them, and no code joins them.
	hiddenPrivate int
	// tourneys are the server's tournaments as last listed (nil: it runs
	// none, or none yet), for the lobby's line of them; read with the
	// tables.
	tourneys []tourney.Listed
}

// Shown is the lobby as it stands once it has read the hall: listed the
// tables the player sees, open how many are open in all, hidden how many
// of those are private ones not listed.
func Shown(listed []*tables.Summary, open, hidden int) Page {
	return Page{tables: listed, open: open, hiddenPrivate: hidden}
}

func (p *Page) clampCursor() {
	p.cursor = max(0, min(p.cursor, len(p.tables)-1))
}

// list takes in the hall's tables: the cursor moves only over the
// ones the player sees (a private table is listed to whoever holds a
// seat at it, and to nobody else: the cursor once stopped on hidden
// ones), and it stays on the table it was on. It reports whether the
// list looks any different from before.
func (p *Page) list(c *common.Common) (changed bool) {
	was, oldCursor := "", p.cursor
	if p.cursor < len(p.tables) {
		was = p.tables[p.cursor].ID
	}
	h := c.Srv.Hall()
	c.News.Read(h)
	if c.Tour != nil {
		p.tourneys = c.Tour.Tournaments()
	}
	all := h.List()
	changed = p.open != len(all)
	p.open = len(all)
	shown := make([]*tables.Summary, 0, len(p.tables))
	cursor := p.cursor
	hidden := 0
	for _, t := range all {
		if !t.Private || t.Holds(c.ID) >= 0 {
			if t.ID == was {
				cursor = len(shown)
			}
			shown = append(shown, t)
		} else if !t.Daily {
			hidden++
		}
	}
	p.hiddenPrivate = hidden
	if !changed && len(shown) == len(p.tables) {
		for i, t := range shown {
			if tables.LobbyRowOf(t) != tables.LobbyRowOf(p.tables[i]) {
				changed = true
				break
			}
		}
	} else {
		changed = true
	}
	p.tables, p.cursor = shown, cursor
	p.clampCursor()
	return changed || p.cursor != oldCursor
}

// Open reads the tables, and asks whether the player's tournament has
// seated them meanwhile (a tournament's table may have opened for them
// while they were elsewhere).
func (p *Page) Open(c *common.Common) tea.Cmd {
	p.list(c)
	return c.CallToTable()
}

// WatchesHall: the lobby shows the hall's tables as they change.
func (*Page) WatchesHall(*common.Common) bool { return true }

// Update takes the hall's news (the tables read again: drawn again only
// if they look different), the tournament side's word that the
// player's tournament seated them (obeyed at no table), and the lobby's
// keys: choose a table, sit or watch there, or open another page.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case common.HallNews:
		return common.Turn{Quiet: !p.list(c), Cmd: c.CallToTable()}
	case common.ToTable:
		t, _ := c.AwaitTable(msg)
		return t
	case entrantMsg:
		return p.onEntrant(c, msg)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return common.Turn{}
	}
	if c.ToggleCode(k) {
		return common.Turn{}
	}
	c.Flash = ""
	keys := c.Keys
	if c.TooSmall() && !key.Matches(k, keys.Quit) {
		return common.Turn{}
	}
	switch {
	case key.Matches(k, keys.Quit):
		return common.Turn{Quit: true}
	case key.Matches(k, keys.Up):
		p.cursor--
		p.clampCursor()
	case key.Matches(k, keys.Down):
		p.cursor++
		p.clampCursor()
	case key.Matches(k, keys.Sit), key.Matches(k, keys.Watch):
		return p.sit(c, key.Matches(k, keys.Watch))
	case key.Matches(k, keys.NewTable):
		return common.Turn{To: common.Create}
	case key.Matches(k, keys.Code):
		return common.Turn{To: common.Code, Pass: common.CodeFor{}}
	case key.Matches(k, keys.Resume):
		return common.Turn{To: common.Code, Pass: common.CodeFor{Resume: true}}
	case key.Matches(k, keys.Board):
		if c.Srv.Ratings() == nil {
			c.Flash = c.Tr.T("board.none")
			return common.Turn{}
		}
		return common.Turn{To: common.Board}
	case key.Matches(k, keys.Tourneys):
		if c.Tour == nil {
			c.Flash = c.Tr.T("tourney.none")
			return common.Turn{}
		}
		return common.Turn{To: common.Tourneys}
	case key.Matches(k, keys.Browsers):
		return common.Turn{To: common.Browsers}
	case key.Matches(k, keys.Daily):
		if !c.Srv.HasDaily() {
			c.Flash = c.Tr.T("served.none")
			return common.Turn{}
		}
		return common.Turn{To: common.Daily}
	default:
		c.OtherKey(k)
	}
	return common.Turn{}
}

// sit takes a seat at the table chosen, or watches it.
func (p *Page) sit(c *common.Common, watch bool) common.Turn {
	if len(p.tables) == 0 {
		c.Flash = c.Tr.T(c.Tap("lobby.none"))
		return common.Turn{}
	}
	sum := p.tables[p.cursor]
	t := c.Srv.Hall().Get(sum.ID)
	switch {
	case t == nil:
		c.Flash = c.Tr.T("lobby.gone")
	case sum.Private && sum.Holds(c.ID) < 0:
		c.Flash = c.Tr.T("lobby.private")
	case !watch && sum.Tourney != "" && sum.Holds(c.ID) < 0 && c.Tour != nil:
		// A tournament's table holds no seat for the player: theirs,
		// given up (the seat's page says it is a forfeit), or none, as
		// the tournament says.
		return common.Stay(entrantAt(c, sum.Tourney, sum.ID))
	case !watch && sum.Free() == 0 && sum.Holds(c.ID) < 0:
		c.Flash = c.Tr.T("lobby.full")
	default:
		return common.Stay(c.Join(t, -1, watch))
	}
	return common.Turn{}
}

// entrantMsg says whether the player plays at tournament tid's table
// table, as the tournament read says.
type entrantMsg struct {
	tid, table string
	// name is the tournament's, as a list names it.
	name   string
	plays  bool
	failed bool
}

func (entrantMsg) Owner() (common.PageID, bool) { return common.Lobby, true }

// entrantAt reads tournament tid, in a command, to say whether the
// player plays at its table table.
func entrantAt(c *common.Common, tid, table string) tea.Cmd {
	side, me := c.Tour, c.ID
	return func() tea.Msg {
		l, t, err := side.Tournament(tid)
		if err != nil {
			return entrantMsg{tid: tid, table: table, name: tid, failed: true}
		}
		n, ok := tourneyview.Page{T: t, Me: me}.Table()
		return entrantMsg{tid: tid, table: table, name: tourneyview.Named(l), plays: ok && strconv.Itoa(n) == table}
	}
}

// onEntrant takes the player to their tournament's table, or says
// that the table is a tournament's and not theirs (w watches it).
func (p *Page) onEntrant(c *common.Common, msg entrantMsg) common.Turn {
	t := c.Srv.Hall().Get(msg.table)
	switch {
	case t == nil:
		c.Flash = c.Tr.T("lobby.gone")
	case msg.plays:
		// Theirs, given up (the row holds no seat of theirs): a bot
		// plays it and the match is their forfeit, which the
		// tournament's page says with what comes next.
		n, _ := strconv.Atoi(msg.table)
		c.Flash = c.Tr.T("tourney.you.givenup", n)
		return common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: msg.tid}}
	case msg.failed:
		// Not known now: the table answers (the seat's page says a
		// seat given up is a forfeit).
		return common.Stay(c.Join(t, -1, false))
	default:
		c.Flash = c.Tr.T("lobby.tourney.notyours", msg.table, msg.name)
	}
	return common.Turn{}
}

// tourneyName is tournament id as the lobby's rows name it: its name
// with its short id as the list has it, else its id.
func (p *Page) tourneyName(id string) string {
	for _, l := range p.tourneys {
		if l.ID == id {
			return tourneyview.Named(l)
		}
	}
	return id
}

// rowLines are a table's row in the lobby, its parts joined by " · ",
// in lines of width columns, broken between parts (the continuation
// indented as the seats are): at 80 columns a duplicate table's row was
// cut at "waiting to".
func rowLines(parts []string, width int) []string {
	var out []string
	line := parts[0]
	for _, p := range parts[1:] {
		if ansi.StringWidth(line+" · "+p) <= width {
			line += " · " + p
			continue
		}
		out = append(out, line)
		line = "    " + p
	}
	return append(out, line)
}

// Lines draws the lobby: a row and its seats for each table.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k := c.Styles(), c.Keys
	lines := []string{st.Bold.Render(c.Tr.T("lobby.tables", p.open, c.Srv.Hall().MaxTables))}
	if c.Tour != nil {
		lines = append(lines, st.Text.Render(tourneyview.Summary(c.Tr, p.tourneys)))
	}
	top := len(lines) + 1 // the lines above the tables
	lines = append(lines, "")
	switch {
	case p.open == 0:
		lines = append(lines, st.Dim.Render(c.Tr.T(c.Tap("lobby.empty"))))
	case len(p.tables) == 0 && p.hiddenPrivate == 0:
		// The tables open are other players' dailies: none is joined
		// with a code.
		lines = append(lines, st.Dim.Render(c.Tr.T("lobby.onlydailies")))
	case len(p.tables) == 0:
		lines = append(lines, st.Dim.Render(c.Tr.T("lobby.onlyprivate")))
	}
	at := top // the cursor's row's first line
	for i, t := range p.tables {
		mark := "  "
		if i == p.cursor {
			mark = "> "
		}
		state := c.Tr.T("lobby.waiting")
		switch {
		case t.Over:
			state = c.Tr.T("lobby.over")
		case t.Started:
			state = c.Tr.T("lobby.hand", t.Hand)
		}
		rules := c.RulesName(t.Rules)
		if t.Daily {
			rules = c.Tr.T("served.row") // one's own daily: enter goes back to it
			if g, err := game.ParseKind(t.Game); err == nil && t.Started {
				state = c.Tr.T("served.rowhand", t.Hand, daily.Hands(g))
			}
		}
		if t.Duplicate > 0 && t.Started && !t.Over && t.Hand > 0 {
			// Where the plan stands, in the place of its size and the
			// match's hand (which said "hand 1" during rotation 3): Hand
			// is the plan's hand at a duplicate table.
			state = c.Tr.T("lobby.dup.at", (t.Hand-1)/4+1, t.Duplicate, (t.Hand-1)%4+1)
		} else if t.Duplicate > 0 {
			rules += " · " + c.DupDeals("lobby.dup", t.Duplicate)
		}
		head := []string{fmt.Sprintf("%s%s %s", mark, c.Tr.T("lobby.table"), t.ID), c.GameName(t.Game), rules, state}
		if t.Tourney != "" {
			head = slices.Insert(head, 1, c.Tr.T("lobby.tourney", p.tourneyName(t.Tourney)))
		}
		if t.Timer > 0 {
			head = append(head, c.Tr.T("lobby.timer", int(t.Timer/time.Second)))
		}
		if t.Watchers > 0 {
			head = append(head, c.Tr.T("lobby.watchers", t.Watchers))
		}
		var seats []string
		for j, pl := range t.Players {
			seats = append(seats, c.SeatWord(pl, t.Owners[j]))
		}
		style := st.Text
		if i == p.cursor {
			style = st.Bold
			at = len(lines)
		}
		for _, l := range rowLines(head, c.Width-2) {
			lines = append(lines, style.Render(l))
		}
		lines = append(lines, st.Dim.Render("    "+strings.Join(seats, " · ")))
	}
	// A long list shows the part around the cursor.
	room := c.Height - 6
	if len(lines) > room {
		from := min(max(0, at-room/2), len(lines)-room)
		lines = append(lines[:top], lines[top+from:min(len(lines), top+from+room-top)]...)
	}
	keys := []key.Binding{k.Sit, k.Watch, k.NewTable, k.Code, k.Resume, k.Board, k.Daily, k.Browsers, k.Choose, k.Lang, k.Quit}
	if c.Tour != nil {
		keys = slices.Insert(keys, 6, k.Tourneys)
	}
	return lines, c.WithShowCode(keys)
}
