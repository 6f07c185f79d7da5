package serve

import (
	"context"
	"path/filepath"
	"testing"

	"okey/ui/store"
)

// storedRecord is table id's record as the server's store holds it; a
// server stopped is read by opening its store again.
func storedRecord(t testing.TB, srv *Server, id string) ([]byte, error) {
	t.Helper()
	ctx, cancel := engineCtx()
	defer cancel()
	if srv.eng != nil {
		rec, _, err := srv.hall.keep.readRecord(ctx, id)
		return rec, err
	}
	k, closeFn := openStoreAt(t, srv.cfg.StateDir)
	defer closeFn()
	rec, _, err := k.readRecord(ctx, id)
	return rec, err
}

// openStoreAt opens the store of a server's state directory (the server
// stopped), importing nothing.
func openStoreAt(t testing.TB, dir string) (*keeper, func()) {
	t.Helper()
	eng, err := startEngine(engineDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	k, err := openKeeper(context.Background(), eng, filepath.Join(dir, store.TablesDir))
	if err != nil {
		eng.close()
		t.Fatal(err)
	}
	return k, func() { eng.close() }
}
