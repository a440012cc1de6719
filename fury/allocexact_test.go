package fury

import (
	"runtime"
	"strings"
	"sync"
	"testing"
)

// exactAlloc returns the bytes fn allocates, counted exactly: with the
// memory profiler sampling every allocation, it sums the allocations whose
// call stack passes through measuredCall. Allocations by other goroutines
// (the testing framework, the garbage collector, a parallel test that is
// not itself measured) have other stacks and are not counted, unlike
// runtime.MemStats's process-wide totals. The profile records at most
// runtime's profile stack depth (128 frames by default) of each stack, so
// fn must not allocate more than about 100 frames deeper than the call:
// the values measured here nest a few levels.
func exactAlloc(fn func()) uint64 {
	allocMu.Lock()
	defer allocMu.Unlock()
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	before := profiledBytes()
	measuredCall(fn)
	return profiledBytes() - before
}

var allocMu sync.Mutex

// measuredCall marks the allocations exactAlloc counts.
//
//go:noinline
func measuredCall(fn func()) { fn() }

// profiledBytes returns the bytes allocated so far under measuredCall,
// after the collections that publish the profile (it lags up to two).
func profiledBytes() uint64 {
	for range 3 {
		runtime.GC()
	}
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			recs = recs[:n]
			break
		}
	}
	var sum uint64
	for i := range recs {
		if underMeasuredCall(recs[i].Stack()) {
			sum += uint64(recs[i].AllocBytes)
		}
	}
	return sum
}

var measuredPCs sync.Map // pc -> bool

func underMeasuredCall(stk []uintptr) bool {
	for _, pc := range stk {
		v, ok := measuredPCs.Load(pc)
		if !ok {
			fn := runtime.FuncForPC(pc - 1)
			v = fn != nil && strings.HasSuffix(fn.Name(), ".measuredCall")
			measuredPCs.Store(pc, v)
		}
		if v.(bool) {
			return true
		}
	}
	return false
}

// TestExactAllocCounts checks the measure itself: what fn allocates is
// counted, what another goroutine allocates meanwhile is not.
func TestExactAllocCounts(t *testing.T) {
	var sink []byte
	n := exactAlloc(func() { sink = make([]byte, 100000) })
	if n < 100000 || n > 110000 {
		t.Fatalf("a 100000-byte allocation measured as %d bytes", n)
	}
	_ = sink
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
				sink2 = make([]byte, 1<<16)
			}
		}
	}()
	n = exactAlloc(func() {
		for range 100 {
			runtime.Gosched()
		}
	})
	close(stop)
	<-done
	if n > 4096 {
		t.Fatalf("another goroutine's allocations were counted: %d bytes", n)
	}
}

var sink2 []byte
