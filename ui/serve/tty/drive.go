package tty

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// A session's model, driven without a tea.Program, so that an idle
// session costs the server nothing.
//
// Bubble Tea's Program starts a ticker at its frame rate whether it has a
// renderer or not, and it cannot be stopped while the program reads its
// input: with hundreds of sessions idle in the lobby, the ticker and the
// runtime's timers and scheduler waking for it would be all an idle
// server does. A driver does what the program does for a session, and
// nothing on a clock: it decodes the client's bytes into Bubble Tea's
// messages with ultraviolet's TerminalReader (what the program uses),
// calls Update one message at a time on one goroutine, hands every frame
// to the session's LineScreen (Framed.View), and runs commands in
// goroutines of their own, their messages fed back. Nothing in it wakes
// unless a message comes.

// Driver runs one session's model.
type Driver struct {
	model   tea.Model
	msgs    chan tea.Msg
	scr     *LineScreen
	filter  func(tea.Msg) tea.Msg
	profile colorprofile.Profile
	// strange is told of a message from package tea the driver cannot
	// act on (a command it does not run); it is then dropped.
	strange func(tea.Msg)

	// What run starts from: the client's input, its TERM, its window
	// and its environment.
	In   io.Reader
	Term string
	W, H int
	Env  []string

	ctx    context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	Panic  any // a command's panic, which ends the session
}

// errPanic is returned by run when the model or a command panicked.
var errPanic = errors.New("a session's model panicked")

// The messages of Bubble Tea's commands that are of types of its own,
// not exported, by type: a query to send to the terminal.
var queries = map[reflect.Type]string{
	reflect.TypeOf(tea.RequestBackgroundColor()): ansi.RequestBackgroundColor,
	reflect.TypeOf(tea.RequestForegroundColor()): ansi.RequestForegroundColor,
	reflect.TypeOf(tea.RequestCursorColor()):     ansi.RequestCursorColor,
}

// cmdsType is the type a sequence's message (tea.Sequence's, not
// exported) converts to.
var cmdsType = reflect.TypeFor[[]tea.Cmd]()

// NewDriver makes a driver of model m, whose frames go to scr (Framed's
// View does that) and whose messages pass filter first.
func NewDriver(ctx context.Context, m tea.Model, scr *LineScreen, profile colorprofile.Profile, filter func(tea.Msg) tea.Msg, strange func(tea.Msg)) *Driver {
	d := &Driver{model: m, msgs: make(chan tea.Msg), scr: scr, filter: filter, profile: profile, strange: strange}
	d.ctx, d.cancel = context.WithCancel(ctx)
	return d
}

// Send hands msg to the model, or drops it once the driver has stopped.
// It never waits for a driver that has stopped.
func (d *Driver) Send(msg tea.Msg) {
	select {
	case d.msgs <- msg:
	case <-d.ctx.Done():
	}
}

// Run drives the model until it quits or its context ends; d.In, what
// the client types, is read until it ends, even after the model has
// stopped, so that its reader never waits on a message nobody takes.
// The first messages are the ones a program sent: the colour profile,
// the window's size and the environment.
func (d *Driver) Run() (err error) {
	in, term, w, h, env := d.In, d.Term, d.W, d.H, d.Env
	defer d.cancel()
	defer func() {
		// A panic in the model ends its session, whose terminal is put
		// back; the server plays on.
		if r := recover(); r != nil {
			d.mu.Lock()
			d.Panic = r
			d.mu.Unlock()
			err = errPanic
		}
	}()
	events := make(chan uv.Event)
	read := make(chan struct{})
	rctx, rcancel := context.WithCancel(context.Background())
	defer rcancel()
	go func() {
		defer close(read)
		// It ends when in does (the session's input ends with it).
		_ = uv.NewTerminalReader(in, term).StreamEvents(rctx, events)
	}()
	defer func() {
		// Events still coming once the model has stopped are taken and
		// dropped, so the reader can end.
		go func() {
			for {
				select {
				case <-events:
				case <-read:
					return
				}
			}
		}()
	}()
	d.exec(d.model.Init())
	d.model.View()
	// The first messages are handled here, before any other: sent from
	// a goroutine, the window's first size could come after a resize the
	// client sent at once, and leave the model at the old size.
	first := []tea.Msg{tea.ColorProfileMsg{Profile: d.profile}, tea.WindowSizeMsg{Width: w, Height: h}, tea.EnvMsg(env)}
	for {
		var msg tea.Msg
		if len(first) > 0 {
			msg, first = first[0], first[1:]
		} else {
			select {
			case <-d.ctx.Done():
				if d.failed() {
					return errPanic
				}
				return nil
			case ev := <-events:
				msg = translate(ev)
			case msg = <-d.msgs:
			}
		}
		if d.filter != nil {
			msg = d.filter(msg)
		}
		if msg == nil {
			continue
		}
		if quit := d.handle(msg); quit {
			d.model.View()
			return nil
		}
	}
}

