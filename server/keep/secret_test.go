package keep

import (
	"bytes"
	"crypto/tls"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"testing"
)

// testSecret is a fresh cluster secret for a test.
func testSecret(t testing.TB) *Secret {
	t.Helper()
	s, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSecretFile: a secret written reads back the same; a file is never
// replaced; a file others may read, or one that is not a secret, is
// refused with a reason.
func TestSecretFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "okey.secret")
	s := testSecret(t)
	if err := WriteSecret(p, s); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSecret(p)
	if err != nil || got.b != s.b {
		t.Fatalf("read back %v (%v)", got, err)
	}
	if err := WriteSecret(p, testSecret(t)); !errors.Is(err, fs.ErrExist) {
		t.Errorf("a second write over the file: %v, want refused", err)
	}
	if again, _ := ReadSecret(p); again == nil || again.b != s.b {
		t.Error("the secret file was replaced")
	}
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSecret(p); !errors.Is(err, ErrSecretOpen) {
		t.Errorf("a secret others may read: %v, want ErrSecretOpen", err)
	}
	for _, bad := range []string{"", "okey-cluster-secret-1", "okey-cluster-secret-1 c2hvcnQ", "ssh-ed25519 AAAA", "okey-cluster-secret-2 " + string(s.Marshal()[22:])} {
		if _, err := ParseSecret([]byte(bad)); !errors.Is(err, ErrSecretFile) {
			t.Errorf("ParseSecret(%q): %v, want ErrSecretFile", bad, err)
		}
	}
	// A node alone makes its secret once and keeps it.
	own := filepath.Join(dir, SecretFile)
	a, err := LoadOrMakeSecret(own)
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadOrMakeSecret(own)
	if err != nil || a.b != b.b {
		t.Errorf("the node's own secret changed between starts (%v)", err)
	}
}

// TestSealOpensOnlyWhereItWasMade: a sealed value opens with the same
// secret for the same place, and not with another secret, for another
// place, or changed by one bit; it never shows its plain text.
func TestSealOpensOnlyWhereItWasMade(t *testing.T) {
	t.Parallel()
	s := testSecret(t)
	sl := s.NewSealer()
	plain := []byte(`{"seed":123456789,"meta":{"salt":"abcdef"}}`)
	sealed := sl.Seal("okey.table.1.record", plain)
	if bytes.Contains(sealed, []byte("seed")) || bytes.Contains(sealed, []byte("123456789")) {
		t.Fatalf("the sealed value shows its text: %q", sealed)
	}
	if got, err := s.NewSealer().Open("okey.table.1.record", sealed); err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("opened %q (%v)", got, err)
	}
	if bytes.Equal(sealed, sl.Seal("okey.table.1.record", plain)) {
		t.Error("two seals of one value are equal: the nonce is not fresh")
	}
	flipped := bytes.Clone(sealed)
	flipped[len(flipped)-3] ^= 1
	for _, c := range []struct {
		name   string
		s      *Sealer
		where  string
		sealed []byte
	}{
		{"another secret", testSecret(t).NewSealer(), "okey.table.1.record", sealed},
		{"another place", sl, "okey.table.2.record", sealed},
		{"a bit changed", sl, "okey.table.1.record", flipped},
		{"cut", sl, "okey.table.1.record", sealed[:len(sealMagic)+10]},
		{"never sealed", sl, "okey.table.1.record", plain},
	} {
		if _, err := c.s.Open(c.where, c.sealed); !errors.Is(err, ErrSealBroken) {
			t.Errorf("%s: %v, want ErrSealBroken", c.name, err)
		}
	}
}

// TestClusterTLSTrustsOnlyItsAuthority: two nodes of one secret
// complete a TLS handshake both ways; a node of another secret is
// refused by either side.
func TestClusterTLSTrustsOnlyItsAuthority(t *testing.T) {
	t.Parallel()
	s := testSecret(t)
	a, err := s.clusterTLS("a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.clusterTLS("b")
	if err != nil {
		t.Fatal(err)
	}
	rogue, err := testSecret(t).clusterTLS("rogue")
	if err != nil {
		t.Fatal(err)
	}
	if err := handshake(a, b); err != nil {
		t.Errorf("two nodes of one secret: %v", err)
	}
	if err := handshake(rogue, a); err == nil {
		t.Error("a node accepted a peer of another secret")
	}
	if err := handshake(a, rogue); err == nil {
		t.Error("a node dialled a peer of another secret and went on")
	}
}

// handshake runs a TLS handshake between a client and a server over a
// pipe.
func handshake(client, server *tls.Config) error {
	c, s := net.Pipe()
	errs := make(chan error, 1)
	go func() {
		srv := tls.Server(s, server)
		errs <- srv.Handshake()
		srv.Close()
	}()
	cl := tls.Client(c, client)
	err := cl.Handshake()
	if err == nil {
		// TLS 1.3: the client's certificate is checked after the
		// client's handshake ends; a read tells.
		_, err = cl.Read(make([]byte, 1))
	}
	cl.Close()
	if serr := <-errs; serr != nil {
		return serr
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}
