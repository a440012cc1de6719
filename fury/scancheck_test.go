package fury

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"
)

// With FURY_SCANCHECK=1, every message any test of this package decodes
// with Unmarshal is also scanned as a stream Decoder scans it (scan), which
// must find the message's end exactly where the decoder did: the whole
// suite, every Go type and mode it tests, holds the scanner to the
// decoder. (Off by default: the scans allocate, which the allocation tests
// count, so TestDecodeStringsAllocateOnce, TestDecodeBudgetAccounting,
// TestDecodeBudgetWorstCases, TestDecodedValuesShareBlocks and
// TestAmplifyNullPointersCostPointers fail in such a run; look for
// SCANCHECK lines.)
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
			d := &Decoder{r: bytes.NewReader(data), f: f, limit: 1 << 30}
			if n, err := d.scan(ti); err != nil || n != len(data) {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("%T (compatible %v, refs %v): scan found %d of %d bytes: %v\n% x",
					v, f.r.compatible, f.r.refTracking, n, len(data), err, data[:min(len(data), 256)]))
				mu.Unlock()
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
