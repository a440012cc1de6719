package schema

import (
	"sort"
	"strings"

	"github.com/fury-go/fury/internal/murmur3"
)

// MaxFieldID is the largest field id (tag id) a schema may give a field.
const MaxFieldID = 1<<29 - 1

// TypeID returns the type id foryc derives from a qualified type name:
// MurmurHash3_x86_32 of its UTF-8 bytes with seed 0, all 32 bits.
func TypeID(qualifiedName string) uint32 {
	return murmur3.Sum32([]byte(qualifiedName), 0)
}

// Resolve links the named types of files (and of the files they import,
// which must be loaded: every Import.File set), assigns type ids and checks
// the schema by the rules foryc 1.7 applies. It returns every problem
// found, each at its position.
func Resolve(files []*File) error {
	r := &resolver{}
	seen := map[*File]bool{}
	var add func(f *File)
	add = func(f *File) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, im := range f.Imports {
			if im.File != nil {
				add(im.File)
			}
		}
		r.files = append(r.files, f)
	}
	for _, f := range files {
		add(f)
	}
	for _, f := range r.files {
		r.checkNames(f)
	}
	for _, f := range r.files {
		r.link(f)
	}
	r.assignIDs()
	for _, f := range r.files {
		r.checkFields(f)
	}
	return r.errs.Err()
}

type resolver struct {
	files []*File // dependencies before dependents
	errs  ErrorList
}

func (r *resolver) errorf(pos Pos, format string, args ...any) {
	r.errs = append(r.errs, Errorf(pos, format, args...))
}

// visible lists f and the files it imports, directly or not.
func visible(f *File) []*File {
	var out []*File
	seen := map[*File]bool{}
	var walk func(f *File)
	walk = func(f *File) {
		if seen[f] {
			return
		}
		seen[f] = true
		out = append(out, f)
		for _, im := range f.Imports {
			if im.File != nil {
				walk(im.File)
			}
		}
	}
	walk(f)
	return out
}

// checkNames reports duplicate declarations: top-level names among f and
// its imports (foryc merges them into one namespace), nested names inside
// each message, and duplicate enum values and union cases.
func (r *resolver) checkNames(f *File) {
	top := map[string]*Decl{}
	for _, g := range visible(f)[1:] {
		for _, d := range g.Decls {
			if _, ok := top[d.Name]; !ok {
				top[d.Name] = d
			}
		}
	}
	for _, d := range f.Decls {
		if prev, ok := top[d.Name]; ok {
			if prev.File == f {
				r.errorf(d.Pos, "duplicate type name %s (also declared at %s)", d.Name, prev.Pos)
			} else {
				r.errorf(d.Pos, "duplicate type name %s (also declared in %s at %s)", d.Name, prev.File.Path, prev.Pos)
			}
			continue
		}
		top[d.Name] = d
	}
	f.Walk(func(d *Decl) {
		names := map[string]*Decl{}
		for _, n := range d.Nested {
			if prev, ok := names[n.Name]; ok {
				r.errorf(n.Pos, "duplicate nested type name in %s: %s (also declared at %s)", d.Path(), n.Name, prev.Pos)
			}
			names[n.Name] = n
		}
		switch d.Kind {
		case Enum:
			nums := map[int64]*EnumValue{}
			byName := map[string]*EnumValue{}
			for _, v := range d.Values {
				if prev, ok := nums[v.Value]; ok {
					r.errorf(v.Pos, "duplicate enum value %d in %s: %s and %s", v.Value, d.Path(), v.Name, prev.Name)
				} else {
					nums[v.Value] = v
				}
				if _, ok := byName[v.Name]; ok {
					r.errorf(v.Pos, "duplicate enum value name in %s: %s", d.Path(), v.Name)
				}
				byName[v.Name] = v
			}
		case Union:
			if len(d.Fields) == 0 {
				r.errorf(d.Pos, "union %s must declare at least one case", d.Path())
			}
			nums := map[int]*Field{}
			byName := map[string]*Field{}
			for _, c := range d.Fields {
				if c.Number < 0 {
					r.errorf(c.Pos, "union case id %d in %s must be non-negative", c.Number, d.Path())
				}
				if prev, ok := nums[c.Number]; ok {
					r.errorf(c.Pos, "duplicate union case id %d in %s: %s and %s", c.Number, d.Path(), c.Name, prev.Name)
				} else {
					nums[c.Number] = c
				}
				if _, ok := byName[c.Name]; ok {
					r.errorf(c.Pos, "duplicate union case name in %s: %s", d.Path(), c.Name)
				}
				byName[c.Name] = c
			}
		case Message:
			nums := map[int]*Field{}
			byName := map[string]*Field{}
			for _, fl := range d.Fields {
				if fl.Number < 0 || fl.Number > MaxFieldID {
					r.errorf(fl.Pos, "field id %d of %s.%s must be in [0, 2^29)", fl.Number, d.Path(), fl.Name)
				}
				if prev, ok := nums[fl.Number]; ok {
					r.errorf(fl.Pos, "duplicate field number %d in %s: %s and %s", fl.Number, d.Path(), fl.Name, prev.Name)
				} else {
					nums[fl.Number] = fl
				}
				if _, ok := byName[fl.Name]; ok {
					r.errorf(fl.Pos, "duplicate field name in %s: %s", d.Path(), fl.Name)
				}
				byName[fl.Name] = fl
			}
		}
	})
}

