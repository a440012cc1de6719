package gogen_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema"
	"github.com/fury-go/fury/internal/schema/fdl"
	"github.com/fury-go/fury/internal/schema/gogen"
	"github.com/fury-go/fury/internal/schema/load"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden generates the Go types of every schema in testdata and holds
// them to testdata/<name>.golden byte for byte (go test -update rewrites
// them). Services are generated (-grpc).
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
			out, err := gogen.Generate(files, gogen.Options{Package: "golden", Sources: []string{filepath.Base(s)}, GRPC: true})
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

// FuzzGenerate runs any FDL source through the parser, the checks and the
// Go emitter (services included): it fails or gives gofmt-clean Go, never panics or emits
// invalid Go.
func FuzzGenerate(f *testing.F) {
	for _, s := range []string{
		"package p; message A { int32 x = 1; list<A> as = 2; map<string, A> m = 3; }",
		"package p; enum E { E_A = 0; } union U { E e = 1; string s = 2; } message M { U u = 1; optional E e = 2; }",
		"package p; message Outer { message Inner { int32 x = 1; } Inner i = 1; }",
		"package p; message M { int32 x = 1; } service S { rpc A (M) returns (stream M); rpc B (stream M) returns (M); }",
		"package p; enum E { A = 0; B = -1; } message M { E e = 1; }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := fdl.Parse("f.fdl", []byte(src))
		if err != nil {
			return
		}
		if schema.Resolve([]*schema.File{file}) != nil {
			return
		}
		_, err = gogen.Generate([]*schema.File{file}, gogen.Options{Package: "p", Sources: []string{"f.fdl"}, GRPC: true})
		if err != nil && strings.Contains(err.Error(), "formatting the output") {
			t.Fatalf("invalid Go for %q: %v", src, err)
		}
	})
}

// TestRegisterName: -register names the registration function, and a name
// that clashes with a type is an error.
func TestRegisterName(t *testing.T) {
	files, err := load.Files([]string{"testdata/camel.fdl"}, nil)
	require.NoError(t, err)
	out, err := gogen.Generate(files, gogen.Options{Package: "p", Sources: []string{"camel.fdl"}, Register: "RegisterCamel"})
	require.NoError(t, err)
	assert.Contains(t, string(out.Source), "\nfunc RegisterCamel(f *fury.Fury) error {\n")
	assert.NotContains(t, string(out.Source), "RegisterTypes")
	_, err = gogen.Generate(files, gogen.Options{Package: "p", Sources: []string{"camel.fdl"}, Register: "Outer"})
	assert.ErrorContains(t, err, "the registration function is Go identifier Outer, already declared")
}

// TestServicesNeedGRPC: without GRPC a schema's services generate nothing
// (and no gRPC import); with it, Go names that clash and bad rpc types are
// errors naming the rpc or service.
func TestServicesNeedGRPC(t *testing.T) {
	files, err := load.Files([]string{"testdata/service.fdl"}, nil)
	require.NoError(t, err)
	out, err := gogen.Generate(files, gogen.Options{Package: "p", Sources: []string{"service.fdl"}})
	require.NoError(t, err)
	assert.NotContains(t, string(out.Source), "grpc")
	assert.NotContains(t, string(out.Source), "Greeter")

	for src, want := range map[string]string{
		"package p; message M { int32 x = 1; } service S { rpc Get (M) returns (M); rpc get (M) returns (M); }":               "rpcs Get and get of service S are both Go method Get; rename one",
		"package p; message SServer { int32 x = 1; } service S { rpc Get (SServer) returns (SServer); }":                      "service S is Go identifier SServer, already declared",
		"package p; message M { int32 x = 1; } service S { rpc Get (M) returns (M); } service S { rpc Put (M) returns (M); }": "duplicate service name S",
		"package p; enum E { A = 0; } service S { rpc Get (E) returns (E); }":                                                 "rpc type E in service S must be a message or union, not an enum",
		"package p; message M { int32 x = 1; } service S { rpc Get (Nope) returns (M); }":                                     "f.fdl:1:60: unknown type Nope",
	} {
		file, err := fdl.Parse("f.fdl", []byte(src))
		require.NoError(t, err, src)
		if err = schema.Resolve([]*schema.File{file}); err == nil {
			_, err = gogen.Generate([]*schema.File{file}, gogen.Options{Package: "p", Sources: []string{"f.fdl"}, GRPC: true})
		}
		assert.ErrorContains(t, err, want, src)
	}
}

