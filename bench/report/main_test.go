package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const sampleCSV = `goos: linux
goarch: amd64
pkg: github.com/fury-go/fury/bench
cpu: Test CPU
,raw.txt,
,sec/op,CI
Serialize/Sample/protobuf,1e-06,2%
Serialize/Sample/protobuf-reuse,8e-07,1%
Serialize/Sample/flatbuffers,6e-07,3%
Serialize/Sample/json,5e-06,4%
Serialize/Sample/fury-gen,1e-07,1%
Serialize/Sample/fury-gen-reuse,9e-08,1%
Serialize/Sample/fury-reflect,4e-07,2%
Serialize/Sample/ideal,6e-08,1%
Serialize/Sample/ideal-reuse,4e-08,1%
Serialize/MediaContent/fury-gen-reuse,2e-07,1%
Serialize/MediaContent/ideal,9e-08,1%
Deserialize/Sample/protobuf,2e-06,2%
Deserialize/Sample/flatbuffers-full,9e-07,2%
Deserialize/Sample/fury-gen,5e-07,2%
Deserialize/Sample/fury-reflect,3e-06,2%
geomean,1e-06,

,raw.txt,
,B/op,CI
Serialize/Sample/protobuf,784,0%
Serialize/Sample/fury-gen-reuse,0,0%
Deserialize/Sample/fury-gen,700,0%

,raw.txt,
,allocs/op,CI
Serialize/Sample/protobuf,4,0%
Serialize/Sample/fury-gen-reuse,1,0%
Deserialize/Sample/fury-gen,16,0%
Deserialize/Sample/fury-reflect,20,0%

,raw.txt,
,bytes,CI
Serialize/Sample/protobuf,375,0%
`

func TestParseAndTargets(t *testing.T) {
	d, err := parse(strings.NewReader(sampleCSV))
	require.NoError(t, err)
	require.Contains(t, d.meta, "cpu: Test CPU")
	g := d.group("Serialize", "Sample")
	require.NotNil(t, g)
	p := g.get("protobuf")
	require.InDelta(t, 1000, p.ns, 1e-6)
	require.Equal(t, 784.0, p.bop)
	require.Equal(t, 4.0, p.allocs)
	require.Equal(t, 375.0, p.bytes)
	require.Equal(t, "2%", p.nsCI)

	byWhat := map[string]target{}
	for _, tg := range targets(d) {
		byWhat[tg.what] = tg
	}
	// fury-gen-reuse (90 ns) against protobuf-reuse (800 ns): 8.9x.
	require.True(t, byWhat["Serialize Sample: fury-gen-reuse ≥ 8× protobuf-reuse"].ok)
	require.True(t, byWhat["Serialize Sample: fury-gen-reuse ≥ 6× flatbuffers"].ok)
	require.False(t, byWhat["Deserialize Sample: fury-gen ≥ 2× flatbuffers-full"].ok)
	require.False(t, byWhat["Serialize Sample: fury-gen-reuse allocs/op ≤ 0 (reused buffer)"].ok)
	require.True(t, byWhat["Deserialize Sample: fury-gen allocs/op ≤ 16 (the result's own)"].ok)
	require.NotContains(t, byWhat, "Deserialize Sample: fury-reflect allocs/op ≤ 16 (the result's own)")
	as := allocations(d)
	require.Len(t, as, 3) // fury-gen-reuse serialize, fury-gen and fury-reflect deserialize
	require.Equal(t, allocation{"Deserialize", "Sample", "fury-reflect", 20, 16, "the result's own"}, as[2])
	require.False(t, byWhat["Deserialize Sample: fury-reflect > 1× protobuf"].ok)
	require.True(t, byWhat["Serialize Sample: fury-reflect > 1× protobuf-reuse"].ok)
	// fury-gen-reuse (90 ns) against ideal-reuse (40 ns): 2.25x, over 2x;
	// on MediaContent 200 ns against 90 ns: 2.22x, within 2.5x.
	sample := byWhat["Serialize Sample: fury-gen-reuse ≤ 2× ideal-reuse"]
	require.False(t, sample.ok)
	require.Equal(t, "2.25× (90 ns vs 40 ns)", sample.measured)
	require.True(t, byWhat["Serialize MediaContent: fury-gen-reuse ≤ 2.5× ideal"].ok)
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	require.NoError(t, os.WriteFile(in, []byte(sampleCSV), 0o644))
	md, svg := filepath.Join(dir, "R.md"), filepath.Join(dir, "r.svg")
	require.NoError(t, run(in, md, svg, "r.svg", "go test -bench .", "go: go1.26"))
	text, err := os.ReadFile(md)
	require.NoError(t, err)
	require.Contains(t, string(text), "| protobuf | 1000 | 2% | 784 | 4 | 375 | 10.0 | 2.50 |")
	require.Contains(t, string(text), "## Targets")
	require.NotContains(t, string(text), "Noisy run")
	require.Contains(t, string(text), "| Deserialize | Sample | fury-reflect | 20 | 16 | 4 |")
	pic, err := os.ReadFile(svg)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(pic), "<svg "))
	require.Contains(t, string(pic), "Serialize Sample")
}

func TestNoFury(t *testing.T) {
	d, err := parse(strings.NewReader(",x,\n,sec/op,CI\nSerialize/Sample/protobuf,1e-06,∞\n"))
	require.NoError(t, err)
	require.Empty(t, targets(d))
	var b strings.Builder
	require.NoError(t, writeMarkdown(&b, d, "", ""))
	require.Contains(t, b.String(), "No fury benchmarks")
	require.Contains(t, b.String(), "Noisy run:** 1 of 1 timings") // no CI

}

func TestParseEmpty(t *testing.T) {
	_, err := parse(strings.NewReader("goos: linux\n"))
	require.Error(t, err)
}
