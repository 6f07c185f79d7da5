// Package i18n holds the game's words in English and Turkish, read from
// the embedded catalogs in assets/i18n ("key = text" lines; the text may
// hold fmt verbs, and \n for a line break).
//
// The files:
//
//	tiles.go   tiles, runs and melds in words, with the case a sentence needs
//	suffix.go  Turkish case endings after a word as it is read aloud (Ali'nin, 7'yi)
//	plural.go  a message's plural form picked by its number (key[one], key[other])
//	i18n.go    the catalogs read and a language's words looked up (Catalog.T)
//
// It imports the embedded assets and game/tile only.
package i18n
