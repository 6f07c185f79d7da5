package tables

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"time"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/classic"
	"okey/game/format"
	"okey/kit/problem"
	"okey/kit/seatmsg"
)

// start deals the format's hand under way as the first hand of a match.
// A format that draws its seal afresh (a match, a duplicate's new deal)
// is handed one drawn from the server's source of randomness, a seed and
// salt sealed by a commitment (fair.go): a seed nobody can guess from
// the clock or their rack.
func (t *Table) start() error {
	t.ratings.forget() // read again: the last match moved them
	var fresh format.Seal
	if t.f.NeedsSeal() {
		var err error
		if fresh, err = drawSeal(t.Opt.Random); err != nil {
			t.Opt.Log.Error("start", "table", t.ID, "err", err)
			return errNoSeed
		}
	}
	h := t.f.Deal(fresh)
	meta := t.sit.recordMeta(t.ID, levelsOf(&t.Cfg, t.f))
	maps.Copy(meta, h.Meta)
	ref, err := t.kind.newReferee(t.Cfg.Rules, h.Seal.Seed, meta)
	if err != nil {
		t.Opt.Log.Error("start", "table", t.ID, "err", err)
		return err
	}
	t.matchNo++
	t.seal, t.Ref = h.Seal, ref
	t.clock.banked, t.clock.turnFrom = [4]time.Duration{}, time.Time{}
	e := t.sit.entrants(levelsOf(&t.Cfg, t.f))
	t.entrants = &e
	t.chat.lines = saidBefore(t.chat.lines)
	t.clock.deadline, t.clock.nextBot = time.Time{}, time.Time{}
	t.bot.cancel()
	args := append([]any{"table", t.ID, "game", t.Cfg.Game}, t.f.LogAttrs()...)
	if !h.Seal.None {
		args = append(args, "commit", h.Seal.Commit.Short())
	}
	t.Opt.Log.Info("start", args...)
	t.save()
	return nil
}

// saidBefore are the chat's lines marked as said before the match that
// starts: the places they keep are an earlier match's deals. The lines
// are copied, never changed: updates handed out share them.
func saidBefore(lines []seatmsg.ChatLine) []seatmsg.ChatLine {
	chat := slices.Clone(lines)
	for i := range chat {
		chat[i].Hand, chat[i].Redeal, chat[i].At = 0, 0, 0
	}
	return chat
}

// next moves the format on from the hand under way once it is over for
// the format: the next hand is dealt as a match of its own, the players
// as many seats on as the format says; after the last, everyone is told
// the format's words (with where it ended: a duplicate's scores, the
// last hand's update maybe not handed out) and the table closes.
func (t *Table) next() error {
	turn, more, ok := t.f.Next()
	if !ok {
		return nil // the hand is not over
	}
	if more {
		t.sit.turn(turn)
		t.sit.unready()
		return t.start()
	}
	t.Opt.Log.Info("the last hand is over", append([]any{"table", t.ID, "hands", t.f.Hands()}, t.f.LogAttrs()...)...)
	t.sit.endAll(Msg{Closed: t.policy.DoneWord, Dup: duplicateMsg(t.f.Standing(), t.tell.names(t))})
	return nil
}

// scored hands the outcome of the match's first hand, once over, to the
// format, which scores it once: a score for the day's board goes to
// Options.DailyScored; a hand whose record has nothing left to hide (a
// duplicate's deal played four times) is kept for "record TABLE".
func (t *Table) scored() {
	if t.Ref == nil {
		return
	}
	o, ok := t.Ref.Outcome()
	if !ok {
		return
	}
	sc, ok := t.f.Score(o)
	if !ok {
		return
	}
	t.Opt.Log.Info("hand scored", append([]any{"table", t.ID, "score", sc.Score, "results", sc.Results}, t.f.LogAttrs()...)...)
	if sc.Board && t.Opt.DailyScored != nil {
		t.Opt.DailyScored(DailyScore{Table: t.ID, Game: t.Cfg.Game, Date: sc.Date, Player: sc.Player, Name: t.sit.seats[0].name,
			Hand: sc.Hand, Score: sc.Score, Record: t.Ref.Record()})
	}
	if sc.Share {
		rec := t.Ref.Record() // never changed after: the referee only appends
		t.Finished.Store(&rec)
	}
}

