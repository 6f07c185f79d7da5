package door

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/pires/go-proxyproto"
	gossh "golang.org/x/crypto/ssh"

	"okey/door/internal/logbuf"
	"okey/server/keep"
)

// proxyV2 is a version 2 header: command (0 LOCAL, 1 PROXY), family,
// and the address block as it goes on the wire.
func proxyV2(cmd, fam byte, body []byte) []byte {
	h := append([]byte{}, proxyproto.SIGV2...)
	h = append(h, 0x20|cmd, fam)
	h = binary.BigEndian.AppendUint16(h, uint16(len(body)))
	return append(h, body...)
}

// TestParseProxy: each header a proxy sends, version 1 and 2, gives the
// client's address (or none: the proxy's own check), leaves what
// follows it to be read, and anything else is refused with a bound on
// what is read.
func TestParseProxy(t *testing.T) {
	t.Parallel()
	v4 := append(append(netip.MustParseAddr("198.51.100.7").AsSlice(), 203, 0, 113, 1), 0x15, 0xb3, 0x08, 0xae) // ports 5555, 2222
	v6 := append(append(netip.MustParseAddr("2001:db8::7").AsSlice(), netip.MustParseAddr("2001:db8::1").AsSlice()...), 0x15, 0xb3, 0x08, 0xae)
	for _, c := range []struct {
		name, in, want string // want "": no address; "error": refused
	}{
		{"v1 TCP4", "PROXY TCP4 198.51.100.7 203.0.113.1 5555 2222\r\n", "198.51.100.7:5555"},
		{"v1 TCP6", "PROXY TCP6 2001:db8::7 2001:db8::1 5555 2222\r\n", "[2001:db8::7]:5555"},
		{"v1 UNKNOWN", "PROXY UNKNOWN\r\n", ""},
		{"v2 IPv4", string(proxyV2(1, 0x11, v4)), "198.51.100.7:5555"},
		{"v2 IPv6", string(proxyV2(1, 0x21, v6)), "[2001:db8::7]:5555"},
		{"v2 IPv4 with a TLV", string(proxyV2(1, 0x11, append(v4, 0x04, 0, 2, 'h', 'i'))), "198.51.100.7:5555"},
		{"v2 LOCAL", string(proxyV2(0, 0x00, nil)), ""},
		{"SSH with no header", "SSH-2.0-OpenSSH_9.6\r\n", "error"},
		{"v1 without CRLF, too long", "PROXY TCP4 " + strings.Repeat("1", 200), "error"},
		{"v1 LF only", "PROXY TCP4 198.51.100.7 203.0.113.1 5555 2222\n", "error"},
		{"v1 wrong family", "PROXY TCP4 2001:db8::7 2001:db8::1 5555 2222\r\n", "error"},
		{"v1 bad port", "PROXY TCP4 198.51.100.7 203.0.113.1 99999 2222\r\n", "error"},
		{"v1 cut short", "PROXY TCP4 198.51.100.7", "error"},
		{"v2 too long", string(proxyV2(1, 0x11, make([]byte, proxyV2Max+1))), "error"},
		{"v2 IPv4 too short", string(proxyV2(1, 0x11, v4[:8])), "error"},
		{"v2 version 3", strings.Replace(string(proxyV2(1, 0x11, v4)), "\x21\x11", "\x31\x11", 1), "error"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := bufio.NewReaderSize(strings.NewReader(c.in+"SSH-2.0-x\r\n"), proxyV2Max+16)
			a, err := parseProxy(r)
			switch {
			case c.want == "error":
				if err == nil || !errors.Is(err, errProxyHeader) {
					t.Fatalf("taken: %v, %v", a, err)
				}
				return
			case err != nil:
				t.Fatal(err)
			case c.want == "" && a != nil, c.want != "" && (a == nil || a.String() != c.want):
				t.Fatalf("address %v, want %q", a, c.want)
			}
			if rest, _ := io.ReadAll(r); string(rest) != "SSH-2.0-x\r\n" {
				t.Errorf("after the header: %q", rest)
			}
		})
	}
}

// sshVia opens an SSH connection to addr whose first bytes are header,
// as a proxy's would be (nil: none).
func sshVia(t *testing.T, addr string, header []byte) (*gossh.Client, error) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write(header); err != nil {
		c.Close()
		return nil, err
	}
	key := newKey(t)
	sc, chans, reqs, err := gossh.NewClientConn(c, addr, &gossh.ClientConfig{
		User: "pat", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		c.Close()
		return nil, err
	}
	cl := gossh.NewClient(sc, chans, reqs)
	t.Cleanup(func() { cl.Close() })
	return cl, nil
}

// v1 is a version 1 header for a client at ip.
func v1(ip string) []byte {
	return []byte("PROXY TCP4 " + ip + " 127.0.0.1 40000 2222\r\n")
}

