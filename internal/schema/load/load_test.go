package load_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema/gogen"
	"github.com/fury-go/fury/internal/schema/load"
)

// TestBadSchemas reads each schema of testdata/bad and checks the error
// its first line announces ("// want: file:line:col: message"): every bad
// schema is refused with its position, never accepted or panicking.
func TestBadSchemas(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			fh, err := os.Open(f)
			require.NoError(t, err)
			sc := bufio.NewScanner(fh)
			require.True(t, sc.Scan())
			fh.Close()
			want, ok := strings.CutPrefix(sc.Text(), "// want: ")
			require.True(t, ok, "first line announces the error")
			loaded, err := load.Files([]string{f}, nil)
			if err == nil {
				// Some problems are Go's: names that clash, values Go cannot hold.
				_, err = gogen.Generate(loaded, gogen.Options{Package: "x", Sources: []string{f}})
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), "testdata/bad/"+want)
		})
	}
}

// TestImportPaths: an import is searched next to the importing file, then
// in the import paths in order; a cycle of imports is an error naming it;
// a file imported twice (diamond) is read once.
func TestImportPaths(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("lib/common.fdl", "package lib;\nmessage Money { int64 units = 1; }\n")
	write("lib/more.fdl", "package more;\nimport \"common.fdl\";\nmessage Price { Money m = 1; }\n")
	write("app/app.fdl", "package app;\nimport \"common.fdl\";\nimport \"more.fdl\";\nmessage Order { Money total = 1; Price p = 2; lib.Money q = 3; }\n")
	files, err := load.Files([]string{filepath.Join(dir, "app/app.fdl")}, []string{filepath.Join(dir, "lib")})
	require.NoError(t, err)
	require.Len(t, files[0].Imports, 2)
	assert.Same(t, files[0].Imports[0].File, files[0].Imports[1].File.Imports[0].File, "common.fdl read once")
	order := files[0].Decls[0]
	assert.Equal(t, "lib.Money", order.Fields[0].Type.Decl.QualifiedName())
	assert.Equal(t, "more.Price", order.Fields[1].Type.Decl.QualifiedName())
	assert.Same(t, order.Fields[0].Type.Decl, order.Fields[2].Type.Decl)

	_, err = load.Files([]string{filepath.Join(dir, "app/app.fdl")}, nil)
	assert.ErrorContains(t, err, "app.fdl:2:1: import not found: common.fdl")

	write("cyc/a.fdl", "package a;\nimport \"b.fdl\";\n")
	write("cyc/b.fdl", "package b;\nimport \"a.fdl\";\n")
	_, err = load.Files([]string{filepath.Join(dir, "cyc/a.fdl")}, nil)
	// At the import that closes the cycle, naming it.
	assert.ErrorContains(t, err, filepath.Join(dir, "cyc/b.fdl")+":2:1: circular import: "+filepath.Join(dir, "cyc/a.fdl")+" -> "+
		filepath.Join(dir, "cyc/b.fdl")+" -> "+filepath.Join(dir, "cyc/a.fdl"))
}