// lookup finds the declaration name refers to from inside scope (the
// innermost enclosing message, or nil at top level) of file f: a simple
// name among the nested types of the enclosing messages, innermost first;
// then the top-level types of f and its imports, by path (Outer.Inner) or
// qualified by a package (pkg.Outer.Inner, .pkg.Outer).
func lookup(f *File, scope *Decl, name string) *Decl {
	abs := strings.HasPrefix(name, ".")
	name = strings.TrimPrefix(name, ".")
	parts := strings.Split(name, ".")
	files := visible(f)
	if !abs {
		// Nested types of the enclosing messages: by simple name in a .fdl
		// file (foryc resolves a dotted name from the top level only), by
		// any relative path in a .proto file (protobuf's scoping).
		for s := scope; s != nil && (len(parts) == 1 || f.Format == "proto"); s = s.Parent {
			if d := findPath(s.Nested, parts); d != nil {
				return d
			}
		}
		for _, g := range files {
			if d := findPath(g.Decls, parts); d != nil {
				return d
			}
		}
	}
	// Package-qualified: the longest package that prefixes the name.
	var pkgs []*File
	for _, g := range files {
		if g.Package != "" && strings.HasPrefix(name, g.Package+".") {
			pkgs = append(pkgs, g)
		}
	}
	sort.SliceStable(pkgs, func(i, j int) bool { return len(pkgs[i].Package) > len(pkgs[j].Package) })
	for _, g := range pkgs {
		if d := findPath(g.Decls, strings.Split(name[len(g.Package)+1:], ".")); d != nil {
			return d
		}
	}
	return nil
}

// forycFindsMessage reports whether foryc 1.7.7's field-default pass,
// which makes message fields nullable, finds the type name refers to and
// it is a message. That pass knows no packages: a dotted name is a path
// from a top-level type of f or its imports (Outer.Inner), a simple name
// a nested type of the enclosing messages (innermost first) or a top-level
// type. A package-qualified name (common.Money, xlang.common.Money, a
// .proto file's .pkg.Msg) is not found, so such a field stays as written:
// non-nullable unless declared optional. foryc's Python, Java and Go output
// all follow it, and so do the struct hashes of schema-consistent mode.
func forycFindsMessage(f *File, scope *Decl, name string) bool {
	parts := strings.Split(strings.TrimPrefix(name, "."), ".")
	var d *Decl
	if len(parts) == 1 {
		for s := scope; s != nil && d == nil; s = s.Parent {
			d = findPath(s.Nested, parts)
		}
	}
	for _, g := range visible(f) {
		if d != nil {
			break
		}
		for _, top := range g.Decls {
			if top.Name == parts[0] {
				d = findPath([]*Decl{top}, parts)
				break
			}
		}
	}
	return d != nil && d.Kind == Message
}

func findPath(decls []*Decl, parts []string) *Decl {
	for _, d := range decls {
		if d.Name != parts[0] {
			continue
		}
		if len(parts) == 1 {
			return d
		}
		if x := findPath(d.Nested, parts[1:]); x != nil {
			return x
		}
	}
	return nil
}