// errNoSeed refuses a match the server could not draw a seed for; its
// Text is a key of the words, said in the player's language.
var errNoSeed = errors.New("fair.noseed")

// Move plays a seat's move.
func (t *Table) move(m *Member, seat int, mv any) {
	if t.Ref == nil {
		return
	}
	stg, _ := t.Ref.Stage()
	in, isIntent := mv.(seatmsg.Intent)
	ready := isIntent && (in.Kind == seatmsg.IntentReady || in.Kind == seatmsg.IntentAct && in.Action.Kind == classic.ActNextHand)
	if hand, redeal := t.Ref.Deal(); isIntent && (in.Hand != hand || in.Redeal != redeal) {
		// Made for a deal that is over (the key was pressed as the
		// table moved on): never played on this one. A late "ready"
		// goes quietly; a move is said to have gone nowhere.
		if !ready {
			t.refusals.add(m, "seat.stale")
		}
		return
	}
	if ready {
		if stg == stHandOver {
			t.sit.seats[seat].ready = true
		}
		return
	}
	turnOver, err := t.Ref.Apply(seat, mv)
	if err != nil {
		if key, ok := problem.ReasonKey(err); ok {
			t.refusals.add(m, key) // said in the seat's language
		} else {
			t.refusals.add(m, err.Error())
		}
		if !errors.Is(err, errPartlyPlayed) {
			return
		}
	}
	t.botFor[seat] = 0 // the player's own move
	t.applied(turnOver)
}

// applied moves the clock on after a move.
func (t *Table) applied(turnOver bool) {
	if turnOver {
		t.clock.deadline = time.Time{}
		t.clock.spend(t.Opt.Now, t.Cfg.Timer, t.Cfg.Bank)
	}
	t.bot.cancel()
	t.clock.nextBot = time.Time{}
	if st, _ := t.Ref.Stage(); st != stPlaying {
		t.clock.deadline = time.Time{}
		t.sit.unready()
		t.scored()
	}
	t.noteFinished()
	t.save()
}

// schedule decides what the table waits for next: a player's move
// (with the clock), a bot's move, or the players between hands. Bots
// play only while someone is at the table.
func (t *Table) schedule() {
	if t.Ref == nil || t.closing {
		return
	}
	t.noteAbsence()
	defer func() {
		// The clock's end is kept with the table (only when it moved:
		// a turn's start), so that a node taking it over knows it. The
		// table does not wait for it: a move that started the turn is
		// saved and waited for already (this snapshot, newer, carries
		// it), and a clock started by its player's coming back undoes
		// nothing if lost.
		if t.clock.unsaved() && !t.closing {
			t.saveUnwaited()
		}
	}()
	now := t.Opt.Now()
	stg, turn := t.Ref.Stage()
	switch stg {
	case stPlaying:
		if t.sit.present(turn) {
			// The player's own move (back in their bot's delay, say):
			// the bot's question, if any, is dropped.
			t.bot.drop(t)
			if t.Cfg.Timer > 0 && t.clock.deadline.IsZero() {
				t.clock.startTurn(now, turn, t.Cfg.Timer, t.Cfg.Bank)
			}
			return
		}
		if t.sit.awaits(turn, t.policy.Awaits && t.awaited[turn]) {
			t.bot.drop(t)
			return // until they come, or their seat is given up
		}
		if t.bot.asking < 0 && (t.sit.anyone() || t.policy.PlaysOut) && t.clock.nextBot.IsZero() {
			t.bot.turn(t, now, turn)
		}
	case stHandOver:
		if !t.sit.anyone() && !t.policy.PlaysOut {
			return
		}
		if t.sit.allReady() {
			t.deal()
			t.schedule() // the new hand's first move
			return
		}
		if t.Cfg.Timer > 0 && t.clock.deadline.IsZero() {
			t.clock.deadline = now.Add(max(t.Cfg.Timer, t.Opt.HandWait))
		}
	case stMatchOver:
		// A hand of the format that ends its match (a daily's or a
		// duplicate's hand of 101): the format moves on once every
		// player at the table has pressed n (ready), as between hands;
		// one away (their bot playing) is not waited for.
		if t.f.HandOver() && t.sit.anyone() && t.sit.allReady() {
			if err := t.next(); err != nil {
				t.Opt.Log.Error("the format's next hand", "table", t.ID, "err", err)
				return
			}
			t.schedule()
		}
	}
}

