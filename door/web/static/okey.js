// okey in a browser: a terminal emulator (xterm.js) joined to the
// server's session over a WebSocket. The server draws every screen, as
// it does over SSH; the page only sends what the player types, taps and
// clicks, and the terminal's size. Binary messages carry bytes both
// ways; a text message says the terminal's size.
(() => {
  'use strict';

  // xterm.js adds <style> elements of its own: they carry this page's
  // nonce, so the page's policy needs no inline style.
  const nonce = document.currentScript.nonce;
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tag, options) {
    const el = createElement.call(this, tag, options);
    if (String(tag).toLowerCase() === 'style') el.nonce = nonce;
    return el;
  };

  const words = document.body.dataset;
  const params = new URLSearchParams(location.search);
  const name = (params.get('name') || '').slice(0, 48);
  const lang = words.lang;

  // The game needs 80x24 cells, or, on a screen standing up (a phone
  // held upright), standW x standH: there the font is the biggest from
  // baseFont down to readFont that gives the game its standing table
  // (text of readFont CSS px at the least; a tile, 5 cells by 3, of 40
  // px or more). Elsewhere the font shrinks to keep 80x24 on a small
  // screen (a phone held sideways), down to minFont; below that the
  // game says the terminal is too small.
  const baseFont = 16, readFont = 14, minFont = 7, needCols = 80, needRows = 24, standW = 42, standH = 40;
  const term = new Terminal({
    fontFamily: '"DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
    fontSize: baseFont,
    scrollback: 0,
    cursorBlink: false,
    allowProposedApi: false,
  });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  const box = document.getElementById('term');
  term.open(box);
  // The phone's own keyboard opens only when asked for (the ⌨ key):
  // a tap on a tile is a click, not a wish to type.
  const input = box.querySelector('textarea');
  if (input && matchMedia('(pointer: coarse)').matches) input.setAttribute('inputmode', 'none');

  function layout() {
    let size = baseFont;
    term.options.fontSize = size;
    let d = fit.proposeDimensions();
    if (d && (d.cols < needCols || d.rows < needRows) && innerHeight > innerWidth) {
      while (d && (d.cols < standW || d.rows < standH) && size > readFont) {
        size -= 0.5;
        term.options.fontSize = size;
        d = fit.proposeDimensions();
      }
      if (d && d.cols >= standW && d.rows >= standH) {
        fit.fit();
        return;
      }
      size = baseFont;
      term.options.fontSize = size;
      d = fit.proposeDimensions();
    }
    if (d && (d.cols < needCols || d.rows < needRows)) {
      size = Math.max(minFont, Math.floor(size * Math.min(d.cols / needCols, d.rows / needRows) * 2) / 2);
      term.options.fontSize = size;
      d = fit.proposeDimensions();
      while (d && (d.cols < needCols || d.rows < needRows) && size > minFont) {
        size -= 0.5;
        term.options.fontSize = size;
        d = fit.proposeDimensions();
      }
    }
    fit.fit();
  }
  layout();
  let layoutTimer = 0;
  addEventListener('resize', () => {
    clearTimeout(layoutTimer);
    layoutTimer = setTimeout(layout, 50);
  });

  const encoder = new TextEncoder();
  // Where this tab keeps the token the server gave it (per tab: two tabs
  // are two players).
  const tokenKey = 'okey.token';
  let ws = null;
  let openedAt = 0;
  let delay = 0;
  let retryTimer = 0;
  let ended = false;

  function send(data) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    // The server takes at most 4 KB a message: a long paste goes in parts.
    for (let i = 0; i < bytes.length; i += 1024) ws.send(bytes.subarray(i, i + 1024));
  }
  term.onData(send);
  term.onBinary((s) => send(Uint8Array.from(s, (c) => c.charCodeAt(0))));
  term.onResize(({ cols, rows }) => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ cols, rows }));
  });

  // A line at the foot of the terminal, while the game's screen is not
  // there to say anything.
  function say(text) {
    term.write('\x1b[' + term.rows + ';1H\x1b[2K\x1b[7m ' + text + ' \x1b[0m');
  }

  function connect() {
    clearTimeout(retryTimer);
    ended = false;
    const url = new URL('/ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = '';
    const sock = new WebSocket(url);
    sock.binaryType = 'arraybuffer';
    ws = sock;
    sock.onopen = () => {
      openedAt = Date.now();
      term.reset();
      // The hello: the terminal, the player's name and language, and
      // the token the server gave this tab, so that a guest who lost
      // the connection comes back as themself, to their seat.
      sock.send(JSON.stringify({
        cols: term.cols, rows: term.rows, name, lang,
        token: sessionStorage.getItem(tokenKey) || '',
      }));
      term.focus();
    };
    sock.onmessage = (e) => {
      if (typeof e.data !== 'string') {
        term.write(new Uint8Array(e.data));
        return;
      }
      const said = JSON.parse(e.data);
      if (said.token) sessionStorage.setItem(tokenKey, said.token);
      // The link this browser carried is revoked: its cookie goes.
      if (said.unlinked) post('/unlink', '');
      // The cookie is from before a change of the server's secret: it
      // is renewed, for the sessions to come.
      if (said.relink) post('/relink', '');
    };
    sock.onclose = (e) => {
      if (ws !== sock) return;
      ws = null;
      // A connection that lasted starts the backoff afresh.
      if (openedAt && Date.now() - openedAt > 10000) delay = 0;
      openedAt = 0;
      switch (e.code) {
        case 1000: // the session said goodbye
        case 1008: // refused: the page is not this server's
        case 1009: // refused: a message too big
          ended = true;
          say(e.reason ? e.reason + ' — ' + words.again : words.ended + ' — ' + words.again);
          return;
        case 1012:
          retry(words.restarting, 2000);
          return;
        case 4001: // unlinked: the cookie goes, and the player plays on as a guest
          post('/unlink', '').finally(connect);
          return;
        case 1013:
          retry(e.reason || words.refused, 5000);
          return;
      }
      retry(words.lost, 1000);
    };
  }

  // retry connects again after a wait that doubles from first up to
  // half a minute, with a quarter of it left to chance, so that the
  // players of a node that stopped do not all come back at once.
  function retry(why, first) {
    delay = Math.min(30000, Math.max(first, delay * 2));
    const wait = Math.round(delay * (0.75 + Math.random() * 0.5));
    say(why + ' — ' + words.retry.replace('%d', Math.ceil(wait / 1000)));
    retryTimer = setTimeout(connect, wait);
  }

  // After a goodbye, a key or a tap connects again.
  term.onKey(() => { if (ended) connect(); });
  box.addEventListener('pointerup', () => { if (ended) connect(); });

  const keyBytes = {
    left: '\x1b[D', right: '\x1b[C', up: '\x1b[A', down: '\x1b[B',
    space: ' ', enter: '\r', esc: '\x1b',
  };
  // pressKey is a tap on one of the bar's keys: the phone's keyboard
  // shown or hidden, or the key's bytes sent.
  function pressKey(b) {
    const k = b.dataset.key;
    if (k === 'keyboard') {
      const on = input && input.getAttribute('inputmode') === 'none';
      if (input) {
        if (on) input.removeAttribute('inputmode');
        else input.setAttribute('inputmode', 'none');
        input.blur();
        input.focus();
      }
      b.classList.toggle('on', on);
      return;
    }
    if (ended) {
      connect();
      return;
    }
    send(b.dataset.bytes || keyBytes[k] || k);
  }
  const bar = document.getElementById('keys');
  // pointerdown, not click: no delay, and the terminal keeps the focus.
  bar.addEventListener('pointerdown', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    e.preventDefault();
    pressKey(b);
  });

  // The game's own key bar is the foot of its screen: lines of "key
  // words" joined by " • " (the last line always). Read back from the
  // emulator, it gives the page the actions of the moment, in the
  // player's language and the game's own words: a tap or a click on
  // one in the terminal presses its key, and on a phone the bar under
  // the terminal shows them as whole words.
  const partSep = ' \u2022 ';
  const named = {
    enter: '\r', esc: '\x1b', tab: '\t', 'shift+tab': '\x1b[Z', space: ' ', 'boşluk': ' ',
    pgup: '\x1b[5~', pgdown: '\x1b[6~', pgdn: '\x1b[6~', home: '\x1b[H', end: '\x1b[F', backspace: '\x7f',
    '\u2190': '\x1b[D', '\u2192': '\x1b[C', '\u2191': '\x1b[A', '\u2193': '\x1b[B',
  };
  // bytesOf is what a key written in the bar sends (the first of
  // "c/v"), null for a pair of arrows (the bar's arrows do that).
  function bytesOf(k) {
    k = k.split('/')[0];
    if (named[k] !== undefined) return named[k];
    return Array.from(k).length === 1 ? k : null;
  }
  // gameBar is the game's key bar: its rows from the foot of the
  // screen, and each row's keys with the columns they take.
  function gameBar() {
    const buf = term.buffer.active, rows = [];
    for (let y = term.rows - 1; y >= 0; y--) {
      const line = buf.getLine(buf.viewportY + y);
      const s = line ? line.translateToString(true) : '';
      if (!s.trim() || (y !== term.rows - 1 && !s.includes(partSep))) break;
      const parts = [];
      let at = 0;
      for (const p of s.split(partSep)) {
        const n = Array.from(p).length;
        const t = p.trim(), sp = t.indexOf(' ');
        const key = sp < 0 ? t : t.slice(0, sp);
        const bytes = bytesOf(key);
        if (bytes !== null && sp > 0) parts.push({ from: at, to: at + n, key, words: t.slice(sp + 1), bytes });
        at += n + 3;
      }
      rows.unshift({ y, parts });
    }
    return rows;
  }
  // cellOf is the terminal's cell under a pointer's event.
  function cellOf(e) {
    const r = box.querySelector('.xterm-screen').getBoundingClientRect();
    return { col: Math.floor((e.clientX - r.left) / (r.width / term.cols)), row: Math.floor((e.clientY - r.top) / (r.height / term.rows)) };
  }
  // A press on the game's key bar is its key, not a click the game
  // would have to read: the terminal never sees it (nor its release).
  let swallowUp = false;
  box.addEventListener('mousedown', (e) => {
    if (ended || !ws) return;
    const c = cellOf(e);
    const row = gameBar().find((r) => r.y === c.row);
    const part = row && row.parts.find((p) => c.col >= p.from && c.col < p.to);
    if (!part) return;
    e.preventDefault();
    e.stopPropagation();
    swallowUp = true;
    send(part.bytes);
  }, true);
  box.addEventListener('mouseup', (e) => {
    if (swallowUp) {
      swallowUp = false;
      e.stopPropagation();
    }
  }, true);
  // The bar under the terminal: its fixed keys, then the moment's,
  // made anew when the game's bar changes.
  let shownBar = '';
  function showBar() {
    const parts = gameBar().flatMap((r) => r.parts);
    const sig = parts.map((p) => p.key + ' ' + p.words).join('\n');
    if (sig === shownBar) return;
    shownBar = sig;
    for (const b of bar.querySelectorAll('button.now')) b.remove();
    for (const p of parts) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'now';
      b.dataset.key = p.key;
      b.dataset.bytes = p.bytes;
      b.title = p.key;
      b.textContent = p.words;
      bar.appendChild(b);
    }
  }
  let barTimer = 0;
  term.onWriteParsed(() => {
    if (!barTimer) barTimer = setTimeout(() => { barTimer = 0; showBar(); }, 30);
  });

  // post sends body to the server's path: the cookie of a linked
  // browser is set or cleared by the answer (no script reads it).
  function post(path, body) {
    return fetch(path, { method: 'POST', body, credentials: 'same-origin', cache: 'no-store' })
      .catch(() => ({ ok: false, status: 0, headers: new Headers() }));
  }

  // A link from a player's SSH lobby (#link=CODE) links this browser to
  // their identity: the code is handed in, the answer sets the cookie,
  // and the session that follows is theirs. The code leaves the address
  // bar at once (it is used, and a fragment is never sent to a server
  // or a proxy's log).
  function start() {
    const m = /^#link=([A-Za-z0-9 -]{1,32})$/.exec(location.hash);
    let code = m ? m[1] : null;
    if (!code && location.pathname === '/link') code = prompt(words.linkAsk) || '';
    if (code === null) {
      connect();
      return;
    }
    history.replaceState(null, '', '/' + location.search);
    if (!code.trim()) {
      connect();
      return;
    }
    say(words.linking);
    post('/link', code.slice(0, 32)).then((r) => {
      if (r.ok) {
        connect();
        return;
      }
      let why = words.linkWrong;
      if (r.status === 429) why = words.linkWait.replace('%d', r.headers.get('Retry-After') || '60');
      else if (r.status === 503 || r.status === 0) why = words.linkNone;
      ended = true;
      say(why + ' — ' + words.linkGuest);
    });
  }

  // For the tests, and for a curious player: the screen as text.
  window.okey = {
    screen: () => {
      const buf = term.buffer.active, lines = [];
      for (let i = 0; i < term.rows; i++) {
        const line = buf.getLine(buf.viewportY + i);
        lines.push(line ? line.translateToString(true) : '');
      }
      return lines.join('\n');
    },
    size: () => ({ cols: term.cols, rows: term.rows, font: term.options.fontSize }),
    // The size of a cell in CSS pixels.
    cell: () => {
      const r = box.querySelector('.xterm-screen').getBoundingClientRect();
      return { w: r.width / term.cols, h: r.height / term.rows };
    },
    connected: () => !!ws && ws.readyState === WebSocket.OPEN,
    cut: () => { if (ws) ws.close(4000, 'cut'); },
  };

  start();
})();
