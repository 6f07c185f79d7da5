// Package trusted reads and matches an operator's list of trusted
// proxies: the SSH door's --proxy-protocol and the browser door's
// --web-proxy take the same form (an address for one proxy, a network
// in CIDR form for several), and a client's address is believed from a
// header only when the connection comes from one of them. One reading
// for both doors keeps them from drifting apart on what the same line
// of configuration means.
package trusted

import (
	"fmt"
	"net/netip"
	"strings"
)

// Parse reads list as given to flag (named in the error, so the
// operator knows which of the doors' lists to mend). Addresses become
// single-address networks; IPv4 written inside IPv6 is taken as IPv4,
// the form a connection's address arrives in; a zone is refused, since
// no connection is matched by one.
func Parse(flag string, list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, a := range list {
		a = strings.TrimSpace(a)
		if p, err := netip.ParsePrefix(a); err == nil {
			out = append(out, p.Masked())
			continue
		}
		ip, err := netip.ParseAddr(a)
		if err != nil || ip.Zone() != "" {
			return nil, fmt.Errorf("%s %q: not an address or a network (192.0.2.10, 10.0.0.0/8, ::1)", flag, a)
		}
		ip = ip.Unmap()
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	return out, nil
}

// Contains reports whether ip lies in one of nets.
func Contains(nets []netip.Prefix, ip netip.Addr) bool {
	for _, p := range nets {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
