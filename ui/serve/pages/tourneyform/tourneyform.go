// Package tourneyform is okey serve's form of a new tournament (n on
// the tournaments' list): kind, game, rules, start, length or rounds,
// hands, bots, forfeits, duplicate, partners; checked as it is created.
// One of the session's pages: it takes package common's value and
// answers with a turn, and imports no other page.
package tourneyform

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/tourney"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// Page is the form of a new tournament (n on the list), in
// the shape of the new table's: a row a choice, ← → to change it. Its
// values are checked by tourney.Config.Check as enter creates it, the
// fault said in the player's words; a row the kind or the game leaves
// unused is dimmed. It keeps the choices made last time.
type Page struct {
	field                    int
	kind, game, rules        int
	start, length, rounds    int
	hands, bots, level, back int
	// points is a classic match's points, where 101's has hands.
	points                      int
	duplicate, partners, asking bool
}

// The form's choices, the first of each the one it starts with.
var (
	tourneyStarts  = []time.Duration{10 * time.Minute, 15 * time.Minute, 30 * time.Minute, time.Hour, 2 * time.Hour, time.Minute, 5 * time.Minute}
	tourneyLengths = []time.Duration{time.Hour, 90 * time.Minute, 2 * time.Hour, 30 * time.Minute, 45 * time.Minute}
	tourneyRounds  = []int{5, 6, 7, 8, 9, 1, 2, 3, 4}
	tourneyHands   = []int{1, 2, 3, 4, 5, 11}
	// tourneyPoints are the points a classic match starts from (it is
	// played down to 0), the rules' default first.
	tourneyPoints   = []int{20, 5, 10, 15}
	tourneyBotWaits = []time.Duration{time.Minute, 2 * time.Minute, 5 * time.Minute, 30 * time.Second, 0}
	tourneyBacks    = []time.Duration{2 * time.Minute, 5 * time.Minute, time.Minute}
	// tourneyLevels are the bots' levels, the middle one first.
	tourneyLevels = slices.Concat(botsclassic.Levels[1:], botsclassic.Levels[:1])
)

// Rows of the form.
const (
	tfKind = iota
	tfGame
	tfRules
	tfStart
	tfLength
	tfRounds
	tfHands
	tfBots
	tfLevel
	tfBack
	tfDuplicate
	tfPartners
	ntFields
)

// tourneyCreatedMsg is a tournament created, or why not.
type tourneyCreatedMsg struct {
	id  string
	err error
}

func (tourneyCreatedMsg) Owner() (common.PageID, bool) { return common.TourneyNew, false }

// Open puts the cursor on the first row.
func (f *Page) Open(*common.Common) tea.Cmd {
	f.field = tfKind
	return nil
}

// change moves the row's choice d places on, round.
func (f *Page) change(d int) {
	wrap := func(i *int, n int) { *i = ((*i+d)%n + n) % n }
	switch f.field {
	case tfKind:
		wrap(&f.kind, 2)
	case tfGame:
		wrap(&f.game, len(tables.GameKinds()))
		f.rules = 0
	case tfRules:
		wrap(&f.rules, len(tables.GameKinds()[f.game].Rules))
	case tfStart:
		wrap(&f.start, len(tourneyStarts))
	case tfLength:
		wrap(&f.length, len(tourneyLengths))
	case tfRounds:
		wrap(&f.rounds, len(tourneyRounds))
	case tfHands:
		if tables.GameKinds()[f.game].Name == string(game.Classic) {
			wrap(&f.points, len(tourneyPoints))
		} else {
			wrap(&f.hands, len(tourneyHands))
		}
	case tfBots:
		wrap(&f.bots, len(tourneyBotWaits))
	case tfLevel:
		wrap(&f.level, len(tourneyLevels))
	case tfBack:
		wrap(&f.back, len(tourneyBacks))
	case tfDuplicate:
		f.duplicate = !f.duplicate
	case tfPartners:
		f.partners = !f.partners
	}
}

// config is the tournament the form describes, starting its chosen
// while after now, named by its creator and its start (UTC): a name in
// no one language, for a lobby that speaks two.
func (f *Page) config(name string, now time.Time) tourney.Config {
	g := tables.GameKinds()[f.game]
	c := tourney.Config{
		Kind: tourney.Arena, Game: g.Name, Rules: g.Rules[f.rules], Hands: tourneyHands[f.hands],
		Start:    startAfter(now, tourneyStarts[f.start]),
		BotLevel: tourneyLevels[f.level], Duplicate: f.duplicate, Partners: f.partners,
	}
	switch {
	case g.Name == string(game.Classic) && c.Rules == "simple104":
		c.Hands = 1 // scores nothing: the first to finish wins
	case g.Name == string(game.Classic) && rulesPoints(c.Rules) > 0:
		c.Hands = rulesPoints(c.Rules) // the preset says its points
	case g.Name == string(game.Classic):
		c.Hands = tourneyPoints[f.points] // played down to 0
	}
	if f.kind == 1 {
		c.Kind, c.Rounds, c.Back = tourney.Swiss, tourneyRounds[f.rounds], tourneyBacks[f.back]
	} else {
		c.Length, c.BotWait = tourneyLengths[f.length], tourneyBotWaits[f.bots]
	}
	c.Name = name + " " + c.Start.UTC().Format("15:04")
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
	switch msg := msg.(type) {
	case tourneyCreatedMsg:
		f.asking = false
		if msg.err != nil {
			c.Flash = c.Tr.T("tourney.new.refused", msg.err.Error())
			c.Srv.Log().Warn("a tournament not created", "err", msg.err)
			return common.Turn{}
		}
		return common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: msg.id}}
	case tea.KeyPressMsg:
		c.Flash = ""
		k := c.Keys
		switch {
		case key.Matches(msg, k.Back):
			return common.Turn{To: common.Tourneys}
		case key.Matches(msg, k.FormUp):
			f.field = (f.field + ntFields - 1) % ntFields
		case key.Matches(msg, k.FormDown):
			f.field = (f.field + 1) % ntFields
		case key.Matches(msg, k.FormPrev):
			f.change(-1)
		case key.Matches(msg, k.FormNext):
			f.change(1)
		case key.Matches(msg, k.TourneyCreate) && !f.asking:
			cfg := f.config(c.Name, c.Srv.Now())
			if err := cfg.Check(); err != nil {
				c.Flash = configFault(c, err)
				return common.Turn{}
			}
			f.asking = true
			side, by := c.Tour, c.ID
			return common.Stay(func() tea.Msg {
				id, err := side.CreateTournament(by, cfg)
				return tourneyCreatedMsg{id: id, err: err}
			})
		default:
			c.OtherKey(msg)
		}
	}
	return common.Turn{}
}

