package serve

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The engine is what keeps the tables past the process: a NATS server
// with JetStream inside the process, on no network port, storing under
// the state directory. One machine needs nothing installed; the same
// streams and buckets are what several machines will share once the
// server joins a cluster (the next steps of issue 22), so the tables are
// written the same way from the first day.

// NATSDir is the engine's folder inside the server's state directory.
const NATSDir = "nats"

// engineMaxPayload is the largest message the engine takes: a whole
// match's record goes in one message at a match's start and when a
// record is imported or rewritten (a long 101 match is some hundreds of
// KB). NATS warns above 8 MB.
const engineMaxPayload = 8 << 20

// engineSync is how often the engine syncs its files to the disk.
const engineSync = time.Second

// engineReady is how long the engine may take to start.
const engineReady = 10 * time.Second

// engine is an embedded NATS server and the process's connection to it.
type engine struct {
	ns *server.Server
	nc *nats.Conn
	js jetstream.JetStream
}

// startEngine starts the embedded server storing under dir and connects
// to it in process.
func startEngine(dir string) (*engine, error) {
	opts := &server.Options{
		ServerName: "okey",
		JetStream:  true,
		StoreDir:   dir,
		// A single machine's engine is no network service: the process
		// talks to it in memory (nats.InProcessServer).
		DontListen: true,
		NoSigs:     true, // the server owns the signals
		NoLog:      true,
		MaxPayload: engineMaxPayload,
		// A write reaches the operating system before it is
		// acknowledged, so a killed process loses nothing; the disk is
		// synced every second rather than every move (NATS's default
		// is two minutes): a power cut may cost the last second's
		// moves, and a move costs tens of microseconds, not an fsync.
		SyncInterval: engineSync,
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("starting the store (NATS) in %s: %w", dir, err)
	}
	ns.Start()
	if !ns.ReadyForConnections(engineReady) {
		ns.Shutdown()
		return nil, fmt.Errorf("the store (NATS) in %s did not start within %v", dir, engineReady)
	}
	nc, err := nats.Connect("", nats.InProcessServer(ns), nats.Name("okey serve"), nats.MaxReconnects(-1))
	if err != nil {
		ns.Shutdown()
		return nil, fmt.Errorf("connecting to the store (NATS): %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		ns.Shutdown()
		return nil, fmt.Errorf("the store's JetStream: %w", err)
	}
	return &engine{ns: ns, nc: nc, js: js}, nil
}

// engineDir is where the engine of a server's state directory stores.
func engineDir(serveDir string) string { return filepath.Join(serveDir, NATSDir) }

// close flushes what the connection still holds and stops the server.
func (e *engine) close() error {
	if e == nil {
		return nil
	}
	err := e.nc.Flush()
	e.nc.Close()
	e.ns.Shutdown()
	e.ns.WaitForShutdown()
	if errors.Is(err, nats.ErrConnectionClosed) {
		err = nil
	}
	return err
}

// ctx is a context for one call to the engine: in process, a call that
// takes seconds means something is wrong.
func engineCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}
