package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema"
	"github.com/fury-go/fury/internal/schema/gogen"
	"github.com/fury-go/fury/internal/schema/load"
)

// writeFiles writes name -> contents under dir, creating directories.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// listDir lists the files under dir, relative and sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return err
	}))
	sort.Strings(out)
	return out
}

// TestGoPackages: an imported schema's Go package comes from -M (keyed by
// the import as written, or by the schema package) or its go_package
// option; a file mapped to the output's own package, or not mapped, is
// generated here; a -M key nothing matches is an error.
func TestGoPackages(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"common/common.fdl": "package shared.common;\noption go_package = \"example.com/m/common;money\";\nmessage Money { int64 units = 1; }\n",
		"util/util.fdl":     "package shared.util;\nenum Unit { UNIT_A = 0; }\n",
		"app/app.fdl":       "package app;\nimport \"../common/common.fdl\";\nimport \"../util/util.fdl\";\nmessage A { Money m = 1; Unit u = 2; }\n",
	})
	files, err := load.Files([]string{filepath.Join(dir, "app/app.fdl")}, nil)
	require.NoError(t, err)
	byPkg := func(m map[string]string, own string) map[string]string {
		t.Helper()
		ext, inPkg, err := goPackages(files, m, own)
		require.NoError(t, err)
		out := map[string]string{}
		for f, p := range ext {
			out[f.Package] = p.Path + ";" + p.Name
		}
		for f := range inPkg {
			out[f.Package] = "in this package"
		}
		return out
	}
	assert.Equal(t, map[string]string{"shared.common": "example.com/m/common;money"}, byPkg(nil, "example.com/m/app"))
	assert.Equal(t, map[string]string{"shared.common": "in this package"}, byPkg(nil, "example.com/m/common"),
		"mapped to the output's package: declared by another file of it")
	assert.Equal(t, map[string]string{"shared.common": "example.com/x/c;c", "shared.util": "example.com/m/util;util"},
		byPkg(map[string]string{"../common/common.fdl": "example.com/x/c", "shared.util": "example.com/m/util"}, ""))
	_, _, err = goPackages(files, map[string]string{"nope.fdl": "example.com/n"}, "")
	assert.ErrorContains(t, err, `-M nope.fdl=example.com/n: no imported schema file is imported as "nope.fdl"`)

	cfg, err := parseSchemaArgs([]string{"-schema", "a.fdl", "-M", "common.fdl=example.com/m/common", "-M", "x.y=example.com/xy;xy", "-proto-signed"})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"common.fdl": "example.com/m/common", "x.y": "example.com/xy;xy"}, cfg.GoPackages)
	assert.True(t, cfg.ProtoSigned)
	_, err = parseSchemaArgs([]string{"-schema", "a.fdl", "-M", "common.fdl"})
	assert.ErrorContains(t, err, "-M wants schema=importpath")
}

// TestCheckImported: an imported schema whose Go package (go_package or
// -M) is a directory of this module without Go files is an error naming
// the schema, the package and what to do; it used to reach the compiler,
// whose "could not import example.com/m/common (invalid package name: \"\")"
// named neither the schema nor the remedy. A package of another module,
// or one with Go files, passes.
func TestCheckImported(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":            "module example.com/m\n",
		"done/done_fdl.go":  "package done\n",
		"empty/README":      "not Go\n",
		"tests/x_test.go":   "package tests\n",
		"schemas/done.fdl":  "package d;\n",
		"schemas/empty.fdl": "package e;\n",
	})
	mod := findModule(filepath.Join(dir, "app"))
	require.Equal(t, "example.com/m", mod.path)
	file := func(name string) *schema.File { return &schema.File{Path: filepath.Join(dir, "schemas", name)} }
	ok := map[*schema.File]gogen.GoPackage{
		file("done.fdl"):  {Path: "example.com/m/done", Name: "done"},
		file("other.fdl"): {Path: "example.com/other/pkg", Name: "pkg"},
		file("mx.fdl"):    {Path: "example.com/mx", Name: "mx"}, // not a directory of example.com/m
	}
	require.NoError(t, checkImported(mod, ok))
	for _, c := range []struct{ name, path string }{
		{"empty.fdl", "example.com/m/empty"}, {"tests.fdl", "example.com/m/tests"}, {"gone.fdl", "example.com/m/not/there"},
	} {
		err := checkImported(mod, map[*schema.File]gogen.GoPackage{file(c.name): {Path: c.path, Name: "x"}})
		require.Error(t, err, c.path)
		assert.Contains(t, err.Error(), filepath.Join(dir, "schemas", c.name)+": its types are in Go package "+c.path)
		assert.Contains(t, err.Error(), "has no Go files: generate that package first (furygen -schema "+c.name+" there)")
	}
	require.NoError(t, checkImported(module{}, map[*schema.File]gogen.GoPackage{file("empty.fdl"): {Path: "example.com/m/empty"}}),
		"outside a module: left to the compiler")
}

