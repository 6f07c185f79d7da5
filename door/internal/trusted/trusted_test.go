package trusted

import (
	"net/netip"
	"strings"
	"testing"
)

// TestParse: addresses and networks are read, an IPv4 address written
// in IPv6 is matched as IPv4, and what is neither is refused naming the
// flag it came from.
func TestParse(t *testing.T) {
	nets, err := Parse("--x", []string{"192.0.2.10", " 10.0.0.0/8", "::1", "::ffff:192.0.2.11", "2001:db8::1/32"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"192.0.2.10/32", "10.0.0.0/8", "::1/128", "192.0.2.11/32", "2001:db8::/32"}
	for i, p := range nets {
		if p.String() != want[i] {
			t.Errorf("entry %d: %s, want %s", i, p, want[i])
		}
	}
	for _, c := range []struct {
		ip   string
		want bool
	}{
		{"192.0.2.10", true}, {"192.0.2.12", false}, {"10.9.8.7", true},
		{"192.0.2.11", true}, {"2001:db8:5::9", true}, {"2001:db9::1", false}, {"::1", true},
	} {
		if got := Contains(nets, netip.MustParseAddr(c.ip)); got != c.want {
			t.Errorf("Contains(%s) = %v, want %v", c.ip, got, c.want)
		}
	}
	for _, bad := range []string{"proxy.example", "fe80::1%eth0", "10.0.0.0/33", ""} {
		if _, err := Parse("--web-proxy", []string{bad}); err == nil || !strings.Contains(err.Error(), "--web-proxy") {
			t.Errorf("Parse(%q) = %v, want an error naming --web-proxy", bad, err)
		}
	}
}
