package gen

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"path/filepath"
	"sort"
	"strings"
)

// Output files and their build constraints.
//
// A generated file builds exactly when the source files of its types do: a
// source file's //go:build line is copied to the output, and the output of
// stat_linux.go is stat_fury_linux.go, whose name implies the same GOOS
// (stat_linux_fury.go would build everywhere and fail where Stat does not
// exist). -buildtag adds a constraint of its own (and-ed to those).

// knownOS and knownArch are the GOOS and GOARCH values that a file name
// suffix implies a constraint for (go/build's lists).
var knownOS = set("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux",
	"nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")

var knownArch = set("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
	"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390",
	"s390x", "sparc", "sparc64", "wasm")

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// osArchSuffix splits a file name (no directory) into the part before its
// GOOS/GOARCH suffix ("_linux", "_linux_amd64", or "" when the name implies
// no constraint) and that suffix, as go/build reads file names.
func osArchSuffix(name string) (stem, suffix string) {
	stem = strings.TrimSuffix(name, ".go")
	if strings.Contains(stem, ".") {
		return stem, "" // go/build cuts the name at its first dot
	}
	i := strings.Index(stem, "_")
	if i < 0 {
		return stem, ""
	}
	l := strings.Split(stem[i:], "_")
	n := len(l)
	switch {
	case n >= 2 && knownOS[l[n-2]] && knownArch[l[n-1]]:
		suffix = "_" + l[n-2] + "_" + l[n-1]
	case knownOS[l[n-1]] || knownArch[l[n-1]]:
		suffix = "_" + l[n-1]
	}
	return strings.TrimSuffix(stem, suffix), suffix
}

// OutputName is the name of the generated file for source file src (a
// base name): x.go gives x_fury.go, x_linux.go x_fury_linux.go.
func OutputName(src string) string {
	stem, suffix := osArchSuffix(src)
	return stem + "_fury" + suffix + ".go"
}

// impliedConstraint is the constraint the name of file src implies, or nil.
func impliedConstraint(src string) constraint.Expr {
	_, suffix := osArchSuffix(src)
	var x constraint.Expr
	for _, tag := range strings.Split(strings.TrimPrefix(suffix, "_"), "_") {
		if tag != "" {
			x = and(x, &constraint.TagExpr{Tag: tag})
		}
	}
	return x
}

func and(x, y constraint.Expr) constraint.Expr {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	return &constraint.AndExpr{X: x, Y: y}
}

// fileConstraint reads the build constraint of a parsed source file: its
// //go:build line, else its // +build lines; nil for none.
func fileConstraint(af *ast.File) (constraint.Expr, error) {
	var plus constraint.Expr
	for _, cg := range af.Comments {
		if cg.Pos() >= af.Package {
			break
		}
		for _, c := range cg.List {
			switch {
			case constraint.IsGoBuild(c.Text):
				return constraint.Parse(c.Text)
			case constraint.IsPlusBuild(c.Text):
				x, err := constraint.Parse(c.Text)
				if err != nil {
					return nil, err
				}
				plus = and(plus, x)
			}
		}
	}
	return plus, nil
}

// buildConstraint is the //go:build expression of a generated file holding
// structs, or "": -buildtag, the constraints of the structs' source files,
// and, when the file is not named after its source (perFile false), what
// their names imply; and the constraints, names included, of the files
// declaring the types their code depends on (Package.dependencies).
func buildConstraint(pkg *Package, structs []*Struct, perFile bool) (string, error) {
	var x constraint.Expr
	seen := map[string]bool{}
	add := func(y constraint.Expr) {
		if y != nil && !seen[y.String()] {
			seen[y.String()] = true
			x = and(x, y)
		}
	}
	if pkg.BuildTag != "" {
		y, err := constraint.Parse("//go:build " + pkg.BuildTag)
		if err != nil {
			return "", fmt.Errorf("-buildtag %q: %v", pkg.BuildTag, err)
		}
		add(y)
	}
	for _, src := range sourceFiles(structs) {
		add(pkg.constraints[src])
		if !perFile {
			add(impliedConstraint(filepath.Base(src)))
		}
	}
	for _, s := range structs {
		for _, dep := range pkg.dependencies(s) {
			add(pkg.constraints[dep])
			add(impliedConstraint(filepath.Base(dep)))
		}
	}
	if x == nil {
		return "", nil
	}
	return x.String(), nil
}

// sourceFiles lists the files that declare structs, sorted.
func sourceFiles(structs []*Struct) []string {
	var files []string
	seen := map[string]bool{}
	for _, s := range structs {
		if !seen[s.File] {
			seen[s.File] = true
			files = append(files, s.File)
		}
	}
	sort.Strings(files)
	return files
}

// sourceLines are the header lines that record which types a generated
// file holds code for, by source file: "// Source: models.go (Person, Team)."
// (see Stale).
func sourceLines(structs []*Struct) []string {
	var lines []string
	for _, src := range sourceFiles(structs) {
		var names []string
		for _, s := range structs {
			if s.File == src {
				names = append(names, s.Name)
			}
		}
		sort.Strings(names)
		lines = append(lines, fmt.Sprintf("// Source: %s (%s).", filepath.Base(src), strings.Join(names, ", ")))
	}
	return lines
}
