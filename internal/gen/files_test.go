package gen

import (
	"go/build"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tempModule writes a module (no requirements) with files into a new
// directory and returns it.
func tempModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.24\n"
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	return dir
}

// generate loads and generates the package in dir.
func generate(t *testing.T, cfg Config) (*Package, map[string][]byte) {
	t.Helper()
	pkgs, err := Load(cfg)
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	files, err := Generate(pkgs[0], cfg.Output)
	require.NoError(t, err)
	return pkgs[0], files
}

// header is what a generated file holds before its package clause.
func header(src []byte) string {
	h, _, _ := strings.Cut(string(src), "\npackage ")
	return h
}

// TestOutputNameKeepsConstraint checks that the output of a source file
// builds for the same GOOS and GOARCH as the file, as go/build reads file
// names: stat_linux.go once gave stat_linux_fury.go, built everywhere.
func TestOutputNameKeepsConstraint(t *testing.T) {
	assert.Equal(t, "stat_fury_linux.go", OutputName("stat_linux.go"))
	assert.Equal(t, "x_fury_linux_amd64.go", OutputName("x_linux_amd64.go"))
	assert.Equal(t, "models_fury.go", OutputName("models.go"))
	names := []string{"models.go", "stat_linux.go", "stat_windows.go", "x_linux_amd64.go", "x_amd64.go", "linux.go",
		"linux_amd64.go", "my_file_darwin_arm64.go", "a_b_c.go", "x_linux_foo.go", "foo.pb_linux.go", "js_wasm.go",
		"x_js_wasm.go", "x_wasip1.go", "x_ios.go", "x_android_386.go"}
	platforms := [][2]string{{"linux", "amd64"}, {"linux", "386"}, {"windows", "amd64"}, {"darwin", "arm64"},
		{"js", "wasm"}, {"wasip1", "wasm"}, {"ios", "arm64"}, {"android", "386"}}
	for _, name := range names {
		for _, pl := range platforms {
			ctx := build.Context{GOOS: pl[0], GOARCH: pl[1], Compiler: "gc",
				OpenFile: func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("package p\n")), nil }}
			src, err := ctx.MatchFile(".", name)
			require.NoError(t, err)
			out, err := ctx.MatchFile(".", OutputName(name))
			require.NoError(t, err)
			assert.Equal(t, src, out, "%s (output %s) on %s/%s", name, OutputName(name), pl[0], pl[1])
		}
	}
}

// TestBuildConstraints checks that a generated file carries its source
// file's build constraint, and-ed with -buildtag.
func TestBuildConstraints(t *testing.T) {
	osFile := "stat_" + runtime.GOOS + ".go"
	dir := tempModule(t, map[string]string{
		"plain.go":  "package m\n\ntype Plain struct{ A int32 }\n",
		"tagged.go": "//go:build extra || other\n\npackage m\n\ntype Tagged struct{ B string }\n",
		"old.go":    "// +build extra2\n\npackage m\n\ntype Old struct{ C int64 }\n",
		osFile:      "package m\n\ntype Stat struct{ D uint64 }\n",
	})
	cfg := Config{Dir: dir, Types: []string{"Plain", "Tagged", "Old", "Stat"}, Tags: []string{"extra", "extra2"}}
	_, files := generate(t, cfg)
	want := map[string]string{
		"plain_fury.go":                     "",
		"tagged_fury.go":                    "//go:build extra || other",
		"old_fury.go":                       "//go:build extra2",
		"stat_fury_" + runtime.GOOS + ".go": "",
	}
	require.Len(t, files, 4)
	for name, c := range want {
		src, ok := files[filepath.Join(dir, name)]
		require.True(t, ok, "no %s", name)
		if c == "" {
			assert.NotContains(t, header(src), "//go:build", name)
		} else {
			assert.Contains(t, header(src), "\n"+c+"\n", name)
		}
	}

	// -buildtag adds to them.
	cfg.BuildTag = "furygen"
	_, files = generate(t, cfg)
	assert.Contains(t, header(files[filepath.Join(dir, "plain_fury.go")]), "\n//go:build furygen\n")
	assert.Contains(t, header(files[filepath.Join(dir, "tagged_fury.go")]), "\n//go:build furygen && (extra || other)\n")

	// One output file for all: every source's constraint, the names' too.
	cfg.Output = "all_fury.go"
	_, files = generate(t, cfg)
	require.Len(t, files, 1)
	h := header(files[filepath.Join(dir, "all_fury.go")])
	assert.Contains(t, h, "\n//go:build furygen && extra2 && "+runtime.GOOS+" && (extra || other)\n", h)
	assert.Contains(t, h, "\n// Source: plain.go (Plain).\n")

	cfg.BuildTag = "a &&"
	pkgs, err := Load(cfg)
	require.NoError(t, err)
	_, err = Generate(pkgs[0], cfg.Output)
	assert.ErrorContains(t, err, `-buildtag "a &&"`)
}