// link resolves every named type of f and applies foryc's field defaults:
// a field whose type is a message is nullable (in a .fdl file, declaring
// it optional is an error), when foryc's own lookup finds that message
// (see forycFindsMessage): a field whose type is named with its package
// (common.Money, .pkg.Msg in a .proto file) keeps the nullability written.
func (r *resolver) link(f *File) {
	var walkType func(t *TypeRef, scope *Decl)
	walkType = func(t *TypeRef, scope *Decl) {
		switch t.Kind {
		case NamedType:
			if t.Decl = lookup(f, scope, t.Name); t.Decl == nil {
				r.errorf(t.Pos, "unknown type %s", t.Name)
			}
		case ListType, ArrayType:
			walkType(t.Elem, scope)
		case MapType:
			walkType(t.Key, scope)
			walkType(t.Value, scope)
		}
	}
	services := map[string]Pos{}
	for _, svc := range f.Services {
		if prev, ok := services[svc.Name]; ok {
			r.errorf(svc.Pos, "duplicate service name %s (first declared at %s)", svc.Name, prev)
		} else {
			services[svc.Name] = svc.Pos
		}
		methods := map[string]Pos{}
		for _, m := range svc.Methods {
			if prev, ok := methods[m.Name]; ok {
				r.errorf(m.Pos, "duplicate method name %s in service %s (first declared at %s)", m.Name, svc.Name, prev)
			} else {
				methods[m.Name] = m.Pos
			}
			for _, t := range []*TypeRef{m.Request, m.Response} {
				walkType(t, nil)
				if t.Decl != nil && t.Decl.Kind == Enum {
					r.errorf(t.Pos, "rpc type %s in service %s must be a message or union, not an enum", t.Name, svc.Name)
				}
			}
		}
	}
	f.Walk(func(d *Decl) {
		scope := d
		if d.Kind == Union {
			scope = d.Parent
		}
		for _, fl := range d.Fields {
			walkType(fl.Type, scope)
			if d.Kind == Message && fl.Type.Kind == NamedType && fl.Type.Decl != nil && fl.Type.Decl.Kind == Message &&
				forycFindsMessage(f, scope, fl.Type.Name) {
				if fl.Optional && f.Format == "fdl" {
					r.errorf(fl.Pos, "message fields are always optional; remove the optional modifier from %s", fl.Name)
				}
				fl.Optional = true
			}
		}
	})
}

// assignIDs gives every type without an explicit id the hash of its
// qualified name (or of its alias), unless its file sets
// enable_auto_type_id = false, and reports duplicate ids. The qualified
// name is the declaring file's package (its alias if it has one) and the
// type's dotted path; an alias with a dot is used as it is, one without is
// qualified by the package. Explicit ids are taken first; generated ones in
// foryc's order (per file: top-level enums, unions, then messages with
// their nested enums, unions and messages).
func (r *resolver) assignIDs() {
	used := map[uint32]*Decl{}
	for _, f := range r.files {
		f.Walk(func(d *Decl) {
			if !d.HasID {
				return
			}
			if prev, ok := used[d.ID]; ok {
				r.errorf(d.Pos, "duplicate type id %d: %s and %s (at %s)", d.ID, d.Path(), prev.Path(), prev.Pos)
				return
			}
			used[d.ID] = d
		})
	}
	for _, f := range r.files {
		if v, ok := f.Options["enable_auto_type_id"].(bool); ok && !v {
			continue
		}
		pkg := f.PackageAlias
		if pkg == "" {
			pkg = f.Package
		}
		qualify := func(n string) string {
			if pkg == "" {
				return n
			}
			return pkg + "." + n
		}
		assign := func(d *Decl) {
			if d.HasID {
				return
			}
			src := qualify(d.Path())
			if a, ok := d.Options["alias"].(string); ok && a != "" {
				src = a
				if !strings.Contains(a, ".") {
					src = qualify(a)
				}
			}
			id := TypeID(src)
			if prev, ok := used[id]; ok {
				r.errorf(d.Pos, "type id %d generated from %q for %s collides with %s (at %s); give one of them an explicit [id=...] or an [alias=\"...\"] to hash instead",
					id, src, d.Path(), prev.Path(), prev.Pos)
				return
			}
			d.ID, d.HasID, d.IDGenerated, d.IDSource = id, true, true, src
			used[id] = d
		}
		for _, d := range f.Decls {
			if d.Kind == Enum {
				assign(d)
			}
		}
		for _, d := range f.Decls {
			if d.Kind == Union {
				assign(d)
			}
		}
		var msg func(d *Decl)
		msg = func(d *Decl) {
			assign(d)
			for _, k := range []DeclKind{Enum, Union} {
				for _, n := range d.Nested {
					if n.Kind == k {
						assign(n)
					}
				}
			}
			for _, n := range d.Nested {
				if n.Kind == Message {
					msg(n)
				}
			}
		}
		for _, d := range f.Decls {
			if d.Kind == Message {
				msg(d)
			}
		}
	}
}

const invalidMapKey = "map keys do not support any, bytes, float, decimal, message, union, list, map or array types"

// checkFields applies foryc's rules on field types: collections nest one
// level, array elements are numbers or bools without an encoding modifier,
// map keys are scalars, enums or strings, ref applies to messages and
// unions only, and any is never optional.
func (r *resolver) checkFields(f *File) {
	f.Walk(func(d *Decl) {
		for _, fl := range d.Fields {
			r.checkField(fl)
		}
	})
}

