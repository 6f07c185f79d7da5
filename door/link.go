package door

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"okey/door/web"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/ui/serve/common"
)

// A browser linked to a player's SSH key (keep/links.go): the lobby
// gives the player a one-time code; the page hands it in (POST /link,
// LinkBrowser) and is given a credential in an HttpOnly cookie — the
// link's player, id and revision, sealed with the cluster's secret, so
// that any node opens it and nobody without the secret makes or changes
// one. Each connect opens it and checks the link is still kept (a
// revoked one is refused on every node); a link revoked while its
// browser plays ends that session (the page comes back as a guest).
// Neither a code nor a credential is ever logged.

// webLinkPlace is what a browser's credential is sealed for: it opens
// as that and nothing else (not as a guest's token).
const webLinkPlace = "okey web link v1"

// linkCred is what a credential holds: the link's player, id and the
// revision it was made at.
type linkCred struct {
	Player string `json:"p"`
	ID     string `json:"i"`
	Rev    uint64 `json:"r"`
}

// LinkBrowser takes a code a page hands in and answers with the
// credential its cookie carries (web.Config.Link). Wrong codes count
// against the client's address as the lobby's codes do, and past its
// free ones it waits before another is read.
func (bl *BrowserLinks) LinkBrowser(ctx context.Context, a web.LinkAsk) (string, error) {
	if bl.links == nil || bl.srv.eng == nil || bl.srv.eng.Seal == nil {
		return "", web.ErrNoLinks
	}
	addr := netOf(a.Addr.String(), bl.srv.cfg.IPv6Prefix)
	now := bl.srv.cfg.Now()
	if w := bl.srv.guesses.wait(addr, now); w > 0 {
		return "", web.TooSoon{Wait: w}
	}
	code, ok := common.NormCode(safetext.CutBytes(a.Code, common.MaxCodeBytes), common.LinkLen)
	if !ok {
		bl.srv.guesses.wrong(addr, now)
		return "", web.ErrLinkRefused
	}
	l, err := bl.links.Redeem(ctx, code, a.Agent)
	switch {
	case errors.Is(err, keep.ErrNoLinkCode):
		bl.srv.guesses.wrong(addr, now)
		return "", web.ErrLinkRefused
	case errors.Is(err, keep.ErrTooManyLinks):
		return "", fmt.Errorf("%w: %w", web.ErrLinkRefused, err)
	case err != nil:
		bl.srv.log.Warn("web: a browser not linked", "err", err)
		return "", err
	}
	bl.srv.log.Info("web: a browser linked", "player", keep.LogID(l.Player), "addr", a.Addr)
	return bl.credOf(l)
}

// credOf is the credential of link l: its player, id and revision,
// sealed with the key in use.
func (bl *BrowserLinks) credOf(l keep.Link) (string, error) {
	b, err := json.Marshal(linkCred{Player: l.Player, ID: l.ID, Rev: l.Rev})
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(bl.srv.eng.Seal.Seal(webLinkPlace, b)), nil
}

// RelinkBrowser answers a browser's credential with one for the same
// link as it is kept now (web.Config.Relink): naming the link's
// revision, sealed with the key in use. The page asks for it when its
// session was let in on a credential from before a change of the
// cluster's secret (sealed with the old key, naming the link's
// revision before it was sealed again), which would be refused once the
// old key is dropped. A credential refused is web.ErrLinkRefused.
func (bl *BrowserLinks) RelinkBrowser(ctx context.Context, cred string) (string, error) {
	if bl.links == nil || bl.srv.eng == nil || bl.srv.eng.Seal == nil {
		return "", web.ErrNoLinks
	}
	lc, _, ok := bl.openCred(cred)
	if !ok {
		return "", web.ErrLinkRefused
	}
	l, err := bl.links.Check(ctx, lc.Player, lc.ID, lc.Rev)
	if errors.Is(err, keep.ErrUnlinked) {
		return "", web.ErrLinkRefused
	}
	if err != nil {
		return "", err
	}
	return bl.credOf(l)
}

// UnlinkBrowser revokes the link a browser's credential names (the
// browser unlinks itself: web.Config.Unlink); a credential that does
// not open is nothing to revoke.
func (bl *BrowserLinks) UnlinkBrowser(ctx context.Context, cred string) {
	lc, _, ok := bl.openCred(cred)
	if !ok || bl.links == nil {
		return
	}
	if err := bl.links.Revoke(ctx, lc.Player, lc.ID); err != nil {
		bl.srv.log.Warn("web: a browser's link not revoked", "err", err)
	}
}

// openCred opens a browser's credential (false: none, or not this
// cluster's); aged, when it was sealed with a key of the secret other
// than the one in use.
func (bl *BrowserLinks) openCred(cred string) (lc linkCred, aged, ok bool) {
	if cred == "" || bl.srv.eng == nil || bl.srv.eng.Seal == nil {
		return lc, false, false
	}
	b, err := base64.RawURLEncoding.DecodeString(cred)
	if err != nil {
		return lc, false, false
	}
	plain, aged, err := bl.srv.eng.Seal.OpenAged(webLinkPlace, b)
	if err != nil || json.Unmarshal(plain, &lc) != nil || lc.Player == "" {
		return lc, false, false
	}
	return lc, aged, true
}