// TestProxyProtocol: behind a proxy the server trusts, the per-address
// limits count each client by the address its PROXY header gives (one
// connection an address here: a second from one client is refused,
// another client's is let in), and a connection from that proxy
// without a header is refused. A header from a peer the server does
// not trust is not taken: its connections count as from itself.
func TestProxyProtocol(t *testing.T) {
	t.Parallel()
	var log logbuf.Buf
	_, addr := testServer(t, func(c *Config) {
		c.MaxPerAddr = 1
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
		c.Log = slog.New(slog.NewTextHandler(&log, nil))
	})
	if _, err := sshVia(t, addr, v1("198.51.100.7")); err != nil {
		t.Fatalf("the first client behind the proxy: %v", err)
	}
	if _, err := sshVia(t, addr, v1("198.51.100.7")); err == nil {
		t.Error("a second connection of one client behind the proxy was let in past its cap of one")
	}
	if !strings.Contains(log.String(), `msg="refused: too many connections" addr=198.51.100.7`) {
		t.Errorf("the refusal does not name the client's address:\n%s", log.String())
	}
	if _, err := sshVia(t, addr, proxyV2(1, 0x11, []byte{198, 51, 100, 8, 127, 0, 0, 1, 0x9c, 0x40, 0x08, 0xae})); err != nil {
		t.Errorf("another client behind the proxy (version 2) was refused: %v", err)
	}
	if _, err := sshVia(t, addr, nil); err == nil {
		t.Error("a connection from the trusted proxy without a header was let in")
	}
	if !strings.Contains(log.String(), "without its PROXY header") {
		t.Errorf("the headerless connection is not logged:\n%s", log.String())
	}

	// Not trusted: the header is read as SSH's preamble and not taken.
	_, addr2 := testServer(t, func(c *Config) {
		c.MaxPerAddr = 1
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}
	})
	if _, err := sshVia(t, addr2, v1("198.51.100.7")); err != nil {
		t.Fatalf("the first connection from an untrusted peer: %v", err)
	}
	if _, err := sshVia(t, addr2, v1("198.51.100.9")); err == nil {
		t.Error("an untrusted peer's PROXY header was taken: its second connection counted as another address")
	}
}

// TestLoopbackKeysCountThemselves: behind a tunnel every player comes
// from the loopback. Once its key is known, a player there counts by
// the key: two keys each hold a connection where one address may hold
// one, and each opens a table where one address may hold seats at one.
// Guests from there cannot be told apart and still share the
// loopback's count: a second guest is refused at the door, and a
// second guest's table too.
func TestLoopbackKeysCountThemselves(t *testing.T) {
	t.Parallel()
	t.Run("connections", func(t *testing.T) {
		t.Parallel()
		srv, addr := testServer(t, func(c *Config) { c.MaxPerAddr = 1 })
		for _, who := range []string{"ann", "bob"} {
			dial(t, addr, who, dialOpts{key: newKey(t)}).waitFor("Tables (", 10*time.Second)
		}
		dial(t, addr, "gus", dialOpts{}).waitFor("Tables (", 10*time.Second)
		if c, err := tryDial(t, addr, "hal", dialOpts{}); err == nil {
			c.close()
			t.Error("a second guest from the loopback was let in past its cap of one")
		}
		if srv.refused.Load() != 1 {
			t.Errorf("%d refused, want 1", srv.refused.Load())
		}
	})
	t.Run("tables", func(t *testing.T) {
		t.Parallel()
		srv, addr := testServer(t, func(c *Config) { c.TablesPerAddr = 1 })
		open := func(c *client, want string) {
			t.Helper()
			c.waitFor("Tables (", 10*time.Second)
			c.press("n")
			c.waitFor("A new table", 5*time.Second)
			c.press("enter")
			c.waitFor(want, 5*time.Second)
		}
		// ann's and bob's keys the cluster has known for two hours: each
		// counts by itself, once its session has heard so from the store.
		ctx, cancel := keep.EngineCtx()
		defer cancel()
		for _, who := range []string{"ann", "bob"} {
			k := newKey(t)
			id := keep.KeyPrefix + gossh.FingerprintSHA256(k.PublicKey())
			if _, err := srv.daily.FirstSeen(ctx, id, time.Now().Add(-2*time.Hour), nil); err != nil {
				t.Fatal(err)
			}
			c := dial(t, addr, who, dialOpts{key: k})
			deadline := time.Now().Add(patience)
			for srv.sessionOf(id) == nil || srv.sessionOf(id).SeenSince().Load() == 0 {
				if time.Now().After(deadline) {
					t.Fatalf("%s's session never heard when its key was first seen", who)
				}
				time.Sleep(10 * time.Millisecond)
			}
			open(c, "s starts the match")
		}
		open(dial(t, addr, "gus", dialOpts{}), "s starts the match")
		open(dial(t, addr, "hal", dialOpts{}), "Your address holds seats at as many tables as it may")
		// A key made just now shares the loopback's count with the
		// guests: keys are free to make.
		open(dial(t, addr, "kim", dialOpts{key: newKey(t)}), "Your address holds seats at as many tables as it may")
	})
}

// TestParseProxies: --proxy-protocol takes addresses and networks, and
// says which item it cannot read.
func TestParseProxies(t *testing.T) {
	t.Parallel()
	got, err := ParseProxies([]string{"192.0.2.10", " 10.0.0.0/8", "::1", "::ffff:192.0.2.11", "2001:db8::/32"})
	want := []string{"192.0.2.10/32", "10.0.0.0/8", "::1/128", "192.0.2.11/32", "2001:db8::/32"}
	if err != nil || len(got) != len(want) {
		t.Fatalf("%v, %v", got, err)
	}
	for i, p := range got {
		if p.String() != want[i] {
			t.Errorf("%d: %v, want %s", i, p, want[i])
		}
	}
	for _, bad := range []string{"", "proxy.example", "192.0.2.300", "fe80::1%eth0", "10.0.0.0/33"} {
		if _, err := ParseProxies([]string{bad}); err == nil || !strings.Contains(err.Error(), "--proxy-protocol") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
