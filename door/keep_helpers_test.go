package door

import (
	"context"
	"testing"

	"okey/server/keep"
)

// storedRecord is table id's record as the server's store holds it; a
// server stopped is read by opening its store again.
func storedRecord(t testing.TB, srv *Server, id string) ([]byte, error) {
	t.Helper()
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	if srv.eng != nil {
		rec, _, err := srv.hall.Keep.Records.Read(ctx, id)
		return rec, err
	}
	eng, k, err := keep.OpenDir(context.Background(), srv.cfg.StateDir, keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	rec, _, err := k.Records.Read(ctx, id)
	return rec, err
}
