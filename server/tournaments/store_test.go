package tournaments

import (
	"encoding/json"
	"errors"
	"testing"

	"okey/game/tourney"
)

// A page is taken only as what its name says: a page of the store put
// under another page's name, or what is not a page, is refused.
func TestAPageIsWhatItsNameSays(t *testing.T) {
	page := []tourney.Match{{Table: 7, Players: [4]string{"a", "b", "c", "d"}, Places: [4]int{1, 2, 3, 4}}}
	b, err := json.Marshal(page)
	if err != nil {
		t.Fatal(err)
	}
	other := []tourney.Match{{Table: 7, Players: [4]string{"a", "b", "c", "d"}, Places: [4]int{4, 3, 2, 1}}}
	ob, err := json.Marshal(other)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := readPage(pageSum(b), b); err != nil || len(got) != 1 || got[0] != page[0] {
		t.Errorf("a page read as %v, %v", got, err)
	}
	for _, c := range []struct {
		name string
		sum  string
		b    []byte
	}{
		{"another page under its name", pageSum(b), ob},
		{"no page at all", pageSum([]byte("{}")), []byte("{}")},
		{"an empty page", pageSum([]byte("[]")), []byte("[]")},
	} {
		if _, err := readPage(c.sum, c.b); !errors.Is(err, errPage) {
			t.Errorf("%s: %v, want errPage", c.name, err)
		}
	}
}
