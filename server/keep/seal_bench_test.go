package keep

import (
	"bytes"
	"testing"
)

// BenchmarkSeal is what sealing and opening cost a node: a record's
// move (one line of the record, about 40 bytes) and a seat's view as
// the relay carries it (a few KiB of JSON; 4 KiB here).
func BenchmarkSeal(b *testing.B) {
	sl := testSecret(b).NewSealer()
	for _, c := range []struct {
		name  string
		where string
		plain []byte
	}{
		{"move", recordSubject("12"), []byte(`{"seat":2,"act":"discard","tile":"r7","t":1234}` + "\n")},
		{"view", "okey.members.node1_42", bytes.Repeat([]byte(`{"rack":["r7","b3"]}`), 4096/20)},
	} {
		sealed := sl.Seal(c.where, c.plain)
		b.Run(c.name+"/seal", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.plain)))
			for b.Loop() {
				sl.Seal(c.where, c.plain)
			}
		})
		b.Run(c.name+"/open", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.plain)))
			for b.Loop() {
				if _, err := sl.Open(c.where, sealed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
