package keep

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Watch hands each entry w sends to each, in order, until ctx ends, the
// watch closes or each returns false, then stops w: the one loop over a
// key-value watch. A nil entry marks that the values the bucket held
// when the watch began have all come.
func Watch(ctx context.Context, w jetstream.KeyWatcher, each func(e jetstream.KeyValueEntry) bool) {
	Rewatch(ctx, w, nil, 0, nil, each)
}

// Rewatch is Watch over a watch made again on each word from again.
//
// A watch is a consumer on one node of the cluster: when that node dies
// the watch says nothing more, and the client notices only after two
// missed heartbeats (10 s and more). A caller that knows a node died
// (a lease ended, a reread found what the watch missed) says so on
// again: remake makes the new watch in the background, the old one kept
// until the new one is ready, so no entry is missed between them; the
// new watch brings every entry again. Words within gap of the last
// remaking are let go, and a remaking that fails keeps the old watch
// (the next word asks again). again nil: never made again.
func Rewatch(ctx context.Context, w jetstream.KeyWatcher, again <-chan struct{}, gap time.Duration,
	remake func(context.Context) (jetstream.KeyWatcher, error), each func(e jetstream.KeyValueEntry) bool) {
	defer func() { _ = w.Stop() }()
	fresh := make(chan jetstream.KeyWatcher, 1)
	making := false
	var made time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-again:
			if making || time.Since(made) < gap {
				continue
			}
			making, made = true, time.Now()
			go func() {
				nw, err := remake(ctx)
				if err != nil {
					nw = nil
				}
				fresh <- nw
			}()
		case nw := <-fresh:
			making = false
			if nw != nil {
				_ = w.Stop()
				w = nw
			}
		case e, ok := <-w.Updates():
			if !ok || !each(e) {
				return
			}
		}
	}
}
