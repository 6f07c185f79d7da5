package tournaments

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tables"
)

// Why a tournament is not created.
var (
	// ErrYourTournaments: the player has as many tournaments not
	// finished as one may; ErrYourAddress: so have the players of
	// their address.
	ErrYourTournaments = errors.New("you have as many tournaments running as one player may")
	ErrYourAddress     = errors.New("your address has as many tournaments running as one address may")
	// ErrFull: the server has as many tournaments not finished as it
	// keeps.
	ErrFull = errors.New("the server has as many tournaments as it keeps")
	// ErrSettings: a setting past the server's caps, or a game the
	// tables cannot play.
	ErrSettings = errors.New("the tournament's settings are past what the server plays")
	// Which setting, each an ErrSettings: what a form says to change.
	ErrName        = fmt.Errorf("%w: a name too long, or not plain text", ErrSettings)
	ErrDescription = fmt.Errorf("%w: a description too long, or not plain text", ErrSettings)
	ErrArenaLength = fmt.Errorf("%w: an arena's length out of its range", ErrSettings)
	ErrTurn        = fmt.Errorf("%w: a turn's time out of its range", ErrSettings)
	ErrBank        = fmt.Errorf("%w: a time bank out of its range", ErrSettings)
	ErrBankNoTurn  = fmt.Errorf("%w: a time bank with no time a turn", ErrSettings)
	ErrStart       = fmt.Errorf("%w: a start too far ahead or past", ErrSettings)
	ErrRulesHands  = fmt.Errorf("%w: the rules name a match's hands other than its own", ErrSettings)
	ErrRoundsCap   = fmt.Errorf("%w: more rounds than a player's Swiss has", ErrSettings)
	// The server's caps, the operator's too: what "edit length=30h"
	// is told, rather than "change the rules or hands".
	ErrLengthCap = fmt.Errorf("%w: longer than the server plays", ErrSettings)
	ErrHandsCap  = fmt.Errorf("%w: more hands a match than the server plays", ErrSettings)
	ErrRoundsMax = fmt.Errorf("%w: more rounds than the server plays", ErrSettings)
	ErrWaitCap   = fmt.Errorf("%w: a wait longer than the server keeps", ErrSettings)
)

// The caps on a tournament's settings: a tournament is the server's
// for as long as it lasts, so its length is bounded as its players are.
const (
	// MaxName and MaxNameRunes cap a name, MaxDescription and
	// MaxDescriptionRunes its line of description: in bytes (the
	// store's) and in letters (a page's line).
	MaxName             = 40
	MaxNameRunes        = 30
	MaxDescription      = 200
	MaxDescriptionRunes = 80
	// MinArena and MaxArena bound a player's arena, as the form offers
	// it and the server makes it (the operator's may run from any
	// length to MaxLength).
	MinArena = 10 * time.Minute
	MaxArena = 6 * time.Hour
	// MaxAhead and MaxRounds bound a player's start (from now; not
	// past) and a player's Swiss, as the form offers them.
	MaxAhead  = 24 * time.Hour
	MaxRounds = 9
	// MinTurn and MaxTurn bound a tournament's time a turn, MaxBank its
	// time bank.
	MinTurn = 5 * time.Second
	MaxTurn = 5 * time.Minute
	MaxBank = 10 * time.Minute
	// MaxLength, MaxHands, MaxRoundsServer and MaxWait are the server's
	// own caps, the operator's tournaments' too: an arena's length, a
	// match's hands, a Swiss's rounds, and each wait (bots, coming to
	// the table, away).
	MaxLength       = 12 * time.Hour
	MaxHands        = 21
	MaxRoundsServer = 15
	MaxWait         = 30 * time.Minute
	// codeLen is the length of a private tournament's join code:
	// letters and digits of base32, none to mistake for another.
	codeLen    = 6
	maxAhead   = 14 * 24 * time.Hour
	maxRules   = 200 // bytes
	defaultLvl = "normal"
	// defaultLead is how long after it is created a tournament whose
	// creator named no start begins: time for players to join (a Swiss
	// with nobody at its start is over at once).
	defaultLead = 5 * time.Minute
	// defaultBack is how long a player has to come to their table when
	// the creator said nothing.
	defaultBack = 2 * time.Minute
)

