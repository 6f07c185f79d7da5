package keep

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The engine is what keeps the tables past the process: a NATS server
// with JetStream inside the process, storing under the state directory,
// on no network port unless it joins a cluster. One machine needs
// nothing installed; the same streams and buckets are what the nodes of
// a cluster share (docs/cluster.md), so the tables are written the same
// way on one machine or many.

// NATSDir is the engine's folder inside the server's state directory.
const NATSDir = "nats"

// engineMaxPayload is the largest message the engine takes: a whole
// match's record goes in one message at a match's start and when a
// record is imported or rewritten (a long 101 match is some hundreds of
// KB). NATS warns above 8 MB.
const engineMaxPayload = 8 << 20

// engineSync is how often the engine syncs its files to the disk.
const engineSync = time.Second

// engineReady is how long the embedded server may take to open its
// listeners, unless StoreConfig.Ready asks for longer: a machine starved
// of CPU can take more than ten seconds.
const engineReady = 30 * time.Second

// StoreConfig says where a server keeps its tables: in a NATS server of
// its own (the default: nothing to install), whose JetStream may form a
// cluster with other okey nodes' so that several machines share the
// tables, or in an existing NATS deployment.
type StoreConfig struct {
	// NATS lists the URLs of an existing NATS deployment with JetStream
	// (nats://host:4222); empty: the embedded server.
	NATS []string
	// Creds is the credentials file for NATS (empty: none).
	Creds string
	// CA is a file of the certificates that sign the NATS deployment's
	// (PEM; empty: the system's); Cert and Key are this node's client
	// certificate and key for a deployment that asks for one (empty:
	// none). A tls:// URL, or a deployment that requires TLS, uses them.
	CA, Cert, Key string
	// ClusterListen is where the embedded server listens for the other
	// nodes (host:port); empty: it is alone and listens nowhere.
	ClusterListen string
	// Routes are the other nodes' cluster addresses (host:port or
	// nats-route://host:port). A node's own address may be listed too, so
	// every node can be given the same list.
	Routes []string
	// ClusterName names the cluster ("okey" if empty); every node of one
	// cluster gives the same.
	ClusterName string
	// NodeName names this node in the cluster, unique in it (the host's
	// name and the cluster port if empty).
	NodeName string
	// Replicas is how many copies the cluster keeps of every stream and
	// bucket: 0 is 1 alone and min(3, nodes) in a cluster, the nodes
	// counted as this one and the other addresses of its routes (a
	// route written as this node's own --cluster address is this node).
	Replicas int
	// Ready is how long to wait for the store to take writes; a node of a
	// new cluster waits for a majority of its peers (0: a minute).
	Ready time.Duration
	// LeaseTTL is how long a table's lease outlives its node's last
	// renewal when the store is shared: about the longest a table waits
	// for another node after its node dies (0: LeaseTTL).
	LeaseTTL time.Duration
	// AckWait is how long a write sent without waiting (PublishAsync:
	// the lobby's summaries, the leases' renewals) waits for the store's
	// acknowledgement before it is given up (0: AckWait). A leader that
	// loses its place in the middle of a write may never answer it.
	AckWait time.Duration
	// Secret is the cluster's secret (secret.go), the same on every node
	// sharing the store: the routes' credentials and TLS, and the seal of
	// what the tables keep. A shared store needs one; a node alone
	// without one keeps a secret of its own in its state directory.
	Secret *Secret
}

// ErrNoSecret is a shared store configured without the cluster's
// secret: a cluster without it would take any NATS server that knows
// its name as a node, and show it every deal.
var ErrNoSecret = errors.New("needs --cluster-secret FILE, the same file on every node (make one with: okey serve secret FILE)")

