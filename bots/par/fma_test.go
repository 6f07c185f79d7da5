package par

import (
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// fused is a fused multiply-add or -subtract in the assembly the
// compiler prints (-S), on any of the architectures below: FMADDD
// (arm64, riscv64, loong64), FMADD and FNMSUB (ppc64, s390x), WFMADB
// (s390x), VFMADD231SD (amd64 built for GOAMD64=v3).
var fused = regexp.MustCompile(`\(([^()]+\.go:\d+)\)\s+V?W?FN?M(ADD|SUB)[A-Z0-9]*\s`)

// TestNoFusedMultiplyAdd: par must be the same on every machine, and Go
// may fuse x*y + z into one instruction on arm64, ppc64, s390x, riscv64,
// loong64 and amd64 built for v3, which rounds once where the others
// round twice — a different float, and in a near tie a different
// discard, so another par. The bots and referees par plays write such
// sums with an explicit float64() around the product, which the
// language defines as rounding, and which forbids the fusion; this test
// compiles them for each of those machines and finds none left.
func TestNoFusedMultiplyAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the bots for five architectures")
	}
	targets := [][]string{
		{"GOARCH=arm64"}, {"GOARCH=ppc64le"}, {"GOARCH=s390x"}, {"GOARCH=riscv64"}, {"GOARCH=loong64"},
		{"GOARCH=amd64", "GOAMD64=v3"},
	}
	for _, env := range targets {
		cmd := exec.Command("go", "build", "-o", "/dev/null", "-gcflags=okey/...=-S", "okey/bots/par")
		cmd.Env = append(cmd.Environ(), append(env, "CGO_ENABLED=0")...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v go build: %v\n%s", env, err, out)
		}
		if !strings.Contains(string(out), "STEXT") {
			t.Fatalf("%v: the compiler printed no assembly (%d bytes): is -S still read?", env, len(out))
		}
		seen := map[string]bool{}
		for _, m := range fused.FindAllStringSubmatch(string(out), -1) {
			seen[m[1]] = true
		}
		var at []string
		for k := range seen {
			at = append(at, k)
		}
		sort.Strings(at)
		for _, a := range at {
			t.Errorf("%v: a fused multiply-add at %s: write the product as float64(x*y)", env, a)
		}
	}
}
