package cmd

import (
	"time"

	"github.com/spf13/cobra"

	"okey/door"
)

// serveCmd is okey serve: flags in, the server run until a signal.
func serveCmd(e *env) *cobra.Command {
	cfg := door.DefaultConfig()
	var f serveFlags
	c := &cobra.Command{
		Use:   "serve",
		Short: e.tr.T("cli.serve.short"),
		Long:  e.tr.T("cli.serve.long"),
		Example: `okey serve --addr :2222
okey serve --web 127.0.0.1:8080
okey serve --web :8080 --web-insecure-lan
okey serve --authorized-keys ~/.ssh/authorized_keys --timer 20s
ssh -p 2222 localhost
okey serve secret okey.secret
okey serve --cluster 10.0.0.1:6222 --cluster-secret okey.secret \
--routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222
okey serve --nats tls://nats.example:4222 --nats-creds okey.creds \
--nats-ca ca.pem --cluster-secret okey.secret`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return exitCode(serveRun(c.Context(), cfg, f, e))
		},
	}
	fs := c.Flags()
	flag := func(name string) string { return e.tr.T("cli.flag.serve." + name) }
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, flag("addr"))
	fs.StringVar(&f.stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	fs.StringVar(&cfg.HostKey, "host-key", "", flag("host-key"))
	fs.StringVar(&cfg.AuthorizedKeys, "authorized-keys", "", flag("authorized-keys"))
	fs.StringVar(&cfg.Operators, "operators", "", flag("operators"))
	fs.DurationVar(&cfg.DefaultTimer, "timer", cfg.DefaultTimer, flag("timer"))
	for _, n := range []struct {
		name string
		v    *int
	}{
		{"max-tables", &cfg.MaxTables}, {"max-sessions", &cfg.MaxSessions}, {"max-per-addr", &cfg.MaxPerAddr},
		{"conn-rate", &cfg.ConnPerMinute}, {"conn-burst", &cfg.ConnBurst},
		{"tables-per-player", &cfg.TablesPerPlayer}, {"tables-per-addr", &cfg.TablesPerAddr},
	} {
		fs.IntVar(n.v, n.name, *n.v, flag(n.name))
	}
	fs.DurationVar(&cfg.RoomIdle, "room-idle", cfg.RoomIdle, flag("room-idle"))
	fs.DurationVar(&cfg.IdleEvict, "idle-evict", cfg.IdleEvict, flag("idle-evict"))
	fs.IntVar(&cfg.MaxWidth, "max-width", cfg.MaxWidth, flag("max-width"))
	fs.IntVar(&cfg.MaxHeight, "max-height", cfg.MaxHeight, flag("max-height"))
	for _, d := range []struct {
		name string
		v    *time.Duration
	}{
		{"handshake-timeout", &cfg.HandshakeTimeout}, {"idle-timeout", &cfg.IdleTimeout},
		{"away-after", &cfg.AwayAfter}, {"release-after", &cfg.ReleaseAfter}, {"max-session", &cfg.MaxSession},
		{"keep-seat", &cfg.KeepSeat}, {"overload", &cfg.Overload},
	} {
		fs.DurationVar(d.v, d.name, *d.v, flag(d.name))
	}
	fs.IntVar(&cfg.KeepMatches, "keep-matches", cfg.KeepMatches, flag("keep-matches"))
	fs.StringArrayVar(&cfg.Tournaments, "tournament", nil, flag("tournament"))
	fs.IntVar(&cfg.IPv6Prefix, "ipv6-prefix", cfg.IPv6Prefix, flag("ipv6-prefix"))
	fs.IntVar(&cfg.DailyIPv6Prefix, "daily-ipv6-prefix", cfg.DailyIPv6Prefix, flag("daily-ipv6-prefix"))
	fs.StringSliceVar(&f.proxies, "proxy-protocol", nil, flag("proxy-protocol"))
	fs.StringSliceVar(&f.shared, "shared-addr", nil, flag("shared-addr"))
	fs.DurationVar(&cfg.BotDelay, "bot-delay", cfg.BotDelay, flag("bot-delay"))
	fs.StringVar(&f.debugLog, "debug-log", "", flag("debug-log"))
	// Past one machine (docs/cluster.md).
	fs.StringSliceVar(&cfg.Store.NATS, "nats", nil, flag("nats"))
	fs.StringVar(&cfg.Store.Creds, "nats-creds", "", flag("nats-creds"))
	fs.StringVar(&cfg.Store.CA, "nats-ca", "", flag("nats-ca"))
	fs.StringVar(&cfg.Store.Cert, "nats-cert", "", flag("nats-cert"))
	fs.StringVar(&cfg.Store.Key, "nats-key", "", flag("nats-key"))
	fs.StringVar(&f.secret, "cluster-secret", "", flag("cluster-secret"))
	fs.StringVar(&cfg.Store.ClusterListen, "cluster", "", flag("cluster"))
	fs.StringSliceVar(&cfg.Store.Routes, "routes", nil, flag("routes"))
	fs.StringVar(&cfg.Store.ClusterName, "cluster-name", "okey", flag("cluster-name"))
	fs.StringVar(&cfg.PublicAddr, "public-addr", "", flag("public-addr"))
	fs.StringVar(&cfg.Store.NodeName, "node", "", flag("node"))
	fs.IntVar(&cfg.Store.Replicas, "replicas", 0, flag("replicas"))
	// The browser door (serve_web.go, docs/serving.md "In a browser").
	fs.StringVar(&f.web.addr, "web", "", flag("web"))
	fs.StringVar(&f.web.cert, "web-cert", "", flag("web-cert"))
	fs.StringVar(&f.web.key, "web-key", "", flag("web-key"))
	fs.StringSliceVar(&f.web.proxies, "web-proxy", nil, flag("web-proxy"))
	fs.StringSliceVar(&f.web.origins, "web-origin", nil, flag("web-origin"))
	fs.BoolVar(&f.web.insecureLAN, "web-insecure-lan", false, flag("web-insecure-lan"))
	fs.BoolVar(&f.sealStore, "seal-store", false, flag("seal-store"))
	_ = c.MarkFlagDirname("state-dir")
	c.AddCommand(serveSecretCmd(e))
	return c
}
