package cmd

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServeWeb: okey serve --web serves the page beside the SSH door,
// over plain HTTP on the loopback (and says so at the start), on every
// address for the home network when the operator names the risk
// (--web-insecure-lan, said at the start), or over TLS with --web-cert
// and --web-key (and browsers are told to keep to it).
func TestServeWeb(t *testing.T) {
	cert, key := selfSigned(t)
	for _, tc := range []struct {
		name  string
		args  []string
		said  string
		https bool
	}{
		{"plain", nil, "plain HTTP, on the loopback only", false},
		// Every address, plain, for the home network: said, and served.
		{"lan", []string{"--web", ":0", "--web-insecure-lan", "--public-addr", "127.0.0.1:2222"}, "for the home network (--web-insecure-lan): anyone on it can read", false},
		{"tls", []string{"--web-cert", cert, "--web-key", key}, "https://", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("XDG_STATE_HOME", t.TempDir())
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var errb syncBuffer
			done := make(chan int, 1)
			args := append([]string{"--addr", "127.0.0.1:0", "--web", "127.0.0.1:0"}, tc.args...)
			go func() { done <- serveMain(ctx, args, strings.NewReader(""), &bytes.Buffer{}, &errb) }()
			url := regexp.MustCompile(`url=(https?://[0-9.:]+/)`)
			deadline := time.Now().Add(time.Minute) // generous: a loaded machine is slow to start a server
			for url.FindStringSubmatch(errb.String()) == nil {
				if time.Now().After(deadline) {
					t.Fatalf("the door did not start: %s", errb.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			if !strings.Contains(errb.String(), tc.said) {
				t.Errorf("the start did not say %q: %s", tc.said, errb.String())
			}
			client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
			resp, err := client.Get(url.FindStringSubmatch(errb.String())[1])
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("the page: %s, policy %q", resp.Status, resp.Header.Get("Content-Security-Policy"))
			}
			if hsts := resp.Header.Get("Strict-Transport-Security") != ""; hsts != tc.https {
				t.Errorf("Strict-Transport-Security set: %v, over TLS: %v", hsts, tc.https)
			}
			stopServe(t, cancel, done, &errb)
		})
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key, PEM.
func selfSigned(t *testing.T) (cert, key string) {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "okey test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &priv.PublicKey, priv)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
	return cert, key
}
