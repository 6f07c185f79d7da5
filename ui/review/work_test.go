package review

import (
	"context"
	"errors"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/bots/coach"
)

// A review takes in only its own words: a word of another review (one
// closed since) changes nothing and asks for nothing more.
func TestTake(t *testing.T) {
	failed := errors.New("failed")
	tests := []struct {
		name            string
		msg             any
		wantDone, total int
		wantFinished    bool
		wantErr         error
		wantWait        bool
	}{
		{name: "progress", msg: ProgressMsg{ID: 7, Done: 3, Total: 9}, wantDone: 3, total: 9, wantWait: true},
		{name: "progress of another", msg: ProgressMsg{ID: 6, Done: 3, Total: 9}},
		{name: "done", msg: DoneMsg{ID: 7, Err: failed}, wantFinished: true, wantErr: failed},
		{name: "done of another", msg: DoneMsg{ID: 8, Err: failed}},
		{name: "another message", msg: "key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := Start(context.Background(), 7, "title", nil, 0, 0, Options{})
			defer w.Close()
			cmd := w.Take(tt.msg)
			if (cmd != nil) != tt.wantWait {
				t.Errorf("Take asked for the next word: %v, want %v", cmd != nil, tt.wantWait)
			}
			if w.Done != tt.wantDone || w.Total != tt.total || w.Finished != tt.wantFinished || !errors.Is(w.Err, tt.wantErr) {
				t.Errorf("after Take: done %d/%d finished %v err %v; want %d/%d %v %v",
					w.Done, w.Total, w.Finished, w.Err, tt.wantDone, tt.total, tt.wantFinished, tt.wantErr)
			}
		})
	}
}

// A nil Work (no review on show) drops every word, and closing it is
// no fault.
func TestNilWork(t *testing.T) {
	var w *Work
	if cmd := w.Take(ProgressMsg{ID: 0}); cmd != nil {
		t.Error("a nil Work asked for the next word")
	}
	w.Close()
}

// Close stops the work.
func TestClose(t *testing.T) {
	w, _ := Start(context.Background(), 1, "title", nil, 0, 0, Options{})
	w.Close()
	select {
	case <-w.Stopped():
	default:
		t.Fatal("Close did not stop the work")
	}
}

// The review's decisions come as they are judged: each word of the
// judge brings the decisions judged since the last, the page holds them
// (on show) while the rest are worked, and the judge waits for each
// word to be taken, so a decision is on the page before the last is
// judged. The messages are driven one at a time (no timing): the words
// before the end hold every decision once, in order, as the end's
// verdicts; a set of records (a daily) tells each as its hand's.
func TestDecisionsComeAsJudged(t *testing.T) {
	opt := Options{Samples: 2, MinSamples: 2, Workers: 1, Worlds: 8}
	var recs [][]byte
	for _, seed := range []uint64{5, 6} {
		r := playClassic(t, seed, 0, 0)
		recs = append(recs, r.Marshal())
	}
	for _, c := range []struct {
		name  string
		start func() (*Work, tea.Cmd)
		hands []int // the hands the decisions are told as
	}{
		{"one record", func() (*Work, tea.Cmd) {
			return Start(context.Background(), 1, "title", recs[0], 0, 1, opt)
		}, []int{1}},
		{"a set", func() (*Work, tea.Cmd) {
			return StartSet(context.Background(), 1, "title", recs, 7, 0, opt)
		}, []int{7, 8}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, cmd := c.start()
			defer w.Close()
			var streamed []coach.Decision
			shownEarly := false
			for steps := 0; !w.Finished; steps++ {
				if cmd == nil || steps > 10000 {
					t.Fatalf("the review stopped before its end (%d/%d)", w.Done, w.Total)
				}
				msg := cmd()
				if p, ok := msg.(ProgressMsg); ok {
					streamed = append(streamed, p.Decisions...)
					if len(p.Okeys) != len(p.Decisions) || len(p.Melds) != len(p.Decisions) {
						t.Fatalf("a word brings %d decisions with %d okeys and %d tables", len(p.Decisions), len(p.Okeys), len(p.Melds))
					}
				}
				cmd = w.Take(msg)
				if !w.Finished && !w.Reading && len(w.Res.Decisions) > 0 && w.Done < w.Total {
					shownEarly = true
					if len(w.Res.Decisions) != w.Done {
						t.Fatalf("the page holds %d decisions at %d judged", len(w.Res.Decisions), w.Done)
					}
				}
			}
			if w.Err != nil {
				t.Fatal(w.Err)
			}
			ds := w.Res.Decisions
			if len(ds) < 3 || !shownEarly {
				t.Fatalf("%d decisions; one on the page before the last was judged: %v", len(ds), shownEarly)
			}
			if len(streamed) != len(ds) {
				t.Fatalf("%d decisions came as judged, %d at the end", len(streamed), len(ds))
			}
			for i := range ds {
				if streamed[i].Index != ds[i].Index || streamed[i].Hand != ds[i].Hand || streamed[i].Played != ds[i].Played || streamed[i].Label != ds[i].Label {
					t.Errorf("decision %d came as %d/%d %q %s, ended as %d/%d %q %s", i,
						streamed[i].Hand, streamed[i].Index, streamed[i].Played, streamed[i].Label, ds[i].Hand, ds[i].Index, ds[i].Played, ds[i].Label)
				}
				if !slices.Contains(c.hands, ds[i].Hand) {
					t.Errorf("decision %d told as hand %d, want one of %v", i, ds[i].Hand, c.hands)
				}
			}
		})
	}
}
