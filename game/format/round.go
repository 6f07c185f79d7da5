package format

import "okey/game/fair"

// RoundPlan is a tournament's duplicate round as each of its tables is
// given it: the round's secret (seed, salt, bots' key), drawn once for
// the round, so that every table of the round plays the same deals with
// the same bots. The tournament keeps it, shows its commitment before
// the round and its secret after.
type RoundPlan struct {
	Seed   uint64 `json:"seed"`
	Salt   []byte `json:"salt"`
	BotKey uint64 `json:"bot_key"`
}

// RoundPlanOf is the plan of a round whose seal was drawn (SealFrom).
func RoundPlanOf(s Seal) RoundPlan { return RoundPlan{Seed: s.Seed, Salt: s.Salt, BotKey: s.BotKey} }

// Seal is the round's seal: its secret and the commitment to it.
func (p RoundPlan) Seal() Seal {
	return Seal{Seed: p.Seed, Salt: p.Salt, BotKey: p.BotKey, Commit: fair.Commit(p.Seed, p.Salt)}
}

// Round is the format of one table of a tournament's duplicate round:
// one match, dealt from the round's seal rather than a fresh one. The
// table never shows the secret, nor gives the record out, nor lets
// anyone watch: other tables of the round may still be playing the same
// deals. The match is rated as any match is.
type Round struct {
	seal Seal
}

// NewRound is the format of a table of the round plan p.
func NewRound(p RoundPlan) *Round { return &Round{seal: p.Seal()} }

// Kind is KindRound.
func (*Round) Kind() Kind { return KindRound }

// Policy: nobody watches, the match is rated (as the match of this
// table: every table of the round shares the seal), its record is the
// tournament's to give once the round is over.
func (*Round) Policy() Policy { return Policy{Rated: true, SharedSeal: true} }

// Hands is 0: one match of the game's own hands.
func (*Round) Hands() int { return 0 }

// Index is 0: the format has no hands of its own.
func (*Round) Index() int { return 0 }

// NeedsSeal is false: the round's seal deals.
func (*Round) NeedsSeal() bool { return false }

// Deal is the match dealt from the round's seal.
func (r *Round) Deal(Seal) Hand { return Hand{Seal: r.seal, Meta: r.seal.Meta()} }

// Player is the seat: nobody moves.
func (*Round) Player(seat int) int { return seat }

// Arranged is 0: nobody moves.
func (*Round) Arranged() int { return 0 }

// Score scores nothing: the tournament scores the round's tables
// against each other.
func (*Round) Score(Outcome) (Scored, bool) { return Scored{}, false }

// HandOver is false: the game plays its own hands.
func (*Round) HandOver() bool { return false }

// Next is the end: one match a table.
func (*Round) Next() (turn int, more, ok bool) { return 0, false, true }

// Show is the commitment only, even once the match is over: the other
// tables of the round may still be dealing the same seed.
func (*Round) Show(s Seal, _ bool) Shown { return s.Reveal(false) }

// Standing is empty: the tournament's pages say where the round stands.
func (*Round) Standing() Standing { return Standing{} }

// Lobby is the match's own hand and end.
func (*Round) Lobby(matchHand int, matchOver bool) (int, bool) { return matchHand, matchOver }

// Restore plays on under the round's seal, whatever the record
// carries: the plan is the table's entry's, sealed in the store.
func (r *Round) Restore(uint64, map[string]string, Seal) (Seal, error) { return r.seal, nil }

// LogAttrs name the round's commitment.
func (r *Round) LogAttrs() []any { return []any{"round", r.seal.Commit.Short()} }