// TestEnumRange: enum values outside int32 are errors naming the value;
// negative ones are accepted (see negative_enum.fdl.golden).
func TestEnumRange(t *testing.T) {
	for src, want := range map[string]string{
		"package p; enum E { A = 0; B = 2147483648; }":  "f.fdl:1:28: enum value B = 2147483648 is outside int32",
		"package p; enum E { A = 0; B = -2147483649; }": "f.fdl:1:28: enum value B = -2147483649 is outside int32",
	} {
		file, err := fdl.Parse("f.fdl", []byte(src))
		require.NoError(t, err, src)
		require.NoError(t, schema.Resolve([]*schema.File{file}))
		_, err = gogen.Generate([]*schema.File{file}, gogen.Options{Package: "p", Sources: []string{"f.fdl"}})
		assert.ErrorContains(t, err, want, src)
	}
}

// TestExternal: the types of a file of another Go package are referenced
// through an import (named after the package, made unique among the
// imports), registered through that package's RegisterTypes, and not
// declared; a file both generated here and reached through an external
// file's imports is an error.
func TestExternal(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"common.fdl": "package shared.common;\nmessage Money { int64 units = 1; }\nenum Unit { UNIT_A = 0; }\n",
		"lib.fdl":    "package shared.lib;\nimport \"common.fdl\";\nmessage Price { Money m = 1; }\n",
		"app.fdl":    "package app;\nimport \"lib.fdl\";\nmessage A { shared.lib.Price p = 1; Money m = 2; list<Unit> us = 3; }\n",
		"both.fdl":   "package both;\nimport \"lib.fdl\";\nimport \"common.fdl\";\nmessage B { Price p = 1; }\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	files, err := load.Files([]string{filepath.Join(dir, "app.fdl")}, nil)
	require.NoError(t, err)
	lib := files[0].Imports[0].File
	out, err := gogen.Generate(files, gogen.Options{Package: "app", Sources: []string{"app.fdl"},
		External: map[*schema.File]gogen.GoPackage{lib: {Path: "example.com/m/fury", Name: "fury"}}})
	require.NoError(t, err)
	src := string(out.Source)
	for _, want := range []string{
		"\tfury2 \"example.com/m/fury\"\n",  // the package name fury is taken by the runtime's
		"\tP  fury2.Price  `fury:\"id=1\"`", // named with its package: a struct value
		"\tM  *fury2.Money `fury:\"id=2\"`", // common.fdl's types live in lib's package
		"\tUs []fury2.Unit `fury:\"id=3\"`",
		"\tif err := fury2.RegisterTypes(f); err != nil {",
	} {
		assert.Contains(t, src, want)
	}
	assert.NotContains(t, src, "type Money")
	assert.Equal(t, []string{"A", "RegisterTypes"}, out.Names)

	files, err = load.Files([]string{filepath.Join(dir, "both.fdl")}, nil)
	require.NoError(t, err)
	lib = files[0].Imports[0].File
	_, err = gogen.Generate(files, gogen.Options{Package: "both", Sources: []string{"both.fdl"},
		External: map[*schema.File]gogen.GoPackage{lib: {Path: "example.com/m/lib", Name: "lib"}}})
	assert.ErrorContains(t, err, "common.fdl is generated into this package and also imported by a schema of Go package example.com/m/lib")
}
