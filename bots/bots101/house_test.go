package bots101

import (
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestHouseRulesPlay plays whole matches under every house rule at once
// and one at a time: every action is legal, and a discard that costs 101
// (an okey, an işler taş, a take-back tile under islek_back) is made
// only when every other tile would cost as much; under okey_once an okey
// is still never thrown while a free tile is left.
func TestHouseRulesPlay(t *testing.T) {
	hands := 6
	if testing.Short() {
		hands = 2
	}
	for _, rs := range []string{"feed,okey_once,islek_back,okey_pair", "feed", "okey_once", "islek_back"} {
		t.Run(rs, func(t *testing.T) {
			r, err := okey101.ParseRules(rs)
			if err != nil {
				t.Fatal(err)
			}
			discards := 0
			for i, mix := range [][okey101.NumSeats]string{{"hard", "normal", "easy", "hard"}, {"normal", "hard", "normal", "easy"}} {
				tb := newTable(t, r, uint64(300+i), mix)
				for done := 0; done < hands && tb.s.Phase() != game.MatchOver; {
					if tb.s.Phase() == game.HandOver {
						tb.step(t)
						done++
						continue
					}
					seat := tb.s.Turn()
					v := tb.s.View(seat)
					a := tb.step(t)
					if a.Kind != okey101.ActDiscard || v.Counts.Total() == 1 {
						continue
					}
					discards++
					if tb.bots[seat].Level() == "easy" {
						continue // easy avoids them too, but at random
					}
					if costly(&v, a.Tile) {
						for _, x := range v.Rack {
							if !costly(&v, x) {
								t.Fatalf("seed %d hand %d: %s bot threw %v at a cost while %v was free (rack %v)",
									tb.s.Seed(), tb.s.HandNumber(), tb.bots[seat].Level(), a.Tile, x, tile.FormatTiles(v.Rack))
							}
						}
					}
				}
			}
			if discards == 0 {
				t.Fatal("no discards played")
			}
		})
	}
}

// costly: the discard costs 101 now, or it is an okey (which a bot
// keeps even when okey_once has made it free).
func costly(v *okey101.View, t tile.Tile) bool {
	return v.DiscardPenalty(t) != 0 || v.Analyzer.IsOkey(t)
}

// TestFeedRisk: the guess at feeding the next player's opening is zero
// without the option and once that player has opened, grows with the
// tile's value, and falls for a face that player threw.
func TestFeedRisk(t *testing.T) {
	an, err := meld.New(mustTile(t, "K4"))
	if err != nil {
		t.Fatal(err)
	}
	r := okey101.DefaultRules()
	r.Feed = true
	v := okey101.View{Seat: 0, Rules: r, Analyzer: an}
	low, high := mustTile(t, "R2"), mustTile(t, "R12")
	if !(feedRisk(&v, high) > feedRisk(&v, low) && feedRisk(&v, low) > 0) {
		t.Fatalf("R12 %v, R2 %v: a higher tile helps an opening more", feedRisk(&v, high), feedRisk(&v, low))
	}
	if feedRisk(&v, an.Okey()) != 0 {
		t.Fatal("an okey's cost is its own penalty")
	}
	before := feedRisk(&v, high)
	v.History = []okey101.Event{{Kind: okey101.EvDiscard, Seat: 1, Tile: high, From: -1, Meld: -1}}
	if feedRisk(&v, high) >= before/2 {
		t.Fatal("a face the next player threw is little risk")
	}
	v.History[0].Seat = 2
	if feedRisk(&v, high) != before {
		t.Fatal("only the next player's discards tell")
	}
	v.Opened[1] = okey101.Opening{Status: meld.OpenedMelds, Value: 101, Turn: 3}
	if feedRisk(&v, high) != 0 {
		t.Fatal("a player who has opened cannot be fed")
	}
	v.Opened[1] = okey101.Opening{}
	v.Rules.Feed = false
	if feedRisk(&v, high) != 0 {
		t.Fatal("without the option there is nothing to risk")
	}
}

func mustTile(t *testing.T, s string) tile.Tile {
	t.Helper()
	x, err := tile.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
