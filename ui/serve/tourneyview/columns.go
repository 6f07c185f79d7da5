package tourneyview

import (
	"cmp"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// Names are the players' names by their ids. A page shows these and
// never an id: a guest's id holds their resume code, and a key's is a
// fingerprint nobody reads. A player it lacks is called as they joined
// (tourney.Entrant's Name), else "player N", N their place among the
// entrants' ids.
type Names map[string]string

// namer is how a page names the players of t, and a partners' team:
// its two players' names ("Ayşe & Mehmet").
func (n Names) namer(tr *i18n.Catalog, t tourney.Tournament) func(id string) string {
	var ids []string // t.People(), asked once a player has no name to show
	var name func(id string) string
	name = func(id string) string {
		tm, team := t.Teams[id]
		switch known, ok := n[id]; {
		case id == tourney.Bot:
			return tr.T("tourney.bot")
		case team:
			return tr.T("tourney.team", name(tm.First), name(tm.Second))
		case ok && known != "":
			return known
		case t.NameOf(id) != "":
			return t.NameOf(id) // as they joined
		}
		if ids == nil {
			ids = t.People()
		}
		return tr.T("tourney.anon", slices.Index(ids, id)+1)
	}
	return name
}

// Line is one row of the standings, as the page and the command show
// it: the player's standing and, in a duplicate tournament, their
// score against the field (nil: none known).
type Line struct {
	tourney.Standing
	Name  string
	Field *big.Rat
	// Now is the player's rating now in the tournament's game (a
	// team's, its players' mean; nil: not known, a guest's or a key not
	// rated yet), where Rating is theirs at entry.
	Now *float64
	// Sheet is what each of the player's matches earned them, as they
	// ended (an arena's sheet; nil in a Swiss).
	Sheet []tourney.Scored
	// Paused: the player (their team) lost a match for want of being at
	// it and is out of the pairing until they press a key on the page:
	// marked on their line for everyone (Mark, in the page's words).
	Paused bool
	Mark   string
}

// paused says whether unit is paused in t while it pairs (a finished
// tournament pairs nobody: nobody is marked).
func paused(t tourney.Tournament, unit string) bool {
	e, ok := t.Joined[unit]
	return ok && e.Paused && !e.Left && (t.Phase == tourney.Running || t.Phase == tourney.Starting)
}

// Standings are the tournament's lines in the order shown: by the
// standings' rank, or by the duplicate score when byField (a player
// with none last), with names. An error is a match that is not a
// ranking (the standings cannot be told).
func Standings(tr *i18n.Catalog, t tourney.Tournament, names Names, field map[string]*big.Rat, ratings map[string]float64, byField bool) ([]Line, error) {
	st, err := t.Standings()
	if err != nil {
		return nil, fmt.Errorf("the standings: %w", err)
	}
	return standingsLines(tr, t, st, names, field, ratings, byField)
}

// standingsLines are Standings' lines from t's standings st, counted.
func standingsLines(tr *i18n.Catalog, t tourney.Tournament, st []tourney.Standing, names Names, field map[string]*big.Rat, ratings map[string]float64, byField bool) ([]Line, error) {
	var err error
	var sheets map[string][]tourney.Scored
	if rules := t.System().Scoring.Rules(); rules.Streaks {
		if sheets, err = tourney.Sheets(rules, t.Matches); err != nil {
			return nil, fmt.Errorf("the sheets: %w", err)
		}
	}
	name := names.namer(tr, t)
	out := make([]Line, len(st))
	for i, s := range st {
		out[i] = Line{Standing: s, Name: name(s.Player), Field: field[s.Player], Now: ratingNow(t, ratings, s.Player), Sheet: sheets[s.Player]}
		if paused(t, s.Player) {
			out[i].Paused, out[i].Mark = true, " "+tr.T("tourney.mark.paused")
		}
	}
	if byField {
		slices.SortStableFunc(out, func(a, b Line) int {
			switch {
			case a.Field == nil || b.Field == nil:
				return cmp.Compare(nilLast(a.Field), nilLast(b.Field))
			}
			return b.Field.Cmp(a.Field)
		})
	}
	return out, nil
}

// ratingNow is unit's rating now from the players' ratings (a team's,
// the mean of its players' known; nil: none known).
func ratingNow(t tourney.Tournament, ratings map[string]float64, unit string) *float64 {
	ids := []string{unit}
	if tm, ok := t.Teams[unit]; ok {
		ids = []string{tm.First, tm.Second}
	}
	sum, n := 0.0, 0
	for _, id := range ids {
		if r, ok := ratings[id]; ok {
			sum, n = sum+r, n+1
		}
	}
	if n == 0 {
		return nil
	}
	mean := sum / float64(n)
	return &mean
}

func nilLast(r *big.Rat) int {
	if r == nil {
		return 1
	}
	return 0
}

// column is a column of the standings: its head, width and side.
type column struct {
	head  string
	width int
	right bool
}

// standingColumn is a column of the standings a scoring names
// (tourney.Scoring's Columns): its width, its cell, and what it sets
// in the command's JSON (nil: nothing but what every line has).
type standingColumn struct {
	width int
	cell  func(Line) string
	json  func(*jsonLine, Line)
}

// standingColumns are the columns a scoring may name, by their key
// (the words' "tourney.col." key).
var standingColumns = map[string]standingColumn{
	"streak": {9, func(l Line) string { return streak(l.Standing) }, func(j *jsonLine, l Line) { j.OnFire = l.OnFire() }},
	"rating": {7, ratingCell, func(j *jsonLine, l Line) { j.RatingNow = l.Now }},
	"opponents": {8, func(l Line) string { return l.Opponents.String() }, func(j *jsonLine, l Line) {
		o := l.Opponents.String()
		j.Opponents = &o
	}},
}

// ratingCell is the rating's cell: the player's rating now, to one
// decimal as the leaderboard writes it; one not known now (a guest, a
// key not rated yet) their rating at entry, "-" for none.
func ratingCell(l Line) string {
	switch {
	case l.Now != nil:
		return strconv.FormatFloat(*l.Now, 'f', 1, 64)
	case l.Rating == 0:
		return "-"
	}
	return strconv.Itoa(l.Rating)
}

// fieldColumn is the duplicate score's column, shown where there is
// one (hasField).
var fieldColumn = standingColumn{8, func(l Line) string { return fieldScore(l.Field) }, nil}

// shown are the columns after the wins: the scoring's, and the
// duplicate score's where there is one.
func shown(s tourney.Scoring, hasField bool) (keys []string, cols []standingColumn) {
	for _, k := range s.Columns() {
		keys, cols = append(keys, k), append(cols, standingColumns[k])
	}
	if hasField {
		keys, cols = append(keys, "field"), append(cols, fieldColumn)
	}
	return keys, cols
}

// columns are the standings' columns under scoring s: the arena's
// streak, the Swiss tie-break, the duplicate score where there is one;
// name is the width of the player's column.
func columns(tr *i18n.Catalog, s tourney.Scoring, hasField bool, name int) []column {
	cols := []column{
		{"#", 4, true},
		{tr.T("tourney.col.player"), name, false},
		{tr.T("tourney.col.points"), 7, true},
		{tr.T("tourney.col.matches"), 6, true},
		{tr.T("tourney.col.wins"), 7, true},
	}
	keys, more := shown(s, hasField)
	for i, k := range keys {
		cols = append(cols, column{tr.T("tourney.col." + k), more[i].width, true})
	}
	return cols
}

// cells are a line's cells under columns (rank from 1).
func cells(s tourney.Scoring, hasField bool, rank int, l Line) []string {
	out := []string{
		strconv.Itoa(rank) + ".", l.Name + l.Mark, l.Points.String(),
		strconv.Itoa(l.Matches), strconv.Itoa(l.Wins),
	}
	_, more := shown(s, hasField)
	for _, c := range more {
		out = append(out, c.cell(l))
	}
	return out
}

// streak is the streak's cell: the wins in a row, and "x2" while the
// next win counts double (the arena's fire, in letters: a symbol's
// width is not the same in every terminal).
func streak(s tourney.Standing) string {
	switch {
	case s.OnFire():
		return strconv.Itoa(s.Streak) + " x2"
	case s.Streak > 0:
		return strconv.Itoa(s.Streak)
	}
	return "-"
}

// fieldScore is a duplicate score to two places, signed ("-" for none).
func fieldScore(r *big.Rat) string {
	if r == nil {
		return "-"
	}
	return tourney.FieldString(r)
}

// row lays cells out under cols, one space between.
func row(cols []column, cs []string) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		if c.right {
			parts[i] = padLeft(cut(cs[i], c.width), c.width)
		} else {
			parts[i] = pad(cs[i], c.width)
		}
	}
	return strings.TrimRight(strings.Join(parts, " "), " ")
}

