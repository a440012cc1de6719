package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/types"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Generate returns the generated files of pkg, keyed by path. out names a
// single output file (relative to the package directory) or is "" for one
// file per source file (OutputName: x.go gives x_fury.go).
func Generate(pkg *Package, out string) (map[string][]byte, error) {
	pkg.single, pkg.nestedSet = out != "", nil
	groups := map[string][]*Struct{}
	for _, s := range pkg.Structs {
		name := outputPath(pkg, s, out)
		groups[name] = append(groups[name], s)
	}
	files := map[string][]byte{}
	for name, structs := range groups {
		src, err := generateFile(pkg, structs, out == "")
		if err != nil {
			return nil, err
		}
		files[name] = src
	}
	return files, nil
}

// outputPath is the path of the file that holds the code of s.
func outputPath(pkg *Package, s *Struct, out string) string {
	name := out
	if name == "" {
		name = OutputName(filepath.Base(s.File))
	}
	if !filepath.IsAbs(name) {
		name = filepath.Join(pkg.Dir, name)
	}
	return name
}

// file accumulates one generated file.
type file struct {
	pkg     *Package
	body    bytes.Buffer
	imports map[string]imported // path -> its placeholder and package name
	err     error
}

// imported is a package imported through the qualifier.
type imported struct{ ref, name string }

func generateFile(pkg *Package, structs []*Struct, perFile bool) ([]byte, error) {
	f := &file{pkg: pkg, imports: map[string]imported{}}
	sort.Slice(structs, func(i, j int) bool { return structs[i].Name < structs[j].Name })
	for _, s := range structs {
		f.genStruct(s)
	}
	if f.err != nil {
		return nil, f.err
	}
	for _, n := range fixedImports {
		if !regexp.MustCompile(`\b` + n + `\.`).MatchString(f.body.String()) {
			continue
		}
		if obj := pkg.Types.Scope().Lookup(n); obj != nil {
			return nil, fmt.Errorf("package %s declares %s, which generated code needs as an import name", pkg.Path, n)
		}
	}
	body, names, err := f.resolveNames(f.body.String())
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(Header + "\n")
	for _, line := range sourceLines(structs) {
		b.WriteString(line + "\n")
	}
	b.WriteString("\n")
	c, err := buildConstraint(pkg, structs, perFile)
	if err != nil {
		return nil, err
	}
	if c != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", c)
	}
	fmt.Fprintf(&b, "package %s\n\nimport (\n", pkg.Name)
	// Standard library imports first, then the others, as goimports
	// groups them.
	fixed := []struct{ path, use string }{
		{"encoding/binary", "binary."}, {"math", "math."}, {"strconv", "strconv."}, {"unsafe", "unsafe."},
	}
	var std, other []string
	for _, imp := range fixed {
		if strings.Contains(body, imp.use) {
			std = append(std, imp.path)
		}
	}
	for p := range f.imports {
		if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
			other = append(other, p)
		} else {
			std = append(std, p)
		}
	}
	other = append(other, RuntimePath)
	if furyUse.MatchString(body) {
		other = append(other, FuryPath) // user-facing types: fury.Date, fury.Set, ...
	}
	sort.Strings(std)
	sort.Strings(other)
	for i, group := range [][]string{std, other} {
		if i > 0 && len(std) > 0 {
			b.WriteString("\n")
		}
		for _, p := range group {
			if name, ok := names[p]; ok && name != lastElem(p) {
				fmt.Fprintf(&b, "\t%s %q\n", name, p)
			} else {
				fmt.Fprintf(&b, "\t%q\n", p)
			}
		}
	}
	b.WriteString(")\n\n")
	b.WriteString(body)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated code for %s: %v\n%s", pkg.Path, err, b.Bytes())
	}
	return src, nil
}

// furyUse finds a use of package fury itself (not furyrt) in generated code.
var furyUse = regexp.MustCompile(`\bfury\.[A-Z]`)

func lastElem(path string) string {
	return path[strings.LastIndexByte(path, '/')+1:]
}

func (f *file) printf(format string, args ...any) { fmt.Fprintf(&f.body, format, args...) }

// qualifier names other packages' types, importing them, and the
// package's own types, as placeholders that resolveNames resolves.
func (f *file) qualifier(p *types.Package) string {
	if p == f.pkg.Types {
		return ownPkg
	}
	if p.Path() == FuryPath {
		return "fury"
	}
	if imp, ok := f.imports[p.Path()]; ok {
		return imp.ref
	}
	ref := pkgRef + strconv.Itoa(len(f.imports))
	f.imports[p.Path()] = imported{ref: ref, name: p.Name()}
	return ref
}

// ownPkg marks the package's own types in type strings (see typeString).
const ownPkg = "\x00"

