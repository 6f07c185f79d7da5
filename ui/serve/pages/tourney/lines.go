package tourney

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/kit/safetext"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// view is the page's values as the renderer takes them.
func (p *Page) view(c *common.Common) tourneyview.Page {
	names := maps.Clone(p.names)
	if names == nil {
		names = tourneyview.Names{}
	}
	names[c.ID] = c.Name // as the player is called now
	v := tourneyview.Page{Listed: p.l, Me: c.ID, Names: names, Now: c.Srv.Now(), SSH: common.SSHTo(c.Port), Scroll: p.scroll, Seals: p.seals, Field: p.field,
		GivenUp: p.givenUp, Ratings: p.ratings, Code: p.code}
	if p.t != nil {
		v.T = *p.t
	}
	return v
}

// Lines draws the page; the keys offered are those that do something
// now (join while the tournament takes the player, leave while they
// are in it).
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	k := c.Keys
	keys := []key.Binding{k.Scroll, k.Back, k.Lang}
	switch {
	case p.gone:
		return []string{c.Styles().Warn.Render(c.Tr.T("tourney.err.gone"))}, keys
	case p.t == nil:
		return []string{c.Styles().Dim.Render(c.Tr.T("tourney.reading"))}, keys
	}
	v := p.view(c)
	if p.naming {
		return p.nameLines(c, v), []key.Binding{k.Send, k.TourneyPick, k.Erase, k.Cancel}
	}
	if p.choosing {
		return p.chooseLines(c, v), []key.Binding{k.Send, k.TourneyPick, k.Erase, k.Cancel}
	}
	if p.coding {
		st := c.Styles()
		out := tourneyview.Head(c.Tr, st, v, c.PageWidth())
		return append(out, st.Bold.Render(c.Tr.T("tourney.code.prompt"))+" "+p.codeIn.View()), []key.Binding{k.Send, k.Erase, k.Cancel}
	}
	var first []key.Binding
	switch {
	case asked(v):
		first = []key.Binding{k.TourneyAccept, k.TourneyDecline}
	case asking(v):
		first = []key.Binding{k.TourneyTakeBack}
	case v.CanJoin():
		first = []key.Binding{k.TourneyJoin}
	}
	if v.CanAsk() {
		first = append(first, k.TourneyWith)
	}
	switch {
	case v.CanLeave() && tableOf(v) > 0 && !v.GivenUp:
		first = append(first, k.TourneyTable, k.TourneyLeave)
	case v.CanLeave():
		first = append(first, k.TourneyLeave)
	}
	if len(watchable(v)) > 0 {
		first = append(first, k.TourneyWatch)
	}
	if p.organises() {
		first = append(first, k.TourneyEdit, k.TourneyCancel)
	}
	if p.speaks(c) {
		first = append(first, k.Chat)
	}
	chat := p.chatLines(c)
	lines, _ := tourneyview.Lines(c.Tr, c.Styles(), v, c.PageWidth(), c.PageRows()-len(chat))
	return append(lines, chat...), append(first, keys...)
}

// speaks says whether the player may say something in the
// tournament's chat: one of its people, or its creator.
func (p *Page) speaks(c *common.Common) bool {
	return p.t != nil && (p.mine || slices.Contains(p.t.People(), c.ID))
}

// chatRows is the most lines of its chat the page shows, under a line
// that names it: a fifth of the page, three at least.
func chatRows(c *common.Common) int { return max(3, c.PageRows()/5) }

// chatLines are the chat's last lines at the page's foot, each
// "20:31 Ayşe: good luck" cut to the page (none: nobody said anything,
// and the player is not typing a line).
func (p *Page) chatLines(c *common.Common) []string {
	if len(p.chat) == 0 && p.muted == nil && !(c.Chat.On && c.Chat.To == p.id) {
		return nil
	}
	st, w := c.Styles(), c.PageWidth()
	out := []string{st.Dim.Render(c.Tr.T("tourney.chat.title"))}
	if p.muted != nil {
		for _, l := range tourneyview.Wrap(mutedWords(c, p.muted), w, 2) {
			out = append(out, st.Warn.Render(l))
		}
	}
	if len(p.chat) == 0 {
		return append(out, st.Dim.Render(safetext.CutWidth(c.Tr.T("tourney.chat.none"), w)))
	}
	for _, l := range p.chat[max(0, len(p.chat)-chatRows(c)):] {
		line := st.Dim.Render(l.At.UTC().Format("15:04")) + " " + st.Bold.Render(l.Name) + ": " + l.Text
		out = append(out, safetext.CutWidth(line, w))
	}
	return out
}

// mutedWords tell the player the operator muted them, and until when.
func mutedWords(c *common.Common, m *tournaments.MutedError) string {
	if m.Until.IsZero() {
		return c.Tr.T("tourney.chat.muted.ever")
	}
	return c.Tr.T("tourney.chat.muted", m.Until.UTC().Format("15:04"))
}

// chatRefused says why a line was not said in the chat.
func chatRefused(c *common.Common, err error) string {
	var m *tournaments.MutedError
	switch {
	case errors.As(err, &m):
		return mutedWords(c, m)
	case errors.Is(err, tournaments.ErrChatSlow):
		return c.Tr.T("chat.slow")
	case errors.Is(err, tournaments.ErrChatNotIn):
		return c.Tr.T("tourney.chat.notin")
	}
	return tourneyRefused(c, err)
}

// nameLines are the page while a partner's name is typed: the
// tournament's head, the name, and those who may be asked.
func (p *Page) nameLines(c *common.Common, v tourneyview.Page) []string {
	st, w := c.Styles(), c.PageWidth()
	out := tourneyview.Head(c.Tr, st, v, w)
	out = append(out, st.Bold.Render(c.Tr.T("tourney.partner.prompt"))+" "+p.in.View(), "")
	cs := v.Candidates()
	if len(cs) == 0 {
		return append(out, tourneyview.Wrap(c.Tr.T("tourney.partner.none"), w, 0)...)
	}
	names := make([]string, len(cs))
	for i, cd := range cs {
		names[i] = cd.Name
	}
	for _, l := range tourneyview.Wrap(c.Tr.T("tourney.partner.pick", strings.Join(names, ", ")), w, 2) {
		out = append(out, st.Dim.Render(l))
	}
	return out
}

// chooseLines are the page while the table to watch is typed: the
// tournament's head, the number, and the tables in play.
func (p *Page) chooseLines(c *common.Common, v tourneyview.Page) []string {
	st, w := c.Styles(), c.PageWidth()
	out := tourneyview.Head(c.Tr, st, v, w)
	out = append(out, st.Bold.Render(c.Tr.T("tourney.watch.prompt"))+" "+p.in.View(), "")
	ns := watchable(v)
	list := make([]string, len(ns))
	for i, n := range ns {
		list[i] = strconv.Itoa(n)
	}
	for _, l := range tourneyview.Wrap(c.Tr.T("tourney.watch.pick", strings.Join(list, ", ")), w, 2) {
		out = append(out, st.Dim.Render(l))
	}
	return out
}
