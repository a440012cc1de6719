package gen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Names of generated package-level identifiers.
//
// Every identifier a generated file declares at package level is "fury", a
// kind and the struct's name, then "_"-separated tokens:
//
//	furyCodec<S>[_<n>]         codec of variant n of struct S (none: variant 0)
//	furyWrite<S>[_<n>]         its Write function (furyRead<S>...: Read)
//	furyWrite<S>_<path>[_<n>]  the helper of container field <path> (path
//	                           components one token each)
//	furyDispatchRead<S>        Read of S with a codec the runtime chose
//
// The struct's name and path components are escaped (esc: "_" doubled), so
// that in a name an odd run of underscores always ends with a separator and
// names decode uniquely: no two structs, fields, variants or kinds share a
// name, whatever the user named things (Event and EventWith, a field
// Inner_C and a promoted Inner.C, a variant and a struct OrderE1). A path
// component starting with "_" gets a leading "0" (an identifier never
// starts with a digit; variant numbers are digits without a leading 0).
// The kinds ("furyCodec", "furyWrite", "furyRead", "furyDispatch...") are
// none a prefix of another. Users must not declare package-level names of
// these forms; furygen reports it if they do.

// esc escapes a user identifier for use inside a generated name.
func esc(id string) string { return strings.ReplaceAll(id, "_", "__") }

// pathToken is esc for a field path component.
func pathToken(id string) string {
	if strings.HasPrefix(id, "_") {
		return "0" + esc(id)
	}
	return esc(id)
}

// variantToken is the name suffix of variant v of s ("" for the first).
func variantToken(v *Variant) string {
	if v.mask == 0 {
		return ""
	}
	return "_" + strconv.Itoa(v.mask)
}

// codecVar names the package variable holding variant v's codec.
func codecVar(s *Struct, v *Variant) string { return "furyCodec" + esc(s.Name) + variantToken(v) }

// funcName names the Write or Read function (op) of variant v of s.
func funcName(op string, s *Struct, v *Variant) string {
	return "fury" + op + esc(s.Name) + variantToken(v)
}

// dispatchName names the function that writes or reads (op) an s with the
// codec the runtime chose.
func dispatchName(op string, s *Struct) string { return "furyDispatch" + op + esc(s.Name) }

// helperName names the container helpers of field fd of s.
func helperName(op string, s *Struct, fd *Field, v *Variant) string {
	name := "fury" + op + esc(s.Name)
	for _, p := range fd.Path {
		name += "_" + pathToken(p)
	}
	if hasNamedInt(fd.desc) {
		name += variantToken(v)
	}
	return name
}

// References to other packages and to types of the package itself are
// written as placeholders while a file is generated, and resolved once the
// whole file is known (resolveNames):
//
//   - a type of the package is written furyTypeRef_<Name>, then <Name>;
//     where the file also declares a local variable or parameter of that
//     name, the local is renamed, so that generated code compiles whatever
//     the user's types are named (a type x or buf and the generator's x and
//     buf);
//   - an imported package is written furyPkgRef<k>, then named after the
//     package, unless that name is taken by the package's own declarations,
//     the fixed imports or a local of the file.
const (
	typeRef = "furyTypeRef_"
	pkgRef  = "furyPkgRef"
)

// fixedImports are the packages generated code names itself (not through
// the qualifier); the package must not declare these names.
var fixedImports = []string{"fury", "furyrt", "unsafe", "binary", "math", "strconv"}

