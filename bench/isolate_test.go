package bench

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// isolate runs the test t alone in a child process of the test binary and
// reports the child's result as t's; it returns true in the parent, which
// then returns at once, and false in the child, where the test runs. Tests
// that count allocations (testing.AllocsPerRun counts the whole process's)
// use it so that goroutines other tests left behind, such as a gRPC
// server's, cannot add to the count. The root module's internal/alloctest
// does the same for its tests; a nested module keeps out of the root
// module's internal packages.
func isolate(t *testing.T) bool {
	t.Helper()
	const env = "FURY_BENCH_ISOLATED"
	if os.Getenv(env) != "" {
		return false
	}
	elems := strings.Split(t.Name(), "/")
	for i, e := range elems {
		elems[i] = "^" + regexp.QuoteMeta(e) + "$"
	}
	cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(elems, "/"), "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()+" ") {
		t.Fatalf("%s in a child process: %v\n%s", t.Name(), err, out)
	}
	t.Logf("passed, run alone in a child process:\n%s", out)
	return true
}