// Operator is who the operator's tournaments are by.
const Operator = ""

// CreateTournament creates a tournament by player by (Operator: the
// operator, within the server's count only) and returns its id.
func (s *Service) CreateTournament(ctx context.Context, by string, c tourney.Config) (string, error) {
	return s.CreateFrom(ctx, by, "", c)
}

// CreateFrom is CreateTournament by a player who connects from addr:
// within their share, their address's (guests included: each is a new
// identity) and the players' (the operator's share kept).
func (s *Service) CreateFrom(ctx context.Context, by, addr string, c tourney.Config) (string, error) {
	c, err := s.settle(c)
	if err != nil {
		return "", err
	}
	if err := playersLimits(by, c, s.opt.Now()); err != nil {
		return "", err
	}
	id, err := newID(s.opt.Random)
	if err != nil {
		return "", err
	}
	return id, s.create(ctx, id, by, addr, c)
}

// Apply carries out the operator's order o: the tournament of its name
// made once (EnsureNamed), changed to o's settings while it has not
// begun (a start left out keeps its own), or called off. One begun or
// over is left as it is. It returns the id ("" for one called off that
// was never made).
func (s *Service) Apply(ctx context.Context, o Order) (string, error) {
	c := o.Config
	s.mu.Lock()
	var r record
	found := false
	for _, x := range s.recs {
		if x.T.Config.Name == c.Name && c.Name != "" {
			r, found = x, true
		}
	}
	s.mu.Unlock()
	switch {
	case !found && o.Cancel:
		return "", nil
	case !found:
		return s.EnsureNamed(ctx, c)
	case r.T.Phase != tourney.Starting || r.By != Operator:
		return r.ID, nil
	case o.Cancel:
		return r.ID, s.Organise(ctx, r.ID, Operator, true, tourney.Config{})
	}
	if c.Start.IsZero() {
		c.Start = r.T.Config.Start
	}
	settled, err := s.settle(c)
	if err != nil {
		return r.ID, err
	}
	a, _ := json.Marshal(settled)
	b, _ := json.Marshal(r.T.Config)
	if string(a) == string(b) {
		return r.ID, nil
	}
	return r.ID, s.Organise(ctx, r.ID, Operator, false, c)
}

// EnsureNamed creates the operator's tournament c unless one of its name
// exists (finished or not): a config file read at every start creates
// its tournament once. Its id follows from its name, so nodes starting
// together create it once between them. It returns the id. One kept
// already is not checked again (its start may be yesterday's); a new
// one the server refuses is an error that says why (okey serve stops
// with it at start).
func (s *Service) EnsureNamed(ctx context.Context, c tourney.Config) (string, error) {
	if c.Name == "" {
		return "", fmt.Errorf("%w: an operator's tournament needs a name", ErrSettings)
	}
	s.mu.Lock()
	for rid, r := range s.recs {
		if r.T.Config.Name == c.Name {
			s.mu.Unlock()
			return rid, nil
		}
	}
	s.mu.Unlock()
	c, err := s.settle(c)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(c.Name))
	id := "op" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:5]))
	err = s.create(ctx, id, Operator, "", c)
	if errors.Is(err, errExists) {
		return id, nil
	}
	return id, err
}

// errExists is a tournament id taken already.
var errExists = errors.New("the tournament exists")