// Check reports the first thing wrong with the store's configuration.
func (c StoreConfig) Check() error {
	switch {
	case c.NATS != nil && (c.ClusterListen != "" || len(c.Routes) > 0):
		return errors.New("--nats uses a NATS deployment: --cluster and --routes are for the embedded one")
	case c.NATS == nil && (c.Creds != "" || c.CA != "" || c.Cert != "" || c.Key != ""):
		return errors.New("--nats-creds, --nats-ca, --nats-cert and --nats-key need --nats")
	case (c.Cert == "") != (c.Key == ""):
		return errors.New("--nats-cert and --nats-key go together")
	case c.ClusterListen == "" && len(c.Routes) > 0:
		return errors.New("--routes needs --cluster (this node's own cluster address)")
	case c.Replicas < 0 || c.Replicas > 5:
		return errors.New("--replicas is from 1 to 5 (0: min(3, nodes))")
	case c.LeaseTTL < 0:
		return errors.New("the lease time must not be negative")
	case c.AckWait < 0:
		return errors.New("the acknowledgement's wait must not be negative")
	case c.clustered() && c.Secret == nil:
		return fmt.Errorf("--cluster %w", ErrNoSecret)
	case c.NATS != nil && c.Secret == nil:
		return fmt.Errorf("--nats %w", ErrNoSecret)
	}
	for _, u := range c.NATS {
		if u == "" {
			return errors.New("--nats: an empty URL")
		}
	}
	if c.ClusterListen != "" {
		if _, _, err := splitHostPort(c.ClusterListen); err != nil {
			return fmt.Errorf("--cluster %q: %w", c.ClusterListen, err)
		}
	}
	for _, r := range c.Routes {
		r = strings.TrimPrefix(r, "nats-route://")
		if _, _, err := splitHostPort(r); err != nil {
			return fmt.Errorf("--routes %q: %w", r, err)
		}
	}
	for _, ch := range c.NodeName {
		if ch <= ' ' || ch == '.' || ch == '*' || ch == '>' {
			return fmt.Errorf("--node %q: a name without spaces, dots, * or >", c.NodeName)
		}
	}
	return nil
}

// Shared reports whether the store may be shared with other nodes: the
// tables are then run under leases.
func (c StoreConfig) Shared() bool { return c.NATS != nil || c.ClusterListen != "" }

// Clustered reports whether the embedded server joins other nodes (and
// not a NATS deployment's).
func (c StoreConfig) Clustered() bool { return c.clustered() }

// clustered reports whether the embedded server joins other nodes.
func (c StoreConfig) clustered() bool { return c.NATS == nil && c.ClusterListen != "" }

// replicas is the copies kept of every stream and bucket.
func (c StoreConfig) replicas() int {
	switch {
	case c.Replicas > 0:
		return c.Replicas
	case c.clustered():
		return min(3, c.nodes())
	}
	return 1
}

// nodes is how many nodes the cluster has, as the routes say: the other
// nodes' addresses, and this one (whose own address the list may hold:
// one list for every node).
func (c StoreConfig) nodes() int {
	others := map[string]bool{}
	for _, r := range c.Routes {
		r = strings.TrimPrefix(r, "nats-route://")
		if r != c.ClusterListen {
			others[r] = true
		}
	}
	return len(others) + 1
}

// Engine is the process's connection to the store: to an embedded NATS
// server (ns) or to an existing deployment (ns nil).
type Engine struct {
	// hedges bounds the node's hedged reads' extra attempts.
	hedges hedgeBudget
	ns     *server.Server
	NC     *nats.Conn
	js     jetstream.JetStream
	// leaseNC is a connection of the leases' own, and leaseJS its
	// JetStream: a renewal and its acknowledgement never queue behind
	// the tables' writes and watches on NC, where on a starved node they
	// could come back too late (docs/cluster-design.md, on renewals).
	leaseNC *nats.Conn
	leaseJS jetstream.JetStream
	// batches is where the answers to NC's batched direct gets come.
	batches *Inbox
	// Seal seals what the tables keep and send (seal.go).
	Seal *Sealer
	// replicas is the copies of every stream and bucket it makes.
	Replicas int
	// node names this process among the others sharing the store.
	Node string
	// ready bounds the waits for the store to answer while the engine's
	// streams and buckets are made (StoreConfig.Ready, a minute unless
	// set): a node whose cluster lost its majority as it started fails
	// with a clear error instead of waiting for ever.
	ready time.Duration
}

