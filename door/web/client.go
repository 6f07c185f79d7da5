package web

import (
	"net/http"
	"net/netip"
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

// ParseProxies reads okey serve --web-proxy's list: addresses (one
// proxy) or networks in CIDR form (several).
func ParseProxies(list []string) ([]netip.Prefix, error) {
	return trusted.Parse("--web-proxy", list)
}
