package door

import (
	"net"
	"testing"
)

// TestNetOf: the per-address limits count IPv4 clients by address (an
// IPv4-mapped IPv6 address too) and IPv6 clients by their network, but
// for the loopback's.
func TestNetOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		host   string
		prefix int
		want   string
	}{
		{"192.0.2.7", 64, "192.0.2.7"},
		{"::ffff:192.0.2.7", 64, "192.0.2.7"},
		{"2001:db8:1:2::a", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:3::a", 64, "2001:db8:1:3::/64"},
		{"2001:db8:1:3::a", 48, "2001:db8:1::/48"},
		{"2001:db8:1:3::a", 56, "2001:db8:1::/56"},
		{"2001:db8:1:3::a", 128, "2001:db8:1:3::a"},
		{"fe80::1%eth0", 64, "fe80::/64"},
		{"::1", 64, "::1"}, // the loopback stays itself: the seat rules tell it apart
		{"not an address", 64, "not an address"},
	} {
		if got := netOf(c.host, c.prefix); got != c.want {
			t.Errorf("netOf(%q, %d) = %q, want %q", c.host, c.prefix, got, c.want)
		}
	}
}

// fakeConn is a connection from addr that does nothing.
type fakeConn struct {
	net.Conn
	addr net.Addr
}

func (f fakeConn) RemoteAddr() net.Addr { return f.addr }
func (f fakeConn) Close() error         { return nil }

// TestLimitsCountANetwork: connections from one IPv6 /64 share the
// per-address cap, while another /64, and IPv4 addresses, have their own.
func TestLimitsCountANetwork(t *testing.T) {
	t.Parallel()
	srv, _ := testServer(t, func(c *Config) { c.MaxPerAddr = 2 })
	from := func(ip string, port int) net.Conn {
		return fakeConn{addr: &net.TCPAddr{IP: net.ParseIP(ip), Port: port}}
	}
	for i, c := range []struct {
		ip     string
		admits bool
	}{
		{"2001:db8:1:2::a", true},
		{"2001:db8:1:2::b", true},
		{"2001:db8:1:2:ffff::c", false}, // the same /64: over its cap of 2
		{"2001:db8:1:3::a", true},       // another /64
		{"192.0.2.1", true},
		{"192.0.2.2", true},
	} {
		got := srv.onConn(nil, from(c.ip, 40000+i)) != nil
		if got != c.admits {
			t.Errorf("a connection from %s: admitted %v, want %v", c.ip, got, c.admits)
		}
	}
}
