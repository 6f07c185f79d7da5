package theme

import (
	"math"
	"strconv"
	"testing"
)

// Colour vision deficiency: the matrices of Machado, Oliveira and
// Fernandes (2009) at full severity, applied in linear RGB.
var visions = []struct {
	name string
	m    [3][3]float64
}{
	{"normal", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// linear is a #RRGGBB colour in linear RGB.
func linear(t *testing.T, hex string) [3]float64 {
	t.Helper()
	if len(hex) != 7 || hex[0] != '#' {
		t.Fatalf("colour %q: want #RRGGBB", hex)
	}
	var c [3]float64
	for i := range 3 {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			t.Fatalf("colour %q: %v", hex, err)
		}
		s := float64(v) / 255
		if s <= 0.04045 {
			c[i] = s / 12.92
		} else {
			c[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return c
}

// lab is CIELAB (D65) of a linear RGB colour seen through m.
func lab(c [3]float64, m [3][3]float64) [3]float64 {
	var s [3]float64
	for i := range 3 {
		s[i] = max(0, min(1, m[i][0]*c[0]+m[i][1]*c[1]+m[i][2]*c[2]))
	}
	x := (0.4124*s[0] + 0.3576*s[1] + 0.1805*s[2]) / 0.95047
	y := 0.2126*s[0] + 0.7152*s[1] + 0.0722*s[2]
	z := (0.0193*s[0] + 0.1192*s[1] + 0.9505*s[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// The colour-blind theme's four tile colours stay apart for the common
// kinds of colour blindness, on both backgrounds, and stand out from the
// tile's face (its red and yellow were once nearly one colour to a
// deuteranope, ΔE 2). The default theme is not held to it.
func TestColourBlindTilesStayApart(t *testing.T) {
	const apart, fromFace = 30, 35 // CIELAB ΔE (1976)
	p, err := Load("colourblind")
	if err != nil {
		t.Fatal(err)
	}
	colours := []string{"tile.red", "tile.yellow", "tile.blue", "tile.black"}
	for side, bg := range []string{"light", "dark"} {
		face := linear(t, p["tile.face"][side])
		for _, v := range visions {
			for i, a := range colours {
				la := lab(linear(t, p[a][side]), v.m)
				if d := deltaE(la, lab(face, v.m)); d < fromFace {
					t.Errorf("%s, %s background: %s is ΔE %.0f from the tile's face", v.name, bg, a, d)
				}
				for _, b := range colours[i+1:] {
					if d := deltaE(la, lab(linear(t, p[b][side]), v.m)); d < apart {
						t.Errorf("%s, %s background: %s and %s are ΔE %.0f apart", v.name, bg, a, b, d)
					}
				}
			}
		}
	}
}
