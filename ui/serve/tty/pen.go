package tty

import "strings"

// A pen read for its meaning, so that the client is told only what
// differs between two (bold on a tile's face, then its frame's grey:
// "22;49;90" or a reset and "90", whichever is shorter), not a reset
// and the whole of the next.

// style is what a pen sets: its attributes and colours, each colour as
// its parameters are written ("91", "38;5;254", "38;2;1;2;3"; "":
// the terminal's own).
type style struct {
	attrs      uint16
	fg, bg, ul string
}

// The attributes, by their SGR parameter: bit n is parameter n (1 bold
// … 9 crossed out); overline's is bit 10.
const overline = 10

// attrOff is the parameter that turns attribute n off (bold and faint
// go off together).
var attrOff = [...]string{1: "22", 2: "22", 3: "23", 4: "24", 5: "25", 7: "27", 8: "28", 9: "29", overline: "55"}

// parsePen reads pen p (SGR sequences from a reset); ok is false for a
// parameter it does not know, and then the pen is set as written.
func parsePen(p string) (s style, ok bool) {
	for p != "" {
		end := strings.IndexByte(p, 'm')
		if end < 2 || p[0] != '\x1b' || p[1] != '[' {
			return s, false
		}
		params := p[2:end]
		p = p[end+1:]
		for {
			var q string
			q, params, _ = strings.Cut(params, ";")
			switch q {
			case "", "0":
				s = style{}
			case "1", "2", "3", "4", "5", "7", "8", "9":
				s.attrs |= 1 << (q[0] - '0')
			case "53":
				s.attrs |= 1 << overline
			case "22":
				s.attrs &^= 1<<1 | 1<<2
			case "23", "24", "25", "27", "28", "29":
				s.attrs &^= 1 << (q[1] - '0')
			case "55":
				s.attrs &^= 1 << overline
			case "39":
				s.fg = ""
			case "49":
				s.bg = ""
			case "59":
				s.ul = ""
			case "38", "48", "58":
				var n int
				switch {
				case strings.HasPrefix(params, "5;"):
					n = 2
				case strings.HasPrefix(params, "2;"):
					n = 4
				default:
					return s, false
				}
				args := params
				for range n {
					_, args, _ = strings.Cut(args, ";")
				}
				c := q + ";" + params[:len(params)-len(args)]
				c = strings.TrimSuffix(c, ";")
				params = args
				switch q {
				case "38":
					s.fg = c
				case "48":
					s.bg = c
				default:
					s.ul = c
				}
			default:
				switch {
				case len(q) == 2 && q[0] == '3' && q[1] <= '7', len(q) == 2 && q[0] == '9' && q[1] <= '7':
					s.fg = q
				case len(q) == 2 && q[0] == '4' && q[1] <= '7', len(q) == 3 && q[:2] == "10" && q[2] <= '7':
					s.bg = q
				case strings.HasPrefix(q, "38:"):
					s.fg = q
				case strings.HasPrefix(q, "48:"):
					s.bg = q
				case strings.HasPrefix(q, "58:"):
					s.ul = q
				default:
					return s, false
				}
			}
			if params == "" {
				break
			}
		}
	}
	return s, true
}

// params are the SGR parameters that set s from a reset.
func (s style) params(b []byte) []byte {
	for n := 1; n <= overline; n++ {
		if s.attrs&(1<<n) != 0 {
			if n == overline {
				b = append(b, "53;"...)
			} else {
				b = append(b, byte('0'+n), ';')
			}
		}
	}
	for _, c := range [...]string{s.fg, s.bg, s.ul} {
		if c != "" {
			b = append(b, c...)
			b = append(b, ';')
		}
	}
	return b
}

// delta appends the SGR parameters that turn from into to, without a
// reset.
func delta(b []byte, from, to style) []byte {
	for n := 1; n <= overline; n++ {
		bit := uint16(1) << n
		if from.attrs&bit != 0 && to.attrs&bit == 0 {
			b = append(b, attrOff[n]...)
			b = append(b, ';')
			if n == 1 || n == 2 { // 22 took both bold and faint off
				from.attrs &^= 1<<1 | 1<<2
			}
		}
	}
	for n := 1; n <= overline; n++ {
		bit := uint16(1) << n
		if to.attrs&bit != 0 && from.attrs&bit == 0 {
			if n == overline {
				b = append(b, "53;"...)
			} else {
				b = append(b, byte('0'+n), ';')
			}
		}
	}
	for i, c := range [...][2]string{{from.fg, to.fg}, {from.bg, to.bg}, {from.ul, to.ul}} {
		if c[0] == c[1] {
			continue
		}
		if c[1] == "" {
			b = append(b, [...]string{"39;", "49;", "59;"}[i]...)
			continue
		}
		b = append(b, c[1]...)
		b = append(b, ';')
	}
	return b
}

// penChange is the shortest sequence that turns the client's pen from
// into to (both as written, read by their meaning); ok is false when
// either is not understood.
func (sc *scratch) penChange(from, to string) (string, bool) {
	key := [2]string{from, to}
	if seq, ok := sc.changes[key]; ok {
		return seq, true
	}
	f, ok1 := parsePen(from)
	t, ok2 := parsePen(to)
	if !ok1 || !ok2 {
		return "", false
	}
	if f == t {
		return "", true
	}
	b := append(sc.sgr[:0], "\x1b["...)
	if from != "" {
		b = append(b, '0', ';')
	}
	b = t.params(b)
	reset := len(b)
	if from != "" {
		b = append(b, "\x1b["...)
		b = delta(b, f, t)
		if len(b)-reset < reset {
			b = b[reset:]
		} else {
			b = b[:reset]
		}
	}
	if b[len(b)-1] == ';' {
		b[len(b)-1] = 'm'
	} else {
		b = append(b, 'm') // "ESC[": to resets every attribute
	}
	sc.sgr = b
	seq := string(b)
	if sc.changes == nil || len(sc.changes) >= maxChanges {
		sc.changes = make(map[[2]string]string)
	}
	sc.changes[[2]string{strings.Clone(from), strings.Clone(to)}] = seq
	return seq, true
}

// maxChanges bounds the pen changes a screen remembers.
const maxChanges = 64