// create writes a new tournament by by from addr ("": not counted),
// within the limits.
func (s *Service) create(ctx context.Context, id, by, addr string, c tourney.Config) error {
	t, err := tourney.New(c)
	if err != nil {
		return err
	}
	now := s.opt.Now()
	s.mu.Lock()
	mine, ours, players, all := 0, 0, 0, 0
	for _, r := range s.recs {
		if r.T.Phase == tourney.Finished {
			continue
		}
		all++
		if r.By != Operator {
			players++
		}
		if by != Operator && r.By == by {
			mine++
		}
		if mark := r.addrMark(addr); by != Operator && mark != "" && r.ByAddr == mark {
			ours++
		}
	}
	s.mu.Unlock()
	switch {
	case all >= s.opt.total():
		return ErrFull
	case by != Operator && players >= s.opt.playersShare():
		return fmt.Errorf("%w: the players' %d (the rest kept for the operator's)", ErrFull, s.opt.playersShare())
	case by != Operator && mine >= s.opt.perPlayer():
		return ErrYourTournaments
	case by != Operator && ours >= s.opt.perAddr():
		return ErrYourAddress
	}
	r := record{ID: id, By: by, Created: now, T: *t, Salt: make([]byte, saltBytes)}
	if _, err := io.ReadFull(s.opt.Random, r.Salt); err != nil {
		return fmt.Errorf("tournament %s's salt: %w", id, err)
	}
	if by != Operator {
		r.ByAddr = r.addrMark(addr)
	}
	if c.Private {
		var b [5]byte
		if _, err := io.ReadFull(s.opt.Random, b[:]); err != nil {
			return fmt.Errorf("tournament %s's code: %w", id, err)
		}
		r.Code = base32.StdEncoding.EncodeToString(b[:])[:codeLen]
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("tournament %s: %w", id, err)
	}
	rev, err := s.opt.Book.WriteNewer(ctx, prefixT+id, b, nil, 0)
	if err != nil {
		if errors.Is(err, keep.ErrTourneyMoved) {
			return fmt.Errorf("tournament %s: %w", id, errExists)
		}
		return err
	}
	r.rev = rev
	s.mu.Lock()
	if old, ok := s.recs[id]; !ok || old.rev < rev {
		s.recs[id] = r
	}
	s.mu.Unlock()
	s.opt.Log.Info("tournament created", "tournament", id, "name", c.Name, "kind", c.Kind, "game", c.Game, "by", keep.LogID(by), "start", c.Start.Format(time.RFC3339))
	s.poke()
	return nil
}

// settle checks c against the director's rules, the server's caps and
// the tables' games, and fills what was left out (the bots' level, the
// time to come back, a start in a few minutes).
func (s *Service) settle(c tourney.Config) (tourney.Config, error) {
	return settle(c, s.opt.Now(), s.opt.Timer)
}

// Check is what the server makes of a tournament c that player by
// (Operator: the operator) creates at now, its tables' timer timer: c
// settled, or the first setting it refuses (ErrName, ErrTurn, …, each
// an ErrSettings; the director's ErrHands, …). A form checks its
// choices with it before it asks, and says the refusal in its words.
func Check(by string, c tourney.Config, now time.Time, timer time.Duration) (tourney.Config, error) {
	c, err := settle(c, now, timer)
	if err != nil {
		return c, err
	}
	return c, playersLimits(by, c, now)
}

