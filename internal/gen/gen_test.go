package gen

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The two forms of a furygen go:generate directive: go run (inside this
// module) and go tool (a module with furygen as a tool dependency, such as
// examples/).
var directives = []string{
	"//go:generate go run github.com/fury-go/fury/cmd/furygen",
	"//go:generate go tool furygen",
}

// TestGeneratedFilesCurrent regenerates, in memory, the output of every
// furygen go:generate directive in the repository (every module of the
// workspace) and checks that the
// committed files are identical (what `go generate ./... && git diff
// --exit-code` checks, without touching the tree).
func TestGeneratedFilesCurrent(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	found := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			args, ok := furygenArgs(line)
			if !ok {
				continue
			}
			if len(args) > 0 && args[0] == "-schema" {
				continue // schema mode: cmd/furygen's TestSchemaDirectivesCurrent
			}
			found++
			t.Run(strings.TrimPrefix(path, root+"/"), func(t *testing.T) {
				checkCurrent(t, filepath.Dir(path), args)
			})
		}
		return sc.Err()
	})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, found, 1, "no furygen directives found")
}

// furygenArgs returns the arguments of a furygen go:generate line.
func furygenArgs(line string) ([]string, bool) {
	for _, d := range directives {
		if rest, ok := strings.CutPrefix(line, d); ok && (rest == "" || rest[0] == ' ') {
			return strings.Fields(rest), true
		}
	}
	return nil, false
}

func checkCurrent(t *testing.T, dir string, args []string) {
	cfg, _, err := ParseArgs(args)
	require.NoError(t, err)
	cfg.Dir = dir
	pkgs, err := Load(cfg)
	require.NoError(t, err)
	for _, p := range pkgs {
		files, err := Generate(p, cfg.Output)
		require.NoError(t, err)
		require.NotEmpty(t, files)
		for name, src := range files {
			old, err := os.ReadFile(name)
			require.NoError(t, err, "generated file missing: run go generate")
			if !bytes.Equal(old, src) {
				t.Errorf("%s is out of date: run go generate in %s", name, dir)
			}
		}
		stale, err := Stale(p, files, cfg.Output)
		require.NoError(t, err)
		assert.Empty(t, stale, "stale generated files: run go generate")
	}
}

func TestUnsupportedInput(t *testing.T) {
	cases := []struct {
		typ  string
		want []string
	}{
		{"Chan", []string{"bad.Chan.C", "channels are not supported"}},
		{"Func", []string{"bad.Func.F", "funcs are not supported"}},
		{"Complex", []string{"bad.Complex.C", "complex128 is not supported"}},
		{"PtrPtr", []string{"bad.PtrPtr.P", "pointers to pointers"}},
		{"Anon", []string{"bad.Anon.A", "anonymous struct"}},
		{"BadTag", []string{"bad.BadTag.X", `unknown fury tag option "bogus"`}},
		{"Dup", []string{"bad.Dup", `two fields named "x"`}},
		{"DupID", []string{"bad.DupID", "duplicate fury tag id 1"}},
		{"Generic", []string{"Generic is generic", "instantiation"}},
		{"NotStruct", []string{"NotStruct", "not a struct"}},
		{"Nested", []string{"bad.Inner.Ch", "channels are not supported"}},
		{"MapOfFuncs", []string{"bad.MapOfFuncs.M", "funcs are not supported"}},
		{"Missing", []string{"no type Missing"}},
		{"Reach", []string{"Reach.Outer.inner.X", "cannot reach"}},
		{"FiveEnums", []string{"FiveEnums", "5 named integer types (E1, E2, E3, E4, E5)", "at most 4", "leave FiveEnums to the runtime"}},
	}
	for _, c := range cases {
		t.Run(c.typ, func(t *testing.T) {
			_, err := Load(Config{Patterns: []string{"./testdata/bad"}, Types: []string{c.typ}})
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestParseArgs(t *testing.T) {
	cfg, check, err := ParseArgs([]string{"-type", "A, B", "-output", "x_fury.go", "-check", "./p"})
	require.NoError(t, err)
	assert.True(t, check)
	assert.Equal(t, Config{Patterns: []string{"./p"}, Types: []string{"A", "B"}, Output: "x_fury.go"}, cfg)
	_, _, err = ParseArgs([]string{"-all", "-type", "A"})
	assert.Error(t, err)
}

// TestFieldOps pins how generated code handles each field kind of the
// test types: inline, or through the runtime only where the issue allows
// it (interfaces, reference tracking, kinds listed in cmd/furygen's doc).
func TestFieldOps(t *testing.T) {
	cfg, _, err := ParseArgs([]string{"-all"})
	require.NoError(t, err)
	cfg.Dir = filepath.Join("..", "..", "fury", "internal", "gentest")
	pkgs, err := Load(cfg)
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	want := map[string]op{
		"Person.Common.CreatedAt": opTime, "Person.Common.Version": opScalar, "Person.Name": opString,
		"Person.Nick": opNullString, "Person.Home": opStruct, "Person.Work": opStructPtr,
		"Person.Emails": opContainer, "Person.Visits": opArray, "Person.Friends": opList,
		"Person.Attrs": opContainer, "Person.Ratings": opContainer,
		"Team.Members": opList, "Team.Lead": opStructPtr, "Team.Scores": opContainer,
		"Collections.Grid": opContainer, "Collections.Deep": opContainer, "Collections.Trio": opContainer,
		"Collections.Tags": opContainer, "Collections.PList": opNullValue, "Collections.Opt": opNullValue,
		"Times.On": opDate, "Times.For": opDuration, "Times.Cost": opDecimal, "Times.AtP": opNullValue,
		"Tagged.When": opNullValue, "Tagged.Label": opNullValue, "Tagged.Kids": opList,
		"Enums.PColor": opNullEnum, "Arrays.Colors": opContainer, "Arrays.Levels": opContainer, "Node.Next": opStructPtr, "Node.Kids": opList,
		// Left to the runtime.
		"Containers.Any": opDelegate, "Containers.Anys": opDelegate, "Containers.ByName": opDelegate,
		"Tagged.Shared": opDelegate, "Tagged.Must": opDelegate, "Collections.Durs": opDelegate,
		"Collections.Quad": opDelegate, "Times.Big": opNilOr,
	}
	seen := 0
	for _, s := range pkgs[0].Structs {
		v := s.Variants[len(s.Variants)-1] // every named integer type an enum
		for _, fd := range v.Order {
			key := s.Name + "." + fd.PathString()
			if w, ok := want[key]; ok {
				seen++
				assert.Equal(t, w, opOf(fd, v), key)
			}
		}
	}
	assert.Equal(t, len(want), seen, "fields not found")
}
