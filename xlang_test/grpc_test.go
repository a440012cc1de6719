package xlang_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The gRPC schema test: one service, examples/schemagrpc/chat/chat.fdl,
// compiled to Python stubs by foryc --grpc (grpcio 1.76.0, installed by
// setup-peers.sh) and to Go by furygen -schema -grpc (examples/schemagrpc,
// a module of its own: gRPC stays out of this module's graph, so the test
// builds that program and runs it). Each side serves and calls the other
// with the same calls, unary, server, client and bidirectional streaming,
// and prints the replies; the test compares them line for line.

// grpcWant is what the client of either side prints: the replies of
// examples/schemagrpc's server (and of grpc_peer.py's, which answers the same).
const grpcWant = `Say: "hello Ann!" 3
Repeat: "Bo" 0
Repeat: "Bo" 1
Repeat: "Bo" 2
Collect: "collected" 6 Cy,Di,Ed
Chat: "echo Fay" 10
Chat: "echo Gus" 12
Pick: text "TEA"
Pick: number 42
`

// startServer starts argv, which serves until its stdin closes and first
// prints "listening ADDR", and returns ADDR. The server is stopped (its
// stdin closed, then killed if it lingers) when the test ends.
func startServer(t *testing.T, env []string, argv ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cancel()
			<-done
		}
		cancel()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err, "%s: no address; stderr:\n%s", argv[0], tail(stderr.String(), 3000))
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening ")
	require.True(t, ok, "%s printed %q, want \"listening ADDR\"", argv[0], line)
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	return addr
}

// runClient runs argv and returns what it printed.
func runClient(t *testing.T, env []string, argv ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "%s: stdout:\n%s\nstderr:\n%s", argv[0], stdout.String(), tail(stderr.String(), 3000))
	return stdout.String()
}

func TestSchemaGRPCPython(t *testing.T) {
	root, p := pythonPeer(t)

	// foryc --grpc: example_chat.py and example_chat_grpc.py.
	gendir := t.TempDir()
	foryc := filepath.Join(filepath.Dir(p.argv[0]), "foryc")
	out, err := exec.Command(foryc, "--python_out", gendir, "--grpc",
		filepath.Join(root, "examples", "schemagrpc", "chat", "chat.fdl")).CombinedOutput()
	require.NoError(t, err, "foryc --grpc:\n%s", out)

	// The Go side, built in its own module.
	bin := filepath.Join(t.TempDir(), "schemagrpc")
	build := exec.Command("go", "build", "-o", bin, "./schemagrpc")
	build.Dir = filepath.Join(root, "examples")
	out, err = build.CombinedOutput()
	require.NoError(t, err, "go build ./examples/schemagrpc:\n%s", out)

	py := []string{p.argv[0], filepath.Join(root, "xlang_test", "peers", "python", "grpc_peer.py"), gendir}
	t.Run("python-client-go-server", func(t *testing.T) {
		addr := startServer(t, nil, bin, "-serve")
		assert.Equal(t, grpcWant, runClient(t, p.env, append(py, "client", addr)...))
	})
	t.Run("go-client-python-server", func(t *testing.T) {
		addr := startServer(t, p.env, append(py, "server")...)
		assert.Equal(t, grpcWant, runClient(t, nil, bin, "-call", addr))
	})
}