// startEngine starts an engine of its own storing under dir and connects
// to it in process: a single machine's store.
func startEngine(dir string) (*Engine, error) {
	return openEngine(context.Background(), dir, StoreConfig{})
}

// SecretFile is where a node alone keeps its secret, in its state
// directory beside the store.
const SecretFile = "store.secret"

// openEngine opens the store sc describes: an embedded server storing
// under dir, alone or clustered, or the deployment sc.NATS names. It
// returns once JetStream takes requests (ctx cancels the wait).
func openEngine(ctx context.Context, dir string, sc StoreConfig) (*Engine, error) {
	if err := sc.Check(); err != nil {
		return nil, err
	}
	e := &Engine{Replicas: sc.replicas(), Node: sc.NodeName, ready: cmp.Or(sc.Ready, time.Minute), hedges: make(hedgeBudget, hedgeExtra)}
	if e.Node == "" {
		e.Node = defaultNodeName(sc.ClusterListen)
	}
	var err error
	if sc.Secret == nil {
		// Alone: a secret of its own, kept beside the store.
		if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
			return nil, fmt.Errorf("the store's secret: %w", err)
		}
		if sc.Secret, err = LoadOrMakeSecret(filepath.Join(filepath.Dir(dir), SecretFile)); err != nil {
			return nil, err
		}
	}
	e.Seal = sc.Secret.NewSealer()
	// connect opens a connection to the store (name tells it apart in
	// the server's list of clients).
	var connect func(name string) (*nats.Conn, error)
	if sc.NATS != nil {
		opts := []nats.Option{nats.MaxReconnects(-1)}
		if sc.Creds != "" {
			opts = append(opts, nats.UserCredentials(sc.Creds))
		}
		if sc.CA != "" {
			opts = append(opts, nats.RootCAs(sc.CA))
		}
		if sc.Cert != "" {
			opts = append(opts, nats.ClientCert(sc.Cert, sc.Key))
		}
		connect = func(name string) (*nats.Conn, error) {
			nc, err := nats.Connect(strings.Join(sc.NATS, ","), append(opts, nats.Name("okey serve "+e.Node+name))...)
			if err != nil {
				return nil, fmt.Errorf("connecting to NATS at %s: %w", strings.Join(sc.NATS, ","), err)
			}
			return nc, nil
		}
	} else {
		// The client port (open only on a clustered node, on the
		// loopback) takes this process alone: a password drawn now, known
		// to nobody else.
		var pw [24]byte
		if _, err := rand.Read(pw[:]); err != nil {
			return nil, fmt.Errorf("the store's local password: %w", err)
		}
		local := hex.EncodeToString(pw[:])
		if e.ns, err = startNATS(dir, e.Node, sc, local); err != nil {
			return nil, err
		}
		connect = func(name string) (*nats.Conn, error) {
			// Dropped (the server closes a client it cannot write to
			// in time), the connection is made again at once: the
			// server is in the process, and the client's default wait
			// before it dials again would leave every table's writes
			// unanswered meanwhile.
			nc, err := nats.Connect("", nats.InProcessServer(e.ns), nats.Name("okey serve"+name), nats.MaxReconnects(-1), nats.ReconnectWait(inProcessRedial), nats.Timeout(inProcessHandshake), nats.UserInfo(localUser, local))
			if err != nil {
				return nil, fmt.Errorf("connecting to the store (NATS): %w", err)
			}
			return nc, nil
		}
	}
	if e.NC, err = connect(""); err == nil {
		e.batches = NewInbox(e.NC)
		e.leaseNC, err = connect(" leases")
	}
	if err != nil {
		e.Close()
		return nil, err
	}
	wait := AckWait
	if sc.AckWait > 0 {
		wait = sc.AckWait
	}
	if e.js, err = jetstream.New(e.NC, jetstream.WithPublishAsyncTimeout(wait)); err == nil {
		e.leaseJS, err = jetstream.New(e.leaseNC, jetstream.WithPublishAsyncTimeout(wait))
	}
	if err == nil {
		err = e.waitReady(ctx, sc.Ready)
	}
	if err != nil {
		e.Close()
		return nil, fmt.Errorf("the store's JetStream: %w", err)
	}
	return e, nil
}

