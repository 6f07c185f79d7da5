package seat

import (
	"context"
	"testing"
	"time"

	"okey/kit/i18n"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestTakenOverTableSaysItMoved: a player seated again with no key at a
// table another node took over (their session's node lost: the seat
// taken back quietly as at any reconnection) reads on the table's
// screen that it moved and play resumes; one seated again by a quiet
// reconnection to a table that did not move reads nothing of it.
func TestTakenOverTableSaysItMoved(t *testing.T) {
	side := commontest.New(t)
	for _, moved := range []bool{true, false} {
		for _, lang := range []string{"en", "tr"} {
			tr := i18n.MustLoad(lang)
			c := side.Common(context.Background(), "key:test", "", "ann", lang)
			p := &Page{}
			p.reseat = &common.Reseating{ID: "7", Until: side.Now().Add(time.Minute), Quiet: true}
			p.onJoined(c, common.JoinedMsg{T: commontest.Table{}, M: tables.NewMember("key:test", "ann", "127.0.0.1", 0), Seat: 0, Moved: moved})
			if said := p.moveLine(c) == tr.T("table.movedback"); said != moved {
				t.Errorf("%s, moved %v: the line under the table is %q", lang, moved, p.moveLine(c))
			}
		}
	}
}
