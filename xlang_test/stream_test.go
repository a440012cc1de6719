package xlang_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fury-go/fury/fury"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

// streamWant is what peers/python/stream_writer.py writes, as Go reads it
// into interface{} values.
func streamWant() []any {
	want := []any{
		"first",
		&Person{Name: "Ann", Age: 30, Email: ptr("ann@example.com"), Tags: []string{"a", "b"}, Scores: map[string]int32{"x": 1}},
		&Point{X: 1, Y: -2},
		int64(123456789),
		-1.5,
		true,
		nil,
		[]any{int64(1), "two", 3.0},
		map[any]any{"k": "v"},
		[]byte{0, 1, 2},
		"ééé",
		strings.Repeat("long ", 5000),
		&Person{Name: "Bob", Age: 41},
	}
	for i := range int32(200) {
		want = append(want, &Point{X: i, Y: i * i})
	}
	return append(want, "last")
}

// TestStreamFromPython reads a file of values pyfory serialized back to
// back into one buffer with fury.NewDecoder, as a whole and one byte at a
// time, in both modes.
func TestStreamFromPython(t *testing.T) {
	root, p := pythonPeer(t)
	for _, mode := range []string{"compatible", "consistent"} {
		t.Run(mode, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "stream.bin")
			cmd := exec.Command(p.argv[0], filepath.Join(root, "xlang_test", "peers", "python", "stream_writer.py"), out, mode)
			cmd.Env = append(os.Environ(), p.env...)
			msg, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", msg)
			data, err := os.ReadFile(out)
			require.NoError(t, err)

			for _, oneByte := range []bool{false, true} {
				var r io.Reader = bytes.NewReader(data)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				dec := fury.NewDecoder(r, fury.WithCompatible(mode == "compatible"))
				require.NoError(t, dec.Fury().RegisterTagType("example.Person", Person{}))
				require.NoError(t, dec.Fury().RegisterTagType("example.Point", Point{}))
				var got []any
				for {
					var v any
					err := dec.Decode(&v)
					if err == io.EOF {
						break
					}
					require.NoError(t, err, "message %d (one byte at a time: %v)", len(got), oneByte)
					got = append(got, v)
				}
				// Empty and nil slices and maps are one value here.
				require.Empty(t, cmp.Diff(streamWant(), got, cmpopts.EquateEmpty()), "one byte at a time: %v", oneByte)
			}
		})
	}
}
