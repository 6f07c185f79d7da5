// Package bye is okey serve's last word: why the session closes,
// shown for a moment before the connection does (the word is written
// again below the screen as it closes, so it stays in the player's
// terminal). One of the session's pages: it takes package common's
// value and answers with a turn, and imports no other page.
package bye

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/serve/common"
)

// Page is the last word.
type Page struct{ word string }

// Say sets the word (the session shows the page next).
func (p *Page) Say(why string) { p.word = why }

// Said is the word said ("": none yet): one goodbye is enough.
func (p *Page) Said() string { return p.word }

// Update: any key ends the session at once.
func (p *Page) Update(_ *common.Common, msg tea.Msg) common.Turn {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		return common.Turn{Quit: true}
	}
	return common.Turn{}
}

// Lines are the word, alone.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	return []string{"", c.Styles().Bold.Render(p.word)}, nil
}

// Idle: nothing counts, the session is ending.
func (*Page) Idle(*common.Common) common.Idleness { return common.IdleOver }
