package keep

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
)

// Watch hands each entry w sends to each, in order, until ctx ends, the
// watch closes or each returns false, then stops w: the one loop over a
// key-value watch. A nil entry marks that the values the bucket held
// when the watch began have all come.
func Watch(ctx context.Context, w jetstream.KeyWatcher, each func(e jetstream.KeyValueEntry) bool) {
	defer func() { _ = w.Stop() }()
	for {
		select {
		case <-ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok || !each(e) {
				return
			}
		}
	}
}
