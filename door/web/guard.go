package web

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"

	"okey/door/internal/refusals"
	"okey/door/internal/trusted"
)

// What the door checks of a request before it reads what it asks for:
// the name it was sent to (Host: a page of another site that renamed
// this server by DNS is refused), where it comes from (a home door
// serves its home network only), a client's connections counted from
// the moment each is accepted, and a proxy the operator has not named.

// checkHost reports whether host (a request's Host, with or without its
// port) is a name this door is served at: an IP address (no page of
// another site reaches the door by one: a page renaming this server by
// DNS sends its own name), localhost, or one of the names the operator
// serves (Config.Hosts, Config.Origins). A DNS-rebinding page sends its
// own name, and is refused, although its Origin matches that Host.
func (d *Door) checkHost(host string) bool {
	name := hostName(host)
	if name == "" {
		return false
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	for _, list := range [][]string{d.cfg.Hosts, d.cfg.Origins} {
		for _, h := range list {
			if hostName(h) == name {
				return true
			}
		}
	}
	return false
}

// hostName is host without its port, brackets or final dot, in lower
// case.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(host, "]"), "["), ".")
	return strings.ToLower(host)
}

// atHome reports whether a client may use a door that serves its home
// network only (Config.HomeOnly): the loopback, a private network (RFC
// 1918, IPv6's unique local), or a link's own addresses. A port
// forwarded from the internet keeps its public client's address, and is
// refused.
func atHome(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast()
}

// forwarded reports whether a request names a client of its own (a
// proxy's header).
func forwarded(r *http.Request) bool {
	return r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != "" || r.Header.Get("X-Real-Ip") != ""
}

// noteProxy tells the operator, once in a while, of a peer that is not
// a trusted proxy but sends requests that name their client: a reverse
// proxy left out of --web-proxy, behind which every browser is counted
// as the proxy itself (one share of --max-per-addr for all).
func (d *Door) noteProxy(r *http.Request) {
	if !forwarded(r) {
		return
	}
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil || trusted.Contains(d.cfg.TrustedProxies, peer.Addr().Unmap()) {
		return
	}
	d.refused.Note("web: requests from this address name their client (X-Forwarded-For), but it is no --web-proxy: every browser behind it counts as this one address",
		peer.Addr().Unmap().String())
}

// guarded is the door's listener: each connection counted against its
// peer's address from the moment it is accepted, and one over
// Config.MaxConnsPerAddr closed at once, before a byte of it is read.
// A trusted proxy's connections are not counted here (its clients are
// known only from their requests, and counted by Admit).
type guarded struct {
	net.Listener
	max     int
	proxies []netip.Prefix
	refused *refusals.Log

	mu   sync.Mutex
	open map[netip.Addr]int
}

// guard wraps l (none when there is no cap).
func (d *Door) guard(l net.Listener) net.Listener {
	if d.cfg.MaxConnsPerAddr <= 0 {
		return l
	}
	g := &guarded{Listener: l, max: d.cfg.MaxConnsPerAddr, proxies: d.cfg.TrustedProxies, refused: d.refused, open: map[netip.Addr]int{}}
	d.mu.Lock()
	d.guarded = g
	d.mu.Unlock()
	return g
}

// Accept returns the next connection within its address's cap; those
// over it are closed as they come.
func (g *guarded) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil {
			return c, nil
		}
		a := ap.Addr().Unmap()
		if trusted.Contains(g.proxies, a) {
			return c, nil
		}
		g.mu.Lock()
		over := g.open[a] >= g.max
		if !over {
			g.open[a]++
		}
		g.mu.Unlock()
		if !over {
			return &guardedConn{Conn: c, g: g, addr: a}, nil
		}
		c.Close()
		if a.IsLoopback() && len(g.proxies) == 0 {
			g.refused.Note("web: refused: too many connections from one address; from the loopback, is a reverse proxy in front? Name it with --web-proxy", a.String(), "cap", g.max)
		} else {
			g.refused.Note("web: refused: too many connections from one address", a.String(), "cap", g.max)
		}
	}
}

// count is how many connections of a are counted now.
func (g *guarded) count(a netip.Addr) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.open[a]
}

// guardedConn is a connection counted until it closes.
type guardedConn struct {
	net.Conn
	g    *guarded
	addr netip.Addr
	once sync.Once
}

func (c *guardedConn) Close() error {
	c.once.Do(func() {
		c.g.mu.Lock()
		if c.g.open[c.addr]--; c.g.open[c.addr] <= 0 {
			delete(c.g.open, c.addr)
		}
		c.g.mu.Unlock()
	})
	return c.Conn.Close()
}
