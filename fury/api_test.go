package fury_test

import (
	"flag"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var updateAPI = flag.Bool("update-api", false, "rewrite testdata/api.txt with package fury's exported API")

// TestExportedAPI holds package fury's exported surface to testdata/api.txt:
// what users call, and nothing that exists only for generated code (that
// lives in package furyrt). A change to the API shows up here for review;
// go test ./fury -run TestExportedAPI -update-api rewrites the file.
func TestExportedAPI(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	var files []*ast.File
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
			require.NoError(t, err)
			files = append(files, f)
		}
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/fury-go/fury/fury")
	require.NoError(t, err)
	var api []string
	add := func(kind, name string) { api = append(api, kind+" "+name) }
	for _, v := range append(p.Consts, p.Vars...) {
		for _, n := range v.Names {
			add("value", n)
		}
	}
	for _, f := range p.Funcs {
		add("func", f.Name)
	}
	for _, ty := range p.Types {
		add("type", ty.Name)
		// An alias of another package's type would export all of that
		// type's methods (as ByteBuffer = furyrt.Buffer once did).
		if ts := ty.Decl.Specs[0].(*ast.TypeSpec); ts.Assign.IsValid() {
			_, foreign := ts.Type.(*ast.SelectorExpr)
			require.False(t, foreign, "type %s is an alias of another package's type, whose whole method set it exports", ty.Name)
		}
		for _, v := range append(ty.Consts, ty.Vars...) {
			for _, n := range v.Names {
				add("value", n)
			}
		}
		for _, f := range ty.Funcs {
			add("func", f.Name)
		}
		for _, m := range ty.Methods {
			add("method", ty.Name+"."+m.Name)
		}
		if st, ok := ty.Decl.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType); ok {
			for _, f := range st.Fields.List {
				for _, n := range f.Names {
					if n.IsExported() {
						add("field", ty.Name+"."+n.Name)
					}
				}
			}
		}
	}
	// No exported declaration mentions the runtime's types: a parameter or
	// result of type *furyrt.Buffer would put the runtime in users' hands.
	var decls []ast.Node
	for _, f := range p.Funcs {
		decls = append(decls, f.Decl.Type)
	}
	for _, ty := range p.Types {
		decls = append(decls, ty.Decl)
		for _, f := range ty.Funcs {
			decls = append(decls, f.Decl.Type)
		}
		for _, m := range ty.Methods {
			decls = append(decls, m.Decl.Type)
		}
	}
	for _, d := range decls {
		ast.Inspect(d, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "furyrt" {
					t.Errorf("an exported declaration mentions furyrt.%s (at %v)", sel.Sel.Name, fset.Position(sel.Pos()))
				}
			}
			return true
		})
	}
	sort.Strings(api)
	got := strings.Join(api, "\n") + "\n"
	if *updateAPI {
		require.NoError(t, os.WriteFile("testdata/api.txt", []byte(got), 0o644))
	}
	want, err := os.ReadFile("testdata/api.txt")
	require.NoError(t, err)
	require.Equal(t, string(want), got, "package fury's exported API changed: review it, then rerun with -update-api")
	for _, name := range api {
		for _, genOnly := range []string{"Gen", "Put", "Get", "ReadArray", "WriteArray", "NewScalar", "MapChunk", "Codec", "SnakeCase"} {
			require.NotContains(t, name, " "+genOnly, "%s is for generated code: it belongs in package furyrt", name)
		}
	}
}