// TestNestedCallsAcrossConstraints checks that generated code calls the
// generated functions of another struct directly only where the file that
// declares them builds whenever the calling file does. A field of type
// Stat (declared in stat_linux.go) in an unconstrained file once called
// furyDispatchWriteStat, undefined where stat_linux.go is not built.
// (Writers now reach nested structs through the Writer's plan, so only
// readers call such functions.)
func TestNestedCallsAcrossConstraints(t *testing.T) {
	osFile := "stat_" + runtime.GOOS + ".go"
	dir := tempModule(t, map[string]string{
		"plain.go":   "package m\n\ntype Plain struct {\n\tS Stat\n\tPS *Stat\n\tL []Stat\n\tT Tagged\n\tU Unc\n\tPU *Unc\n}\n",
		"unc.go":     "package m\n\ntype Unc struct{ A int32 }\n",
		osFile:       "package m\n\ntype Stat struct {\n\tD uint64\n\tU Unc\n}\n",
		"tagged.go":  "//go:build extra\n\npackage m\n\ntype Tagged struct {\n\tS Stat\n\tT2 []Tagged2\n\tU Unc\n}\n",
		"tagged2.go": "//go:build extra\n\npackage m\n\ntype Tagged2 struct{ B string }\n",
	})
	cfg := Config{Dir: dir, Types: []string{"Plain", "Unc", "Stat", "Tagged", "Tagged2"}, Tags: []string{"extra"}}
	_, files := generate(t, cfg)
	require.Len(t, files, 5)
	constraintOf := func(name string) string {
		_, suffix := osArchSuffix(strings.TrimSuffix(filepath.Base(name), ".go"))
		h := header(files[name])
		i := strings.Index(h, "//go:build ")
		if i < 0 {
			return suffix
		}
		line, _, _ := strings.Cut(h[i:], "\n")
		return line + suffix
	}
	declRe := regexp.MustCompile(`(?m)^func (furyDispatch(?:Write|Read)\w+)\(`)
	callRe := regexp.MustCompile(`\b(furyDispatch(?:Write|Read)\w+)\(c,`)
	declaredIn := map[string]string{}
	for name, src := range files {
		for _, m := range declRe.FindAllStringSubmatch(string(src), -1) {
			declaredIn[m[1]] = name
		}
	}
	calls := map[string]bool{}
	for name, src := range files {
		for _, m := range callRe.FindAllStringSubmatch(string(src), -1) {
			decl, ok := declaredIn[m[1]]
			require.True(t, ok, "%s calls %s, declared nowhere", filepath.Base(name), m[1])
			calls[filepath.Base(name)+" "+m[1]] = true
			if decl != name && constraintOf(decl) != "" {
				assert.Equal(t, constraintOf(decl), constraintOf(name), "%s calls %s of %s", filepath.Base(name), m[1], filepath.Base(decl))
			}
		}
	}
	// The calls that stay direct.
	for _, c := range []string{"plain_fury.go furyDispatchReadUnc", "tagged_fury.go furyDispatchReadTagged2",
		"tagged_fury.go furyDispatchReadUnc", OutputName(osFile) + " furyDispatchReadUnc"} {
		assert.True(t, calls[c], c)
	}
	assert.False(t, calls["plain_fury.go furyDispatchReadStat"])
	assert.False(t, calls["plain_fury.go furyDispatchReadTagged"])

	// In one output file, every call is direct.
	cfg.Output = "all_fury.go"
	_, files = generate(t, cfg)
	all := string(files[filepath.Join(dir, "all_fury.go")])
	for _, s := range []string{"Stat", "Tagged", "Tagged2", "Unc"} {
		assert.Contains(t, all, "furyDispatchRead"+s+"(c, ", s)
	}
}

// TestDependencyConstraints checks that a generated file also carries the
// build constraints of the files declaring what its code relies on: named
// non-struct field types, embedded structs whose fields are promoted, and
// the generic type of an alias. Plain (no constraint) holding a Handle
// declared as int32 in h_linux.go once got code that stored an int32 and
// failed to compile where h_linux.go is not built.
func TestDependencyConstraints(t *testing.T) {
	osFile := "h_" + runtime.GOOS + ".go"
	dir := tempModule(t, map[string]string{
		"plain.go": "package m\n\ntype Plain struct {\n\tH Handle\n\tHs []Handle\n\tS Stat\n}\n\n" +
			"type Embeds struct {\n\tEmb\n\tA int32\n}\n\ntype IntPage = Page[int32]\n\ntype Free struct {\n\tS Stat\n\tPS *Stat\n\tL []Stat\n}\n",
		osFile:    "//go:build !purego\n\npackage m\n\ntype Handle int32\n",
		"emb.go":  "//go:build extra\n\npackage m\n\ntype Emb struct{ Fd uint16 }\n",
		"page.go": "//go:build extra2\n\npackage m\n\ntype Page[T any] struct{ Items []T }\n",
		"stat.go": "//go:build extra3\n\npackage m\n\ntype Stat struct{ D uint64 }\n",
	})
	cfg := Config{Dir: dir, Types: []string{"Plain", "Embeds", "IntPage", "Free"}, Tags: []string{"extra", "extra2", "extra3"}, Output: "plain_fury.go"}
	for _, c := range []struct{ types, want string }{
		{"Plain", "\n//go:build !purego && " + runtime.GOOS + "\n"},
		{"Embeds", "\n//go:build extra\n"},
		{"IntPage", "\n//go:build extra2\n"},
		{"Free", ""}, // struct fields only: their code is called through their codecs
	} {
		cfg.Types = []string{c.types}
		_, files := generate(t, cfg)
		h := header(files[filepath.Join(dir, "plain_fury.go")])
		if c.want == "" {
			assert.NotContains(t, h, "//go:build", c.types)
		} else {
			assert.Contains(t, h, c.want, c.types)
		}
	}
}

