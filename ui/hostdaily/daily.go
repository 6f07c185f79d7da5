package hostdaily

import (
	"context"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"okey/bots/par"
	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/format"
	"okey/game/okey101"
	"okey/game/record"
	"okey/kit/i18n"
	"okey/ui/playdaily"
	"okey/ui/seats"
	"okey/ui/settings"
	"okey/ui/stats"
)

// Level is the level of the bots a daily is played against: par's, so
// that a score against par compares like with like.
const Level = par.Level

// MetaID is the record's meta key of the daily's entry in the
// statistics (its id), which ties a paused hand to its earlier hands'
// results.
const MetaID = "daily_id"

// Daily is the daily being played: the day's set, its entry in the
// statistics, the hand on the table, par once measured, the records of
// the hands this run ended (for their review).
type Daily struct {
	set   daily.Set
	entry stats.Daily
	// hand is the number of the hand on the table, from 1.
	hand int
	// short is the fingerprint's short form ("" if it could not be made).
	short string
	// par is par, once measured; parErr why it could not be; parID
	// tells the measure asked for from an older one.
	par    *par.Line
	parErr error
	parID  uint64
	// recs are the records of the hands ended in this run, by number.
	recs map[int][]byte
	// over: every hand has ended, the daily's page is on show.
	over bool
	// why is the catalogue's key of why it is practice.
	why string
	// fm is the day's format (game/format's Daily), at the hand on the
	// table: it scores each hand's outcome, as at a served table.
	fm *format.Daily
}

// Begin is the daily of game on c's date, begun: its entry put in the
// statistics f (id names it: when it started), practice when c says so
// (or when the day was played before). No hand is dealt yet (Deal).
func Begin(f *stats.File, g game.Kind, c playdaily.Choice, id string) (*Daily, error) {
	set, err := daily.New(g, c.Date)
	if err != nil {
		return nil, err
	}
	entry := f.PutDaily(stats.Daily{
		ID: id, Date: c.Date.String(), Game: string(g),
		Practice: c.Practice, Hands: len(set.Hands),
	})
	if entry.Practice && c.Why == "" {
		c.Why = "daily.why.again"
	}
	d := &Daily{set: set, entry: entry, why: c.Why, recs: map[int][]byte{}, fm: format.NewDaily(set, entry.Practice)}
	if fp, err := set.Fingerprint(); err == nil {
		d.short = fp.Short()
	}
	return d, nil
}

// OfRecord is the daily a saved record b is a hand of (its meta), taken
// up again with its entry in the statistics f (put back there); nil
// when the record is no daily's. A hand whose entry is gone (the
// statistics set aside meanwhile) goes on as practice, counted from
// that hand; note says so, or why a damaged daily's record is none
// ("" for nothing to say). id names an entry made anew.
func OfRecord(tr *i18n.Catalog, b []byte, f *stats.File, id string) (d *Daily, note string) {
	kind, meta := header(b)
	if meta[daily.MetaDaily] == "" {
		return nil, ""
	}
	named, err := identify(kind == game.Okey101, b)
	if err != nil {
		return nil, tr.T("daily.damaged", err.Error())
	}
	d = &Daily{set: named.Set, hand: named.Hand.N, recs: map[int][]byte{}}
	if fp, err := named.Set.Fingerprint(); err == nil {
		d.short = fp.Short()
	}
	e, ok := f.Daily(meta[MetaID])
	if !ok || e.Date != named.Set.Date.String() || e.Game != string(named.Set.Game) {
		e = stats.Daily{ID: meta[MetaID], Date: named.Set.Date.String(), Game: string(named.Set.Game),
			Practice: true, Hands: len(named.Set.Hands), From: named.Hand.N}
		if e.ID == "" {
			e.ID = id
		}
		note = tr.T("daily.lost", named.Hand.N)
		d.why = "daily.why.lost"
	} else if e.Practice {
		d.why = "daily.why.again"
	}
	d.fm = format.NewDaily(d.set, e.Practice)
	if _, err := d.fm.Restore(d.set.Hands[d.hand-1].Seed, nil, format.Seal{}); err != nil {
		return nil, tr.T("daily.damaged", err.Error())
	}
	d.entry = f.PutDaily(e)
	return d, note
}

// identify reads a daily hand's record (of 101 when is101) and says
// which day and hand it is (game/daily's Identify).
func identify(is101 bool, rec []byte) (daily.Named, error) {
	if is101 {
		r, err := okey101.ParseRecord(rec)
		if err != nil {
			return daily.Named{}, err
		}
		return daily.Identify101(r)
	}
	r, err := classic.ParseRecord(rec)
	if err != nil {
		return daily.Named{}, err
	}
	return daily.IdentifyClassic(r)
}

// header is the game and the meta a record's header names ("" and nil
// for what it does not say).
func header(b []byte) (game.Kind, map[string]string) {
	h, err := record.ReadHeader(b)
	if err != nil {
		return "", nil
	}
	return h.Kind, h.Meta
}

