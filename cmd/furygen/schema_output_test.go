package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// An absolute -output was joined to the working directory
// (/cwd/abs/path/x.go) and the run failed, or wrote somewhere else.
func TestSchemaAbsoluteOutput(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	t.Chdir(t.TempDir())
	schemaPath := filepath.Join(src, "colors.fdl")
	require.NoError(t, os.WriteFile(schemaPath, []byte("package p;\nenum Color { COLOR_RED = 0; COLOR_BLUE = 1; }\n"), 0o644))
	target := filepath.Join(out, "colors_fdl.go")
	require.NoError(t, runSchema(schemaConfig{Schemas: []string{schemaPath}, Output: target, Package: "p"}))
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Contains(t, string(got), "ColorBlue")
	require.NoError(t, runSchema(schemaConfig{Schemas: []string{schemaPath}, Output: target, Package: "p", Check: true}))
}