// TestSchemaRoughEdges: -output into a missing directory creates it; a run
// outside a module fails clearly and writes nothing; the header names a
// schema the same way however its path is spelled, so -check agrees.
func TestSchemaRoughEdges(t *testing.T) {
	const colors = "package p;\nenum Color { COLOR_RED = 0; }\nmessage Paint { Color c = 1; }\n"
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"paint.fdl": colors})
	err := runSchema(schemaConfig{Dir: outside, Schemas: []string{"paint.fdl"}, Output: "gen/paint_fdl.go", Package: "p"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not inside a Go module")
	assert.Contains(t, err.Error(), "nothing written")
	assert.Equal(t, []string{"paint.fdl"}, listDir(t, outside), "nothing written, no directory made")

	mod, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	// A package directory inside this module (ignored by ./... patterns)
	// whose output directory does not exist yet.
	dir, err := os.MkdirTemp(filepath.Join(mod, "cmd", "furygen"), "_furygen-test-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	writeFiles(t, dir, map[string]string{"paint.fdl": colors})
	require.NoError(t, runSchema(schemaConfig{Dir: dir, Schemas: []string{"paint.fdl"}, Output: "deep/er/paint_fdl.go", Package: "p"}))
	assert.Equal(t, []string{"deep/er/paint_fdl.go", "deep/er/paint_fdl_fury.go", "paint.fdl"}, listDir(t, dir))
	src, err := os.ReadFile(filepath.Join(dir, "deep/er/paint_fdl.go"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(src), schemaHeaderPrefix+"../../paint.fdl. DO NOT EDIT."), "%s", src)

	// The same schema named three ways, from the directory and from elsewhere.
	require.NoError(t, runSchema(schemaConfig{Dir: dir, Schemas: []string{"paint.fdl"}, Package: "p"}))
	abs := filepath.Join(dir, "paint.fdl")
	for _, c := range []schemaConfig{
		{Dir: dir, Schemas: []string{"./paint.fdl"}, Check: true},
		{Dir: dir, Schemas: []string{abs}, Check: true},
		{Dir: filepath.Dir(dir), Schemas: []string{filepath.Join(filepath.Base(dir), "paint.fdl")}, Output: filepath.Join(filepath.Base(dir), "paint_fdl.go"), Check: true},
	} {
		assert.NoError(t, runSchema(c), "%+v", c)
	}
}

// TestSchemaPackages generates two schemas importing a third into three Go
// packages of a fresh module (the shared one mapped by its go_package
// option for one importer and by -M for the other), builds them, and runs
// a program registering both importers on one Fury. Generating an
// importer into the shared package without a mapping (a second copy of
// its types) is refused, writing nothing. It needs the go command and a
// warm module cache, so -short skips it.
func TestSchemaPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a throwaway module with the go command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.24\n\nrequire github.com/fury-go/fury v0.0.0\n\nreplace github.com/fury-go/fury => " + root + "\n",
		"schemas/common.fdl": "package shop.common;\noption go_package = \"example.com/shop/common\";\n" +
			"enum Currency { CURRENCY_USD = 0; CURRENCY_EUR = 1; }\nmessage Money { int64 units = 1; Currency currency = 2; }\n",
		"schemas/orders.fdl": "package shop.orders;\nimport \"common.fdl\";\n" +
			"message Order { string id = 1; shop.common.Money total = 2; Money tip = 3; list<Money> lines = 4; }\n",
		"schemas/billing.proto": "syntax = \"proto3\";\npackage shop.billing;\nimport \"common.fdl\";\n" +
			"message Invoice { string number = 1; shop.common.Money amount = 2; int32 count = 3; }\n",
		"app/main.go": appMain,
	})
	out, err := exec.Command(goBin, "env", "GOMODCACHE").Output()
	require.NoError(t, err)
	for _, kv := range moduleCacheEnv(strings.TrimSpace(string(out))) {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	schemas := filepath.Join(dir, "schemas")
	gen := func(pkg string, cfg schemaConfig) error {
		cfg.Dir = filepath.Join(dir, pkg)
		for i, s := range cfg.Schemas {
			cfg.Schemas[i] = filepath.Join(schemas, s)
		}
		return runSchema(cfg)
	}
	// An importer generated before the package of its import: refused,
	// naming the imported schema and what to do, nothing written.
	err = gen("orders", schemaConfig{Schemas: []string{"orders.fdl"}, Output: "orders_fdl.go"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(schemas, "common.fdl")+": its types are in Go package example.com/shop/common")
	assert.Contains(t, err.Error(), "has no Go files: generate that package first (furygen -schema common.fdl there)")
	_, statErr := os.Stat(filepath.Join(dir, "orders"))
	assert.True(t, os.IsNotExist(statErr), "nothing written")
	require.NoError(t, gen("common", schemaConfig{Schemas: []string{"common.fdl"}, Output: "common_fdl.go"}))
	require.NoError(t, gen("orders", schemaConfig{Schemas: []string{"orders.fdl"}, Output: "orders_fdl.go"}))
	require.NoError(t, gen("billing", schemaConfig{Schemas: []string{"billing.proto"}, Output: "billing_proto.go",
		GoPackages: map[string]string{"shop.common": "example.com/shop/common"}}))
	for _, f := range []string{"orders/orders_fdl.go", "billing/billing_proto.go"} {
		src, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		assert.Contains(t, string(src), `"example.com/shop/common"`, f)
		assert.Contains(t, string(src), "common.RegisterTypes(f)", f)
		assert.NotContains(t, string(src), "type Money", f)
	}
	require.NoError(t, gen("common", schemaConfig{Schemas: []string{"common.fdl"}, Output: "common_fdl.go", Check: true}))
	require.NoError(t, gen("orders", schemaConfig{Schemas: []string{"orders.fdl"}, Output: "orders_fdl.go", Check: true}))
	require.NoError(t, gen("billing", schemaConfig{Schemas: []string{"billing.proto"}, Output: "billing_proto.go", Check: true,
		GoPackages: map[string]string{"shop.common": "example.com/shop/common"}}))

	// orders.fdl into package common too, where common.fdl's go_package
	// points: its types are the package's already, so the run composes,
	// given a registration function of its own.
	before := listDir(t, filepath.Join(dir, "common"))
	err = gen("common", schemaConfig{Schemas: []string{"orders.fdl"}, Output: "orders_fdl.go"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "common_fdl.go already declares RegisterTypes (generated from ../schemas/common.fdl)")
	assert.Equal(t, before, listDir(t, filepath.Join(dir, "common")), "nothing written")
	require.NoError(t, gen("common", schemaConfig{Schemas: []string{"orders.fdl"}, Output: "orders_fdl.go", Register: "RegisterOrders"}))
	src, err := os.ReadFile(filepath.Join(dir, "common", "orders_fdl.go"))
	require.NoError(t, err)
	assert.NotContains(t, string(src), "type Money")
	assert.Contains(t, string(src), "\tTotal Money ")
	assert.Contains(t, string(src), "f.Register(Money{}, ", "registered again, a no-op after RegisterTypes")

	// A schema importing a copy of common.fdl's types without a Go
	// package: its run into package common would declare them a second
	// time, which is refused before anything is written.
	writeFiles(t, dir, map[string]string{
		"schemas/orders2.fdl": "package shop.orders2;\nimport \"copy.fdl\";\nmessage Order2 { Money total = 1; }\n",
		"schemas/copy.fdl":    "package shop.common;\nenum Currency { CURRENCY_USD = 0; }\nmessage Money { int64 units = 1; }\n"})
	before = listDir(t, filepath.Join(dir, "common"))
	err = gen("common", schemaConfig{Schemas: []string{"orders2.fdl"}, Output: "orders2_fdl.go", Register: "RegisterOrders2"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "common_fdl.go already declares Currency, CurrencyUsd, Money (generated from ../schemas/common.fdl)")
	assert.Contains(t, err.Error(), "option go_package")
	assert.Contains(t, err.Error(), "nothing written")
	assert.Equal(t, before, listDir(t, filepath.Join(dir, "common")), "nothing written")

	// A schema mapped to a package that does not declare its types.
	err = gen("orders", schemaConfig{Schemas: []string{"billing.proto"}, Output: "billing_proto.go", Register: "RegisterBilling",
		GoPackages: map[string]string{"shop.common": "example.com/shop/orders"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "orders declares Currency, Money, the types of an imported schema mapped to this package")

	cmd := exec.Command(goBin, "run", "./app")
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	assert.Equal(t, "order o-1 300 EUR tip 5; invoice i-1 12 3; common.Order o-2\n", string(b))
}

const appMain = `package main

import (
	"fmt"
	"log"

	"github.com/fury-go/fury/fury"

	"example.com/shop/billing"
	"example.com/shop/common"
	"example.com/shop/orders"
)

func main() {
	f := fury.New(fury.WithCompatible(true))
	for _, reg := range []func(*fury.Fury) error{orders.RegisterTypes, billing.RegisterTypes} {
		if err := reg(f); err != nil {
			log.Fatal(err)
		}
	}
	o := &orders.Order{Id: "o-1", Total: common.Money{Units: 300, Currency: common.CurrencyEur},
		Tip: &common.Money{Units: 5}, Lines: []*common.Money{{Units: 1}}}
	data, err := f.Marshal(o)
	if err != nil {
		log.Fatal(err)
	}
	var back orders.Order
	if err := f.Unmarshal(data, &back); err != nil {
		log.Fatal(err)
	}
	inv := &billing.Invoice{Number: "i-1", Amount: common.Money{Units: 12}, Count: 3}
	if data, err = f.Marshal(inv); err != nil {
		log.Fatal(err)
	}
	var ib billing.Invoice
	if err := f.Unmarshal(data, &ib); err != nil {
		log.Fatal(err)
	}
	// The Order that orders.fdl generated into package common too (a
	// second run into that package, composing with common.fdl's types), on
	// a Fury of its own: it has orders.Order's type id.
	g := fury.New()
	if err := common.RegisterTypes(g); err != nil {
		log.Fatal(err)
	}
	if err := common.RegisterOrders(g); err != nil {
		log.Fatal(err)
	}
	if data, err = g.Marshal(&common.Order{Id: "o-2", Total: common.Money{Units: 1}}); err != nil {
		log.Fatal(err)
	}
	var co common.Order
	if err := g.Unmarshal(data, &co); err != nil {
		log.Fatal(err)
	}
	cur := map[common.Currency]string{common.CurrencyUsd: "USD", common.CurrencyEur: "EUR"}
	fmt.Printf("order %s %d %s tip %d; invoice %s %d %d; common.Order %s\n", back.Id, back.Total.Units, cur[back.Total.Currency],
		back.Tip.Units, ib.Number, ib.Amount.Units, ib.Count, co.Id)
}
`

// TestUsage: -h shows both modes, each with its flags.
func TestUsage(t *testing.T) {
	var b strings.Builder
	usage(&b)
	text := b.String()
	for _, want := range []string{"Go-types mode", "furygen [-type T1,T2 | -all]", "-buildtag", "-tags",
		"Schema mode (-schema)", "furygen -schema a.fdl[,b.proto]", "-M schema=importpath[;name]", "-proto-signed",
		"-register", "-grpc", "-I string", "go doc github.com/fury-go/fury/cmd/furygen"} {
		assert.Contains(t, text, want)
	}
	_, err := parseSchemaArgs([]string{"-schema", "a.fdl", "-h"})
	assert.ErrorIs(t, err, flag.ErrHelp)
}