// resolveNames resolves the placeholders of body (the declarations of a
// generated file), renaming the locals of a function that would hide a
// type the function names, and returns the resolved body and the import
// name of each path imported through the qualifier.
func (f *file) resolveNames(body string) (string, map[string]string, error) {
	const prefix = "package p\n\n"
	src := prefix + body
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return "", nil, fmt.Errorf("furygen: generated code does not parse: %v\n%s", err, body)
	}
	scope := f.pkg.Types.Scope()
	all := map[string]bool{}    // every name the file uses
	locals := map[string]bool{} // every local and parameter, renamed ones as renamed
	topLevel := map[string]bool{}
	for _, d := range af.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name.Name != "_" && d.Name.Name != "init" {
				topLevel[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						topLevel[id.Name] = true
					}
				}
			}
		}
	}
	for name := range topLevel {
		if obj := scope.Lookup(name); obj != nil {
			return "", nil, fmt.Errorf("package %s declares %s, a name furygen's output declares (names beginning with fury followed by Codec, Write, Read or Dispatch are reserved for generated code)", f.pkg.Path, name)
		}
	}
	walkRefs(af, func(id *ast.Ident) { all[id.Name] = true })

	type edit struct {
		off, end int
		text     string
	}
	var edits []edit
	replace := func(id *ast.Ident, text string) {
		off := fset.Position(id.Pos()).Offset
		edits = append(edits, edit{off, off + len(id.Name), text})
	}
	var pkgRefs []*ast.Ident
	for _, d := range af.Decls {
		var own map[string]bool // this function's locals
		var refs []*ast.Ident
		typesUsed := map[string]bool{}
		if fd, ok := d.(*ast.FuncDecl); ok {
			own = localNames(fd)
		}
		walkRefs(d, func(id *ast.Ident) {
			refs = append(refs, id)
			if name, ok := strings.CutPrefix(id.Name, typeRef); ok {
				typesUsed[name] = true
			}
		})
		rename := map[string]string{}
		for name := range own {
			if !typesUsed[name] {
				locals[name] = true
				continue
			}
			fresh := name + "_"
			for all[fresh] || own[fresh] || typesUsed[fresh] || scope.Lookup(fresh) != nil || types.Universe.Lookup(fresh) != nil {
				fresh += "_"
			}
			rename[name], locals[fresh] = fresh, true
		}
		for _, id := range refs {
			switch name := id.Name; {
			case strings.HasPrefix(name, typeRef):
				replace(id, strings.TrimPrefix(name, typeRef))
			case strings.HasPrefix(name, pkgRef):
				pkgRefs = append(pkgRefs, id)
			case rename[name] != "":
				replace(id, rename[name])
			case !own[name] && !topLevel[name] && types.Universe.Lookup(name) != nil && scope.Lookup(name) != nil:
				// Go's predeclared names (new, len, int64, ...) that the
				// package redeclares cannot be reached.
				return "", nil, fmt.Errorf("package %s declares %s, which hides the predeclared %s that generated code uses", f.pkg.Path, name, name)
			}
		}
	}
	// Import names: the package's name unless something else holds it.
	paths := make([]string, 0, len(f.imports))
	for p := range f.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	names := map[string]string{}
	used := map[string]bool{}
	for _, n := range fixedImports {
		used[n] = true
	}
	for _, p := range paths {
		base := f.imports[p].name
		name := base
		for i := 2; used[name] || all[name] || locals[name] || scope.Lookup(name) != nil || types.Universe.Lookup(name) != nil || token.Lookup(name).IsKeyword(); i++ {
			name = base + strconv.Itoa(i)
		}
		used[name] = true
		names[p] = name
	}
	byRef := map[string]string{}
	for _, p := range paths {
		byRef[f.imports[p].ref] = names[p]
	}
	for _, id := range pkgRefs {
		replace(id, byRef[id.Name])
	}
	// Splice the replacements in, last first.
	sort.Slice(edits, func(i, j int) bool { return edits[i].off > edits[j].off })
	out := []byte(src)
	for _, e := range edits {
		out = append(out[:e.off], append([]byte(e.text), out[e.end:]...)...)
	}
	return string(out[len(prefix):]), names, nil
}

// localNames lists the names a function declares: its parameters and
// results, and the variables and types of its body.
func localNames(fd *ast.FuncDecl) map[string]bool {
	locals := map[string]bool{}
	declared(fd.Type, locals)
	if fd.Body == nil {
		return locals
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, e := range n.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						locals[id.Name] = true
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						locals[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				locals[id.Name] = true
			}
		case *ast.TypeSpec:
			locals[n.Name.Name] = true
		}
		return true
	})
	return locals
}

// declared adds the names of a function's parameters and results.
func declared(ft *ast.FuncType, locals map[string]bool) {
	for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, fld := range fl.List {
			for _, id := range fld.Names {
				locals[id.Name] = true
			}
		}
	}
}

// walkRefs calls fn with every identifier of node that names something by
// scope: not a selected field or method, a struct field's name, a
// composite literal's key or a declared function's name.
func walkRefs(node ast.Node, fn func(*ast.Ident)) {
	skip := map[*ast.Ident]bool{}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.File:
			skip[n.Name] = true
		case *ast.FuncDecl:
			skip[n.Name] = true
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.StructType:
			for _, fld := range n.Fields.List {
				for _, id := range fld.Names {
					skip[id] = true
				}
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						skip[id] = true
					}
				}
			}
		case *ast.Ident:
			if !skip[n] {
				fn(n)
			}
		}
		return true
	})
}
