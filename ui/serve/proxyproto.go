package serve

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"
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
// handshake fails on it).

// proxyV1Max is the longest version 1 header, "\r\n" included (the
// protocol's own bound).
const proxyV1Max = 107

// proxyV2Max is the most a version 2 header's addresses and TLVs may
// hold here: the addresses take at most 216 bytes; the TLVs a proxy
// adds (a TLS note, a cloud's connection id) fit well within.
const proxyV2Max = 512

// proxyV2Sig starts every version 2 header.
var proxyV2Sig = []byte("\r\n\r\n\x00\r\nQUIT\n")

// errProxyHeader is a connection from a trusted proxy that does not
// start with a header it could have sent.
var errProxyHeader = errors.New("not a PROXY protocol header")

// proxyWait is how long a trusted proxy may take to send its header.
const proxyWait = 10 * time.Second

// trustedProxy reports whether a connection from a is from a proxy the
// server believes.
func (s *Server) trustedProxy(a net.Addr) bool {
	if len(s.cfg.TrustedProxies) == 0 {
		return false
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return false
	}
	ip := ap.Addr().Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// ParseProxies reads okey serve --proxy-protocol's list: addresses
// (one proxy) or networks in CIDR form (several).
func ParseProxies(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, a := range list {
		a = strings.TrimSpace(a)
		if p, err := netip.ParsePrefix(a); err == nil {
			out = append(out, p.Masked())
			continue
		}
		ip, err := netip.ParseAddr(a)
		if err != nil || ip.Zone() != "" {
			return nil, fmt.Errorf("--proxy-protocol %q: not an address or a network (192.0.2.10, 10.0.0.0/8, ::1)", a)
		}
		ip = ip.Unmap()
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	return out, nil
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

// parseProxy reads one PROXY header, version 1 or 2, from r: the
// client's address, or nil for a header that names none (v1 UNKNOWN,
// v2 LOCAL or a family other than TCP over IPv4 or IPv6). It reads
// no more than the header's bound.
func parseProxy(r *bufio.Reader) (net.Addr, error) {
	head, err := r.Peek(6)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errProxyHeader, err)
	}
	switch {
	case string(head) == "PROXY ":
		return parseProxyV1(r)
	case bytes.Equal(head, proxyV2Sig[:6]):
		if head, err = r.Peek(len(proxyV2Sig)); err == nil && bytes.Equal(head, proxyV2Sig) {
			return parseProxyV2(r)
		}
	}
	return nil, errProxyHeader
}

// parseProxyV1 reads "PROXY TCP4 SRC DST SPORT DPORT\r\n".
func parseProxyV1(r *bufio.Reader) (net.Addr, error) {
	var line []byte
	for {
		b, err := r.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("%w: cut short: %w", errProxyHeader, err)
		}
		line = append(line, b)
		if b == '\n' {
			break
		}
		if len(line) >= proxyV1Max {
			return nil, fmt.Errorf("%w: a version 1 line longer than %d bytes", errProxyHeader, proxyV1Max)
		}
	}
	text, ok := strings.CutSuffix(string(line), "\r\n")
	if !ok {
		return nil, fmt.Errorf("%w: a version 1 line not ended by CRLF", errProxyHeader)
	}
	f := strings.Split(text, " ")
	if len(f) >= 2 && f[1] == "UNKNOWN" {
		return nil, nil
	}
	if len(f) != 6 || (f[1] != "TCP4" && f[1] != "TCP6") {
		return nil, fmt.Errorf("%w: %q", errProxyHeader, text)
	}
	src, err := netip.ParseAddr(f[2])
	if err != nil || src.Zone() != "" || src.Is4() != (f[1] == "TCP4") {
		return nil, fmt.Errorf("%w: the source address %q", errProxyHeader, f[2])
	}
	port, err := strconv.ParseUint(f[4], 10, 16)
	if err != nil || (len(f[4]) > 1 && f[4][0] == '0') {
		return nil, fmt.Errorf("%w: the source port %q", errProxyHeader, f[4])
	}
	return net.TCPAddrFromAddrPort(netip.AddrPortFrom(src, uint16(port))), nil
}

// parseProxyV2 reads the binary header: the signature, version and
// command, family, length, then the addresses.
func parseProxyV2(r *bufio.Reader) (net.Addr, error) {
	var fixed [16]byte
	if _, err := io.ReadFull(r, fixed[:]); err != nil {
		return nil, fmt.Errorf("%w: cut short: %w", errProxyHeader, err)
	}
	verCmd, fam := fixed[12], fixed[13]
	n := int(binary.BigEndian.Uint16(fixed[14:16]))
	if verCmd>>4 != 2 || verCmd&0xf > 1 {
		return nil, fmt.Errorf("%w: version and command %#x", errProxyHeader, verCmd)
	}
	if n > proxyV2Max {
		return nil, fmt.Errorf("%w: %d bytes of addresses, more than %d", errProxyHeader, n, proxyV2Max)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("%w: cut short: %w", errProxyHeader, err)
	}
	if verCmd&0xf == 0 { // LOCAL: the proxy's own connection
		return nil, nil
	}
	switch fam {
	case 0x11: // TCP over IPv4
		if n < 12 {
			return nil, fmt.Errorf("%w: IPv4 addresses in %d bytes", errProxyHeader, n)
		}
		src := netip.AddrFrom4([4]byte(body[0:4]))
		return net.TCPAddrFromAddrPort(netip.AddrPortFrom(src, binary.BigEndian.Uint16(body[8:10]))), nil
	case 0x21: // TCP over IPv6
		if n < 36 {
			return nil, fmt.Errorf("%w: IPv6 addresses in %d bytes", errProxyHeader, n)
		}
		src := netip.AddrFrom16([16]byte(body[0:16]))
		return net.TCPAddrFromAddrPort(netip.AddrPortFrom(src, binary.BigEndian.Uint16(body[32:34]))), nil
	}
	return nil, nil // UNSPEC, UDP or a socket: no client address to take
}
