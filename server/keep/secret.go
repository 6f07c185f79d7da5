package keep

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// The cluster's secret. Every node of one cluster is given the same
// file (okey serve secret FILE makes one), and everything that keeps
// strangers out is derived from it, so that clustering needs one file
// and no certificate authority of one's own:
//
//   - the routes' authorization: NATS's own user and password on the
//     cluster port (Options.Cluster.Username/Password), the password
//     derived from the secret;
//   - TLS on the routes, both ways: a certificate authority whose key is
//     derived from the secret (Ed25519, so the same secret gives the same
//     authority on every node), and a certificate each node makes for
//     itself at start, signed by it. A node accepts a route only from a
//     peer whose certificate that authority signed, and talks only to
//     such a peer;
//   - the seal (seal.go): the key that encrypts what the tables keep in
//     the store and send between nodes, so that a reader of the store
//     who lacks the secret learns nothing hidden.
//
// The secret is 32 random bytes. The file is one line,
// "okey-cluster-secret-1 " and the bytes in base64, and must be
// readable by its owner only, as ssh asks of a private key.
//
// While the secret is being changed (rotate.go), the file holds two
// such lines: the first is the node's own — it seals, and it is the
// credential and the certificate the node shows its peers — and the
// second is also taken: values it sealed open, and peers showing it are
// let in. So nodes given the old secret and nodes given the new one
// work together while they are restarted one by one.

// SecretLen is the secret's length in bytes.
const SecretLen = 32

// maxKeys is the most keys a secret file holds: the one in use and the
// one being changed from or to.
const maxKeys = 2

// secretTag starts a secret file's line: the format and its version.
const secretTag = "okey-cluster-secret-1"

// clusterTLSName is the name every node's certificate is made for and
// every route's TLS checks, whatever address the route dials: the
// nodes' addresses are not known when the secret is made.
const clusterTLSName = "okey-cluster"

// routeUser is the user name of the routes' authorization.
const routeUser = "okey-node"

// Secret is a cluster's shared secret: the key in use, and while it is
// being changed, another one also taken.
type Secret struct {
	b [SecretLen]byte
	// also is a key also taken (nil: none).
	also *Secret
}

// NewSecret draws a secret from crypto/rand.
func NewSecret() (*Secret, error) {
	s := &Secret{}
	if _, err := rand.Read(s.b[:]); err != nil {
		return nil, fmt.Errorf("drawing a secret: %w", err)
	}
	return s, nil
}

// Marshal is the secret as its file holds it.
func (s *Secret) Marshal() []byte {
	var out []byte
	for k := s; k != nil; k = k.also {
		out = append(out, secretTag+" "+base64.RawURLEncoding.EncodeToString(k.b[:])+"\n"...)
	}
	return out
}

// ErrSecretFile is a secret file that is not one: damaged, cut, or some
// other file given by mistake.
var ErrSecretFile = errors.New("not an okey cluster secret (make one with: okey serve secret FILE)")

// ParseSecret reads a secret as Marshal writes it.
func ParseSecret(b []byte) (*Secret, error) {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > maxKeys {
		return nil, fmt.Errorf("%w: %d keys, at most %d", ErrSecretFile, len(lines), maxKeys)
	}
	var first, last *Secret
	for _, line := range lines {
		tag, enc, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok || tag != secretTag {
			return nil, ErrSecretFile
		}
		raw, err := base64.RawURLEncoding.DecodeString(enc)
		if err != nil || len(raw) != SecretLen {
			return nil, ErrSecretFile
		}
		k := &Secret{}
		copy(k.b[:], raw)
		if first == nil {
			first = k
		} else {
			if k.b == first.b {
				return nil, fmt.Errorf("%w: the same key twice", ErrSecretFile)
			}
			last.also = k
		}
		last = k
	}
	return first, nil
}

// ErrSecretOpen is a secret file that others than its owner may read:
// it is refused, as ssh refuses such a private key.
var ErrSecretOpen = errors.New("others may read it: make it readable by its owner only (chmod 600)")

// ReadSecret reads the secret file at path, refusing one that others
// may read.
func ReadSecret(path string) (*Secret, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("the cluster secret: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("the cluster secret %s: %w", path, ErrSecretOpen)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the cluster secret: %w", err)
	}
	s, err := ParseSecret(b)
	if err != nil {
		return nil, fmt.Errorf("the cluster secret %s: %w", path, err)
	}
	return s, nil
}

// WriteSecret writes a new secret to path, readable by its owner only;
// a file already there is never replaced (a node's secret overwritten
// would shut it out of its cluster).
func WriteSecret(path string, s *Secret) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if _, err := f.Write(s.Marshal()); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	return nil
}