func isAny(t *TypeRef) bool { return t.Kind == PrimType && t.Prim == Any }

func isCollection(t *TypeRef) bool { return t.Kind == ListType || t.Kind == MapType }

func (r *resolver) checkField(fl *Field) {
	t := fl.Type
	var check func(t *TypeRef, key bool)
	check = func(t *TypeRef, key bool) {
		switch t.Kind {
		case ArrayType:
			if key {
				r.errorf(fl.Pos, invalidMapKey)
				return
			}
			e := t.Elem
			switch {
			case e.Kind != PrimType || !e.Prim.IsArrayElem():
				r.errorf(fl.Pos, "array<T> elements must be number or bool scalar types (%s has %s)", fl.Name, e)
			case e.Encoding != Default:
				r.errorf(fl.Pos, "array<T> elements do not support scalar encoding modifiers (%s has %s)", fl.Name, e)
			}
		case ListType:
			if key {
				r.errorf(fl.Pos, invalidMapKey)
				return
			}
			check(t.Elem, false)
		case MapType:
			if key {
				r.errorf(fl.Pos, invalidMapKey)
				return
			}
			k := t.Key
			bad := false
			switch k.Kind {
			case PrimType:
				switch k.Prim {
				case Any, Bytes, Float16, BFloat16, Float32, Float64, Decimal:
					bad = true
				}
			case NamedType:
				bad = k.Decl != nil && k.Decl.Kind != Enum
			default:
				bad = true
			}
			if bad {
				r.errorf(fl.Pos, invalidMapKey)
			} else {
				check(k, true)
			}
			check(t.Value, false)
		}
	}
	check(t, false)

	switch {
	case t.Kind == ListType && isCollection(t.Elem),
		t.Kind == MapType && (isCollection(t.Key) || isCollection(t.Value)):
		r.errorf(fl.Pos, "nested list/map types are not allowed; only one collection layer is supported (%s is %s)", fl.Name, t)
	}

	const optAny = "optional or nullable any is not supported; use any instead"
	if fl.Optional && isAny(t) ||
		t.Kind == ListType && t.ElemOptional && isAny(t.Elem) ||
		t.Kind == MapType && t.ValueOptional && isAny(t.Value) {
		r.errorf(fl.Pos, optAny)
	}

	refTarget := func(t *TypeRef) {
		switch {
		case t.Kind != NamedType:
			r.errorf(fl.Pos, "ref is only valid for message/union types (%s is %s)", fl.Name, t)
		case t.Decl != nil && t.Decl.Kind == Enum:
			r.errorf(fl.Pos, "ref is only valid for message/union types, not enums (%s is %s)", fl.Name, t)
		}
	}
	switch {
	case fl.Ref && isAny(t):
		r.errorf(fl.Pos, "ref is not allowed on any fields")
	case fl.Ref && isCollection(t):
		r.errorf(fl.Pos, "ref is not allowed on list/map fields; use list<ref T> (or repeated ref T) for list elements or map<..., ref T> for map values")
	case fl.Ref:
		refTarget(t)
	}
	if t.Kind == ListType && t.ElemRef {
		if isAny(t.Elem) {
			r.errorf(fl.Pos, "ref is not allowed on list<any> fields")
		} else {
			refTarget(t.Elem)
		}
	}
	if t.Kind == MapType && t.ValueRef {
		if isAny(t.Value) {
			r.errorf(fl.Pos, "ref is not allowed on map values of any type")
		} else {
			refTarget(t.Value)
		}
	}

	// weak_ref (.fdl's [weak_ref = true] or [weak = true], .proto's
	// (fory).weak_ref) qualifies reference tracking, which foryc requires
	// it to have: a .proto field gets it from (fory).weak_ref itself, a
	// oneof case does not.
	if v, _ := fl.Options["weak_ref"].(bool); v {
		switch {
		case t.Kind == ListType && !t.ElemRef:
			r.errorf(fl.Pos, "weak_ref requires list element refs; use list<ref T> or repeated ref T (%s is %s)", fl.Name, t)
		case t.Kind == MapType && !t.ValueRef:
			r.errorf(fl.Pos, "weak_ref requires ref tracking on map values; use map<..., ref T> (%s is %s)", fl.Name, t)
		case !isCollection(t) && !fl.Ref:
			r.errorf(fl.Pos, "weak_ref requires ref tracking; use the ref modifier or ref = true (%s is %s)", fl.Name, t)
		}
	}
}