// AckWait is how long a write sent without waiting is waited for, at
// most: an acknowledgement lost with a stream's leader that stepped down
// would otherwise leave its waiter waiting for ever.
const AckWait = 10 * time.Second

// inProcessRedial is how long a dropped connection to the server in the
// process waits before it is made again.
const inProcessRedial = 50 * time.Millisecond

// inProcessHandshake bounds the handshake with the server in the
// process. There is no network to wait on, only the CPU: the client's
// default of 2 s can fail a node's start on a loaded machine, where
// waiting longer costs nothing but the wait.
const inProcessHandshake = 20 * time.Second

// localUser is the one client user of the embedded server: the process
// itself.
const localUser = "okey-local"

// routeTLSTimeout is how long a route's TLS handshake may take, in
// seconds: NATS's default of two is short for a machine starved of CPU.
const routeTLSTimeout = 10

// startNATS starts the embedded server; its one client, the process,
// connects with the password local.
func startNATS(dir, node string, sc StoreConfig, local string) (*server.Server, error) {
	opts := &server.Options{
		Users: []*server.User{{Username: localUser, Password: local}},
		// The process's own clients have as long to say who they are
		// as they wait for the server's answer (NATS's 2 s closed a
		// starved node's connection mid-handshake: "read/write on
		// closed pipe").
		AuthTimeout: inProcessHandshake.Seconds(),
		ServerName:  node,
		JetStream:   true,
		StoreDir:    dir,
		// The process talks to its server in memory
		// (nats.InProcessServer): no port for clients. Other nodes reach
		// it on the cluster port only.
		DontListen: true,
		NoSigs:     true, // the okey server owns the signals
		NoLog:      true,
		MaxPayload: engineMaxPayload,
		// A write reaches the operating system before it is
		// acknowledged, so a killed process loses nothing; the disk is
		// synced every second rather than every move (NATS's default
		// is two minutes): a power cut may cost the last second's
		// moves, and a move costs tens of microseconds, not an fsync.
		SyncInterval: engineSync,
	}
	if sc.clustered() {
		host, port, err := splitHostPort(sc.ClusterListen)
		if err != nil {
			return nil, fmt.Errorf("the cluster address %q: %w", sc.ClusterListen, err)
		}
		// NATS does not report a port it cannot listen on: it would
		// wait out engineReady and say only that it did not start. A
		// port another process holds is said at once, with the reason.
		if err := probeListen(sc.ClusterListen); err != nil {
			return nil, fmt.Errorf("the cluster address %q: %w", sc.ClusterListen, err)
		}
		// NATS starts routing only once its client port is open, so a
		// clustered node has one: on the loopback, at a port of the
		// system's choosing, and only for this process (Users).
		opts.DontListen = false
		opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
		opts.Cluster.Name = cmp.Or(sc.ClusterName, "okey")
		opts.Cluster.Host, opts.Cluster.Port = host, port
		// Only a node with the secret is a peer: NATS's route
		// authorization, and TLS both ways with the cluster's authority.
		pw := sc.Secret.routePassword()
		opts.Cluster.Username, opts.Cluster.Password = routeUser, pw
		opts.CustomRouterAuthentication = sc.Secret.routeAuth()
		if opts.Cluster.TLSConfig, err = sc.Secret.clusterTLS(node); err != nil {
			return nil, err
		}
		opts.Cluster.TLSTimeout = routeTLSTimeout
		for _, r := range sc.Routes {
			hp := strings.TrimPrefix(r, "nats-route://")
			if _, _, err := splitHostPort(hp); err != nil {
				return nil, fmt.Errorf("the route %q: %w", r, err)
			}
			opts.Routes = append(opts.Routes, &url.URL{Scheme: "nats-route", Host: hp, User: url.UserPassword(routeUser, pw)})
		}
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("starting the store (NATS) in %s: %w", dir, err)
	}
	ns.Start()
	wait := max(engineReady, sc.Ready)
	if !ns.ReadyForConnections(wait) {
		ns.Shutdown()
		if sc.clustered() {
			// The port may have been taken between the probe and
			// NATS's listen.
			if err := probeListen(sc.ClusterListen); err != nil {
				return nil, fmt.Errorf("the cluster address %q: %w", sc.ClusterListen, err)
			}
		}
		return nil, fmt.Errorf("the store (NATS) in %s did not start within %v", dir, wait)
	}
	return ns, nil
}

