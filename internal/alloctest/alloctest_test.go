package alloctest

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The parent test process keeps a goroutine allocating all the time, as a
// stream test's reader or a leaked server of another test would; the child
// processes Isolate starts run without it, so TestBytesExact fails unless
// it runs in a child.
func init() {
	if os.Getenv(childEnv) == "" {
		go func() {
			for {
				noise = make([]byte, 1024)
				time.Sleep(10 * time.Microsecond)
			}
		}()
	}
}

var noise, sink []byte

func TestBytesExact(t *testing.T) {
	if Isolate(t) {
		return
	}
	require.Equal(t, t.Name(), os.Getenv(childEnv), "runs in the child")
	for range 20 {
		n := Bytes(func() { sink = make([]byte, 1<<20) })
		require.Equal(t, uint64(1<<20), n)
	}
}

func TestBytesOutsideIsolatePanics(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("in a child process every test is isolated")
	}
	require.PanicsWithValue(t, "alloctest.Bytes outside a test isolated by alloctest.Isolate: "+
		"the count would include other tests' goroutines", func() { Bytes(func() {}) })
}

func TestHelperFailsInChild(t *testing.T) {
	if os.Getenv("ALLOCTEST_HELPER") == "" {
		t.Skip("run by TestIsolateReportsChildFailure")
	}
	if Isolate(t) {
		return
	}
	t.Error("the child's failure")
}

func TestHelperSkipsInChild(t *testing.T) {
	if os.Getenv("ALLOCTEST_HELPER") == "" {
		t.Skip("run by TestIsolateReportsChildFailure")
	}
	if Isolate(t) {
		return
	}
	t.Skip("the child's skip")
}

func TestIsolateReportsChildResult(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("runs the test binary itself")
	}
	run := func(name string) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
		cmd.Env = append(os.Environ(), "ALLOCTEST_HELPER=1")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("TestHelperFailsInChild")
	require.Error(t, err, out)
	assert.Contains(t, out, "the child's failure")
	assert.Contains(t, out, "TestHelperFailsInChild in a child process (alloctest.Isolate)")
	assert.Contains(t, out, "--- FAIL: TestHelperFailsInChild ")

	out, err = run("TestHelperSkipsInChild")
	require.NoError(t, err, out)
	assert.Contains(t, out, "the child's skip")
	assert.Contains(t, out, "--- SKIP: TestHelperSkipsInChild ")
}

func TestRunPattern(t *testing.T) {
	assert.Equal(t, `^TestX$`, runPattern("TestX"))
	assert.Equal(t, `^TestX$/^\[\]string$/^a\.b_c$`, runPattern("TestX/[]string/a.b_c"))
}
