package format

import "strconv"

// Match is the ordinary format: a match of the game's own hands, and
// after it another at the host's word. Every match is dealt from a seal
// drawn afresh, whose secret is shown once the match is over; nothing is
// scored beyond the game's own scores, and a finished match is rated.
type Match struct {
	rules string
}

// NewMatch is the ordinary format of a table whose game's rules are
// rules (said in its log lines).
func NewMatch(rules string) *Match { return &Match{rules: rules} }

// Kind is KindMatch.
func (*Match) Kind() Kind { return KindMatch }

// Policy: anyone sits and watches, a finished match is rated and its
// record given out.
func (*Match) Policy() Policy { return Policy{Watch: true, Rated: true, RecordAtEnd: true} }

// Hands is 0: match after match, as long as the players stay.
func (*Match) Hands() int { return 0 }

// Index is 0: the format has no hands of its own.
func (*Match) Index() int { return 0 }

// NeedsSeal: every match is dealt from a seal drawn afresh.
func (*Match) NeedsSeal() bool { return true }

// Deal is the match dealt from fresh, the record's meta its commitment.
func (*Match) Deal(fresh Seal) Hand { return Hand{Seal: fresh, Meta: fresh.Meta()} }

// Player is the seat: nobody moves.
func (*Match) Player(seat int) int { return seat }

// Arranged is 0: nobody moves.
func (*Match) Arranged() int { return 0 }

// Score scores nothing: a match's scores are the game's.
func (*Match) Score(Outcome) (Scored, bool) { return Scored{}, false }

// HandOver is false: the game deals its own next hand.
func (*Match) HandOver() bool { return false }

// Next is a new match, without end.
func (*Match) Next() (turn int, more, ok bool) { return 0, true, true }

// Show is the commitment, and the secret once the match is over.
func (*Match) Show(s Seal, matchOver bool) Shown { return s.Reveal(matchOver) }

// Standing is empty: nothing stands beyond the game's scores.
func (*Match) Standing() Standing { return Standing{} }

// Lobby is the match's own hand and end.
func (*Match) Lobby(matchHand int, matchOver bool) (int, bool) { return matchHand, matchOver }

// Restore plays on under the record's seal.
func (*Match) Restore(_ uint64, _ map[string]string, saved Seal) (Seal, error) { return saved, nil }

// LogAttrs name the rules.
func (m *Match) LogAttrs() []any { return []any{"rules", m.rules} }

// formatSeed is a seed as it is shown: in decimal.
func formatSeed(seed uint64) string { return strconv.FormatUint(seed, 10) }
