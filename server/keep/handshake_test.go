package keep

import (
	"bufio"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestASlowClientIsNotCutOffMidHandshake: the embedded store's own
// client, starved of CPU, may take longer than NATS's default 2 s to
// send its CONNECT after the server's INFO; the server waits for it as
// long as the client waits for the server (inProcessHandshake), rather
// than closing the connection under it ("read/write on closed pipe",
// a node's start failed by chance on a loaded machine).
func TestASlowClientIsNotCutOffMidHandshake(t *testing.T) {
	if testing.Short() {
		t.Skip("waits past NATS's default handshake time")
	}
	const local = "secret-for-the-test"
	ns, err := startNATS(t.TempDir(), "n1", StoreConfig{}, local)
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	conn, err := ns.InProcessConn()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	r := bufio.NewReader(conn)
	info, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(info, "INFO ") {
		t.Fatalf("the server's first line: %q, %v", info, err)
	}
	time.Sleep(3 * time.Second) // past NATS's AUTH_TIMEOUT of 2 s
	connect := fmt.Sprintf("CONNECT {\"verbose\":false,\"pedantic\":false,\"user\":%q,\"pass\":%q}\r\nPING\r\n", localUser, local)
	if _, err := conn.Write([]byte(connect)); err != nil {
		t.Fatalf("the CONNECT sent 3 s after INFO: %v", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(time.Minute))
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("no PONG for a CONNECT sent 3 s after INFO: %v", err)
		}
		if strings.HasPrefix(line, "-ERR") {
			t.Fatalf("the server refused a CONNECT sent 3 s after INFO: %q", line)
		}
		if strings.HasPrefix(line, "PONG") {
			return
		}
	}
}
