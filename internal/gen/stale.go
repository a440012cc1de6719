package gen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Stale output.
//
// Each generated file records, below its header, the types it holds code
// for and the source file of each ("// Source: a.go (A, B)."; files of
// earlier versions are read by their names: a_fury.go holds a.go's types,
// as its furyrt.Register calls list them). Code for a type is dead when
// its source file no longer declares it (whatever the file's build
// constraints: the check is by syntax), or when this run generates the
// type from that source file into another file. A generated file whose
// code is all dead is stale: left in place it would declare its functions
// twice (the type moved to another file), or name a type that is gone.
// Stale files are removed by a run and reported by -check. Files of other
// runs (other go:generate lines, other build tags) hold live code and are
// left alone.

// A StaleFile is generated output that no longer corresponds to its
// sources.
type StaleFile struct {
	Path   string
	Reason string
}

// Stale returns the generated files in pkg's directory, other than files
// (this run's output, keyed by path, as Generate returns it; out is the
// -output name), that are stale. A file holding both dead and live code is
// an error: neither keeping nor removing it is right.
func Stale(pkg *Package, files map[string][]byte, out string) ([]StaleFile, error) {
	entries, err := os.ReadDir(pkg.Dir)
	if err != nil {
		return nil, err
	}
	// What this run generates: type -> source file (base name) and output.
	type gen struct{ src, out string }
	now := map[string]gen{}
	for _, s := range pkg.Structs {
		now[s.Name] = gen{filepath.Base(s.File), outputPath(pkg, s, out)}
	}
	declares := map[string]map[string]bool{} // source file -> its type names
	declared := func(src, typ string) bool {
		names, ok := declares[src]
		if !ok {
			names = typeNames(filepath.Join(pkg.Dir, src))
			declares[src] = names
		}
		return names == nil || names[typ] // a file that does not parse: as if it did
	}
	var stale []StaleFile
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(pkg.Dir, name)
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || files[path] != nil {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, err
		}
		if !IsGenerated(src) {
			continue
		}
		var dead, live []string
		for _, h := range holds(name, src) {
			g, ok := now[h.typ]
			switch {
			case h.src != "" && !declared(h.src, h.typ):
				dead = append(dead, fmt.Sprintf("%s is no longer declared in %s", h.typ, h.src))
			case ok && (h.src == "" || h.src == g.src) && g.out != path:
				dead = append(dead, fmt.Sprintf("%s is now generated into %s", h.typ, filepath.Base(g.out)))
			default:
				live = append(live, h.typ)
			}
		}
		switch {
		case len(dead) == 0:
		case len(live) == 0:
			stale = append(stale, StaleFile{path, strings.Join(dead, "; ")})
		default:
			return nil, fmt.Errorf("%s holds generated code that is out of date (%s) and code for %s, which this run does not generate: delete it, or generate all of its types in one run",
				path, strings.Join(dead, "; "), strings.Join(live, ", "))
		}
	}
	sort.Slice(stale, func(i, j int) bool { return stale[i].Path < stale[j].Path })
	return stale, nil
}

// held is a type a generated file holds code for, and its source file
// ("" when unknown).
type held struct{ typ, src string }

var (
	sourceLine = regexp.MustCompile(`^// Source: (.+) \(([^()]*)\)\.$`)
	registered = regexp.MustCompile(`(?m)^\s*furyrt\.Register\((\w+)\{\}`)
)

// holds lists the types generated file name (contents src) holds code for.
func holds(name string, src []byte) []held {
	var out []held
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "//") {
			break
		}
		if m := sourceLine.FindStringSubmatch(line); m != nil {
			for _, t := range strings.Split(m[2], ", ") {
				out = append(out, held{t, m[1]})
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	// A file of an earlier furygen: x_fury.go holds x.go's types.
	from := ""
	if stem, ok := strings.CutSuffix(name, "_fury.go"); ok {
		from = stem + ".go"
	}
	seen := map[string]bool{}
	for _, m := range registered.FindAllSubmatch(src, -1) {
		if t := string(m[1]); !seen[t] {
			seen[t] = true
			out = append(out, held{t, from})
		}
	}
	return out
}

// typeNames returns the names of the types a Go file declares at package
// level, by syntax: none when the file does not exist, nil when it does
// not parse.
func typeNames(path string) map[string]bool {
	names := map[string]bool{}
	af, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if errors.Is(err, fs.ErrNotExist) {
		return names
	}
	if err != nil {
		return nil
	}
	for _, d := range af.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, sp := range gd.Specs {
				names[sp.(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	return names
}
