package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/gen"
)

// TestRunStale moves a type to another file and regenerates: -check
// reports the generated file left behind, a run removes it (it once stayed,
// declaring the type's code twice, and -check passed).
func TestRunStale(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	write("go.mod", "module example.com/m\n\ngo 1.24\n")
	write("a.go", "package m\n\ntype A struct{ X int32 }\n")
	write("other.go", "package m\n\ntype Other struct{ Y string }\n")
	cfg := gen.Config{Dir: dir, Types: []string{"A"}}
	require.NoError(t, run(cfg, false))
	require.NoError(t, run(gen.Config{Dir: dir, Types: []string{"Other"}}, false)) // another go:generate line
	require.True(t, exists("a_fury.go"))
	require.NoError(t, run(cfg, true))

	write("a.go", "package m\n")
	write("b.go", "package m\n\ntype A struct{ X int32 }\n")
	err := run(cfg, true)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a_fury.go is stale (A is no longer declared in a.go)")
	assert.Contains(t, err.Error(), "b_fury.go")
	require.True(t, exists("a_fury.go"), "-check removes nothing")

	require.NoError(t, run(cfg, false))
	assert.False(t, exists("a_fury.go"))
	assert.True(t, exists("b_fury.go"))
	assert.True(t, exists("other_fury.go"), "another run's file")
	require.NoError(t, run(cfg, true))
}
