package web

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// clientAddr is who a request comes from: the connection's peer, unless
// the peer is a trusted proxy; then the address its X-Forwarded-For
// names, read from the right (each proxy appends the address it was
// reached from), past any trusted proxy, to the first that is not one.
// Anything to its left was written by the client and is never read. A
// trusted proxy that names nobody (its own health check) is the client.
func clientAddr(r *http.Request, trusted []netip.Prefix) netip.AddrPort {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.AddrPortFrom(netip.IPv4Unspecified(), 0)
	}
	peer = netip.AddrPortFrom(peer.Addr().Unmap(), peer.Port())
	if !contains(trusted, peer.Addr()) {
		return peer
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		ip, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return peer // a hop that is no address: the chain cannot be read further
		}
		ip = ip.Unmap().WithZone("")
		if !contains(trusted, ip) {
			return netip.AddrPortFrom(ip, 0)
		}
	}
	return peer
}

func contains(nets []netip.Prefix, ip netip.Addr) bool {
	for _, p := range nets {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// ParseProxies reads okey serve --web-proxy's list: addresses (one
// proxy) or networks in CIDR form (several).
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
			return nil, fmt.Errorf("--web-proxy %q: not an address or a network (192.0.2.10, 10.0.0.0/8, ::1)", a)
		}
		ip = ip.Unmap()
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	return out, nil
}
