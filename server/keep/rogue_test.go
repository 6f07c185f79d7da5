package keep

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"okey/kit/store"
)

// TestRogueCannotJoinOrRead: a cluster started with its secret takes
// no NATS server as a peer without it — not one that knows only the
// cluster's name (as the review's 40-line program did), not one with
// the routes' password but another authority's certificate, not one
// with a certificate of the cluster's authority but no password — and
// its nodes' loopback client ports take no client but the node itself.
// A server with the secret joins, under the same conditions: the
// refusals are the secret's doing, not a route that was never tried.
func TestRogueCannotJoinOrRead(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a cluster and rogue servers (seconds)")
	}
	secret := testSecret(t)
	engs := startClusterWith(t, 2, secret)
	node := engs[0]
	k, err := openKeeper(t.Context(), node, filepath.Join(t.TempDir(), store.TablesDir))
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Log("1").Write([]byte(`{"code":"JOINME"}`), []byte(`{"seed":424242,"meta":{"salt":"5a17"}}`+"\n")); err != nil {
		t.Fatal(err)
	}
	routeURL := func(user, pw string) *url.URL {
		u := &url.URL{Scheme: "nats-route", Host: node.ns.ClusterAddr().String()}
		if user != "" {
			u.User = url.UserPassword(user, pw)
		}
		return u
	}
	okTLS := func() *tls.Config {
		c, err := secret.clusterTLS("rogue")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	otherTLS, err := testSecret(t).clusterTLS("rogue")
	if err != nil {
		t.Fatal(err)
	}
	pw := secret.routePassword()
	rogues := []struct {
		name  string
		route *url.URL
		tls   *tls.Config
		join  bool
	}{
		{"the secret's own (control)", routeURL(routeUser, pw), okTLS(), true},
		{"the cluster's name alone", routeURL("", ""), nil, false},
		{"the password, no TLS", routeURL(routeUser, pw), nil, false},
		{"the password, another authority", routeURL(routeUser, pw), otherTLS, false},
		{"the authority, no password", routeURL("", ""), okTLS(), false},
		{"the authority, a wrong password", routeURL(routeUser, "guess"), okTLS(), false},
	}
	servers := make([]*server.Server, len(rogues))
	for i, r := range rogues {
		opts := &server.Options{
			ServerName: fmt.Sprintf("rogue%d", i), Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
			Routes: []*url.URL{r.route},
		}
		opts.Cluster.Name = "okey-test"
		opts.Cluster.Host, opts.Cluster.Port = "127.0.0.1", server.RANDOM_PORT
		if r.tls != nil {
			opts.Cluster.TLSConfig, opts.Cluster.TLSTimeout = r.tls, routeTLSTimeout
		}
		if r.route.User != nil {
			opts.Cluster.Username = r.route.User.Username()
			opts.Cluster.Password, _ = r.route.User.Password()
		}
		ns, err := server.NewServer(opts)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		ns.Start()
		t.Cleanup(ns.Shutdown)
		servers[i] = ns
	}
	// The control joins within a generous time; by then each rogue has
	// been refused (NATS tries a route at once, then every second).
	deadline := time.Now().Add(30 * time.Second)
	for servers[0].NumRoutes() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("a server with the cluster's secret did not join in 30 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(3 * time.Second)
	for i, r := range rogues[1:] {
		if n := servers[i+1].NumRoutes(); n != 0 {
			t.Errorf("%s: the rogue server holds %d routes into the cluster", r.name, n)
		}
	}
	// The node's routes: its peer and the control, nobody else.
	if rz, err := node.ns.Routez(nil); err == nil {
		for _, ri := range rz.Routes {
			if strings.HasPrefix(ri.RemoteName, "rogue") && ri.RemoteName != "rogue0" {
				t.Errorf("the node routes to %s", ri.RemoteName)
			}
		}
	}

	// The loopback client port: no client but the node. (The client is
	// kept to that port: the control server above, a peer now, has an
	// open client port of its own that the node's INFO advertises.)
	for _, c := range []struct {
		name string
		opts []nats.Option
	}{
		{"no credentials", nil},
		{"the local user, a guessed password", []nats.Option{nats.UserInfo(localUser, "guess")}},
		{"the routes' user and password", []nats.Option{nats.UserInfo(routeUser, pw)}},
	} {
		nc, err := nats.Connect(node.ns.ClientURL(), append(c.opts, nats.MaxReconnects(0), nats.IgnoreDiscoveredServers(), nats.Timeout(10*time.Second))...)
		if err == nil {
			t.Errorf("%s: a client connected to the node's client port (%s at %s)", c.name, nc.ConnectedServerName(), nc.ConnectedUrl())
			nc.Close()
			continue
		}
		if !errors.Is(err, nats.ErrAuthorization) && !strings.Contains(strings.ToLower(err.Error()), "authorization") {
			t.Errorf("%s: refused with %v, want an authorization violation", c.name, err)
		}
	}
}
