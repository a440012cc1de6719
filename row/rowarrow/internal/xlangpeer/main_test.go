package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPyarrowFiles runs every case on the files pyarrow 26.0.1 wrote for
// it, committed in testdata/pyarrow, so that reading the forms pyarrow
// writes (and refusing the tables that do not fit) is tested without
// Python. They are arrow_peer.py's output, written from the repository
// root with
//
//	.venv/bin/python xlang_test/peers/python/arrow_peer.py write row/rowarrow/internal/xlangpeer/testdata/pyarrow
//
// and xlang_test's TestArrowPython fails when they differ from what it
// writes. What Go writes back is checked by pyarrow there only.
func TestPyarrowFiles(t *testing.T) {
	out := t.TempDir()
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, c.run("testdata/pyarrow", out))
		})
	}
}
