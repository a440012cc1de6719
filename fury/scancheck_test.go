package fury

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"
)

// With FURY_SCANCHECK=1, every message any test of this package decodes
// with Unmarshal is also walked by the structural reader (wire_walk.go) as
// a stream Decoder scans it, and for an interface{} destination as the
// skipper skips it, and both must find the message's end exactly where the
// decoder did: the whole suite, every Go type and mode it tests, holds the
// one reader to the decoders. (TestWalkFindsDecodedEnd checks the same
// over a corpus in every run.) Off by default: the walks allocate, which
// the allocation tests count, so run it as
//
//	FURY_SCANCHECK=1 go test ./fury -skip 'TestDecodeStringsAllocateOnce|TestDecodeBudgetAccounting|TestDecodeBudgetWorstCases|TestDecodedValuesShareBlocks|TestDecodesCarveOnFromOneBlock|TestAmplifyNullPointersCostPointers|TestInspect'
//
// and look for SCANCHECK lines.
func TestMain(m *testing.M) {
	var (
		mu       sync.Mutex
		failures []string
		busy     = map[*Fury]bool{}
	)
	if os.Getenv("FURY_SCANCHECK") == "1" {
		scanCheckHook = func(f *Fury, data []byte, v any) {
			mu.Lock()
			if busy[f] {
				mu.Unlock()
				return
			}
			busy[f] = true
			mu.Unlock()
			defer func() { mu.Lock(); delete(busy, f); mu.Unlock() }()
			ti, err := f.destination(v)
			if err != nil {
				return
			}
			fail := func(what string, n int, err error) {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("%T (compatible %v, refs %v): %s found %d of %d bytes: %v\n% x",
					v, f.r.compatible, f.r.refTracking, what, n, len(data), err, data[:min(len(data), 256)]))
				mu.Unlock()
			}
			d := &Decoder{r: bytes.NewReader(data), f: f, limit: 1 << 30}
			if n, err := d.scan(ti); err != nil || n != len(data) {
				fail("scan", n, err)
			}
			if _, ok := v.(*any); ok {
				buf := newBuffer(data)
				if err := f.skipMessage(buf); err != nil || buf.ReaderIndex() != len(data) {
					fail("skip", buf.ReaderIndex(), err)
				}
			}
		}
	}
	code := m.Run()
	for _, s := range failures {
		fmt.Fprintln(os.Stderr, "SCANCHECK", s)
	}
	if len(failures) > 0 && code == 0 {
		code = 1
	}
	os.Exit(code)
}
