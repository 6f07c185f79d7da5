package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"okey/door/internal/trusted"
	"okey/kit/safetext"
)

// A browser linked to a player. The door knows nothing of players: it
// hands the server a code a page gives (POST /link), sets the cookie
// the server answers with, hands each socket the cookie it came with
// (Conn.Link), and hands the server a cookie to forget (POST /unlink).
// The cookie is HttpOnly (no script of the page, nor any other, reads
// it), SameSite=Strict (no other site's page sends it), Secure over
// TLS, and holds only what the server sealed: never a password.

// LinkCookie is the cookie a linked browser carries.
const LinkCookie = "okey_link"

// linkCookieAge is how long a browser keeps its link: a browser caps a
// cookie's life at about this (400 days), and a revoke ends it sooner.
const linkCookieAge = 400 * 24 * time.Hour

// Caps on what a page hands in to link: a code with room for dashes and
// spaces; a credential far longer than the server's is not one.
const (
	maxLinkCodeBytes = 64
	maxCredBytes     = 1 << 10
	maxAgentBytes    = 256
)

// LinkAsk is a page's request to link its browser.
type LinkAsk struct {
	// Code is as the player typed it (capped; the server reads it).
	Code string
	// Addr is the client's address (a trusted proxy's client), for the
	// limit on wrong codes.
	Addr netip.Addr
	// Agent is what the browser says it is (its user agent, capped,
	// named by AgentLabel), for the player's list of their browsers.
	Agent string
}

// Why a code is refused, as the page is told (the status of its POST).
var (
	// ErrLinkRefused: the code is not one (wrong, used, lapsed), or
	// the player has too many browsers: 403.
	ErrLinkRefused = errors.New("the code links no browser")
	// ErrNoLinks: the server links no browsers (no store): 503.
	ErrNoLinks = errors.New("this server links no browsers")
)

// TooSoon is a code refused unread: the address has tried too many
// wrong ones lately, and waits Wait (429, Retry-After).
type TooSoon struct{ Wait time.Duration }

func (e TooSoon) Error() string { return fmt.Sprintf("too many wrong codes: wait %s", e.Wait) }

// linkPage answers POST /link: the code in the body (text), the
// cookie set on success.
func (d *Door) linkPage(w http.ResponseWriter, r *http.Request) {
	if !d.postFromPage(w, r) {
		return
	}
	if d.cfg.Link == nil {
		http.Error(w, ErrNoLinks.Error(), http.StatusServiceUnavailable)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxLinkCodeBytes))
	if err != nil {
		http.Error(w, "a code is a few letters", http.StatusRequestEntityTooLarge)
		return
	}
	client := clientAddr(r, d.cfg.TrustedProxies)
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	cred, err := d.cfg.Link(ctx, LinkAsk{Code: string(body), Addr: client.Addr(), Agent: AgentLabel(safetext.CutBytes(r.UserAgent(), maxAgentBytes))})
	var soon TooSoon
	switch {
	case errors.As(err, &soon):
		w.Header().Set("Retry-After", fmt.Sprint(int(soon.Wait.Seconds()+0.999)))
		http.Error(w, err.Error(), http.StatusTooManyRequests)
		return
	case errors.Is(err, ErrNoLinks):
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	case err != nil:
		// No more is said than that: the code does not link.
		d.log.Info("web: a code to link refused", "addr", client.Addr(), "err", err)
		http.Error(w, ErrLinkRefused.Error(), http.StatusForbidden)
		return
	}
	http.SetCookie(w, d.linkCookie(r, cred, int(linkCookieAge.Seconds())))
	w.WriteHeader(http.StatusNoContent)
}

// unlinkPage answers POST /unlink: the server forgets the cookie's
// link (the browser unlinks itself, or drops a link already revoked),
// and the cookie is cleared.
func (d *Door) unlinkPage(w http.ResponseWriter, r *http.Request) {
	if !d.postFromPage(w, r) {
		return
	}
	if cred := linkOf(r); cred != "" && d.cfg.Unlink != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
		defer cancel()
		d.cfg.Unlink(ctx, cred)
	}
	http.SetCookie(w, d.linkCookie(r, "", -1))
	w.WriteHeader(http.StatusNoContent)
}

// relinkPage answers POST /relink: the cookie the browser carries is
// replaced by the one the server answers it with, or cleared if its
// link is refused; kept as it is when the server cannot tell (the
// store slow), to be renewed at a later session.
func (d *Door) relinkPage(w http.ResponseWriter, r *http.Request) {
	if !d.postFromPage(w, r) {
		return
	}
	cred := linkOf(r)
	if d.cfg.Relink == nil || cred == "" {
		http.Error(w, "nothing to renew", http.StatusBadRequest)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	renewed, err := d.cfg.Relink(ctx, cred)
	switch {
	case errors.Is(err, ErrLinkRefused):
		http.SetCookie(w, d.linkCookie(r, "", -1))
		http.Error(w, ErrLinkRefused.Error(), http.StatusForbidden)
		return
	case err != nil:
		d.log.Warn("web: a browser's link not renewed", "addr", clientAddr(r, d.cfg.TrustedProxies).Addr(), "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	http.SetCookie(w, d.linkCookie(r, renewed, int(linkCookieAge.Seconds())))
	w.WriteHeader(http.StatusNoContent)
}

// postFromPage lets through a POST from the server's own page only (as
// the socket's Origin: another site's page may not link its visitor's
// browser to a player of its choosing, nor unlink it).
func (d *Door) postFromPage(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return false
	}
	if err := d.checkOrigin(r); err != nil {
		d.refused.Note("web: refused: a foreign origin", clientAddr(r, d.cfg.TrustedProxies).Addr().String(), "origin", cut(r.Header.Get("Origin")))
		http.Error(w, "forbidden: the page must come from this server", http.StatusForbidden)
		return false
	}
	return true
}

// linkCookie is the link's cookie, value cred, kept age seconds (<0:
// cleared). Secure when the browser reached the door over TLS, itself
// or through a trusted proxy that says so.
func (d *Door) linkCookie(r *http.Request, cred string, age int) *http.Cookie {
	return &http.Cookie{
		Name: LinkCookie, Value: cred, Path: "/", MaxAge: age,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: d.overTLS(r),
	}
}

// overTLS says whether the browser reached the door over TLS.
func (d *Door) overTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	return err == nil && trusted.Contains(d.cfg.TrustedProxies, peer.Addr().Unmap()) &&
		strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Forwarded-Proto")), "https")
}

// linkOf is the link's cookie a request carries ("": none, or one too
// long to be the server's).
func linkOf(r *http.Request) string {
	c, err := r.Cookie(LinkCookie)
	if err != nil || len(c.Value) > maxCredBytes {
		return ""
	}
	return c.Value
}

// AgentLabel names a browser from its user agent as a player knows it
// ("Firefox on Android"), for their list of linked browsers; a user
// agent it cannot read is named by its first words.
func AgentLabel(ua string) string {
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
		{"CriOS/", "Chrome"}, {"Chromium/", "Chromium"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, s := range []struct{ token, name string }{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Windows", "Windows"},
		{"Mac OS X", "macOS"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, s.token) {
			system = s.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " · " + system
	case browser != "" || system != "":
		return browser + system
	}
	return safetext.CutBytes(ua, 40)
}