// settle is Service.settle on the clock's now and the tables' timer.
func settle(c tourney.Config, now time.Time, timer time.Duration) (tourney.Config, error) {
	if c.Start.IsZero() {
		c.Start = now.Add(defaultLead)
	}
	if c.BotLevel == "" {
		c.BotLevel = defaultLvl
	}
	if c.Back == 0 {
		c.Back = defaultBack
	}
	if c.Game == "101" {
		r, err := okey101.ParseRules(c.Rules)
		switch {
		case err != nil:
			return c, fmt.Errorf("%w: %w", ErrSettings, err)
		case r.Partners:
			// The tables are partners' tables: the entrants are teams.
			c.Partners = true
		case c.Partners && ruleSaid(c.Rules, "partners"):
			return c, fmt.Errorf("%w: partners with rules %q that turn partners off", ErrSettings, c.Rules)
		case c.Partners && (c.Rules == "" || c.Rules == "default"):
			c.Rules = "partners" // the tables' rules, and the page's name for them
		case c.Partners:
			c.Rules += ",partners"
		}
		// A preset that names its hands ("hands=3") is the match's
		// length; the tables' rules name it once.
		if ruleSaid(c.Rules, "hands") {
			if r.Hands != c.Hands {
				return c, fmt.Errorf("%w: rules of %d hands, a match of %d", ErrRulesHands, r.Hands, c.Hands)
			}
			c.Rules = dropRule(c.Rules, "hands")
		}
	}
	if err := c.Check(); err != nil {
		return c, err
	}
	switch {
	case !plain(c.Name, MaxName, MaxNameRunes):
		return c, fmt.Errorf("%w: %d bytes (at most %d letters)", ErrName, len(c.Name), MaxNameRunes)
	case !plain(c.Description, MaxDescription, MaxDescriptionRunes):
		return c, fmt.Errorf("%w: %d bytes (at most %d letters)", ErrDescription, len(c.Description), MaxDescriptionRunes)
	case c.Turn != 0 && (c.Turn < MinTurn || c.Turn > MaxTurn):
		return c, fmt.Errorf("%w: %v (from %v to %v)", ErrTurn, c.Turn, MinTurn, MaxTurn)
	case c.Bank < 0 || c.Bank > MaxBank:
		return c, fmt.Errorf("%w: %v (at most %v)", ErrBank, c.Bank, MaxBank)
	case c.Bank > 0 && cmp.Or(c.Turn, timer) == 0:
		return c, fmt.Errorf("%w: a bank of %v with no time a turn", ErrBankNoTurn, c.Bank)
	case c.Hands > MaxHands:
		return c, fmt.Errorf("%w: %d hands a match (at most %d)", ErrHandsCap, c.Hands, MaxHands)
	case c.Rounds > MaxRoundsServer:
		return c, fmt.Errorf("%w: %d rounds (at most %d)", ErrRoundsMax, c.Rounds, MaxRoundsServer)
	case c.Length > MaxLength:
		return c, fmt.Errorf("%w: %v long (at most %v)", ErrLengthCap, c.Length, MaxLength)
	case c.Start.After(now.Add(maxAhead)) || c.Start.Before(now.Add(-time.Hour)):
		return c, fmt.Errorf("%w: at %s", ErrStart, c.Start.Format(time.RFC3339))
	case c.BotWait < 0 || c.BotWait > MaxWait || c.Back < 0 || c.Back > MaxWait || c.Away < 0 || c.Away > MaxWait:
		return c, fmt.Errorf("%w: waits of %v, %v and %v (at most %v)", ErrWaitCap, c.BotWait, c.Back, c.Away, MaxWait)
	case len(c.Rules) > maxRules:
		return c, fmt.Errorf("%w: rules of %d bytes", ErrSettings, len(c.Rules))
	}
	if c.Game == string(game.Classic) {
		var err error
		if c, err = classicPoints(c); err != nil {
			return c, err
		}
	}
	if err := tableConfig(c, tourney.Start{}, "check", timer).Check(); err != nil {
		return c, fmt.Errorf("%w: %w", ErrSettings, err)
	}
	return c, nil
}