// webLink is the link a browser came in with, if its credential opens
// and the link is still kept; renew, when the credential is to be
// replaced by one as the link is now (RelinkBrowser: it was sealed with
// an old key of the secret, or names the link's revision before the
// link was sealed again). A credential refused is said to the page,
// which drops it (the browser plays as a guest). A store that does not
// answer in time refuses it this once, without the page dropping it.
func (bl *BrowserLinks) webLink(c *web.Conn) (l keep.Link, renew, ok bool) {
	if c.Link == "" || bl.links == nil {
		return keep.Link{}, false, false
	}
	lc, aged, ok := bl.openCred(c.Link)
	if ok {
		ctx, cancel := context.WithTimeout(c.Context(), linkCheckWait)
		l, err := bl.links.Check(ctx, lc.Player, lc.ID, lc.Rev)
		cancel()
		if err == nil {
			return l, aged || l.Rev != lc.Rev, true
		}
		if !errors.Is(err, keep.ErrUnlinked) {
			bl.srv.log.Warn("web: a browser's link not checked", "err", err)
			return keep.Link{}, false, false
		}
	}
	bl.srv.log.Info("web: a browser's link refused", "addr", hostOf(c.RemoteAddr()))
	if err := c.Unlink(); err != nil {
		bl.srv.log.Debug("web: the page not told of its link", "err", err)
	}
	return keep.Link{}, false, false
}

// linkCheckWait bounds a connect's check of its link in the store.
const linkCheckWait = 10 * time.Second

// holdLinked notes a linked browser's live connection, so that a revoke
// ends it; the func returned forgets it.
func (bl *BrowserLinks) holdLinked(id string, c *web.Conn) func() {
	bl.srv.mu.Lock()
	defer bl.srv.mu.Unlock()
	if bl.linked == nil {
		bl.linked = map[string]map[*web.Conn]struct{}{}
	}
	if bl.linked[id] == nil {
		bl.linked[id] = map[*web.Conn]struct{}{}
	}
	bl.linked[id][c] = struct{}{}
	return func() {
		bl.srv.mu.Lock()
		defer bl.srv.mu.Unlock()
		delete(bl.linked[id], c)
		if len(bl.linked[id]) == 0 {
			delete(bl.linked, id)
		}
	}
}

// unlinked ends the live sessions of link id, revoked somewhere in the
// cluster (keep.LinkBook.Watch): the page drops its cookie and comes
// back as a guest.
func (bl *BrowserLinks) unlinked(id string) {
	bl.srv.mu.Lock()
	var conns []*web.Conn
	for c := range bl.linked[id] {
		conns = append(conns, c)
	}
	bl.srv.mu.Unlock()
	for _, c := range conns {
		tr := i18n.MustLoad(cmp.Or(c.Lang, "en")) // the page's: "", "en" or "tr"
		c.CloseWith(web.Unlinked, tr.T("web.unlinked"))
	}
	if len(conns) > 0 {
		bl.srv.log.Info("web: a revoked browser cut off", "sessions", len(conns))
	}
}

// openLinks opens the links' book and watches it for revokes, for the
// node's life (nil, and a warning: the server links no browsers).
func (bl *BrowserLinks) openLinks(ctx context.Context) {
	b, err := keep.OpenLinkBook(ctx, bl.srv.eng, bl.srv.cfg.Now)
	if err == nil {
		err = b.Watch(bl.srv.ctx, bl.unlinked)
	}
	if err != nil {
		bl.srv.log.Warn("web: no browsers are linked", "err", err)
		return
	}
	bl.links = b
}

// The browsers' page's questions (common.ServerSide).

// LinkCode is a new code linking a browser to id.
func (p *serverPort) LinkCode(ctx context.Context, id, name string) (string, time.Time, error) {
	b := p.srv.browsers.links
	if b == nil {
		return "", time.Time{}, common.ErrNoLinks
	}
	switch {
	case !keep.IsRated(id):
		return "", time.Time{}, errors.New("a guest links no browser")
	case p.me != nil && p.me.Link() != "":
		// A code comes from the SSH key: a browser revoked leaves no
		// browser it linked behind.
		return "", time.Time{}, errors.New("a linked browser links no other")
	}
	code := common.NewLinkCode()
	until, err := b.NewCode(ctx, code, id, name)
	return code, until, err
}

// Browsers are id's linked browsers.
func (p *serverPort) Browsers(ctx context.Context, id string) ([]keep.Link, error) {
	if p.srv.browsers.links == nil {
		return nil, common.ErrNoLinks
	}
	return p.srv.browsers.links.List(ctx, id)
}

// Unlink revokes id's link.
func (p *serverPort) Unlink(ctx context.Context, id, link string) error {
	if p.srv.browsers.links == nil {
		return common.ErrNoLinks
	}
	return p.srv.browsers.links.Revoke(ctx, id, link)
}

// WebURL is the browser door's address.
func (p *serverPort) WebURL() string { return p.srv.cfg.WebURL }
