package gogen_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema/gogen"
	"github.com/fury-go/fury/internal/schema/load"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden generates the Go types of every schema in testdata and holds
// them to testdata/<name>.golden byte for byte (go test -update rewrites
// them).
func TestGolden(t *testing.T) {
	var schemas []string
	for _, pat := range []string{"testdata/*.fdl", "testdata/*.proto"} {
		m, err := filepath.Glob(pat)
		require.NoError(t, err)
		schemas = append(schemas, m...)
	}
	require.NotEmpty(t, schemas)
	for _, s := range schemas {
		t.Run(filepath.Base(s), func(t *testing.T) {
			files, err := load.Files([]string{s}, nil)
			require.NoError(t, err)
			out, err := gogen.Generate(files, gogen.Options{Package: "golden", Sources: []string{filepath.Base(s)}})
			require.NoError(t, err)
			golden := strings.TrimSuffix(s, filepath.Ext(s)) + filepath.Ext(s) + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(golden, out.Source, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(out.Source))
		})
	}
}