// playersLimits refuses a player's tournament (not the operator's) at
// now past what a player may make: an arena shorter or longer than
// MinArena to MaxArena, a start past or over MaxAhead ahead, a Swiss of
// over MaxRounds. It is the server's own check, which the form's
// (Check) is, so a session that skips the form is refused in the same
// words. A start is taken a minute either side, past now and past
// MaxAhead: a start made "now", or the form's last choice on a whole
// minute, reaches the server a moment later.
func playersLimits(by string, c tourney.Config, now time.Time) error {
	switch {
	case by == Operator:
		return nil
	case c.Kind == tourney.Arena && (c.Length < MinArena || c.Length > MaxArena):
		return fmt.Errorf("%w: %v (from %v to %v)", ErrArenaLength, c.Length, MinArena, MaxArena)
	case c.Start.Before(now.Add(-time.Minute)) || c.Start.After(now.Add(MaxAhead+time.Minute)):
		return fmt.Errorf("%w: at %s, now %s", ErrStart, c.Start.Format(time.RFC3339), now.Format(time.RFC3339))
	case c.Kind == tourney.Swiss && c.Rounds > MaxRounds:
		return fmt.Errorf("%w: %d (at most %d)", ErrRoundsCap, c.Rounds, MaxRounds)
	}
	return nil
}

// plain says whether s is text a page may show as one line, within
// its caps in bytes and letters.
func plain(s string, bytes, runes int) bool {
	return len(s) <= bytes && utf8.RuneCountInString(s) <= runes && utf8.ValidString(s) && !strings.ContainsFunc(s, isControl)
}

// ruleSaid says whether the rules written opts name option, on or off
// (a 101 table's rules refuse an option given twice).
func ruleSaid(opts, option string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(o)), "="); name == option {
			return true
		}
	}
	return false
}

// dropRule is the rules written opts without option.
func dropRule(opts, option string) string {
	var out []string
	for o := range strings.SplitSeq(opts, ",") {
		if name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(o)), "="); name != option && strings.TrimSpace(o) != "" {
			out = append(out, o)
		}
	}
	return strings.Join(out, ",")
}

// classicPoints settles a classic tournament's match: played from
// c.Hands points down to 0, as classic's match is played (its rules'
// own points are the tournament's, so the page and the tables say one
// thing); simple104, which scores nothing, is a match of one hand.
func classicPoints(c tourney.Config) (tourney.Config, error) {
	r, err := classic.ParseRules(c.Rules)
	if err != nil {
		return c, fmt.Errorf("%w: %w", ErrSettings, err)
	}
	switch {
	case r.Simple104 && c.Hands != 1:
		return c, fmt.Errorf("%w: simple104 scores nothing: a match is one hand, not %d points", ErrSettings, c.Hands)
	case r.Simple104:
		return c, nil
	case c.Hands < classic.MinPoints || c.Hands > classic.MaxPoints:
		return c, fmt.Errorf("%w: a classic match from %d points (from %d to %d)", ErrSettings, c.Hands, classic.MinPoints, classic.MaxPoints)
	}
	r.Points = c.Hands
	c.Rules = r.String()
	return c, nil
}

func isControl(r rune) bool { return r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// newID is a new tournament's id: eight letters and digits from the
// server's source of randomness.
func newID(random io.Reader) (string, error) {
	var b [5]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return "", fmt.Errorf("a tournament's id: %w", err)
	}
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:])), nil
}

// tableConfig is the table a tournament's Start is played at: the
// tournament's game and rules (a 101 match of its hands; a classic
// one's points settled into its rules by classicPoints), its bots'
// level at every seat nobody holds, its time a turn (the server's
// timer when it names none), its players seated.
func tableConfig(c tourney.Config, st tourney.Start, id string, timer time.Duration) tables.Config {
	rules := c.Rules
	if c.Game == "101" {
		rules = strings.Trim(rules+fmt.Sprintf(",hands=%d", c.Hands), ",")
	}
	lv := c.BotLevel
	return tables.Config{
		Game: c.Game, Rules: rules, Levels: [4]string{lv, lv, lv, lv}, Timer: cmp.Or(c.Turn, timer), Bank: c.Bank,
		Seated: &tables.Seated{Tourney: id, Players: st.Players, Back: c.Back, Away: c.Away},
		// One entry an address was held at the entry (oneseat.go): a
		// table that refused one of two from a shared address would
		// stop the honest players at it. Duplicate rounds keep the
		// table's rule too.
		SameAddr: !c.System().Scoring.Sealed(),
	}
}

