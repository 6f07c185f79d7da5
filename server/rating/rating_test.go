package rating

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// tolerance is how far a Go number may be from the reference's. Both
// compute in float64 with the same operations in the same order, and
// JSON carries a float64 exactly (shortest round-trip form), so the
// only differences are math.Exp and math.Sqrt against V8's, a few
// units in the last place: 1e-12 holds with room (mu is about 25).
const tolerance = 1e-12

// vectors is testdata/vectors.json, as make_vectors.mjs writes it.
type vectors struct {
	Reference string `json:"reference"`
	Cases     []struct {
		Name       string      `json:"name"`
		Teams      [][]Rating  `json:"teams"`
		Rank       []int       `json:"rank"`
		LimitSigma bool        `json:"limit_sigma"`
		Out        [][]Rating  `json:"out"`
		Ordinal    [][]float64 `json:"ordinal"`
	} `json:"cases"`
}

// TestReferenceVectors checks the update against openskill 5.0.1's own
// numbers (testdata/make_vectors.mjs).
func TestReferenceVectors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("vectors.json: %v", err)
	}
	if len(v.Cases) < 30 {
		t.Fatalf("vectors.json has %d cases; the script writes 41", len(v.Cases))
	}
	worst := 0.0
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			got, err := RateTeams(c.Teams, c.Rank, Options{LimitSigma: c.LimitSigma})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.Out) {
				t.Fatalf("%d teams out, want %d", len(got), len(c.Out))
			}
			for i := range c.Out {
				for j, want := range c.Out[i] {
					g := got[i][j]
					for _, d := range []struct {
						what      string
						got, want float64
					}{
						{"mu", g.Mu, want.Mu},
						{"sigma", g.Sigma, want.Sigma},
						{"ordinal", g.Ordinal(), c.Ordinal[i][j]},
					} {
						diff := math.Abs(d.got - d.want)
						worst = max(worst, diff)
						if !(diff <= tolerance) {
							t.Errorf("team %d player %d: %s %.17g, want %.17g (off by %.3g)", i+1, j+1, d.what, d.got, d.want, diff)
						}
					}
				}
			}
		})
	}
	t.Logf("%d cases against %s; the largest difference %.3g", len(v.Cases), v.Reference, worst)
}

// TestRate checks the properties a player sees, whatever the numbers.
func TestRate(t *testing.T) {
	fresh := []Rating{New(), New(), New(), New()}
	tests := []struct {
		name  string
		in    []Rating
		ranks []int
		check func(t *testing.T, in, out []Rating)
	}{
		{"the winner gains, the last loses", fresh, []int{2, 1, 4, 3}, func(t *testing.T, in, out []Rating) {
			if !(out[1].Mu > out[0].Mu && out[0].Mu > out[3].Mu && out[3].Mu > out[2].Mu) {
				t.Errorf("mu by place: %v", out)
			}
			if !(out[1].Mu > Mu && out[2].Mu < Mu) {
				t.Errorf("the first %v and the last %v did not move away from %v", out[1].Mu, out[2].Mu, Mu)
			}
		}},
		{"a tie treats the tied alike", fresh, []int{1, 2, 2, 4}, func(t *testing.T, in, out []Rating) {
			if out[1] != out[2] {
				t.Errorf("tied players rated %v and %v", out[1], out[2])
			}
		}},
		{"everyone tied: nobody moves", fresh, []int{1, 1, 1, 1}, func(t *testing.T, in, out []Rating) {
			for i, r := range out {
				if math.Abs(r.Mu-Mu) > 1e-12 {
					t.Errorf("player %d: mu %v after an all-way tie of equals", i, r.Mu)
				}
			}
		}},
		{"sigma shrinks for a new player", fresh, []int{1, 2, 3, 4}, func(t *testing.T, in, out []Rating) {
			for i, r := range out {
				if !(r.Sigma < Sigma) {
					t.Errorf("player %d: sigma %v, not below %v", i, r.Sigma, Sigma)
				}
			}
		}},
		{"the input is not changed", fresh, []int{4, 3, 2, 1}, func(t *testing.T, in, out []Rating) {
			for i, r := range in {
				if r != New() {
					t.Errorf("player %d's prior changed to %v", i, r)
				}
			}
		}},
		{"an upset moves more than the expected", []Rating{{Mu: 35, Sigma: 2}, {Mu: 15, Sigma: 2}}, []int{2, 1}, func(t *testing.T, in, out []Rating) {
			up, _ := Rate(in, []int{1, 2}, Options{})
			if !(out[1].Mu-in[1].Mu > up[0].Mu-in[0].Mu) {
				t.Errorf("the underdog's win moved it %v, the favourite's %v", out[1].Mu-in[1].Mu, up[0].Mu-in[0].Mu)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Rate(tc.in, tc.ranks, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(out) != len(tc.in) {
				t.Fatalf("%d ratings out of %d", len(out), len(tc.in))
			}
			tc.check(t, tc.in, out)
		})
	}
}

func TestRateRefuses(t *testing.T) {
	tests := []struct {
		name  string
		teams [][]Rating
		ranks []int
	}{
		{"one team", [][]Rating{{New()}}, nil},
		{"no team", nil, nil},
		{"an empty team", [][]Rating{{New()}, {}}, nil},
		{"ranks do not match", [][]Rating{{New()}, {New()}}, []int{1, 2, 3}},
		{"zero sigma", [][]Rating{{New()}, {{Mu: 25}}}, nil},
		{"NaN mu", [][]Rating{{New()}, {{Mu: math.NaN(), Sigma: 1}}}, nil},
		{"infinite sigma", [][]Rating{{New()}, {{Mu: 25, Sigma: math.Inf(1)}}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := RateTeams(tc.teams, tc.ranks, Options{}); !errors.Is(err, ErrMatch) {
				t.Errorf("err %v, want ErrMatch", err)
			}
		})
	}
}

func TestOrdinal(t *testing.T) {
	if got := New().Ordinal(); got != 0 {
		t.Errorf("a new player's ordinal %v, want 0 (25 − 3·25/3)", got)
	}
	if got := (Rating{Mu: 30, Sigma: 2}).Ordinal(); got != 24 {
		t.Errorf("ordinal %v, want 24", got)
	}
}
