package playclassic

import (
	"regexp"
	"strings"
	"testing"

	"okey/bots/coach"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
)

// keyInHint finds a key of the table named in a classic hint: "(t)",
// "(g, …)", ": x)", "x on", "f on", "with f", "press f", "f'ye", "f
// ile", "esc".
var keyInHint = regexp.MustCompile(`\([a-z]\)|\([a-z],|: [a-z]\)|\b[xfg] (on|ile)\b|\bwith f\b|\bpress f\b|\bf'ye\b|\besc\b`)

// TestTouchHintsNameTaps: on a table standing up (Look.Touch) classic's
// hint names what the player taps ("tap its stack", "selected: tap the
// indicator") and no key; lying down it names the keys, in both
// languages: every hint said at the draw and at the discard (a draw, a
// take and what follows it, the hand ended at the empty wall, the
// indicator shown, a finish, a hold for an okey finish, a discard, a
// discard the next player's play reads), and every hint's words in the
// catalogue that have a touch form.
func TestTouchHintsNameTaps(t *testing.T) {
	const (
		held  = "R1 R2 R3 R7 R13 Y8 Y9 Y11 Y13 K8 K9 K10 K11 K13"  // wins, with the okey R7
		plain = "R1 R2 R3 Y10 R13 Y8 Y9 Y11 Y13 K8 K9 K10 K11 K13" // wins, no okey
		far   = "R1 R2 B5 Y10 R13 Y8 B9 Y11 Y13 K8 K9 K10 K11 K4"  // wins nothing
	)
	x := func(s string) tile.Tile {
		y, err := tile.ParseTile(s)
		if err != nil {
			t.Fatal(err)
		}
		return y
	}
	close := &coach.Decision{Label: coach.Best, Certainty: coach.TooClose}
	took := &coach.Decision{Read: &coach.TableRead{Seat: 1, Tile: "R7", Wants: true, Seen: "R5 R6", Belief: 0.56, Chance: 0.31}}
	take := func(then classic.Action) *coach.TurnPlan {
		return &coach.TurnPlan{Steps: []classic.Action{classic.TakeAction(0), then}}
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, c := range []struct {
			name  string
			rack  string
			stage classic.Stage
			top   string // the previous player's discard ("": none)
			msg   HintMsg
			key   string // the catalogue's words said
		}{
			{"draw", far, classic.MustDraw, "", HintMsg{Act: classic.DrawAction(0)}, "status.hint.draw"},
			{"draw, then hold", held, classic.MustDraw, "", HintMsg{Act: classic.DrawAction(0), Plan: &coach.TurnPlan{Steps: []classic.Action{classic.DrawAction(0)}, After: coach.DrawHold}}, "status.hint.draw.hold"},
			{"draw, then finish", held, classic.MustDraw, "", HintMsg{Act: classic.DrawAction(0), Plan: &coach.TurnPlan{Steps: []classic.Action{classic.DrawAction(0)}, After: coach.DrawFinish}}, "status.hint.draw.finish"},
			{"take", far, classic.MustDraw, "B4", HintMsg{Act: classic.TakeAction(0)}, "status.hint.take"},
			{"take, then discard", far, classic.MustDraw, "B4", HintMsg{Act: classic.TakeAction(0), Plan: take(classic.DiscardAction(0, x("K4")))}, "status.hint.take.then"},
			{"take, then finish", held, classic.MustDraw, "B4", HintMsg{Act: classic.TakeAction(0), Plan: take(classic.FinishAction(0, x("B4")))}, "status.hint.take.finish"},
			{"take, then hold", held, classic.MustDraw, "B4", HintMsg{Act: classic.TakeAction(0), Plan: take(classic.DiscardAction(0, x("B4")))}, "status.hint.take.hold"},
			{"take: it wins", held, classic.MustDraw, "B4", HintMsg{Act: classic.TakeAction(0)}, "status.hint.take.wins"},
			{"end the hand", far, classic.MustDraw, "", HintMsg{Act: classic.EndHandAction(0)}, "status.hint.end"},
			{"show", far, classic.MustDraw, "", HintMsg{Act: classic.ShowAction(0)}, "status.hint.show"},
			{"finish", plain, classic.MustDiscard, "", HintMsg{Act: classic.FinishAction(0, x("Y6"))}, "status.hint.wins"},
			{"finish, not hold", held, classic.MustDiscard, "", HintMsg{Act: classic.FinishAction(0, x("Y6"))}, "status.hint.winnow"},
			{"finish, as good as holding", held, classic.MustDiscard, "", HintMsg{Act: classic.FinishAction(0, x("Y6")), Dec: close}, "status.hint.winnow.close"},
			{"hold", held, classic.MustDiscard, "", HintMsg{Act: classic.DiscardAction(0, x("Y6"))}, "status.hint.hold"},
			{"hold, as good as finishing", held, classic.MustDiscard, "", HintMsg{Act: classic.DiscardAction(0, x("Y6")), Dec: close}, "status.hint.hold.close"},
			{"discard", far, classic.MustDiscard, "", HintMsg{Act: classic.DiscardAction(0, x("K4"))}, "status.hint.discard"},
			{"discard, read", far, classic.MustDiscard, "", HintMsg{Act: classic.DiscardAction(0, x("K4")), Dec: took}, "status.hint.read.took"},
		} {
			for _, touch := range []bool{false, true} {
				tb := rackTable(t, lang, c.stage, c.rack)
				tb.look.Touch = touch
				v := &tb.View
				if c.stage == classic.MustDiscard && c.rack != held {
					v.Legal.Finish = c.msg.Act.Kind == classic.ActFinish
				}
				if c.top != "" {
					v.Previous = 3
					v.Discards[3] = []tile.Tile{x(c.top)}
					v.Legal.Take = true
				}
				tb.tellHint(c.msg)
				got := tb.said.Take().Text
				want := c.key
				if touch {
					want += ".tap"
				}
				if !saidBy(tr, want).MatchString(got) {
					t.Errorf("%s, %s, touch %v: %q is not %s", lang, c.name, touch, got, want)
				}
				switch k := keyInHint.FindString(got); {
				case touch && k != "":
					t.Errorf("%s, %s: standing up %q names a key (%q)", lang, c.name, got, k)
				case !touch && k == "":
					t.Errorf("%s, %s: lying down %q names no key", lang, c.name, got)
				}
			}
		}
		// Every hint's words with a touch form: the keys lying down,
		// the taps standing up.
		n := 0
		for _, key := range tr.Keys() {
			if !strings.HasPrefix(key, "status.hint.") || strings.HasSuffix(key, ".tap") || !tr.Has(key+".tap") {
				continue
			}
			n++
			if keys := tr.T(key); !keyInHint.MatchString(keys) {
				t.Errorf("%s: %s %q names no key", lang, key, keys)
			}
			taps := tr.T(key + ".tap")
			if k := keyInHint.FindString(taps); k != "" {
				t.Errorf("%s: %s.tap %q names a key (%q)", lang, key, taps, k)
			}
		}
		if n < 25 {
			t.Errorf("%s: %d hints have a touch form; want every one that names a key", lang, n)
		}
	}
}

// saidBy matches what message key says, whatever its arguments.
func saidBy(tr *i18n.Catalog, key string) *regexp.Regexp {
	parts := missing.Split(tr.T(key), -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// missing is a message's argument: its verb ("%s", "%[2]s"), or fmt's
// word for it missing ("%!s(MISSING)").
var missing = regexp.MustCompile(`%(\[\d\])?[sd]|%!.\(MISSING\)`)
