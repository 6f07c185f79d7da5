package web

import (
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"okey/door/internal/trusted"
)

// clientAddr is who a request comes from: the connection's peer, unless
// the peer is a trusted proxy; then the address its X-Forwarded-For
// names, read from the right (each proxy appends the address it was
// reached from), past any trusted proxy, to the first that is not one.
// Anything to its left was written by the client and is never read. A
// trusted proxy that names nobody (its own health check) is the client.
func clientAddr(r *http.Request, proxies []netip.Prefix) netip.AddrPort {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.AddrPortFrom(netip.IPv4Unspecified(), 0)
	}
	peer = netip.AddrPortFrom(peer.Addr().Unmap(), peer.Port())
	if !trusted.Contains(proxies, peer.Addr()) {
		return peer
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		ip, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return peer // a hop that is no address: the chain cannot be read further
		}
		ip = ip.Unmap().WithZone("")
		if !trusted.Contains(proxies, ip) {
			return netip.AddrPortFrom(ip, 0)
		}
	}
	return peer
}

// checkOrigin lets a socket be opened only from the server's own page:
// the Origin's host must be the request's, or one configured. A client
// that sends no Origin is no browser (a browser always sends one on a
// WebSocket), and no page of another site: it is let in.
func (d *Door) checkOrigin(r *http.Request) error {
	o := r.Header.Get("Origin")
	if o == "" {
		return nil
	}
	u, err := url.Parse(o)
	if err != nil || u.Host == "" {
		return fmt.Errorf("origin %q is not a URL", cut(o))
	}
	if strings.EqualFold(u.Host, r.Host) {
		return nil
	}
	for _, ok := range d.cfg.Origins {
		if strings.EqualFold(u.Host, ok) {
			return nil
		}
	}
	return fmt.Errorf("origin %q is not %q", cut(o), r.Host)
}

// cut keeps what a client sent short in the log.
func cut(s string) string {
	if len(s) > 100 {
		return s[:100] + "…"
	}
	return s
}

// ParseProxies reads okey serve --web-proxy's list: addresses (one
// proxy) or networks in CIDR form (several).
func ParseProxies(list []string) ([]netip.Prefix, error) {
	return trusted.Parse("--web-proxy", list)
}