// Deal is hand k's deal as a match to put on the table, as the daily's
// format (game/format's Daily) deals it: its seed, its record's meta
// (the day's hand, Set.Meta, practice or not as the entry is now;
// started, when; the entry's id; hard bots with the settings' names),
// and the settings it is played under (set's, with the daily's game and
// rules).
func (d *Daily) Deal(k int, set settings.Settings, started string) (seed uint64, meta map[string]string, under settings.Settings, err error) {
	f := format.NewDaily(d.set, d.entry.Practice)
	if _, err := f.Restore(d.set.Hands[k-1].Seed, nil, format.Seal{}); err != nil {
		return 0, nil, set, err
	}
	h := f.Deal(format.Seal{})
	meta = h.Meta
	meta["program"], meta[stats.MetaStarted], meta[MetaID] = "okey", started, d.entry.ID
	for s := 1; s < seats.N; s++ {
		meta["name"+strconv.Itoa(s)] = set.Names[s-1]
		meta["level"+strconv.Itoa(s)] = Level
	}
	set.Game, set.Rules, set.Rules101 = settings.GameClassic, format.DailyRules(game.Classic), format.DailyRules(game.Okey101)
	if d.set.Game == game.Okey101 {
		set.Game = settings.Game101
	}
	return h.Seal.Seed, meta, set, nil
}

// Dealt takes in that hand k's match, record rec, is on the table; an
// error when rec is not the day's hand it names (an engine that no
// longer deals it so), and the hand on the table is the one before.
func (d *Daily) Dealt(k int, rec []byte) error {
	if _, err := identify(d.set.Game == game.Okey101, rec); err != nil {
		return err
	}
	if _, err := d.fm.Restore(d.set.Hands[k-1].Seed, nil, format.Seal{}); err != nil {
		return err
	}
	d.hand = k
	return nil
}

// HandEnded takes in the end of the hand on the table (rec, its
// record): its score is kept in the entry, once (scored: the entry
// changed, to be put in the statistics). A record whose hand is not
// over (a void deal of 101, dealt again) adds nothing; over reports
// whether the hand is over.
//
// The hand is scored as a served daily's is: its Outcome (every seat's
// score in par's measure, playdaily.Outcome) handed to the day's format
// (game/format's Daily), which scores each hand once.
func (d *Daily) HandEnded(rec []byte) (over, scored bool) {
	o, err := playdaily.Outcome(d.set.Game, rec)
	if err != nil {
		return false, false
	}
	d.recs[d.hand] = rec
	s, fresh := d.fm.Score(o)
	if fresh && d.entry.First()-1+len(d.entry.Scores) < d.hand {
		d.entry.Scores = append(d.entry.Scores, s.Score)
		return true, true
	}
	return true, false
}

// Last reports whether the hand on the table is the day's last.
func (d *Daily) Last() bool { return d.hand >= len(d.set.Hands) }

// Finish marks every hand ended: the daily's page is on show.
func (d *Daily) Finish() { d.over = true }

// Over reports whether every hand has ended and the daily's page is on
// show.
func (d *Daily) Over() bool { return d.over }

// Done reports whether the entry has a score for every hand.
func (d *Daily) Done() bool { return d.entry.Done() }

// Practice reports whether the daily is played as practice: the hint
// is allowed, nothing counts for the record.
func (d *Daily) Practice() bool { return d.entry.Practice }

// Entry is the daily's entry, as the statistics keep it.
func (d *Daily) Entry() stats.Daily { return d.entry }

// Put is the entry as the statistics kept it (stats.File.PutDaily).
func (d *Daily) Put(e stats.Daily) { d.entry = e }

// Hand is the number of the hand on the table, from 1.
func (d *Daily) Hand() int { return d.hand }

// Hands is how many hands the day has.
func (d *Daily) Hands() int { return len(d.set.Hands) }

// Game is the daily's game.
func (d *Daily) Game() game.Kind { return d.set.Game }

// Of reports whether the daily is game's of date (zero: any date).
func (d *Daily) Of(game game.Kind, date daily.Date) bool {
	return d.set.Game == game && (date.IsZero() || date == d.set.Date)
}

// ParMsg is par measured, or why it could not be.
type ParMsg struct {
	id   uint64
	line par.Line
	err  error
}

// MeasurePar measures par in the background under ctx, as measure id;
// nil when it is known (measured, or kept in the entry before a pause).
func (d *Daily) MeasurePar(ctx context.Context, id uint64) tea.Cmd {
	if d.par != nil {
		return nil
	}
	if len(d.entry.Par) == daily.Hands(d.set.Game) { // measured before the pause
		l := par.Line{Level: Level}
		for i, s := range d.entry.Par {
			l.Hands = append(l.Hands, par.Hand{N: i + 1, Score: s})
			l.Total += s
		}
		d.par = &l
		return nil
	}
	d.parID = id
	set := d.set
	return func() tea.Msg {
		l, err := par.Of(ctx, set, Level)
		return ParMsg{id: id, line: l, err: err}
	}
}

// TookPar takes par in (or why it could not be measured); kept reports
// whether the entry changed, to be put in the statistics and saved. A
// measure of another daily, or asked for before, is dropped.
func (d *Daily) TookPar(msg ParMsg) (kept bool) {
	if msg.id != d.parID {
		return false
	}
	if msg.err != nil {
		d.parErr = msg.err
		return false
	}
	d.par = &msg.line
	d.entry.Par = nil
	for _, h := range msg.line.Hands {
		d.entry.Par = append(d.entry.Par, h.Score)
	}
	return true
}

// ParKnown reports whether par has been measured (or was kept in the
// entry before a pause).
func (d *Daily) ParKnown() bool { return d.par != nil }

// RecordMeta is the meta of a record's header (nil when it has none):
// a daily's hand names its day (game/daily's MetaDaily) and its entry
// (MetaID) there.
func RecordMeta(b []byte) map[string]string {
	_, meta := header(b)
	return meta
}

// Set is the day's set of hands.
func (d *Daily) Set() daily.Set { return d.set }

// Played is the record of hand n as this run ended it (nil: not this
// run's, or not ended).
func (d *Daily) Played(n int) []byte { return d.recs[n] }
