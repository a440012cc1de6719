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
