package xlang_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSchemaGRPCJava: the Java stubs foryc --grpc generates from
// examples/schemagrpc/chat/chat.fdl, built on fory-core 1.6.0 and
// grpc-java (Maven, peers/javagrpc/pom.xml), against the Go server and
// client furygen -schema -grpc generates (examples/schemagrpc), every kind
// of call both ways. foryc 1.7.7's Java output compiles and runs on
// fory-core 1.6.0 here: it uses no API newer than 1.6.0 for these types.
// It needs foryc (the Python peer's venv), Maven and a JDK; without them
// it is skipped outside CI.
func TestSchemaGRPCJava(t *testing.T) {
	root, err := repoRoot()
	require.NoError(t, err)
	p, err := setupPeer(root, "python") // for foryc
	if err != nil {
		if inCI() {
			t.Fatal(err)
		}
		t.Skipf("python peer (foryc) not available: %v", err)
	}
	mvn, err := exec.LookPath("mvn")
	if err != nil {
		if inCI() {
			t.Fatal(err)
		}
		t.Skip("no mvn")
	}
	java := "java"
	if home := os.Getenv("JAVA_HOME"); home != "" {
		if _, err := os.Stat(filepath.Join(home, "bin", "java")); err == nil {
			java = filepath.Join(home, "bin", "java")
		}
	}

	// The peer project in a scratch directory, with foryc's stubs.
	proj := t.TempDir()
	src := filepath.Join(root, "xlang_test", "peers", "javagrpc")
	require.NoError(t, os.CopyFS(proj, os.DirFS(src)))
	foryc := filepath.Join(filepath.Dir(p.argv[0]), "foryc")
	out, err := exec.Command(foryc, "--java_out", filepath.Join(proj, "src", "main", "java"), "--grpc",
		filepath.Join(root, "examples", "schemagrpc", "chat", "chat.fdl")).CombinedOutput()
	require.NoError(t, err, "foryc --grpc --java_out:\n%s", out)
	build := exec.Command(mvn, "-q", "-B", "-Dstyle.color=never", "package", "-DskipTests")
	build.Dir = proj
	build.Env = append(os.Environ(), "NO_COLOR=1")
	out, err = build.CombinedOutput()
	require.NoError(t, err, "mvn package:\n%s", tail(string(out), 4000))
	cp := filepath.Join(proj, "target", "grpc-peer-1.0.jar") + string(os.PathListSeparator) + filepath.Join(proj, "target", "lib", "*")
	jv := []string{java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", cp, "org.furygo.grpcpeer.Peer"}

	bin := filepath.Join(t.TempDir(), "schemagrpc")
	gobuild := exec.Command("go", "build", "-o", bin, "./schemagrpc")
	gobuild.Dir = filepath.Join(root, "examples")
	out, err = gobuild.CombinedOutput()
	require.NoError(t, err, "go build ./examples/schemagrpc:\n%s", out)

	t.Run("java-client-go-server", func(t *testing.T) {
		addr := startServer(t, nil, bin, "-serve")
		assert.Equal(t, grpcWant, runClient(t, nil, append(jv, "client", addr)...))
	})
	t.Run("go-client-java-server", func(t *testing.T) {
		addr := startServer(t, nil, append(jv, "server")...)
		assert.Equal(t, grpcWant, runClient(t, nil, bin, "-call", addr))
	})
}
