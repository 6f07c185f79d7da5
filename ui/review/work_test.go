package review

import (
	"context"
	"errors"
	"testing"
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