// heads are the columns' heads as cells.
func heads(cols []column) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.head
	}
	return out
}

// fixedWidth is the width of the columns but the player's.
func fixedWidth(tr *i18n.Catalog, s tourney.Scoring, hasField bool) int {
	w := 0
	for _, col := range columns(tr, s, hasField, 0) {
		w += col.width + 1
	}
	return w
}

// sheetMin and sheetMax are the widths the arena's sheet column takes
// at least (the player's column gives way for it) and at most.
const (
	sheetMin = 12
	sheetMax = 40
)

// sheetMarks are the marks of a sheet's matches lost for want of the
// player, in the page's words: never at the table (a forfeit: "F"), or
// away from it, their bot playing ("-"); never a 0, which a fourth
// place earns.
type sheetMarks struct{ forfeit, away string }

// marksOf are the sheet's marks in tr's words.
func marksOf(tr *i18n.Catalog) sheetMarks {
	return sheetMarks{forfeit: tr.T("tourney.sheet.forfeit"), away: tr.T("tourney.sheet.away")}
}

// of is what a match of a sheet shows: its mark, or its points.
func (mk sheetMarks) of(sc tourney.Scored) string {
	switch {
	case sc.Away:
		return mk.away
	case sc.Forfeit:
		return mk.forfeit
	case sc.Doubled:
		return sc.Points.String() + "*"
	}
	return sc.Points.String()
}

