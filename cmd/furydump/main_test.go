package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const capture = "../../xlang_test/testdata/python/list_of_structs_compat.bin"

func runCmd(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestFile(t *testing.T) {
	code, out, _ := runCmd(t, nil, capture)
	require.Equal(t, 0, code)
	require.Contains(t, out, "0023      x: varint32 1  (..24)")
	require.Contains(t, out, "def#0 at 0005: struct id=102 (compatible)")
}

func TestHexStdinJSON(t *testing.T) {
	data, err := os.ReadFile(capture)
	require.NoError(t, err)
	h := hex.EncodeToString(data)
	code, out, _ := runCmd(t, []byte(h[:10]+" \n"+h[10:]), "-hex", "-json")
	require.Equal(t, 0, code)
	var d map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &d))
	require.Equal(t, float64(len(data)), d["size"])
	require.Equal(t, "compatible", d["mode"])
}

func TestCutMessage(t *testing.T) {
	data, err := os.ReadFile(capture)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "cut.bin")
	require.NoError(t, os.WriteFile(path, data[:24], 0o644))
	code, out, _ := runCmd(t, nil, path)
	require.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Equal(t, "error at offset 24 in root[0].y: fury: truncated input: read past end of buffer", lines[len(lines)-1])
}

func TestBadUsage(t *testing.T) {
	code, _, _ := runCmd(t, nil, "-mode", "fast")
	require.Equal(t, 2, code)
	code, _, errOut := runCmd(t, []byte("zz"), "-hex")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "-hex")
	code, _, _ = runCmd(t, nil, "a", "b")
	require.Equal(t, 2, code)
}
