package game

// This file holds placeholders so the rest of the package compiles while
// hand analysis is being written. It is replaced by the real analyser.

// Hand is a rack in the compact form hand analysis works on.
type Hand struct{ c Counts }

// NewHand checks tiles against the deal and returns them as a Hand.
func (a *Analyzer) NewHand(tiles []Tile) (Hand, error) { return Hand{CountsOf(tiles)}, nil }

// HandOf is NewHand for tiles already counted.
func (a *Analyzer) HandOf(c Counts) (Hand, error) { return Hand{c}, nil }

// Len is the number of tiles in the hand.
func (h Hand) Len() int { return h.c.Total() }

// Win reports whether a 14-tile hand wins, with its grouping.
func (a *Analyzer) Win(h Hand) (Win, bool) { return Win{}, false }

// IsWin is Win without the grouping.
func (a *Analyzer) IsWin(h Hand) bool { return false }

// Distance is the least number of exchanges that make a 14-tile hand win.
func (a *Analyzer) Distance(h Hand) int { return 14 }

// BestDiscard analyses a 15-tile hand.
func (a *Analyzer) BestDiscard(h Hand) Discard { return Discard{} }

// Outs lists the faces whose draw lowers the distance of a 14-tile hand.
func (a *Analyzer) Outs(h Hand) TileSet { return 0 }

// Arrange lays out a rack for seri diz or çift diz.
func (a *Analyzer) Arrange(tiles []Tile, mode ArrangeMode) Arrangement { return Arrangement{} }

// Tiles lists the hand's tiles.
func (h Hand) Tiles() []Tile { return h.c.Tiles() }

// Add puts a tile in the hand.
func (h *Hand) Add(t Tile) { h.c[t]++ }

// Remove takes a tile out of the hand.
func (h *Hand) Remove(t Tile) bool {
	if !t.Valid() || h.c[t] == 0 {
		return false
	}
	h.c[t]--
	return true
}

// DiscardDistances gives the distance after discarding each face.
func (a *Analyzer) DiscardDistances(h Hand) [NumFaces]int8 { return [NumFaces]int8{} }