// sheetCell is a player's sheet as it fits width columns: what each
// match earned them, the latest last ("4 2 4 0 8* 8* F -": a star marks
// a win on a streak, doubled; a forfeit and a match lost away marked
// as such, mk), the earliest left out first ("…" says so).
func sheetCell(sheet []tourney.Scored, width int, mk sheetMarks) string {
	out := ""
	for i := len(sheet) - 1; i >= 0; i-- {
		w := mk.of(sheet[i])
		next := w
		if out != "" {
			next += " " + out
		}
		more := 0
		if i > 0 {
			more = 2 // "… "
		}
		if len(next)+more > width {
			return "… " + out
		}
		out = next
	}
	return out
}

// legend are the keys of the lines under the standings that say what
// their marks mean, those the lines show: a doubled win and the
// matches lost for want of the player in an arena's sheet (sheet),
// the paused players' mark.
func legend(lines []Line, sheet bool) []string {
	var out []string
	has := func(f func(tourney.Scored) bool) bool {
		return sheet && slices.ContainsFunc(lines, func(l Line) bool { return slices.ContainsFunc(l.Sheet, f) })
	}
	if has(func(s tourney.Scored) bool { return s.Doubled }) {
		out = append(out, "tourney.sheet.doubled")
	}
	forfeit := has(func(s tourney.Scored) bool { return s.Forfeit && !s.Away })
	away := has(func(s tourney.Scored) bool { return s.Away })
	switch {
	case forfeit && away:
		out = append(out, "tourney.sheet.marks")
	case forfeit:
		out = append(out, "tourney.sheet.marks.forfeit")
	case away:
		out = append(out, "tourney.sheet.marks.away")
	}
	if slices.ContainsFunc(lines, func(l Line) bool { return l.Paused }) {
		out = append(out, "tourney.legend.paused")
	}
	return out
}

// levelLines say, under standings with players level on points, what
// breaks the ties (every tie-break, in order), and for each two lines
// one above the other level on every column shown, what put the first
// above: their rating at entry, or, level on that too, a fixed order
// of the players (Ranked's last, a draw of their ids).
func levelLines(tr *i18n.Catalog, s tourney.Scoring, hasField bool, lines []Line) []string {
	var out []string
	for i := 1; i < len(lines); i++ {
		if lines[i].Points == lines[i-1].Points && lines[i].Matches > 0 {
			out = append(out, Say(tr, s.Ties()))
			break
		}
	}
	for i := 1; i < len(lines); i++ {
		a, b := lines[i-1], lines[i]
		if a.Matches == 0 || !slices.Equal(cells(s, hasField, 0, a)[2:], cells(s, hasField, 0, b)[2:]) {
			continue
		}
		why := tr.T("tourney.level.lot")
		if a.Rating != b.Rating {
			why = tr.T("tourney.level.rating", a.Rating, b.Rating)
		}
		out = append(out, tr.T("tourney.level", a.Name, b.Name, why))
	}
	return out
}