// deal deals the next hand.
func (t *Table) deal() {
	if t.f.HandOver() {
		// The format's hand is over: the next is a match of its own.
		if err := t.next(); err != nil {
			t.Opt.Log.Error("the format's next hand", "table", t.ID, "err", err)
		}
		return
	}
	if err := t.Ref.NextHand(); err != nil {
		t.Opt.Log.Error("deal", "table", t.ID, "err", err)
		return
	}
	t.applied(true)
}

// nextWake is how long the table may sleep.
func (t *Table) nextWake() time.Duration {
	now := t.Opt.Now()
	wake := now.Add(time.Minute) // kept seats are checked at least this often
	for _, at := range []time.Time{t.clock.deadline, t.clock.nextBot, t.absenceDue()} {
		if !at.IsZero() && at.Before(wake) {
			wake = at
		}
	}
	for i := range t.sit.seats {
		if k := t.sit.seats[i].keep; !k.IsZero() && k.Before(wake) {
			wake = k
		}
	}
	if c := t.policy.Closes; !c.IsZero() && c.Before(wake) {
		wake = c // the format closes (the daily's day)
	}
	if t.Ref == nil && t.Opt.RoomIdle > 0 {
		if at := t.roomSince.Add(t.Opt.RoomIdle); at.Before(wake) {
			wake = at
		}
	}
	return max(time.Millisecond, wake.Sub(now))
}

// onClock does what the clock says is due: a bot's move, a player out
// of time, the next hand, a kept seat given up.
func (t *Table) onClock() {
	now := t.Opt.Now()
	if c := t.policy.Closes; !c.IsZero() && !now.Before(c) {
		t.formatClosed()
		return
	}
	for i := range t.sit.seats {
		s := &t.sit.seats[i]
		if !s.keep.IsZero() && !now.Before(s.keep) && s.m == nil {
			t.Opt.Log.Info("seat given up", "table", t.ID, "seat", i, "name", s.name)
			if t.sit.hostID == s.owner {
				t.sit.hostID = ""
				t.sit.pickHost()
			}
			s.owner, s.name, s.keep, s.away = "", "", time.Time{}, false
			t.botFor[i] = 0
			t.save()
		}
	}
	if t.Ref == nil {
		if t.Opt.RoomIdle > 0 && !now.Before(t.roomSince.Add(t.Opt.RoomIdle)) {
			t.Opt.Log.Info("nobody started the match", "table", t.ID)
			t.sit.endAll(Msg{Closed: "room.expired"}) // its seats given up
		}
		return
	}
	stg, turn := t.Ref.Stage()
	switch {
	case stg == stPlaying && !t.clock.deadline.IsZero() && !now.Before(t.clock.deadline) && t.sit.present(turn):
		// Out of time: the seat's bot plays, until the player is back.
		t.sit.seats[turn].away = true
		t.clock.outOfTime(turn, t.Cfg.Bank)
		t.Opt.Log.Info("out of time", "table", t.ID, "seat", turn, "name", t.sit.seats[turn].name)
		t.neverHere(turn)
		t.bot.turn(t, now, turn)
	case stg == stPlaying && !t.clock.nextBot.IsZero() && !now.Before(t.clock.nextBot):
		// The bot's delay is over: its answer plays now if it came,
		// else as it comes.
		t.clock.nextBot = time.Time{}
		if h := t.bot.held; h != nil {
			t.bot.play(t, *h)
		}
	case stg == stHandOver && !t.clock.deadline.IsZero() && !now.Before(t.clock.deadline):
		t.clock.deadline = time.Time{}
		t.deal()
	}
}

// turn starts the bot's turn at seat: the bot is asked now and its
// move shows when the bot's delay ends, or when it answers if later.
// Asked only as the delay ended, a move would show the delay plus the
// bot's thinking, and how long a bot thinks depends on its rack: anyone
// watching the clock would learn of a hidden rack. Held to the delay's
// end, a move shows at the same time whatever the rack, unless the bot
// thinks longer than the delay (700 ms by default, well above a 101
// expert's usual time).
func (ak *asker) turn(t *Table, now time.Time, seat int) {
	t.clock.nextBot = now.Add(t.Opt.BotDelay)
	ak.askSeat(t, seat)
}

// drop drops the bot's question under way, its answer if held, and
// its delay.
func (ak *asker) drop(t *Table) {
	ak.cancel()
	t.clock.nextBot = time.Time{}
}