// probeListen says whether addr can be listened on now, by listening
// and closing at once; a port of 0 always can.
func probeListen(addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return l.Close()
}

// waitReady waits until JetStream answers: at once for a server alone,
// once a majority of the nodes have met in a cluster.
func (e *Engine) waitReady(ctx context.Context, wait time.Duration) error {
	if wait <= 0 {
		wait = time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	for {
		actx, acancel := context.WithTimeout(ctx, 2*time.Second)
		_, err := e.js.AccountInfo(actx)
		acancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("JetStream did not answer within %v (a cluster needs a majority of its nodes): %w", wait, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// defaultNodeName is the host's name, with the cluster port if any, so
// two nodes on one machine differ.
func defaultNodeName(clusterListen string) string {
	name, err := os.Hostname()
	if err != nil || name == "" {
		name = "okey"
	}
	if _, port, err := net.SplitHostPort(clusterListen); err == nil {
		name += "-" + port
	}
	return name
}

// splitHostPort splits host:port with a numeric port (0: any).
func splitHostPort(addr string) (string, int, error) {
	host, ps, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(ps)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("port %q is not a number from 0 to 65535", ps)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	return host, port, nil
}

// engineDir is where the engine of a server's state directory stores.
func engineDir(serveDir string) string { return filepath.Join(serveDir, NATSDir) }

// JetStream is the engine's JetStream, for what the buckets' own calls
// do not do (a key-value put published without waiting for its
// acknowledgement, then waited for with others).
func (e *Engine) JetStream() jetstream.JetStream { return e.js }

// Close flushes what the connection still holds and stops the server.
func (e *Engine) Close() error {
	if e == nil {
		return nil
	}
	var err error
	if e.NC != nil {
		err = e.NC.Flush()
		e.NC.Close()
	}
	if e.leaseNC != nil {
		e.leaseNC.Close()
	}
	if e.ns != nil {
		e.ns.Shutdown()
		e.ns.WaitForShutdown()
	}
	if errors.Is(err, nats.ErrConnectionClosed) {
		err = nil
	}
	return err
}

// SetLog makes the engine say on log when one of its connections to the
// store drops and comes back, and each error the client meets outside a
// call (a subscription whose messages came faster than it took them,
// and were dropped): a connection dropped loses every answer on its
// way, and unsaid, a node's tables going slow would have no reason
// in its log.
func (e *Engine) SetLog(log *slog.Logger) {
	if e == nil || log == nil {
		return
	}
	for name, nc := range map[string]*nats.Conn{"tables": e.NC, "leases": e.leaseNC} {
		if nc == nil {
			continue
		}
		nc.SetDisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil { // nil: closed by this process
				log.Warn("the store's connection dropped", "conn", name, "err", err)
			}
		})
		nc.SetReconnectHandler(func(*nats.Conn) { log.Info("the store's connection is back", "conn", name) })
		nc.SetErrorHandler(func(_ *nats.Conn, sub *nats.Subscription, err error) {
			subject := ""
			if sub != nil {
				subject = sub.Subject
			}
			log.Warn("the store's connection", "conn", name, "subject", subject, "err", err)
		})
	}
	if e.ns != nil {
		e.ns.SetLoggerV2(storeLog{log}, false, false, false)
	}
}

// storeLog says in a node's debug log what its embedded store says of
// its cluster: each new leader of a stream or of the cluster's
// metadata (a node killed leaves its streams without one until the
// others elect one, seconds that every table's takeover waits on), and
// its warnings and errors.
type storeLog struct{ log *slog.Logger }

func (l storeLog) Noticef(format string, v ...any) {
	if msg := fmt.Sprintf(format, v...); strings.Contains(msg, "leader") {
		l.log.Debug("the store", "says", msg)
	}
}
func (l storeLog) Warnf(format string, v ...any) {
	l.log.Debug("the store warns", "says", fmt.Sprintf(format, v...))
}
func (l storeLog) Errorf(format string, v ...any) {
	l.log.Debug("the store's error", "says", fmt.Sprintf(format, v...))
}
func (l storeLog) Fatalf(format string, v ...any) {
	l.log.Error("the store's error", "says", fmt.Sprintf(format, v...))
}
func (storeLog) Debugf(string, ...any) {}
func (storeLog) Tracef(string, ...any) {}

// Cut closes the process's connections to the store without a word, as
// a killed process's are (tests of what a restart brings back).
func (e *Engine) Cut() {
	e.NC.Close()
	if e.leaseNC != nil {
		e.leaseNC.Close()
	}
}

// makeStream makes (or updates) a stream, again while the store is not
// answering: nodes that start together and make the same streams at
// once see their first requests go unanswered while the cluster settles
// who holds them.
func (e *Engine) makeStream(ctx context.Context, cfg jetstream.StreamConfig) (st jetstream.Stream, err error) {
	ctx, cancel := e.making(ctx)
	defer cancel()
	err = untilAvailable(ctx, func(ctx context.Context) error {
		st, err = e.js.CreateOrUpdateStream(ctx, cfg)
		return err
	})
	return st, err
}

// missing reports whether the store says, as its meta leader does,
// that the stream named stream is not there (deleted by a writer of the
// store: a write to it then goes unanswered, or is said to have no
// stream). Not answered is not missing.
func (e *Engine) missing(ctx context.Context, stream string) bool {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := e.js.Stream(ctx, stream)
	return errors.Is(err, jetstream.ErrStreamNotFound)
}

// making is ctx bounded by the engine's ready wait, for a stream or a
// bucket being made: the ctx a caller passes is often the server's
// life, which does not end while a node is starting (seen: a node whose
// two peers were killed as it started waited 30 minutes in MakeBucket).
func (e *Engine) making(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, cmp.Or(e.ready, time.Minute))
}

// bindBucket is the bucket named bucket, made already, reached through
// js (a connection other than the engine's own), again while the store
// is not answering, as MakeBucket — and again while it says the bucket
// is not there: a cluster's servers learn of a stream made a moment ago
// only as its assignment reaches them.
func (e *Engine) bindBucket(ctx context.Context, js jetstream.JetStream, bucket string) (kv jetstream.KeyValue, err error) {
	ctx, cancel := e.making(ctx)
	defer cancel()
	err = untilAvailable(ctx, func(ctx context.Context) error {
		kv, err = js.KeyValue(ctx, bucket)
		if errors.Is(err, jetstream.ErrBucketNotFound) {
			return fmt.Errorf("%w: %w", errNotYetSeen, err)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return directBucketOf(js, kv, e.askAgain()), nil
}

// MakeBucket makes (or updates) a key-value bucket, as makeStream.
func (e *Engine) MakeBucket(ctx context.Context, cfg jetstream.KeyValueConfig) (kv jetstream.KeyValue, err error) {
	ctx, cancel := e.making(ctx)
	defer cancel()
	err = untilAvailable(ctx, func(ctx context.Context) error {
		kv, err = e.js.CreateOrUpdateKeyValue(ctx, cfg)
		return err
	})
	if err != nil {
		return nil, err
	}
	return directBucketOf(e.js, kv, e.askAgain()), nil
}
