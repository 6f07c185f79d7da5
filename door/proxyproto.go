package door

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"time"

	"github.com/pires/go-proxyproto"

	"okey/door/internal/trusted"
)

// The PROXY protocol (HAProxy's, versions 1 and 2): a proxy or load
// balancer in front of the server opens each connection with a header
// saying the address its client came from. Without it every player
// arrives from the proxy's address, and every per-address limit and the
// one-seat rule count all players together (or, from the loopback, not
// at all). Only a proxy the operator names is believed
// (Config.TrustedProxies, okey serve --proxy-protocol): its connections
// must start with a header, and the client's address it gives is the
// one every limit counts. Anyone else's connection is read as SSH from
// its first byte: a header sent by a stranger is never taken (the SSH
// handshake fails on it). The header is parsed by
// github.com/pires/go-proxyproto (security-sensitive parsing, kept by
// its maintainers and fuzzed there), whose trusted-upstream policy
// (proxyPolicy) says which connections must carry one.

// proxyV2Max is the most a version 2 header's addresses and TLVs may
// hold here: the addresses take at most 216 bytes; the TLVs a proxy
// adds (a TLS note, a cloud's connection id) fit well within. (The
// library's own bound is larger; this one is checked before it reads.)
const proxyV2Max = 512

// errProxyHeader is a connection from a trusted proxy that does not
// start with a header it could have sent.
var errProxyHeader = errors.New("not a PROXY protocol header")

// proxyWait is how long a trusted proxy may take to send its header.
const proxyWait = 10 * time.Second

// proxyPolicy is go-proxyproto's trusted-upstream policy over the
// operator's list: a connection from a listed proxy must open with a
// header (REQUIRE); anyone else's is never read for one (SKIP: its
// bytes go to SSH as they came, and a stranger's header fails the
// handshake).
func proxyPolicy(proxies []netip.Prefix) proxyproto.ConnPolicyFunc {
	return func(o proxyproto.ConnPolicyOptions) (proxyproto.Policy, error) {
		if len(proxies) == 0 || o.Upstream == nil {
			return proxyproto.SKIP, nil
		}
		ap, err := netip.ParseAddrPort(o.Upstream.String())
		if err != nil {
			return proxyproto.SKIP, nil
		}
		ip := ap.Addr().Unmap()
		if trusted.Contains(proxies, ip) {
			return proxyproto.REQUIRE, nil
		}
		return proxyproto.SKIP, nil
	}
}

// trustedProxy reports whether the server must read a PROXY header
// from a connection coming from a.
func (s *Server) trustedProxy(a net.Addr) bool {
	p, err := proxyPolicy(s.cfg.TrustedProxies)(proxyproto.ConnPolicyOptions{Upstream: a})
	return err == nil && p == proxyproto.REQUIRE
}

// ParseShared reads okey serve --shared-addr's list: addresses or
// networks (CIDR) the operator names as shared by several people.
func ParseShared(list []string) ([]netip.Prefix, error) {
	return trusted.Parse("--shared-addr", list)
}

// ParseProxies reads okey serve --proxy-protocol's list: addresses
// (one proxy) or networks in CIDR form (several).
func ParseProxies(list []string) ([]netip.Prefix, error) {
	return trusted.Parse("--proxy-protocol", list)
}

// proxiedConn is a connection from a proxy, seen as from its client.
type proxiedConn struct {
	net.Conn
	r      *bufio.Reader
	remote net.Addr
}

// Read reads what the header's reader holds first, then the
// connection itself (no copy through the reader for the session's
// life).
func (c *proxiedConn) Read(p []byte) (int, error) {
	if c.r.Buffered() > 0 {
		return c.r.Read(p)
	}
	return c.Conn.Read(p)
}

func (c *proxiedConn) RemoteAddr() net.Addr { return c.remote }

// readProxy reads the PROXY header a trusted proxy opens c with, and
// returns c as from the client the header names (as from the proxy
// when the header names none: a proxy's own health check).
func readProxy(c net.Conn, wait time.Duration) (net.Conn, error) {
	if err := c.SetReadDeadline(time.Now().Add(wait)); err != nil {
		return nil, fmt.Errorf("the PROXY header: %w", err)
	}
	// The reader holds what the client sent after the header (its SSH
	// version line): it is read through the connection it returns.
	r := bufio.NewReaderSize(c, proxyV2Max+16)
	remote, err := parseProxy(r)
	if err != nil {
		return nil, fmt.Errorf("the PROXY header from %s: %w", c.RemoteAddr(), err)
	}
	if err := c.SetReadDeadline(time.Time{}); err != nil {
		return nil, fmt.Errorf("the PROXY header: %w", err)
	}
	if remote == nil {
		remote = c.RemoteAddr()
	}
	return &proxiedConn{Conn: c, r: r, remote: remote}, nil
}

// parseProxy reads one PROXY header, version 1 or 2, from r with
// go-proxyproto: the client's address, or nil for a header that names
// none (v1 UNKNOWN, v2 LOCAL, or a family other than TCP over IPv4 or
// IPv6: a proxy's own connection). A version 2 header longer than
// proxyV2Max is refused before it is read.
func parseProxy(r *bufio.Reader) (net.Addr, error) {
	// Peeked a byte first: an SSH client sends a shorter line, then
	// waits for the server's (a version 2 header starts with '\r').
	if first, err := r.Peek(1); err == nil && first[0] == proxyproto.SIGV2[0] {
		head, err := r.Peek(16)
		if err == nil && bytes.Equal(head[:12], proxyproto.SIGV2) {
			if n := int(binary.BigEndian.Uint16(head[14:16])); n > proxyV2Max {
				return nil, fmt.Errorf("%w: %d bytes of addresses, more than %d", errProxyHeader, n, proxyV2Max)
			}
		}
	}
	h, err := proxyproto.Read(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errProxyHeader, err)
	}
	if h.Command.IsLocal() {
		return nil, nil
	}
	if src, _, ok := h.TCPAddrs(); ok {
		return src, nil
	}
	return nil, nil // UDP or a socket: no client address to take
}
