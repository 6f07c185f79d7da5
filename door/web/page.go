package web

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"okey/kit/i18n"
)

// static holds the page, its script and style, and the terminal
// emulator vendored from npm (static/vendor/README.md).
//
//go:embed static/index.html static/okey.js static/okey.css static/vendor/*.js static/vendor/*.css static/vendor/LICENSE.*
var static embed.FS

// staticPrefix is where the page's files are served.
const staticPrefix = "/static/"

// page is the page and its files, read once.
type page struct {
	index *template.Template
	files map[string]file
	words map[string]*pageWords
}

// file is one of the page's files, with its gzip'd bytes when they are
// smaller (xterm.js is a fifth of its size so: a phone's data).
type file struct {
	body, gz []byte
	ctype    string
	etag     string
}

// pageWords are the page's words in one language: the on-screen keys'
// labels, what the page says when the connection is lost.
type pageWords struct {
	Lang                                           string
	Keys                                           []keyButton
	KeysLabel, TermLabel                           string
	Lost, Retry, Ended, Again, Refused, Restarting string
	// The words of a link handed in (#link=CODE): linking, and why not.
	Linking, LinkWrong, LinkWait, LinkNone, LinkGuest, LinkAsk string
}

// keyButton is one of the on-screen keys: the name the page sends it
// by (okey.js maps it to the key's bytes) and what it shows.
type keyButton struct{ Name, Label, Title string }

// onScreenKeys are the keys a phone's keyboard lacks, in the bar's
// order, with the words of their labels and titles. The moment's
// actions (draw, discard, open a table…) follow them in the bar, read
// by okey.js from the game's own key bar at the foot of its screen, in
// the game's words.
var onScreenKeys = []struct{ name, label, title string }{
	{"left", "←", "key.left"}, {"right", "→", "key.right"}, {"up", "↑", "key.up"}, {"down", "↓", "key.down"},
	{"enter", "enter", "web.key.enter"}, {"esc", "esc", "key.cancel"},
	{"keyboard", "⌨", "web.key.keyboard"},
}

func newPage() (*page, error) {
	t, err := template.ParseFS(static, "static/index.html")
	if err != nil {
		return nil, fmt.Errorf("web page: %w", err)
	}
	p := &page{index: t, files: map[string]file{}, words: map[string]*pageWords{}}
	err = fs.WalkDir(static, "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || name == "static/index.html" {
			return err
		}
		b, err := static.ReadFile(name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		f := file{body: b, ctype: mime.TypeByExtension(path.Ext(name)), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		if strings.HasPrefix(path.Base(name), "LICENSE") {
			f.ctype = "text/plain; charset=utf-8"
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(b)
		w.Close()
		if z.Len() < len(b) {
			f.gz = z.Bytes()
		}
		p.files[strings.TrimPrefix(name, "static/")] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web page: %w", err)
	}
	for _, lang := range []string{"en", "tr"} {
		tr, err := i18n.Load(lang)
		if err != nil {
			return nil, fmt.Errorf("web page: %w", err)
		}
		w := &pageWords{Lang: lang, KeysLabel: tr.T("web.keys"), TermLabel: tr.T("web.term"),
			Lost: tr.T("web.lost"), Retry: tr.T("web.retry"), Ended: tr.T("web.ended"), Again: tr.T("web.again"),
			Refused: tr.T("web.refused"), Restarting: tr.T("web.restarting"),
			Linking: tr.T("web.link.linking"), LinkWrong: tr.T("web.link.wrong"), LinkWait: tr.T("web.link.wait"),
			LinkNone: tr.T("web.link.none"), LinkGuest: tr.T("web.link.guest"), LinkAsk: tr.T("web.link.ask")}
		for _, k := range onScreenKeys {
			label := k.label
			if tr.Has(label) {
				label = tr.T(label)
			}
			w.Keys = append(w.Keys, keyButton{Name: k.name, Label: label, Title: tr.T(k.title)})
		}
		p.words[lang] = w
	}
	return p, nil
}

// csp is the page's Content-Security-Policy: nothing from another host,
// no inline script; the terminal's own style elements carry the page's
// nonce (okey.js gives it to them), so no inline style is allowed
// either. 'self' lets the page open its socket (ws: or wss:) to the
// host it came from.
const csp = "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-%s'; connect-src 'self'; img-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// headers are every answer's: no page of another site frames or reads
// it, no type guessed; over TLS, browsers keep to it.
func (p *page) headers(w http.ResponseWriter, tls bool) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if tls {
		h.Set("Strict-Transport-Security", "max-age=31536000")
	}
}

// serveIndex serves the page in the language asked for (?lang=), else
// the browser's (Accept-Language), with a nonce of its own.
func (p *page) serveIndex(w http.ResponseWriter, r *http.Request) {
	words := p.words[pickLang(r)]
	nonce := make([]byte, 18)
	rand.Read(nonce) // never fails (crypto/rand panics rather)
	n := base64.RawURLEncoding.EncodeToString(nonce)
	var b bytes.Buffer
	if err := p.index.Execute(&b, struct {
		*pageWords
		Nonce string
	}{words, n}); err != nil {
		http.Error(w, "the page could not be made", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", fmt.Sprintf(csp, n))
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

// pickLang is the page's language: ?lang=, else the first of the
// browser's languages the game speaks, else English.
func pickLang(r *http.Request) string {
	if l := langOf(r.URL.Query().Get("lang")); l != "" {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if l := langOf(base); l != "" {
			return l
		}
	}
	return "en"
}

// serveFile serves one of the page's files, gzip'd when the browser
// takes it; a browser that has it is told so.
func (p *page) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	f, ok := p.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("ETag", f.etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	if r.Header.Get("If-None-Match") == f.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	if f.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(enc, "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// langOf is the language a page asked for, if the server speaks it.
func langOf(s string) string {
	switch s {
	case "en", "tr":
		return s
	}
	return ""
}
