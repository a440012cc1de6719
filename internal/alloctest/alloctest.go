// Package alloctest measures what a test allocates, in bytes, without
// counting what other goroutines of the test binary allocate meanwhile.
//
// runtime.MemStats counts the allocations of the whole process: goroutines
// left running by earlier tests, finalizers, a stream's reader goroutine of
// another test. testing.AllocsPerRun has the same reach (it divides the
// process's count by the runs, so stray allocations mostly round away); a
// bound on bytes has no such slack, and a test asserting one failed on a
// loaded machine. Isolate reruns the test in a child process of the same
// test binary that runs that test alone, where Bytes and HeapInUse are
// exact; the parent reports the child's result.
//
//	func TestDecodeAllocates(t *testing.T) {
//		if alloctest.Isolate(t) {
//			return // ran in a child process; its result is this test's
//		}
//		n := alloctest.Bytes(func() { _ = f.Unmarshal(data, &v) })
//		...
//	}
package alloctest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// childEnv marks a child process started by Isolate; its value is the
// name of the test the child runs.
const childEnv = "FURY_ALLOCTEST_CHILD"

// isolated is set once the process is known to run one test (or one fuzz
// target) alone.
var isolated atomic.Bool

// Isolate runs the test t in a child process of the test binary that runs t
// alone (its subtests included; for a fuzz target, its seed corpus), and reports the child's result as t's:
// failed with the child's output, skipped if it skipped, passed otherwise
// (the child's log is in t's log). It returns true in the parent, which must
// then return from the test at once, and false in the child, where the test
// runs. It also returns false while fuzzing (go test -fuzz runs the target
// alone, in worker processes) so that a fuzz target can measure its inputs.
//
// Call it first in the test function, before any work whose allocations
// the child should not repeat. The child runs the whole test t, even if the
// parent's -run pattern selects only some of its subtests.
func Isolate(t testing.TB) bool {
	t.Helper()
	if os.Getenv(childEnv) != "" || isFuzzTarget(t) && fuzzing() {
		isolated.Store(true)
		warmUp.Do(warmUpCaches)
		return false
	}
	ctx := context.Background()
	timeout := 10 * time.Minute
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if dl, ok := d.Deadline(); ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, dl)
			defer cancel()
			timeout = time.Until(dl)
		}
	}
	args := []string{"-test.run=" + runPattern(t.Name()), "-test.count=1", "-test.v", "-test.timeout=" + timeout.String()}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil:
		t.Fatalf("%s in a child process (alloctest.Isolate): %v\n%s", t.Name(), err, out)
	case strings.Contains(string(out), "--- SKIP: "+t.Name()+" "):
		t.Skipf("skipped in the child process (alloctest.Isolate):\n%s", out)
	case !strings.Contains(string(out), "--- PASS: "+t.Name()+" "):
		t.Fatalf("%s did not run in the child process (alloctest.Isolate, -test.run=%s):\n%s", t.Name(), args[0], out)
	case isFuzzTarget(t):
		// A fuzz target must call F.Fuzz, F.Fail or F.Skip: the child ran
		// its seed corpus and passed.
		t.Skipf("passed, run alone in a child process (alloctest.Isolate):\n%s", out)
	default:
		t.Logf("passed, run alone in a child process (alloctest.Isolate):\n%s", out)
	}
	return true
}

var warmUp sync.Once

// warmUpCaches builds what the runtime and the standard library build once
// per process, on first use, so that a measurement counts the test's own
// work as it would in a process that ran other tests first: since Go 1.27
// the first reflect.SliceOf/MapOf/PointerTo... of a type not yet made
// compiles the binary's type links, about 72 KiB.
func warmUpCaches() {
	_ = reflect.SliceOf(reflect.TypeFor[struct{ alloctestWarmUp byte }]())
}

// runPattern is the -test.run pattern that selects exactly the test named
// name (a t.Name(): its levels separated by slashes).
func runPattern(name string) string {
	elems := strings.Split(name, "/")
	for i, e := range elems {
		elems[i] = "^" + regexp.QuoteMeta(e) + "$"
	}
	return strings.Join(elems, "/")
}

func isFuzzTarget(t testing.TB) bool {
	_, ok := t.(*testing.F)
	return ok
}

// fuzzing reports whether the test binary runs a fuzz target's fuzzing
// (-test.fuzz, or as one of its workers).
func fuzzing() bool {
	for _, name := range []string{"test.fuzz", "test.fuzzworker"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" && f.Value.String() != "false" {
			return true
		}
	}
	return false
}

// mustBeIsolated panics unless the process runs one test alone.
func mustBeIsolated(what string) {
	if !isolated.Load() {
		panic(fmt.Sprintf("alloctest.%s outside a test isolated by alloctest.Isolate: "+
			"the count would include other tests' goroutines", what))
	}
}

// Bytes returns the bytes allocated while fn runs (the process's
// runtime.MemStats.TotalAlloc, after a garbage collection). It panics
// unless called in a test isolated by Isolate (or while fuzzing).
func Bytes(fn func()) uint64 {
	mustBeIsolated("Bytes")
	// One P, as testing.AllocsPerRun does: the runtime's own allocations
	// (an OS thread it starts when restarting the world after
	// ReadMemStats, with a P idle) would count otherwise.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// HeapInUse returns the live heap in bytes after two garbage collections
// (runtime.MemStats.HeapAlloc). It panics unless called in a test isolated
// by Isolate (or while fuzzing).
func HeapInUse() uint64 {
	mustBeIsolated("HeapInUse")
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
