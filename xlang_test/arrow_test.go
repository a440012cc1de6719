package xlang_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArrowPython exchanges Arrow IPC files between pyarrow 26.0.1 (with
// pyfory 1.7.7's ArrowWriter) and package row/rowarrow, both ways:
// pyarrow writes the forms Arrow producers write (dictionary-encoded
// strings and binaries, views, large_*, list_view, fixed_size_list, the
// null type, several batches, batches of no rows, columns in another
// order than the row schema's, lists and maps of structs and structs in
// structs with nulls at every level), Go reads each into rows of its
// mirror type and compares the values (row/rowarrow/internal/xlangpeer)
// or, for a table that does not fit the type (a column of another type,
// an extra or a missing column), checks that the error names the column
// and both types; then Go writes the rows back and
// pyarrow compares them with what it wrote; a Go batch written with
// rowarrow.PyforyNullability and pyfory's ArrowWriter batch of the same
// values concatenate in pyarrow. The Go side is a program of the
// row/rowarrow module (this module does not depend on Arrow), built here.
func TestArrowPython(t *testing.T) {
	root, p := pythonPeer(t)
	tmp := t.TempDir()
	peerBin := filepath.Join(tmp, "xlangpeer")
	build := exec.Command("go", "build", "-o", peerBin, "./internal/xlangpeer")
	build.Dir = filepath.Join(root, "row", "rowarrow")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building row/rowarrow/internal/xlangpeer: %v\n%s", err, tail(string(out), 3000))
	}

	script := filepath.Join(root, "xlang_test", "peers", "python", "arrow_peer.py")
	run := func(argv []string, env []string) (string, error) {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = append(os.Environ(), env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if err != nil {
			err = fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, tail(errb.String(), 3000))
		}
		return out.String(), err
	}
	cases := []string{"dictionary", "views", "large", "list_view", "fixed_size_list", "null_column", "chunked", "reordered",
		"nested", "empty_batches", "empty", "concat"}
	// Tables that do not fit the Go type: Go's error names the column and
	// both types; nothing goes back to pyarrow.
	refused := []string{"bad_type", "bad_type_empty", "extra_column", "missing_column"}

	pyDir, goDir := filepath.Join(tmp, "python"), filepath.Join(tmp, "go")
	require.NoError(t, os.MkdirAll(goDir, 0o755))
	_, err := run([]string{p.argv[0], script, "write", pyDir}, p.env)
	require.NoError(t, err)
	t.Run("committed_files", func(t *testing.T) {
		// row/rowarrow's unit tests read the same files without Python.
		committed := filepath.Join(root, "row", "rowarrow", "internal", "xlangpeer", "testdata", "pyarrow")
		written, err := os.ReadDir(pyDir)
		require.NoError(t, err)
		have, err := os.ReadDir(committed)
		require.NoError(t, err)
		require.Equal(t, len(written), len(have), "files in %s", committed)
		for _, e := range written {
			want, err := os.ReadFile(filepath.Join(pyDir, e.Name()))
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(committed, e.Name()))
			require.NoError(t, err)
			require.True(t, bytes.Equal(want, got), "%s differs from what arrow_peer.py writes: regenerate with "+
				"$VENV/bin/python xlang_test/peers/python/arrow_peer.py write row/rowarrow/internal/xlangpeer/testdata/pyarrow", e.Name())
		}
	})
	out, gerr := run([]string{peerBin, pyDir, goDir}, nil)
	results := verdicts(out)
	for _, c := range append(cases[:len(cases):len(cases)], refused...) {
		t.Run("python_to_go/"+c, func(t *testing.T) {
			reason, ok := results[c]
			require.True(t, ok, "xlangpeer gave no verdict: %v\n%s", gerr, out)
			require.Empty(t, reason)
		})
	}
	out, verr := run([]string{p.argv[0], script, "verify", goDir}, p.env)
	results = verdicts(out)
	for _, c := range cases {
		t.Run("go_to_python/"+c, func(t *testing.T) {
			reason, ok := results[c]
			require.True(t, ok, "pyarrow gave no verdict: %v\n%s", verr, out)
			require.Empty(t, reason, "pyarrow: %s", reason)
		})
	}
}