// configFaults are the words of what Check refuses, by its error:
// which choice to change.
var configFaults = []struct {
	err error
	key string
}{
	{tourney.ErrHands, "tourney.new.err.hands"},
	{tourney.ErrLength, "tourney.new.err.length"},
	{tourney.ErrRounds, "tourney.new.err.rounds"},
	{tourney.ErrDuplicateKind, "tourney.new.err.duplicate"},
	{tourney.ErrPartnersGame, "tourney.new.err.partners"},
}

// configFault says what Check found wrong (err) in the player's
// words: which choice to change.
func configFault(c *common.Common, err error) string {
	for _, f := range configFaults {
		if errors.Is(err, f.err) {
			return c.Tr.T(f.key)
		}
	}
	return c.Tr.T("tourney.new.err.other", err.Error())
}

// Lines draws the form: a row for each choice, the cursor's in bold,
// the rows the kind or the game does not use dimmed.
func (f *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k, tr := c.Styles(), c.Keys, c.Tr
	cfg := f.config(c.Name, c.Srv.Now())
	swiss, is101 := cfg.Kind == tourney.Swiss, cfg.Game == "101"
	onOff := func(b bool) string {
		if b {
			return tr.T("val.on")
		}
		return tr.T("val.off")
	}
	bots := tr.T("val.off")
	if w := tourneyBotWaits[f.bots]; w > 0 {
		bots = tr.T("tourney.new.bots.after", tourneyview.Wait(tr, w))
	}
	type row struct {
		label, value string
		used         bool
	}
	// A match's length: 101's hands, classic's points (simple104's one
	// hand, not a choice).
	hands := row{tr.T("tourney.new.hands"), strconv.Itoa(cfg.Hands), cfg.Rules != "simple104" && rulesPoints(cfg.Rules) == 0}
	if cfg.Game == string(game.Classic) && cfg.Hands > 1 {
		hands.label = tr.T("tourney.new.from")
	}
	rows := []row{
		{tr.T("tourney.new.kind"), tourneyview.KindName(tr, cfg.Kind), true},
		{tr.T("tourney.new.game"), c.GameName(cfg.Game), true},
		{tr.T("tourney.new.rules"), c.RulesName(cfg.Rules), true},
		{tr.T("tourney.new.start"), tourneyview.Span(tr, tourneyStarts[f.start]) + " · " + cfg.Start.UTC().Format("15:04") + " UTC", true},
		{tr.T("tourney.new.length"), tourneyview.Span(tr, tourneyLengths[f.length]), !swiss},
		{tr.T("tourney.new.rounds"), strconv.Itoa(tourneyRounds[f.rounds]), swiss},
		hands,
		{tr.T("tourney.new.bots"), bots, !swiss},
		{tr.T("tourney.new.level"), c.LevelName(cfg.Game, cfg.BotLevel), swiss || tourneyBotWaits[f.bots] > 0},
		{tr.T("tourney.new.back"), tourneyview.Wait(tr, tourneyBacks[f.back]), swiss},
		{tr.T("tourney.new.duplicate"), onOff(f.duplicate), swiss},
		{tr.T("tourney.new.partners"), onOff(f.partners), is101},
	}
	lines := []string{st.Bold.Render(tr.T("tourney.new.title")), ""}
	for i, r := range rows {
		mark, style := "  ", st.Text
		switch {
		case i == f.field:
			mark, style = "> ", st.Bold
		case !r.used:
			style = st.Dim
		}
		lines = append(lines, style.Render(fmt.Sprintf("%s%s ‹ %s ›", mark, common.PadTo(r.label, 22), r.value)))
	}
	lines = append(lines, "")
	for _, w := range tourneyview.Wrap(tr.T("tourney.new.note"), c.PageWidth(), 0) {
		lines = append(lines, st.Dim.Render(w))
	}
	return lines, []key.Binding{k.FormDown, k.FormNext, k.TourneyCreate, k.Back}
}

// rulesPoints are the points a classic rules preset names itself
// ("points=10"), 0 for none: the form's points row then says them, and
// is not a choice.
func rulesPoints(rules string) int {
	for _, o := range strings.Split(rules, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(o), "points="); ok {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}