// TestDuplicateTypes checks that a type named twice is generated once.
func TestDuplicateTypes(t *testing.T) {
	dir := tempModule(t, map[string]string{"a.go": "package m\n\ntype A struct{ X int32 }\n"})
	cfg, _, err := ParseArgs([]string{"-type", "A,A, A"})
	require.NoError(t, err)
	cfg.Dir = dir
	p, files := generate(t, cfg)
	require.Len(t, p.Structs, 1)
	assert.Equal(t, 1, strings.Count(string(files[filepath.Join(dir, "a_fury.go")]), "func furyWriteA("))
}

// TestNamesDistinct checks that generated package-level names never
// coincide, whatever the struct and field names: Event's dispatch function
// and EventWith's Write, Outer's helpers for fields Inner.C and Inner_C, a
// struct OrderE1 and a layout of Order once had the same names.
func TestNamesDistinct(t *testing.T) {
	structs := []string{"Event", "EventWith", "Order", "OrderE1", "Order_1", "Order_", "_Order", "O", "O_", "O__1", "x", "Outer", "Outer_Inner"}
	paths := [][]string{{"C"}, {"Inner", "C"}, {"Inner_C"}, {"Inner_", "C"}, {"Inner", "_C"}, {"_Inner", "C"}, {"With"}, {"E1"},
		{"Inner", "C_1"}, {"Inner", "C", "E1"}, {"Inner", "C", "_1"}}
	enum := &desc{class: cNamedInt, scalar: sInt32}
	seen := map[string]string{}
	add := func(name, what string) {
		t.Helper()
		if prev, dup := seen[name]; dup {
			t.Errorf("%s: %s and %s", name, prev, what)
		}
		seen[name] = what
	}
	for _, sn := range structs {
		s := &Struct{Name: sn}
		for mask := 0; mask < 4; mask++ {
			v := &Variant{mask: mask}
			add(codecVar(s, v), "codec "+sn+" "+string(rune('0'+mask)))
			for _, op := range []string{"Write", "Read"} {
				add(funcName(op, s, v), op+" "+sn+" "+string(rune('0'+mask)))
				for _, p := range paths {
					fd := &Field{Path: p, desc: enum}
					add(helperName(op, s, fd, v), op+" helper "+sn+"."+strings.Join(p, ".")+" "+string(rune('0'+mask)))
				}
			}
		}
		for _, op := range []string{"Write", "Read"} {
			add(dispatchName(op, s), "dispatch "+op+" "+sn)
		}
	}
	for name := range seen {
		assert.Regexp(t, regexp.MustCompile(`^fury(Codec|Write|Read|DispatchWrite|DispatchRead)\w+$`), name)
	}
}

// TestReservedNames checks the names a package with generated code must
// not declare, and that the generator's locals may be anything.
func TestReservedNames(t *testing.T) {
	dir := tempModule(t, map[string]string{"a.go": "package m\n\ntype A struct{ P *A }\n\nfunc furyWriteA() {}\n"})
	pkgs, err := Load(Config{Dir: dir, Types: []string{"A"}})
	require.NoError(t, err)
	_, err = Generate(pkgs[0], "")
	assert.ErrorContains(t, err, "declares furyWriteA")

	dir = tempModule(t, map[string]string{"a.go": "package m\n\ntype A struct{ S []string }\n\nfunc len() {}\n"})
	pkgs, err = Load(Config{Dir: dir, Types: []string{"A"}})
	require.NoError(t, err)
	_, err = Generate(pkgs[0], "")
	assert.ErrorContains(t, err, "declares len, which hides the predeclared len")

	// Types named as the generator's locals are fine: the locals are
	// renamed where they would hide them.
	dir = tempModule(t, map[string]string{"a.go": "package m\n\ntype x struct{ Next *x; Bufs []*buf; M map[string]v1 }\n\ntype buf struct{ B []byte }\n\ntype v1 uint8\n"})
	_, files := generate(t, Config{Dir: dir, Types: []string{"x", "buf"}})
	src := string(files[filepath.Join(dir, "a_fury.go")])
	assert.Contains(t, src, "x_ := (*x)(p)")
	assert.Contains(t, src, "furyrt.NewPointee[*buf](r)")
}