// handle acts on one message: the driver's own, or Update and View; true
// when the model has quit.
func (d *Driver) handle(msg tea.Msg) bool {
	switch m := msg.(type) {
	case tea.QuitMsg, tea.InterruptMsg:
		return true
	case tea.BatchMsg:
		for _, c := range m {
			d.exec(c)
		}
		return false
	case tea.SuspendMsg:
		msg = tea.ResumeMsg{} // a remote ctrl+z must not stop the server
	case tea.RawMsg:
		d.scr.send(fmt.Sprint(m.Msg))
		return false
	case tea.CapabilityMsg:
		if (m.Content == "RGB" || m.Content == "Tc") && d.profile != colorprofile.TrueColor {
			d.profile = colorprofile.TrueColor
			go d.Send(tea.ColorProfileMsg{Profile: d.profile})
		}
	}
	if q, ok := queries[reflect.TypeOf(msg)]; ok {
		d.scr.send(q)
		return false
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().ConvertibleTo(cmdsType) {
		cmds := v.Convert(cmdsType).Interface().([]tea.Cmd)
		d.goSafe(func() { d.sequence(cmds) })
		return false
	}
	if isStrange(msg) {
		if d.strange != nil {
			d.strange(msg)
		}
		return false
	}
	var cmd tea.Cmd
	d.model, cmd = d.model.Update(msg)
	d.exec(cmd)
	d.model.View()
	return false
}

// isStrange reports whether msg is of one of package tea's own types not
// exported: a command meant for a program, which this driver does not
// run (a clear screen, a window size asked for, a clipboard, a process
// to execute…).
func isStrange(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	if t == nil || t.PkgPath() != teaPath {
		return false
	}
	return !isExported(t.Name())
}

// teaPath is package tea's import path.
var teaPath = reflect.TypeFor[tea.QuitMsg]().PkgPath()

func isExported(name string) bool { return name != "" && name[0] >= 'A' && name[0] <= 'Z' }

// exec runs cmd in a goroutine of its own and feeds its message back.
func (d *Driver) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	d.goSafe(func() {
		if msg := cmd(); msg != nil {
			d.Send(msg)
		}
	})
}

// sequence runs cmds one after the other, as tea.Sequence asks: each
// command's message is handed over (a batch run whole) before the next.
func (d *Driver) sequence(cmds []tea.Cmd) {
	for _, c := range cmds {
		if c == nil {
			continue
		}
		if d.ctx.Err() != nil {
			return
		}
		msg := c()
		switch m := msg.(type) {
		case nil:
		case tea.BatchMsg:
			var wg sync.WaitGroup
			for _, c := range m {
				if c == nil {
					continue
				}
				wg.Add(1)
				d.goSafe(func() {
					defer wg.Done()
					if msg := c(); msg != nil {
						d.Send(msg)
					}
				})
			}
			wg.Wait()
		default:
			if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().ConvertibleTo(cmdsType) {
				d.sequence(v.Convert(cmdsType).Interface().([]tea.Cmd))
				continue
			}
			d.Send(msg)
		}
	}
}

// goSafe runs f in a goroutine; a panic in it ends the session, not the
// server.
func (d *Driver) goSafe(f func()) {
	go func() {
		defer func() {
			if r := recover(); r != nil {
				d.mu.Lock()
				if d.Panic == nil {
					d.Panic = r
				}
				d.mu.Unlock()
				d.cancel()
			}
		}()
		f()
	}()
}

// failed reports whether a command panicked.
func (d *Driver) failed() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.Panic != nil
}

// translate turns an input event into Bubble Tea's message, as its
// program does.
func translate(e uv.Event) tea.Msg {
	switch e := e.(type) {
	case uv.ClipboardEvent:
		return tea.ClipboardMsg(e)
	case uv.ForegroundColorEvent:
		return tea.ForegroundColorMsg(e)
	case uv.BackgroundColorEvent:
		return tea.BackgroundColorMsg(e)
	case uv.CursorColorEvent:
		return tea.CursorColorMsg(e)
	case uv.CursorPositionEvent:
		return tea.CursorPositionMsg(e)
	case uv.FocusEvent:
		return tea.FocusMsg(e)
	case uv.BlurEvent:
		return tea.BlurMsg(e)
	case uv.KeyPressEvent:
		return tea.KeyPressMsg(e)
	case uv.KeyReleaseEvent:
		return tea.KeyReleaseMsg(e)
	case uv.MouseClickEvent:
		return tea.MouseClickMsg(e)
	case uv.MouseMotionEvent:
		return tea.MouseMotionMsg(e)
	case uv.MouseReleaseEvent:
		return tea.MouseReleaseMsg(e)
	case uv.MouseWheelEvent:
		return tea.MouseWheelMsg(e)
	case uv.PasteEvent:
		return tea.PasteMsg(e)
	case uv.PasteStartEvent:
		return tea.PasteStartMsg(e)
	case uv.PasteEndEvent:
		return tea.PasteEndMsg(e)
	case uv.WindowSizeEvent:
		return tea.WindowSizeMsg(e)
	case uv.CapabilityEvent:
		return tea.CapabilityMsg(e)
	case uv.TerminalVersionEvent:
		return tea.TerminalVersionMsg(e)
	case uv.KeyboardEnhancementsEvent:
		return tea.KeyboardEnhancementsMsg(e)
	case uv.ModeReportEvent:
		return tea.ModeReportMsg(e)
	}
	return e
}
