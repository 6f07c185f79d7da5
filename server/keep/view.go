package keep

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// View is this node's own view of the store, on one line: the
// cluster's meta leader, and for each of the streams that hold the
// tables (the leases, the records, the tables' entries) its leader,
// its last sequence and each replica's lag as this node knows them.
// It asks no other node — a test that waits on a cluster says, when it
// fails or is traced, what each node saw, even while one is frozen.
// "" with no embedded server (the store is reached with --nats).
func (e *Engine) View() string {
	if e == nil || e.ns == nil {
		return ""
	}
	jsz, err := e.ns.Jsz(&server.JSzOptions{Accounts: true, Streams: true})
	if err != nil {
		return "jsz: " + err.Error()
	}
	var b strings.Builder
	meta := "-"
	if jsz.Meta != nil && jsz.Meta.Leader != "" {
		meta = jsz.Meta.Leader
	}
	fmt.Fprintf(&b, "meta=%s", meta)
	want := []string{"KV_" + leasesBucket, recordsStream, "KV_" + tablesBucket}
	var found []server.StreamDetail
	for _, a := range jsz.AccountDetails {
		for _, s := range a.Streams {
			if slices.Contains(want, s.Name) {
				found = append(found, s)
			}
		}
	}
	slices.SortFunc(found, func(a, b server.StreamDetail) int { return strings.Compare(a.Name, b.Name) })
	for _, s := range found {
		leader := "-"
		var lag []string
		if c := s.Cluster; c != nil {
			if c.Leader != "" {
				leader = c.Leader
			}
			for _, r := range c.Replicas {
				if r == nil {
					continue
				}
				state := "ok"
				switch {
				case r.Offline:
					state = "off"
				case !r.Current:
					state = fmt.Sprintf("lag%d", r.Lag)
				}
				lag = append(lag, fmt.Sprintf("%s:%s@%s", r.Name, state, r.Active.Round(100*time.Millisecond)))
			}
		}
		fmt.Fprintf(&b, " %s{lead=%s last=%d msgs=%d %s}", s.Name, leader, s.State.LastSeq, s.State.Msgs, strings.Join(lag, ","))
	}
	return b.String()
}