// askSeat puts its question to the seat's bot (searchSlot says which).
func (ak *asker) askSeat(t *Table, seat int) {
	ak.ask(seat, searchSlot(t.Ref, t.Cfg.Game, levelsOf(&t.Cfg, t.f)(seat), seat, t.seal.BotKey, t.Opt.Searches, cmp.Or(t.Opt.searchWait, searchWait)))
}

// searchWait is how long a 101 expert waits for a search slot before
// it plays hard's move: long enough that a node busy for a moment
// still seats experts that search (a decision takes tens of
// milliseconds), short against a bot's delay and timeout.
const searchWait = time.Second

// searchSlot is the question to the bot of level at seat: a 101
// expert's search holds one of slots while it runs, and with none free
// within wait the seat plays hard's move instead (the node is busy
// with others' searches: Options.Searches). Every other bot is asked
// as it is. The slot is taken as the question runs, in its goroutine,
// and given back however it ends.
func searchSlot(ref referee, gameName, level string, seat int, key uint64, slots chan struct{}, wait time.Duration) func(context.Context) (any, error) {
	if slots == nil || gameName != string(game.Okey101) || Level101(level) != decide101.Expert {
		return ref.AskBot(seat, level, key)
	}
	expert, hard := ref.AskBot(seat, level, key), ref.AskBot(seat, "hard", key)
	return func(ctx context.Context) (any, error) {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
			return expert(ctx)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-timer.C:
			mv, err := hard(ctx)
			return hardInstead{mv}, err
		}
	}
}

// hardInstead is an expert's answer that is hard's move, the node's
// search slots busy: the table plays the move and tells the log, and
// its players once a deal (Table.busy).
type hardInstead struct{ move any }

// answered takes a bot's answer: held to the end of the bot's delay
// (turn says why), else played.
func (ak *asker) answered(t *Table, a botAnswer) {
	if !ak.current(a) {
		return // stale: the table moved on
	}
	if !t.clock.nextBot.IsZero() && t.Opt.Now().Before(t.clock.nextBot) {
		ak.held = &a
		return
	}
	t.clock.nextBot = time.Time{}
	ak.play(t, a)
}

// play plays a bot's answer, or a plain move for a bot that failed.
func (ak *asker) play(t *Table, a botAnswer) {
	if !ak.take(a) {
		return
	}
	stg, turn := t.Ref.Stage()
	if stg != stPlaying || turn != a.seat || t.sit.present(a.seat) {
		return
	}
	if h, ok := a.move.(hardInstead); ok {
		a.move = h.move
		ak.hardInstead++
		level := slog.LevelDebug
		if ak.hardInstead == 1 {
			level = slog.LevelInfo // once a table: the node is short of search slots
		}
		t.Opt.Log.Log(context.Background(), level, "an expert played hard's move: no search slot free in time", "table", t.ID, "seat", a.seat, "times", ak.hardInstead)
		// The players are told too, once a deal: its first such move.
		if h, r := t.Ref.Deal(); ak.busy == nil || ak.busy.Hand != h || ak.busy.Redeal != r {
			ak.busy = &seatmsg.ServerBusy{Seat: a.seat, Hand: h, Redeal: r}
		}
	}
	if a.err == nil {
		turnOver, err := t.Ref.Apply(a.seat, a.move)
		if err == nil {
			ak.played(t, a.seat, a.move)
			t.applied(turnOver)
			return
		}
		a.err = err
	}
	t.Opt.Log.Warn("bot failed", "table", t.ID, "seat", a.seat, "err", a.err)
	mv, ok := t.Ref.PlainMove(a.seat)
	if !ok {
		return
	}
	if turnOver, err := t.Ref.Apply(a.seat, mv); err == nil {
		ak.played(t, a.seat, mv)
		t.applied(turnOver)
	}
}

// played notes a move seat's bot played: for a seat a player holds
// (away, or not at the table: their node gone), said at debug level
// with the move — whose move a seat's was, for a trace of a failover.
func (ak *asker) played(t *Table, seat int, mv any) {
	if s := &t.sit.seats[seat]; s.owner != "" {
		t.botFor[seat]++
		t.Opt.Log.Debug("a seat's bot played for its player", "table", t.ID, "seat", seat, "name", s.name, "move", fmt.Sprint(mv))
	}
}
