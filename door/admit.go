package door

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strings"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"okey/server/keep"
)

// overloaded reports whether the node is over its Overload now.
func (s *Server) overloaded() bool {
	if s.cfg.overloaded != nil {
		return s.cfg.overloaded()
	}
	return s.health.over(s.cfg.Overload)
}

// publicKey lets a key in: any key on a public server, a listed one on a
// private server. Who the player is is read after the handshake.
func (s *Server) publicKey(_ ssh.Context, key ssh.PublicKey) bool {
	if s.authz == nil {
		return true
	}
	for _, k := range s.authz {
		if ssh.KeysEqual(key, k) {
			return true
		}
	}
	return false
}

// keyboardInteractive lets guests in, with no questions, on a public
// server.
func (s *Server) keyboardInteractive(ssh.Context, gossh.KeyboardInteractiveChallenge) bool {
	return s.authz == nil
}

// readAuthorizedKeys reads an authorized_keys file.
func readAuthorizedKeys(path string) ([]gossh.PublicKey, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("authorized keys: %w", err)
	}
	var keys []gossh.PublicKey
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		k, _, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("authorized keys %s line %d: %w", path, n, err)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("authorized keys %s: no key in it", path)
	}
	return keys, nil
}

// onConn counts connections, by address and in all, and refuses those
// over a cap or over their address's rate before the handshake costs
// anything.
func (s *Server) onConn(_ ssh.Context, c net.Conn) net.Conn {
	if s.trustedProxy(c.RemoteAddr()) {
		pc, err := readProxy(c, proxyWait)
		if err != nil {
			s.refused.Add(1)
			s.refusals.Note("refused: a connection from a trusted proxy without its PROXY header", hostOf(c.RemoteAddr()), "err", err)
			c.Close()
			return nil
		}
		c = pc
	}
	cc, _ := s.admit(c)
	if cc == nil {
		c.Close()
		return nil
	}
	return cc
}

// admit counts a connection, by address and in all, through whichever
// door it came: nil, and the words' key of why, when it is over a cap
// or over its address's rate.
func (s *Server) admit(c net.Conn) (*countedConn, string) {
	host := limitKey(c.RemoteAddr(), s.cfg.IPv6Prefix)
	if !s.connRate.allow(host, s.cfg.Now()) {
		s.refused.Add(1)
		s.refusals.Note("refused: connecting too fast", host)
		return nil, "refused.fast"
	}
	s.mu.Lock()
	over := s.conns >= s.cfg.MaxSessions || s.perAddr[host] >= s.cfg.MaxPerAddr
	if !over {
		s.conns++
		s.perAddr[host]++
	}
	s.mu.Unlock()
	if over {
		s.refused.Add(1)
		s.refusals.Note("refused: too many connections", host)
		return nil, "refused.many"
	}
	remote := c.RemoteAddr().String()
	if s.cfg.wrapConn != nil {
		c = s.cfg.wrapConn(c)
	}
	cc := &countedConn{Conn: c, srv: s, host: host, remote: remote}
	s.mu.Lock()
	s.open[remote] = cc
	s.mu.Unlock()
	return cc, ""
}

// netOf is what the per-address limits count a client by: an IPv4
// address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by its
// network of prefix bits (a /64 is what one host, one home, is given:
// counted by address, one host would have 2^64 of them). Anything that
// is not an IP address is counted as it is written.
func netOf(host string, prefix int) string {
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() || ip.IsLoopback() || prefix >= 128 {
		return ip.String()
	}
	p, err := ip.Prefix(prefix)
	if err != nil {
		return ip.String()
	}
	return p.String()
}

// limitKey is what the per-address limits count the client at a by.
func limitKey(a net.Addr, v6Prefix int) string { return netOf(hostOf(a), v6Prefix) }

// countByKey moves a connection from the loopback whose SSH key is now
// known from the loopback's count to the key's own (MaxPerAddr a key),
// and reports whether the key has room for it. Behind a tunnel every
// player arrives from the loopback, and the connections counted at the
// door, before anyone is known, would be all the players' together;
// once a key is known, it is the player's. Guests from the loopback
// cannot be told apart and stay in its count, and so do connections
// still logging in. A connection is moved once, at its first session.
func (s *Server) countByKey(v *visit) bool {
	if v.key == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cc := s.open[v.remote.String()]
	if cc == nil || cc.keyed {
		return true
	}
	cc.keyed = true
	if ip, err := netip.ParseAddr(cc.host); err != nil || !ip.IsLoopback() {
		return true
	}
	id := keyID(v.key)
	if s.perAddr[id] >= s.cfg.MaxPerAddr {
		return false
	}
	if s.perAddr[cc.host]--; s.perAddr[cc.host] <= 0 {
		delete(s.perAddr, cc.host)
	}
	cc.host = id
	s.perAddr[id]++
	return true
}

// readOperators reads the operators' keys (--operators, an
// authorized_keys file) as the identities a session of theirs has.
func readOperators(path string) (map[string]bool, error) {
	keys, err := readAuthorizedKeys(path)
	if err != nil {
		return nil, fmt.Errorf("--operators: %w", err)
	}
	out := map[string]bool{}
	for _, k := range keys {
		out[keep.KeyPrefix+gossh.FingerprintSHA256(k)] = true
	}
	return out, nil
}

// operatorOf is the operator's identity a session has ("": none): a
// key of --operators, over ssh itself (a browser linked to the key is
// not the operator: its link is a weaker proof than the key).
func (s *Server) operatorOf(k ssh.PublicKey) string {
	if k == nil || s.operators == nil {
		return ""
	}
	if id := keyID(k); s.operators[id] {
		return id
	}
	return ""
}