// The JSON's shapes.
type (
	jsonTourney struct {
		ID        string      `json:"id"`
		Name      string      `json:"name"`
		Kind      string      `json:"kind"`
		Game      string      `json:"game"`
		Rules     string      `json:"rules"`
		Hands     int         `json:"hands"`
		Phase     string      `json:"phase"`
		Players   int         `json:"players"`
		Start     time.Time   `json:"start"`
		End       *time.Time  `json:"end,omitempty"`
		Round     int         `json:"round,omitempty"`
		Rounds    int         `json:"rounds,omitempty"`
		Duplicate bool        `json:"duplicate,omitempty"`
		Partners  bool        `json:"partners,omitempty"`
		Standings []jsonLine  `json:"standings"`
		Playing   []jsonTable `json:"playing"`
		Matches   []jsonMatch `json:"matches"`
		// Held are the duplicate rounds whose places and points wait
		// for their last table (tourney.Held): not in the matches nor
		// the standings yet.
		Held  []int      `json:"held,omitempty"`
		Seals []jsonSeal `json:"seals,omitempty"`
		// Asks are a partners' tournament's asks to partner waiting for
		// their answer, in the order they were made.
		Asks []jsonAsk `json:"asks,omitempty"`
	}
	jsonAsk struct {
		From  string    `json:"from"`
		To    string    `json:"to"`
		Since time.Time `json:"since"`
		// Lapses is when it lapses unanswered (tourney.AskLapse).
		Lapses time.Time `json:"lapses"`
	}
	// jsonResult is one match of a player's sheet: its points (as
	// written and in twelfths), a win on a streak counted double, a
	// forfeit that earned nothing (away: lost away from the table, the
	// bot playing, not for want of coming to it).
	jsonResult struct {
		Points   string `json:"points"`
		Twelfths int    `json:"twelfths"`
		Doubled  bool   `json:"doubled,omitempty"`
		Forfeit  bool   `json:"forfeit,omitempty"`
		Away     bool   `json:"away,omitempty"`
	}
	jsonSeal struct {
		Round  int    `json:"round"`
		Commit string `json:"commit"`
		Seed   string `json:"seed,omitempty"`
		Salt   string `json:"salt,omitempty"`
	}
	jsonLine struct {
		Rank     int    `json:"rank"`
		Name     string `json:"name"`
		Points   string `json:"points"`
		Twelfths int    `json:"twelfths"`
		Matches  int    `json:"matches"`
		Wins     int    `json:"wins"`
		Streak   int    `json:"streak"`
		OnFire   bool   `json:"on_fire,omitempty"`
		Rating   int    `json:"rating"`
		// Paused: out of the pairing until they press a key on the
		// tournament's page (a match lost for want of being at it).
		Paused bool `json:"paused,omitempty"`
		// RatingNow is the player's rating now (Rating is at entry).
		RatingNow *float64 `json:"rating_now,omitempty"`
		Opponents *string  `json:"opponents,omitempty"`
		Field     *string  `json:"field,omitempty"`
		// Team is a partners' team's players ("" a bot partner).
		Team []string `json:"team,omitempty"`
		// Results are an arena's sheet: what each of the player's
		// matches earned them, the earliest first (the page's results
		// column, whole); they add up to Points.
		Results []jsonResult `json:"results,omitempty"`
	}
	jsonTable struct {
		Table   int       `json:"table"`
		Round   int       `json:"round,omitempty"`
		Players [4]string `json:"players"`
	}
	jsonMatch struct {
		Table   int       `json:"table"`
		Round   int       `json:"round,omitempty"`
		Players [4]string `json:"players"`
		Places  [4]int    `json:"places"`
		Forfeit [4]bool   `json:"forfeit"`
		// Away marks which forfeits were lost away from the table.
		Away [4]bool `json:"away"`
	}
)
