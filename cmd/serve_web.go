package cmd

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"okey/door"
	"okey/door/web"
)

// webFlags are okey serve's browser door's flags (--web and its
// company).
type webFlags struct {
	addr, cert, key  string
	proxies, origins []string
	// insecureLAN serves plain HTTP to the home network
	// (--web-insecure-lan).
	insecureLAN bool
}

// webDoor is the browser door as okey serve runs it: the door, its
// HTTP server and the listener taken at the start.
type webDoor struct {
	door   *web.Door
	http   *http.Server
	l      net.Listener
	tlsCfg *tls.Config
}

// checkWeb checks the browser door's flags: a usage error says why on
// one line. Plain HTTP is for the loopback only, unless the operator
// says in so many words that it is for the home network
// (--web-insecure-lan).
func checkWeb(f webFlags) error {
	switch {
	case f.addr == "" && (f.cert != "" || f.key != "" || len(f.proxies) > 0 || len(f.origins) > 0 || f.insecureLAN):
		return errors.New("--web-cert, --web-key, --web-proxy, --web-origin and --web-insecure-lan need --web ADDR")
	case f.addr == "":
		return nil
	case (f.cert == "") != (f.key == ""):
		return errors.New("--web-cert and --web-key go together")
	case f.insecureLAN && f.cert != "":
		return errors.New("--web-insecure-lan is plain HTTP: not with --web-cert and --web-key")
	case f.cert == "" && !f.insecureLAN:
		if err := web.CheckPlain(f.addr); err != nil {
			return err
		}
	}
	_, err := web.ParseProxies(f.proxies)
	return err
}

// listenWeb takes the browser door's address at the start, with the
// SSH door's, and reads its certificate (nil: no door asked for).
func listenWeb(f webFlags) (*webDoor, error) {
	if f.addr == "" {
		return nil, nil
	}
	w := &webDoor{}
	if f.cert != "" {
		cert, err := tls.LoadX509KeyPair(f.cert, f.key)
		if err != nil {
			return nil, fmt.Errorf("--web-cert, --web-key: %w", err)
		}
		w.tlsCfg = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	l, err := net.Listen("tcp", f.addr)
	if err != nil {
		return nil, err
	}
	w.l = l
	return w, nil
}

// start serves the browser door, its sessions run by srv.
func (w *webDoor) start(f webFlags, cfg door.Config, srv *door.Server, log *slog.Logger) error {
	proxies, _ := web.ParseProxies(f.proxies) // checked by checkWeb
	d, err := web.New(web.Config{
		Session: srv.Web, Admit: srv.AdmitWeb, Link: srv.Browsers().LinkBrowser, Unlink: srv.Browsers().UnlinkBrowser, Relink: srv.Browsers().RelinkBrowser,
		Origins: f.origins, TrustedProxies: proxies, Hosts: servedNames(f.addr, cfg.PublicAddr), HomeOnly: f.insecureLAN,
		MaxConnsPerAddr: cfg.WebConnsPerAddr(), IdleTimeout: cfg.IdleTimeout, MaxSession: cfg.MaxSession, HandshakeTimeout: cfg.HandshakeTimeout,
		TLS: w.tlsCfg, Log: log,
	})
	if err != nil {
		return err
	}
	w.door, w.http = d, d.HTTP()
	switch {
	case w.tlsCfg != nil:
		log.Info("web: listening", "addr", w.l.Addr().String(), "url", "https://"+w.l.Addr().String()+"/")
	case f.insecureLAN:
		log.Warn("web: listening over plain HTTP for the home network (--web-insecure-lan): anyone on it can read and change what is typed and shown; clients from other networks are refused",
			"addr", w.l.Addr().String(), "url", w.url(f, cfg.PublicAddr))
	default:
		log.Info("web: listening over plain HTTP, on the loopback only (TLS: --web-cert and --web-key, or a reverse proxy)", "addr", w.l.Addr().String(), "url", "http://"+w.l.Addr().String()+"/")
	}
	go func() {
		if err := d.Serve(w.http, w.l); err != nil {
			log.Error("web: the door stopped", "err", err)
		}
	}()
	return nil
}

// url is the door's address as a player types it, which the lobby
// prints with a code that links a browser: the public name a proxy
// serves it at (--web-origin), else the address it listens on, its
// host the node's public one (--public-addr) when it listens on all
// ("": no door).
func (w *webDoor) url(f webFlags, public string) string {
	if w == nil {
		return ""
	}
	scheme := "http://"
	if w.tlsCfg != nil || len(f.origins) > 0 {
		scheme = "https://" // a proxy's public name is served over TLS
	}
	if len(f.origins) > 0 {
		return scheme + f.origins[0] + "/"
	}
	host, port, err := net.SplitHostPort(w.l.Addr().String())
	if err != nil {
		return ""
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = ""
		if h, _, err := net.SplitHostPort(public); err == nil {
			host = h
		}
		if host == "" && f.insecureLAN {
			host = homeAddr() // a phone on the home network may not know the machine's name
		}
		if host == "" {
			if host, err = os.Hostname(); err != nil {
				return ""
			}
		}
	}
	return scheme + net.JoinHostPort(host, port) + "/"
}

// homeAddr is the machine's first address on a private network (a
// home's), as a friend's phone there reaches it ("": none).
func homeAddr() string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return ""
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && n.IP.IsPrivate() {
			return n.IP.String()
		}
	}
	return ""
}

// servedNames are the names the browser door is served at besides IP
// addresses, localhost and --web-origin's (web.Config.Hosts): the
// machine's own (and its name on the home network, NAME.local), and
// the hosts of --web and --public-addr when they are names. A request
// to any other name is refused: a page of another site that renamed
// this server by DNS.
func servedNames(addr, public string) []string {
	var out []string
	if h, err := os.Hostname(); err == nil && h != "" {
		short, _, _ := strings.Cut(h, ".")
		out = append(out, h, short, short+".local")
	}
	for _, a := range []string{addr, public} {
		if h, _, err := net.SplitHostPort(a); err == nil && h != "" && net.ParseIP(h) == nil {
			out = append(out, h)
		}
	}
	return out
}

// stopAccepting closes the door to newcomers before the server says
// its goodbyes; close ends what is left once it has.
func (w *webDoor) stopAccepting() {
	if w == nil || w.http == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = w.http.Shutdown(ctx) // the sockets are the server's: not waited for
}

func (w *webDoor) close() {
	if w == nil {
		return
	}
	if w.door != nil {
		w.door.Close()
	}
	w.l.Close()
}
