package fury

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fury-go/fury/fury/internal/dump"
	"github.com/stretchr/testify/require"
)

var updateInspect = flag.Bool("update-inspect", false, "rewrite testdata/inspect/*.golden")

// inspectCorpus returns the messages the inspector's golden files cover,
// by name: the peers' captured bytes (pyfory and fory-core, xlang_test's
// testdata).
func inspectCorpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, peer := range []string{"python", "java"} {
		files, err := filepath.Glob(filepath.Join("..", "xlang_test", "testdata", peer, "*.bin"))
		require.NoError(t, err)
		require.NotEmpty(t, files, "the peers' captures")
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			out[peer+"/"+strings.TrimSuffix(filepath.Base(f), ".bin")] = b
		}
	}
	return out
}

// inspectAll is inspectCorpus and this package's corpus of every mode
// (whose maps' order varies from run to run: not in the golden files).
func inspectAll(t testing.TB) map[string][]byte {
	out := inspectCorpus(t)
	for i, b := range corpus(t) {
		out[fmt.Sprintf("corpus/%02d", i)] = b
	}
	return out
}

// inspectAuto inspects data as furydump's Auto mode does.
func inspectAuto(data []byte) (*dump.Dump, error) {
	d, err := dump.Walk(data, nil, dump.Compatible)
	if err == nil {
		return d, nil
	}
	d2, err2 := dump.Walk(data, nil, dump.Consistent)
	if err2 == nil || d2.Error.Offset > d.Error.Offset {
		return d2, err2
	}
	return d, err
}

// The inspector's text of every message of the corpus is held to golden
// files (go test ./fury -run TestInspectGolden -update-inspect rewrites
// them); every message that Unmarshal reads into an interface{} in
// compatible mode is inspected whole, and the JSON form is valid.
func TestInspectGolden(t *testing.T) {
	msgs := inspectCorpus(t)
	groups := map[string][]string{}
	for name := range msgs {
		g := name[:strings.IndexByte(name, '/')]
		groups[g] = append(groups[g], name)
	}
	compat := New(WithCompatible(true))
	for g, names := range groups {
		sort.Strings(names)
		var text bytes.Buffer
		for _, name := range names {
			data := msgs[name]
			d, err := inspectAuto(data)
			require.NotNil(t, d, name)
			if err != nil {
				require.NotNil(t, d.Error, name)
				require.LessOrEqual(t, d.Error.Offset, len(data), name)
			}
			var v any
			if compat.Unmarshal(data, &v) == nil && d.Mode == "compatible" {
				require.NoError(t, err, "%s: Unmarshal reads it", name)
			}
			_, jerr := json.Marshal(d)
			require.NoError(t, jerr, name)
			fmt.Fprintf(&text, "=== %s (% x)\n", name, data[:min(len(data), 48)])
			require.NoError(t, d.WriteText(&text))
		}
		path := filepath.Join("testdata", "inspect", g+".golden")
		if *updateInspect {
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, text.Bytes(), 0o644))
			continue
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err, "run with -update-inspect to create it")
		if !bytes.Equal(want, text.Bytes()) {
			t.Errorf("%s differs from the inspector's output (run with -update-inspect and review the diff)", path)
		}
	}
}

// Every strict prefix of a message is reported cut: an error with its
// offset within the prefix, and what was read up to there.
func TestInspectTruncated(t *testing.T) {
	defer func(old bool) { recoverPanics = old }(recoverPanics)
	recoverPanics = false
	for name, data := range inspectAll(t) {
		full, err := inspectAuto(data)
		if err != nil {
			continue
		}
		mode := dump.Consistent
		if full.Mode == "compatible" {
			mode = dump.Compatible
		}
		for n := range len(data) {
			d, err := dump.Walk(data[:n], nil, mode)
			require.Error(t, err, "%s cut to %d of %d bytes", name, n, len(data))
			require.ErrorIs(t, err, ErrTruncated, "%s cut to %d of %d bytes", name, n, len(data))
			require.NotNil(t, d.Error, name)
			require.LessOrEqual(t, d.Error.Offset, n, name)
		}
	}
}

// FuzzInspect: the inspector never panics, and for input it cannot read
// names an offset within the input and a reason.
func FuzzInspect(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(byte(0), b)
		f.Add(byte(1), b)
	}
	f.Fuzz(func(t *testing.T, mode byte, data []byte) {
		defer func(old bool) { recoverPanics = old }(recoverPanics)
		recoverPanics = false
		m := dump.Compatible
		if mode%2 == 1 {
			m = dump.Consistent
		}
		d, err := dump.Walk(data, nil, m)
		if d == nil {
			t.Fatalf("no dump: %v", err)
		}
		if err != nil {
			if !isSentinelErr(err) {
				t.Fatalf("not a sentinel error: %v", err)
			}
			if d.Error == nil || d.Error.Reason == "" || d.Error.Offset < 0 || d.Error.Offset > len(data) {
				t.Fatalf("error without its offset and reason: %+v (%v)", d.Error, err)
			}
		} else if d.Error != nil {
			t.Fatalf("an error recorded, none returned: %+v", d.Error)
		}
		if _, err := json.Marshal(d); err != nil {
			t.Fatalf("JSON: %v", err)
		}
		if err := d.WriteText(&bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
	})
}
