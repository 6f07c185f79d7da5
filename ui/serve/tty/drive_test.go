package tty

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TestDriverRunsTheCommandsSessionsUse gives a driver the commands of
// Bubble Tea the session models use, and messages of its own that it
// cannot act on: each is run or told of, none dropped unsaid.
func TestDriverRunsTheCommandsSessionsUse(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	scr := NewLineScreen(&out, 60, 80, 24, 0)
	defer scr.Close()
	var strange []string
	got := make(chan tea.Msg, 16)
	m := cmdModel{got: got, init: tea.Batch(
		tea.RequestBackgroundColor,
		tea.Sequence(func() tea.Msg { return seqMsg(1) }, func() tea.Msg { return seqMsg(2) }),
		tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return seqMsg(3) }),
		tea.ClearScreen,
	)}
	d := NewDriver(t.Context(), m, scr, 0, nil, func(msg tea.Msg) { strange = append(strange, typeName(msg)) })
	d.In, d.Term, d.W, d.H = strings.NewReader("x"), "xterm", 80, 24
	done := make(chan error, 1)
	go func() { done <- d.Run() }()
	var seq []seqMsg
	keys := 0
	for len(seq) < 3 || keys < 1 {
		select {
		case msg := <-got:
			switch msg := msg.(type) {
			case seqMsg:
				seq = append(seq, msg)
			case tea.KeyPressMsg:
				keys++
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the commands' messages: %v, keys %d; want 1, 2 and 3 and a key", seq, keys)
		}
	}
	d.Send(tea.Quit())
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if i1, i2 := indexOf(seq, 1), indexOf(seq, 2); i1 > i2 {
		t.Errorf("a sequence's messages came %v; want 1 before 2", seq)
	}
	if len(strange) != 1 || !strings.Contains(strange[0], "clearScreen") {
		t.Errorf("told of %v; want the clear screen only", strange)
	}
	scr.Close()
	<-scr.Closed()
	if !strings.Contains(out.String(), "\x1b]11;?\x07") {
		t.Errorf("the background colour was not asked for: %q", out.String())
	}
}

type seqMsg int

// cmdModel hands every message it is given to got.
type cmdModel struct {
	got  chan<- tea.Msg
	init tea.Cmd
}

func (m cmdModel) Init() tea.Cmd { return m.init }
func (m cmdModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.got <- msg
	return m, nil
}
func (m cmdModel) View() tea.View { return tea.NewView("") }

func indexOf(s []seqMsg, v seqMsg) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func typeName(msg tea.Msg) string { return fmt.Sprintf("%T", msg) }
