package keep

import (
	"fmt"
	"runtime"
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
	b.WriteString(e.busy())
	return b.String()
}

// busy is how busy this node is, for View: the process's CPU (the
// server's own sampling, the last second or so: the node's sessions
// and tables and its NATS server are one process), its goroutines,
// the JetStream API requests it has served (all, refused) and serves
// now, the meta group's proposals not yet applied, and what its own
// connection to the store has carried (counts since its start: a
// difference between two lines is a rate), so that a node slow to
// answer under load can be told apart by what it is busy with.
func (e *Engine) busy() string {
	v, err := e.ns.Varz(nil)
	if err != nil {
		return " node{varz: " + err.Error() + "}"
	}
	var b strings.Builder
	fmt.Fprintf(&b, " node{cpu=%.0f%% goroutines=%d", v.CPU, runtime.NumGoroutine())
	if st := v.JetStream.Stats; st != nil {
		fmt.Fprintf(&b, " api=%d/%d inflight=%d", st.API.Total, st.API.Errors, st.API.Inflight)
	}
	if m := v.JetStream.Meta; m != nil {
		fmt.Fprintf(&b, " metapending=%d", m.Pending)
	}
	fmt.Fprintf(&b, " slow=%d}", v.SlowConsumers)
	if e.NC != nil {
		st := e.NC.Stats()
		fmt.Fprintf(&b, " conn{in=%d/%dKB out=%d/%dKB}", st.InMsgs, st.InBytes>>10, st.OutMsgs, st.OutBytes>>10)
	}
	return b.String()
}