// LoadOrMakeSecret reads the secret at path, or makes one there if
// there is none: a single node's seal key, kept beside its store.
func LoadOrMakeSecret(path string) (*Secret, error) {
	s, err := ReadSecret(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return s, err
	}
	if s, err = NewSecret(); err != nil {
		return nil, err
	}
	if err := WriteSecret(path, s); err != nil {
		if errors.Is(err, fs.ErrExist) { // another start made it first
			return ReadSecret(path)
		}
		return nil, err
	}
	return s, nil
}

// derive is a key of n bytes for one use, named by label: one secret,
// independent keys.
func (s *Secret) derive(label string, n int) []byte {
	k, err := hkdf.Key(sha256.New, s.b[:], nil, "okey cluster: "+label, n)
	if err != nil {
		panic(fmt.Sprintf("keep: deriving %q: %v", label, err)) // only for n too large: a bug
	}
	return k
}

// routePassword is the password of the routes' authorization.
func (s *Secret) routePassword() string { return hex.EncodeToString(s.derive("route password", 24)) }

// Fingerprint names the secret without giving it away (the first bytes
// of a key derived for nothing else), for logs and status: two nodes
// showing different fingerprints were given different secrets. Of a
// secret being changed, it names the key in use.
func (s *Secret) Fingerprint() string { return hex.EncodeToString(s.derive("fingerprint", 6)) }

// Fingerprints names every key of the secret, the one in use first.
func (s *Secret) Fingerprints() []string {
	var out []string
	for k := s; k != nil; k = k.also {
		out = append(out, k.Fingerprint())
	}
	return out
}

// keys are the secret's keys, the one in use first.
func (s *Secret) keys() []*Secret {
	var out []*Secret
	for k := s; k != nil; k = k.also {
		out = append(out, k)
	}
	return out
}

// authority is the cluster's certificate authority: its key from the
// secret, its certificate built the same way on every node.
func (s *Secret) authority() (*x509.Certificate, ed25519.PrivateKey, error) {
	key := ed25519.NewKeyFromSeed(s.derive("tls authority", ed25519.SeedSize))
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "okey cluster authority " + s.Fingerprint()},
		NotBefore:             time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2126, 1, 1, 0, 0, 0, 0, time.UTC),
		IsCA:                  true,
		BasicConstraintsValid: true,
		MaxPathLenZero:        true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(bytes.NewReader(nil), tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, nil, fmt.Errorf("the cluster's authority: %w", err)
	}
	ca, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, fmt.Errorf("the cluster's authority: %w", err)
	}
	return ca, key, nil
}

// clusterTLS is the TLS configuration of a node's routes: a certificate
// of its own, made now and signed by the cluster's authority, shown to
// every peer; and only peers showing one the authority signed are
// accepted, both ways.
func (s *Secret) clusterTLS(node string) (*tls.Config, error) {
	ca, caKey, err := s.authority()
	if err != nil {
		return nil, err
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("the node's certificate: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	if err != nil {
		return nil, fmt.Errorf("the node's certificate: %w", err)
	}
	now := time.Now()
	leaf := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "okey node " + node},
		DNSNames:     []string{clusterTLSName},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.AddDate(20, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, leaf, ca, pub, caKey)
	if err != nil {
		return nil, fmt.Errorf("the node's certificate: %w", err)
	}
	// Peers are taken under any of the secret's authorities: while the
	// secret is changed, some show the old one's and some the new one's.
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	for _, k := range s.keys()[1:] {
		other, _, err := k.authority()
		if err != nil {
			return nil, err
		}
		pool.AddCert(other)
	}
	return &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: priv}},
		RootCAs:      pool,
		ClientCAs:    pool,
		ClientAuth:   tls.RequireAndVerifyClientCert,
		ServerName:   clusterTLSName,
		MinVersion:   tls.VersionTLS13,
	}, nil
}

// routeAuth is the routes' authorization: a route is let in that gives
// the routes' user and the password of any of the secret's keys, over
// TLS whose certificate one of their authorities signed (NATS's own
// check takes one password only, and while the secret is changed the
// nodes give two).
type routeAuth struct{ passwords []string }

func (s *Secret) routeAuth() routeAuth {
	var a routeAuth
	for _, k := range s.keys() {
		a.passwords = append(a.passwords, k.routePassword())
	}
	return a
}

// Check implements server.Authentication.
func (a routeAuth) Check(c server.ClientAuthentication) bool {
	o := c.GetOpts()
	if o == nil || o.Username != routeUser {
		return false
	}
	if cs := c.GetTLSConnectionState(); cs == nil || len(cs.VerifiedChains) == 0 {
		return false
	}
	for _, pw := range a.passwords {
		if subtle.ConstantTimeCompare([]byte(pw), []byte(o.Password)) == 1 {
			return true
		}
	}
	return false
}
