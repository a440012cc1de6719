// Package load reads schema files (.fdl and .proto) and the files they
// import, and resolves them into one checked schema.
package load

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fury-go/fury/internal/schema"
	"github.com/fury-go/fury/internal/schema/fdl"
	"github.com/fury-go/fury/internal/schema/proto"
)

// Files parses paths and everything they import (searched next to the
// importing file, then in importPaths, in order), links them and checks
// them. It returns the files of paths, in order, their imports reachable
// through schema.Import.File. Positions in errors name files as given
// (imports: joined to the directory they were found in).
func Files(paths []string, importPaths []string) ([]*schema.File, error) {
	return FilesOptions(paths, Options{ImportPaths: importPaths})
}

// Options tune FilesOptions.
type Options struct {
	ImportPaths []string // searched for imports after the importing file's directory
	Proto       proto.Options
}

// FilesOptions is Files with options.
func FilesOptions(paths []string, opt Options) ([]*schema.File, error) {
	l := &loader{byPath: map[string]*schema.File{}, importPaths: opt.ImportPaths, proto: opt.Proto}
	var out []*schema.File
	for _, p := range paths {
		f, err := l.load(p, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	if err := schema.Resolve(out); err != nil {
		return nil, err
	}
	return out, nil
}

type loader struct {
	byPath      map[string]*schema.File // by absolute path
	importPaths []string
	proto       proto.Options
}

func (l *loader) load(path string, stack []string) (*schema.File, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if f, ok := l.byPath[abs]; ok {
		return f, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f *schema.File
	switch ext := filepath.Ext(path); ext {
	case ".fdl", ".idl":
		f, err = fdl.Parse(path, src)
	case ".proto":
		f, err = proto.ParseOptions(path, src, l.proto)
	case ".fbs":
		return nil, fmt.Errorf("%s: FlatBuffers schemas are read through foryc: foryc --emit-fdl --emit-fdl-path x.fdl --lang python -o out %s writes their FDL form; give furygen that .fdl", path, path)
	default:
		return nil, fmt.Errorf("%s: unknown schema file extension %q (want .fdl or .proto)", path, ext)
	}
	if err != nil {
		return nil, err
	}
	l.byPath[abs] = f
	for _, im := range f.Imports {
		if f.Format == "proto" && proto.IsWellKnown(im.Path) {
			continue
		}
		found := ""
		for _, dir := range append([]string{filepath.Dir(path)}, l.importPaths...) {
			c := filepath.Join(dir, im.Path)
			if _, err := os.Stat(c); err == nil {
				found = c
				break
			}
		}
		if found == "" {
			return nil, schema.Errorf(im.Pos, "import not found: %s (searched %s)", im.Path,
				strings.Join(append([]string{filepath.Dir(path)}, l.importPaths...), ", "))
		}
		if c, err := filepath.Abs(found); err == nil && slices.Contains(append(stack, abs), c) {
			// At the import that closes the cycle.
			return nil, schema.Errorf(im.Pos, "circular import: %s", strings.Join(append(stack, abs, c), " -> "))
		}
		g, err := l.load(found, append(stack, abs))
		if err != nil {
			return nil, err
		}
		im.File = g
	}
	return f, nil
}