// FileConfig is a tournament's config file (okey serve --tournament
// FILE): JSON, durations written as Go writes them ("1h30m"), the start
// as RFC 3339 ("" or absent: five minutes after it is created).
type FileConfig struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Kind        string `json:"kind"`
	Game        string `json:"game"`
	Rules       string `json:"rules"`
	// Hands is a 101 match's hands, a classic match's points (0: one
	// hand; the rules' points).
	Hands     int    `json:"hands"`
	Start     string `json:"start"`
	Length    string `json:"length"`
	Rounds    int    `json:"rounds"`
	BotWait   string `json:"bot_wait"`
	BotLevel  string `json:"bot_level"`
	Back      string `json:"back"`
	Away      string `json:"away"`
	Duplicate bool   `json:"duplicate"`
	Partners  bool   `json:"partners"`
	// Turn and Bank are its time control (tourney.Config's): "30s",
	// "2m"; absent, the server's --timer and no bank.
	Turn string `json:"turn"`
	Bank string `json:"bank"`
	// Cancelled calls the tournament of this name off, if it has not
	// begun (read at the server's next start).
	Cancelled bool `json:"cancelled"`
}

// maxFile is the most of a config file read.
const maxFile = 16 << 10

// ReadConfig reads a tournament's config file (FileConfig).
func ReadConfig(r io.Reader) (tourney.Config, error) {
	o, err := ReadOrder(r)
	return o.Config, err
}

// Order is what the operator's file asks of the tournament of its name:
// made (once), changed while it has not begun, or called off (Cancel).
type Order struct {
	Config tourney.Config
	Cancel bool
}

// ReadOrder reads a tournament's config file (FileConfig) as the
// operator's order.
func ReadOrder(r io.Reader) (Order, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxFile+1))
	if err != nil {
		return Order{}, err
	}
	if len(b) > maxFile {
		return Order{}, fmt.Errorf("%w: a file over %d bytes", ErrSettings, maxFile)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var f FileConfig
	if err := dec.Decode(&f); err != nil {
		return Order{}, fmt.Errorf("a tournament's file: %w", err)
	}
	c, err := f.config()
	return Order{Config: c, Cancel: f.Cancelled}, err
}

// config is the tournament the file describes.
func (f FileConfig) config() (tourney.Config, error) {
	var err error
	c := tourney.Config{Name: f.Name, Description: f.Description, Kind: tourney.Kind(f.Kind), Game: f.Game, Rules: f.Rules, Hands: f.Hands,
		Rounds: f.Rounds, BotLevel: f.BotLevel, Duplicate: f.Duplicate, Partners: f.Partners}
	if r, err := okey101.ParseRules(c.Rules); c.Hands == 0 && err == nil && c.Game == "101" && ruleSaid(c.Rules, "hands") {
		c.Hands = r.Hands // 101's match of its rules' hands
	}
	if c.Hands == 0 {
		c.Hands = 1 // 101's match of one hand
		if r, err := classic.ParseRules(c.Rules); err == nil && c.Game == string(game.Classic) && !r.Simple104 {
			c.Hands = r.Points // classic's match from its rules' points
		}
	}
	if f.Start != "" {
		if c.Start, err = time.Parse(time.RFC3339, f.Start); err != nil {
			return c, fmt.Errorf("a tournament's start: %w", err)
		}
	}
	for _, d := range []struct {
		s  string
		to *time.Duration
	}{{f.Length, &c.Length}, {f.BotWait, &c.BotWait}, {f.Back, &c.Back}, {f.Away, &c.Away}, {f.Turn, &c.Turn}, {f.Bank, &c.Bank}} {
		if d.s == "" {
			continue
		}
		if *d.to, err = time.ParseDuration(d.s); err != nil {
			return c, fmt.Errorf("a tournament's file: %w", err)
		}
	}
	return c, nil
}
