package i18n

import (
	"strings"
	"unicode"
)

// Turkish case endings on names, tiles and numbers. A Turkish sentence
// puts the case on the word itself — "Zeynep'in attığı K2'yi al", not
// "Zeynep oyuncusunun attığı K2 taşını al" — and the ending follows the
// word's sound: its last vowel (vowel harmony), whether it ends in a
// vowel (a buffer letter: Ayşe'yi, Ayşe'nin) or in a voiceless consonant
// (d becomes t: Mehmet'te, Mehmet'ten). A proper name, a tile and a
// number take the ending after an apostrophe and are not themselves
// changed (Zeynep'i, never Zeynebi). A tile or a number is read aloud:
// K13 is "ka on üç", so K13'ü; 101 is "yüz bir", so 101'i.

// Case is a Turkish case ending.
type Case uint8

// The cases a message needs.
const (
	// Nominative: no ending — "Zeynep", "kırmızı 7". A message that
	// names a tile without a case asks for it.
	Nominative Case = iota
	// Accusative: -(y)ı/i/u/ü — "Zeynep'i", "K2'yi", "R10'u".
	Accusative
	// Dative: -(y)a/e — "Ayşe'ye", "Emre'ye", "K13'e".
	Dative
	// Locative: -da/de/ta/te — "Zeynep'te", "Ayşe'de".
	Locative
	// Ablative: -dan/den/tan/ten — "Mehmet'ten", "Emre'den".
	Ablative
	// Genitive: -(n)ın/in/un/ün — "Zeynep'in", "Ayşe'nin".
	Genitive
	// Instrumental: -(y)la/le — "Zeynep'le", "Ayşe'yle".
	Instrumental
)

// Suffixed is word with the Turkish case ending c, after an apostrophe:
// word is a proper name, a tile (R7, K13, J) or a number, read as a
// Turkish speaker reads it aloud.
func Suffixed(word string, c Case) string {
	if c == Nominative {
		return word
	}
	return word + "'" + Ending(word, c)
}

// Ending is the case ending c of word as read aloud (without the
// apostrophe): "in" for Zeynep's genitive, "nin" for Ayşe's.
func Ending(word string, c Case) string {
	last, vowel, voiceless := sound(word)
	back := strings.ContainsRune("aıou", last)
	round := strings.ContainsRune("oöuü", last)
	two := "e" // e/a
	if back {
		two = "a"
	}
	four := "i" // ı/i/u/ü
	switch {
	case back && round:
		four = "u"
	case back:
		four = "ı"
	case round:
		four = "ü"
	}
	d := "d"
	if voiceless {
		d = "t"
	}
	buf := func(b string) string {
		if vowel {
			return b
		}
		return ""
	}
	switch c {
	case Accusative:
		return buf("y") + four
	case Dative:
		return buf("y") + two
	case Locative:
		return d + two
	case Ablative:
		return d + two + "n"
	case Genitive:
		return buf("n") + four + "n"
	case Instrumental:
		return buf("y") + "l" + two
	}
	return ""
}

// sound is how word ends when read aloud in Turkish: its last vowel
// (which sets the harmony), whether its last sound is a vowel, and
// whether it ends in a voiceless consonant. A word with no vowel at all
// (an abbreviation) is read by its letters' names.
func sound(word string) (last rune, endsInVowel, voiceless bool) {
	spoken := readAloud(word)
	last = 'e' // a word with nothing to go by: the front, unrounded ending
	for _, r := range spoken {
		if strings.ContainsRune("aeıioöuü", r) {
			last = r
		}
	}
	rs := []rune(spoken)
	if len(rs) == 0 {
		return last, false, false
	}
	end := rs[len(rs)-1]
	return last, strings.ContainsRune("aeıioöuü", end), strings.ContainsRune("fstkçşhp", end)
}

// readAloud turns word into the Turkish sounds it is read as, in lower
// case: a trailing number becomes its last spoken word (K13 → "on üç"'s
// "üç"), a word without vowels its letters' names (J → "je"), and a
// foreign letter its nearest Turkish one.
func readAloud(word string) string {
	word = strings.TrimSpace(word)
	// Digits at the end are read as a number: the number decides.
	i := len(word)
	for i > 0 && word[i-1] >= '0' && word[i-1] <= '9' {
		i--
	}
	if i < len(word) {
		n := 0
		for _, c := range word[i:] {
			n = n*10 + int(c-'0')
			if n > 1_000_000_000 {
				n = 1_000_000_000
			}
		}
		return numberWord(n)
	}
	var b strings.Builder
	for _, r := range word {
		switch r {
		case 'I':
			r = 'ı'
		case 'İ':
			r = 'i'
		default:
			r = unicode.ToLower(r)
		}
		switch r {
		case 'â':
			r = 'a'
		case 'î':
			r = 'i'
		case 'û':
			r = 'u'
		case 'é', 'è', 'ê', 'ë':
			r = 'e'
		case 'á', 'à', 'ä':
			r = 'a'
		case 'ó', 'ò':
			r = 'o'
		case 'ú', 'ù':
			r = 'u'
		case 'w':
			r = 'v'
		case 'q':
			r = 'k'
		case 'x':
			r = 's' // "iks": ends in s
		case 'y':
			// A final y after a consonant is read as a vowel (Henry,
			// Jenny); elsewhere it is the Turkish consonant.
		}
		if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	s := b.String()
	if strings.HasSuffix(s, "y") && len([]rune(s)) > 1 && !strings.ContainsRune("aeıioöuü", []rune(s)[len([]rune(s))-2]) {
		s = strings.TrimSuffix(s, "y") + "i"
	}
	if s != "" && !strings.ContainsAny(s, "aeıioöuü") {
		// No vowel: read letter by letter (an abbreviation).
		var names strings.Builder
		for _, r := range s {
			names.WriteString(letterName(r))
		}
		return names.String()
	}
	return s
}

// letterName is how a letter is read alone in Turkish.
func letterName(r rune) string {
	switch r {
	case 'h':
		return "he"
	case 'k':
		return "ka"
	case 'ğ':
		return "yumuşakge"
	}
	if strings.ContainsRune("aeıioöuü", r) {
		return string(r)
	}
	return string(r) + "e"
}

// numberWord is the last word of n read aloud in Turkish: 13 "üç", 40
// "kırk", 100 "yüz", 101 "bir", 2000 "bin".
func numberWord(n int) string {
	ones := [...]string{"sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"}
	tens := [...]string{"", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"}
	switch {
	case n == 0:
		return ones[0]
	case n%10 != 0:
		return ones[n%10]
	case n%100 != 0:
		return tens[n/10%10]
	case n%1000 != 0:
		return "yüz"
	case n%1_000_000 != 0:
		return "bin"
	case n%1_000_000_000 != 0:
		return "milyon"
	}
	return "milyar"
}
