package i18n

import "fmt"

// Plural forms. A message that counts something has two entries in the
// catalogue, key[one] and key[other], named after CLDR's plural
// categories, and N picks one by the count:
//
//	cmd.n.hands[one]   = %d hand
//	cmd.n.hands[other] = %d hands
//
// The rule is a small one of ours rather than golang.org/x/text's
// feature/plural: both languages' CLDR cardinal rules for whole numbers
// are the same ("one" for 1, "other" for every other count; English
// "one: i = 1 and v = 0", Turkish "one: n = 1"), the counts said are
// whole numbers, and the rule is one line where x/text would bring its
// tables and its own message catalogue beside ours. Turkish keeps the
// noun singular after a number (3 el, not 3 eller), so its two forms are
// usually the same words; they are both written so that every key is in
// both languages (TestEveryMessageInTurkish) and a language added later
// with more categories shows where its words go.

// PluralCategory is CLDR's cardinal plural category of the whole number
// n in lang: "one" or "other" for the languages of the catalogue.
func PluralCategory(lang string, n int) string {
	switch lang {
	case "en", "tr":
		if n == 1 {
			return "one"
		}
	}
	return "other"
}

// N is the text of key's plural form for the count n (key[one] or
// key[other]), with args formatted in; the count is not added to args,
// so the text says it where its args put it. A key without plural
// forms shows as {{key}}, as T shows a missing key.
func (c *Catalog) N(key string, n int, args ...any) string {
	s, ok := c.m[key+"["+PluralCategory(c.Lang, n)+"]"]
	if !ok {
		if s, ok = c.m[key+"[other]"]; !ok {
			return "{{" + key + "}}"
		}
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}