// typeString writes t as Go source in the generated file.
func (f *file) typeString(t types.Type) string {
	if err := f.checkNameable(t, map[types.Type]bool{}); err != nil && f.err == nil {
		f.err = err
	}
	return strings.ReplaceAll(types.TypeString(t, f.qualifier), ownPkg+".", typeRef)
}

// ownType is the placeholder of the package's type (or alias) name.
func ownType(name string) string { return typeRef + name }

// checkNameable reports types the generated file cannot name (unexported
// types of other packages).
func (f *file) checkNameable(t types.Type, seen map[types.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch u := t.(type) {
	case *types.Alias:
		if o := u.Obj(); o.Pkg() != nil && o.Pkg() != f.pkg.Types && !o.Exported() {
			return fmt.Errorf("type %v is not exported from its package; furygen cannot name it", t)
		}
		return nil
	case *types.Named:
		if o := u.Obj(); o.Pkg() != nil && o.Pkg() != f.pkg.Types && !o.Exported() {
			return fmt.Errorf("type %v is not exported from its package; furygen cannot name it", t)
		}
		for i := 0; i < u.TypeArgs().Len(); i++ {
			if err := f.checkNameable(u.TypeArgs().At(i), seen); err != nil {
				return err
			}
		}
		return nil
	case *types.Pointer:
		return f.checkNameable(u.Elem(), seen)
	case *types.Slice:
		return f.checkNameable(u.Elem(), seen)
	case *types.Array:
		return f.checkNameable(u.Elem(), seen)
	case *types.Map:
		if err := f.checkNameable(u.Key(), seen); err != nil {
			return err
		}
		return f.checkNameable(u.Elem(), seen)
	case *types.Chan:
		return f.checkNameable(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			v := u.Field(i)
			if !v.Exported() && v.Pkg() != f.pkg.Types {
				return fmt.Errorf("struct type %v has unexported fields of another package; furygen cannot name it", t)
			}
			if err := f.checkNameable(v.Type(), seen); err != nil {
				return err
			}
		}
	}
	return nil
}

func (f *file) genStruct(s *Struct) {
	tname := s.Name
	f.printf("// ---- %s ----\n\n", tname)
	f.printf("var (\n")
	for _, v := range s.Variants {
		f.printf("\t%s *furyrt.Codec\n", codecVar(s, v))
	}
	f.printf(")\n\n")
	f.printf("func init() {\n")
	for _, v := range s.Variants {
		f.printf("\t%s = &furyrt.Codec{\n", codecVar(s, v))
		f.printf("\t\tFields: []string{")
		for i, fd := range v.Order {
			if i > 0 {
				f.printf(", ")
			}
			f.printf("%q", fd.PathString())
		}
		f.printf("},\n")
		var enums []string
		for _, fd := range v.Order {
			for _, e := range fd.enumPositions() {
				if v.Enums[e.typ] {
					enums = append(enums, strconv.Quote(e.path))
				}
			}
		}
		if len(enums) > 0 {
			f.printf("\t\tEnums: []string{%s},\n", strings.Join(enums, ", "))
		}
		f.printf("\t\tWrite: %s,\n\t\tRead: %s,\n", funcName("Write", s, v), funcName("Read", s, v))
		if flat(s, v) {
			f.printf("\t\tFlat: true,\n")
		}
		f.printf("\t}\n")
		f.printf("\tfuryrt.Register(%s{}, %s)\n", ownType(tname), codecVar(s, v))
	}
	f.printf("}\n\n")
	f.genShape(s)
	if f.pkg.nested()[s] {
		f.genDispatch(s)
	}
	for _, v := range s.Variants {
		f.genWrite(s, v)
		f.genRead(s, v)
	}
	f.genContainerHelpers(s)
}

// genShape emits struct conversions that stop compiling when the struct
// (or an embedded struct whose fields it promotes) changes its fields.
func (f *file) genShape(s *Struct) {
	f.printf("// The conversions below stop compiling when %s changes shape; run go generate.\n", s.Name)
	f.printf("func _() {\n")
	f.printf("\t_ = %s(%s{})\n", f.structLiteralType(s.Type), ownType(s.Name))
	for _, e := range s.Embedded {
		if err := f.checkNameable(e.Underlying(), map[types.Type]bool{}); err != nil {
			continue // a foreign struct with unexported fields: the runtime's field check still guards it
		}
		f.printf("\t_ = %s(%s{})\n", f.structLiteralType(e), f.typeString(e))
	}
	f.printf("}\n\n")
}

func (f *file) structLiteralType(t types.Type) string {
	st := t.Underlying().(*types.Struct)
	var b strings.Builder
	b.WriteString("struct {\n")
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		if v.Embedded() {
			fmt.Fprintf(&b, "\t\t%s\n", f.typeString(v.Type()))
		} else {
			fmt.Fprintf(&b, "\t\t%s %s\n", v.Name(), f.typeString(v.Type()))
		}
	}
	b.WriteString("\t}")
	return b.String()
}
