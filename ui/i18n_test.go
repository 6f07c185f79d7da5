package ui

import (
	"slices"
	"testing"

	"okey/ui/i18n"
)

func catalogKeys(t *testing.T, lang string) []string {
	t.Helper()
	c, err := i18n.Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	return c.Keys()
}

func minus(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}
