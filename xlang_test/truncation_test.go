package xlang_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/internal/trunctest"
)

// TestTruncatedPeerBytes cuts every message the peers wrote (testdata, no
// peer process needed) at every byte, read with the case's settings and
// either forms option into the typed destination and into interface{}:
// every strict prefix fails with fury.ErrTruncated (see internal/trunctest),
// through Unmarshal, Deserialize and a Decoder (Deserialize alone for the
// out-of-band cases). -short checks a spread of cuts of the longer
// messages.
func TestTruncatedPeerBytes(t *testing.T) {
	checked := 0
	for _, c := range cases() {
		for _, peer := range []string{"python", "java"} {
			data, bufs, err := readCaseFiles(filepath.Join("testdata", peer), c.name, "")
			if err != nil {
				continue
			}
			m := trunctest.Message{Name: c.name + "/" + peer, Data: data, Buffers: bufs}
			if typ := reflect.TypeOf(c.wantValue(peer)); typ != nil {
				m.Types = []reflect.Type{typ}
			}
			for _, python := range []bool{false, true} {
				regs := c.readerRegs()
				r := trunctest.Reader{Opts: append(c.options(peer), fury.WithPythonForms(python)),
					Register: func(f *fury.Fury) error { return register(f, regs) }}
				n, _ := trunctest.Check(t, r, m, testing.Short())
				checked += n
			}
		}
	}
	t.Logf("%d messages and destinations cut", checked)
	if checked < 1000 {
		t.Fatalf("only %d messages and destinations cut", checked)
	}
}
