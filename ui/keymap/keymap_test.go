package keymap

import (
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
)

// bindings maps every key of a group (a struct of bindings) to the names
// of the fields it is bound in. The help-bar bindings that stand for
// several (Move, Sort, Group) are left out: their keys are matched one
// by one through the fields they sum up.
func bindings(group any) map[string][]string {
	out := map[string][]string{}
	v := reflect.ValueOf(group)
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		b, ok := v.Field(i).Interface().(key.Binding)
		if !ok || name == "Move" || name == "Sort" || name == "Group" {
			continue
		}
		for _, k := range b.Keys() {
			out[k] = append(out[k], name)
		}
	}
	return out
}

// A key at either table means one thing, and the same thing at both
// tables wherever both games have it.
func TestAKeyMeansOneThing(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		k := New(i18n.MustLoad(lang), true)
		classic, t101 := bindings(k.Table), bindings(k.Table101)
		for name, group := range map[string]map[string][]string{"classic": classic, "101": t101} {
			for key, fields := range group {
				if len(fields) > 1 {
					t.Errorf("%s: at the %s table %q is bound to %v", lang, name, key, fields)
				}
			}
		}
		for key, c := range classic {
			u, both := t101[key]
			if !both || c[0] == u[0] {
				continue
			}
			t.Errorf("%s: %q is %s at the classic table but %s at the 101 table", lang, key, c[0], u[0])
		}
	}
}

func TestOtherGameFindsTheKey(t *testing.T) {
	k := New(i18n.MustLoad("en"), true)
	b, ok := OtherGame(keyPress("e"), k.Table101.FullHelp())
	if !ok || b.Help().Desc != "lay off" {
		t.Fatalf("e at the classic table: %q %v", b.Help().Desc, ok)
	}
	if _, ok := OtherGame(keyPress("w"), k.Table101.FullHelp()); ok {
		t.Fatal("w means something at the 101 table")
	}
}

func keyPress(s string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: rune(s[0]), Text: s} }

// The key that switches the game of a new match (resuming, the final
// table) is no key of either table (not g, the classic table's
// indicator and the 101 table's give back). Nor is the key of the
// review (w): a key pressed at the table as a bot ends the hand must
// not start one.
func TestSwitchGameIsNoTableKey(t *testing.T) {
	k := New(i18n.MustLoad("en"), true)
	tables := []map[string][]string{bindings(k.Table), bindings(k.Table101)}
	for _, b := range []key.Binding{k.Resume.Game, k.MatchOver.Game, k.HandOver.Review, k.MatchOver.Review} {
		for _, name := range b.Keys() {
			for _, tb := range tables {
				if fields, ok := tb[name]; ok {
					t.Errorf("switching the game is %q, which a table binds to %v", name, fields)
				}
			}
		}
	}
}

// TestForSeat asserts what a seat's key map keeps: a player keeps the
// rack's keys but not the settings or undo, and q says leave; a
// spectator keeps only the keys that look and leave, at both tables.
func TestForSeat(t *testing.T) {
	for _, watching := range []bool{false, true} {
		k := New(i18n.MustLoad("en"), true)
		k.ForSeat("leave", "ready", watching)
		for name, b := range map[string]key.Binding{"settings": k.Table.Settings, "undo": k.Table.Undo, "101 stats": k.Table101.Stats, "review": k.MatchOver.Review} {
			if b.Enabled() {
				t.Errorf("watching %v: %s still on", watching, name)
			}
		}
		for name, b := range map[string]key.Binding{"help": k.Table.Help, "101 help": k.Table101.Help, "scores": k.Table.Scores, "quit": k.Table101.Quit} {
			if !b.Enabled() {
				t.Errorf("watching %v: %s switched off", watching, name)
			}
		}
		if k.Table.Quit.Help().Desc != "leave" || k.HandOver.Next.Help().Desc != "ready" {
			t.Errorf("watching %v: q says %q, the next hand %q", watching, k.Table.Quit.Help().Desc, k.HandOver.Next.Help().Desc)
		}
		for name, b := range map[string]key.Binding{"draw": k.Table.Draw, "101 lay": k.Table101.Lay, "101 cursor": k.Table101.Left, "next hand": k.HandOver.Next} {
			if b.Enabled() == watching {
				t.Errorf("watching %v: %s enabled %v", watching, name, b.Enabled())
			}
		}
	}
}
