package gen

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"github.com/fury-go/fury/internal/wire"
)

// FuryPath is the import path of package fury (the user API, with the
// types such as fury.Date that user structs hold).
const FuryPath = "github.com/fury-go/fury/fury"

// RuntimePath is the import path of package furyrt, the runtime that
// generated code calls.
const RuntimePath = "github.com/fury-go/fury/fury/furyrt"

// class is how the runtime treats a Go type (see fury's resolver.fill).
type class int

const (
	cScalar    class = iota // bool, integers, floats, string, fury's fixed and tagged integers
	cNamedInt               // a named integer type: an enum when registered as one, else a scalar
	cPointer                // pointer to another supported type
	cInterface              // interface: the dynamic value carries its type
	cBinary                 // []byte
	cArray                  // slice or Go array of unnamed fixed-width primitives
	cList                   // other slices and arrays
	cSet                    // map[K]struct{} and fury.Set
	cMap                    // other maps
	cStruct                 // named struct
	cTime                   // time.Time, time.Duration, fury.Date, fury.Decimal, big.Int: coded by the runtime
)

// scalar is an inline scalar kind of the runtime.
type scalar struct {
	id    uint32 // wire type id
	basic string // Go basic type the value is stored as
	size  int    // fixed width in bytes, or 0 for variable-length encodings
	max   int    // maximum encoded size
}

var (
	sBool         = &scalar{wire.Bool, "bool", 1, 1}
	sInt8         = &scalar{wire.Int8, "int8", 1, 1}
	sInt16        = &scalar{wire.Int16, "int16", 2, 2}
	sInt32        = &scalar{wire.Varint32, "int32", 0, 5}
	sInt64        = &scalar{wire.Varint64, "int64", 0, 9}
	sInt          = &scalar{wire.Varint64, "int", 0, 9}
	sUint8        = &scalar{wire.Uint8, "uint8", 1, 1}
	sUint16       = &scalar{wire.Uint16, "uint16", 2, 2}
	sUint32       = &scalar{wire.VarUint32, "uint32", 0, 5}
	sUint64       = &scalar{wire.VarUint64, "uint64", 0, 9}
	sUint         = &scalar{wire.VarUint64, "uint", 0, 9}
	sFloat32      = &scalar{wire.Float32, "float32", 4, 4}
	sFloat64      = &scalar{wire.Float64, "float64", 8, 8}
	sFixedInt32   = &scalar{wire.Int32, "int32", 4, 4}
	sFixedInt64   = &scalar{wire.Int64, "int64", 8, 8}
	sFixedUint32  = &scalar{wire.Uint32, "uint32", 4, 4}
	sFixedUint64  = &scalar{wire.Uint64, "uint64", 8, 8}
	sTaggedInt64  = &scalar{wire.TaggedInt64, "int64", 0, 9}
	sTaggedUint64 = &scalar{wire.TaggedUint64, "uint64", 0, 9}
	sString       = &scalar{wire.String, "string", 0, 0}
	sFloat16      = &scalar{wire.Float16, "uint16", 2, 2}  // fury.Float16: its bits
	sBFloat16     = &scalar{wire.BFloat16, "uint16", 2, 2} // fury.BFloat16: its bits
)

var furyScalars = map[string]*scalar{
	"FixedInt32": sFixedInt32, "FixedInt64": sFixedInt64, "FixedUint32": sFixedUint32,
	"FixedUint64": sFixedUint64, "TaggedInt64": sTaggedInt64, "TaggedUint64": sTaggedUint64,
	"Float16": sFloat16, "BFloat16": sBFloat16,
}

// furyLists are fury's named slice types that travel as lists.
var furyLists = map[string]bool{
	"BoolSlice": true, "Int8Slice": true, "Uint8Slice": true, "Int16Slice": true, "Int32Slice": true, "Int64Slice": true,
	"Uint16Slice": true, "Uint32Slice": true, "Uint64Slice": true, "Float32Slice": true, "Float64Slice": true,
	"Float16Slice": true, "BFloat16Slice": true,
}

func basicScalar(b *types.Basic) *scalar {
	switch b.Kind() {
	case types.Bool:
		return sBool
	case types.Int8:
		return sInt8
	case types.Int16:
		return sInt16
	case types.Int32:
		return sInt32
	case types.Int64:
		return sInt64
	case types.Int:
		return sInt
	case types.Uint8:
		return sUint8
	case types.Uint16:
		return sUint16
	case types.Uint32:
		return sUint32
	case types.Uint64:
		return sUint64
	case types.Uint:
		return sUint
	case types.Float32:
		return sFloat32
	case types.Float64:
		return sFloat64
	case types.String:
		return sString
	}
	return nil
}

// desc describes a Go type as the runtime sees it.
type desc struct {
	t      types.Type
	class  class
	scalar *scalar // cScalar, cNamedInt
	named  bool    // the scalar is stored in a named type (needs a conversion)
	enum   *types.TypeName
	elem   *desc  // cPointer, cArray, cList
	key    *desc  // cMap
	val    *desc  // cMap
	length int64  // cArray, cList: Go array length, or -1 for a slice
	id     uint32 // wire type id (non-scalars)
}

// isNamed reports whether t is a defined (named) type, as reflect's
// PkgPath() != "" && Name() != "" sees it.
func isNamed(t types.Type) (*types.Named, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, false
	}
	return n, true
}

func isObj(n *types.Named, path, name string) bool {
	return n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// arrayID mirrors the runtime's primitiveArrayID.
func arrayID(elem types.Type) uint32 {
	if n, ok := isNamed(elem); ok {
		switch {
		case isObj(n, FuryPath, "Float16"):
			return wire.Float16Array
		case isObj(n, FuryPath, "BFloat16"):
			return wire.BFloat16Array
		}
		return 0
	}
	b, ok := types.Unalias(elem).(*types.Basic)
	if !ok {
		return 0
	}
	switch b.Kind() {
	case types.Bool:
		return wire.BoolArray
	case types.Int8:
		return wire.Int8Array
	case types.Int16:
		return wire.Int16Array
	case types.Int32:
		return wire.Int32Array
	case types.Int64, types.Int:
		return wire.Int64Array
	case types.Uint8:
		return wire.Binary
	case types.Uint16:
		return wire.Uint16Array
	case types.Uint32:
		return wire.Uint32Array
	case types.Uint64, types.Uint:
		return wire.Uint64Array
	case types.Float32:
		return wire.Float32Array
	case types.Float64:
		return wire.Float64Array
	}
	return 0
}

// classifier classifies types, validating nested struct types once.
type classifier struct {
	seen map[types.Type]bool
}

// classify mirrors the runtime's type plans. Errors name the offending type.
func (c *classifier) classify(t types.Type) (*desc, error) {
	d := &desc{t: t}
	if n, ok := isNamed(t); ok {
		switch {
		case n.Obj().Pkg().Path() == FuryPath && furyScalars[n.Obj().Name()] != nil:
			d.class, d.scalar, d.named = cScalar, furyScalars[n.Obj().Name()], true
			return d, nil
		case isObj(n, "time", "Time"):
			d.class, d.id = cTime, wire.Timestamp
			return d, nil
		case isObj(n, "time", "Duration"):
			d.class, d.id = cTime, wire.Duration
			return d, nil
		case isObj(n, FuryPath, "Date"):
			d.class, d.id = cTime, wire.Date
			return d, nil
		case isObj(n, FuryPath, "Decimal"), isObj(n, "math/big", "Int"):
			d.class, d.id = cTime, wire.Decimal
			return d, nil
		}
		if b, ok := n.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			if s := basicScalar(b); s != nil {
				d.class, d.scalar, d.named, d.enum = cNamedInt, s, true, n.Obj()
				return d, nil
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		s := basicScalar(u)
		if s == nil {
			return nil, fmt.Errorf("type %v is not supported", t)
		}
		_, named := isNamed(t)
		d.class, d.scalar, d.named = cScalar, s, named
		return d, nil
	case *types.Pointer:
		e, err := c.classify(u.Elem())
		if err != nil {
			return nil, err
		}
		if e.class == cPointer {
			return nil, fmt.Errorf("type %v: pointers to pointers are not supported", t)
		}
		d.class, d.elem = cPointer, e
		return d, nil
	case *types.Interface:
		d.class, d.id = cInterface, wire.Unknown
		return d, nil
	case *types.Slice:
		n, _ := isNamed(t)
		furyList := n != nil && n.Obj().Pkg().Path() == FuryPath && furyLists[n.Obj().Name()]
		if b, ok := types.Unalias(u.Elem()).(*types.Basic); ok && b.Kind() == types.Uint8 && !furyList {
			d.class, d.id, d.length = cBinary, wire.Binary, -1
			if n, ok := isNamed(t); ok && isObj(n, FuryPath, "Uint8Array") {
				d.id = wire.Uint8Array // the same bytes as binary
			}
			return d, nil
		}
		if !furyList {
			if id := arrayID(u.Elem()); id != 0 {
				d.class, d.id, d.length = cArray, id, -1
				d.elem, _ = c.classify(u.Elem())
				return d, nil
			}
		}
		e, err := c.classify(u.Elem())
		if err != nil {
			return nil, err
		}
		d.class, d.id, d.elem, d.length = cList, wire.List, e, -1
		return d, nil
	case *types.Array:
		if id := arrayID(u.Elem()); id != 0 {
			d.class, d.id, d.length = cArray, id, u.Len()
			d.elem, _ = c.classify(u.Elem())
			return d, nil
		}
		e, err := c.classify(u.Elem())
		if err != nil {
			return nil, err
		}
		d.class, d.id, d.elem, d.length = cList, wire.List, e, u.Len()
		return d, nil
	case *types.Map:
		k, err := c.classify(u.Key())
		if err != nil {
			return nil, err
		}
		if st, ok := types.Unalias(u.Elem()).(*types.Struct); ok && st.NumFields() == 0 {
			d.class, d.id, d.key = cSet, wire.Set, k
			return d, nil
		}
		if n, ok := isNamed(t); ok && isObj(n.Origin(), FuryPath, "Set") {
			d.class, d.id, d.key = cSet, wire.Set, k
			return d, nil
		}
		v, err := c.classify(u.Elem())
		if err != nil {
			return nil, err
		}
		d.class, d.id, d.key, d.val = cMap, wire.Map, k, v
		return d, nil
	case *types.Struct:
		if _, ok := isNamed(t); !ok {
			return nil, fmt.Errorf("type %v: furygen does not generate code for fields of anonymous struct types (the runtime serializes them): declare a named type for it", t)
		}
		d.class, d.id = cStruct, wire.Struct
		if !c.seen[t] {
			if c.seen == nil {
				c.seen = map[types.Type]bool{}
			}
			c.seen[t] = true
			if _, err := c.collect(t, u, nil, nil); err != nil {
				return nil, err
			}
		}
		return d, nil
	case *types.Chan:
		return nil, fmt.Errorf("type %v: channels are not supported", t)
	case *types.Signature:
		return nil, fmt.Errorf("type %v: funcs are not supported", t)
	case *types.TypeParam:
		return nil, fmt.Errorf("type %v: type parameters are not supported (generate for an instantiation)", t)
	}
	return nil, fmt.Errorf("type %v is not supported", t)
}

// Field is one serialized field of a struct, as the runtime's
// collectFields sees it.
type Field struct {
	Path     []string // Go field path (promoted fields: "Embedded", "Field")
	GoName   string
	WireName string
	TagID    int
	desc     *desc
	nullable bool // after tags
	tagged   bool // a tag furygen leaves to the runtime (ref, notnull on a pointer, nullable on other kinds)
	nullTag  bool // `fury:"nullable"` on a value that is not a pointer: a null flag before it
	reach    bool // every path component is accessible from the struct's package
	named    bool // its wire name comes from a name= tag (see dominant)
}

// nullableValue reports whether generated code writes a value of d
// tagged `fury:"nullable"` itself.
func nullableValue(d *desc) bool {
	switch d.class {
	case cScalar:
		return true
	case cTime:
		return d.id == wire.Timestamp
	}
	return containerField(d)
}

// PathString is the dotted path the runtime's plan names the field by.
func (f *Field) PathString() string { return strings.Join(f.Path, ".") }

// fieldOptions mirrors the runtime's `fury:"..."` tag options.
type fieldOptions struct {
	skip          bool
	name          string
	tagID         int
	nullable, ref int
}

func parseTag(tag string) (fieldOptions, error) {
	t, err := wire.ParseFieldTag(tag)
	if err != nil {
		return fieldOptions{}, err
	}
	o := fieldOptions{skip: t.Skip, name: t.Name, tagID: t.TagID, nullable: t.Nullable, ref: t.Ref}
	if t.ElemRef {
		o.ref = 1 // tracked elements: left to the runtime, as ref
	}
	return o, nil
}

// collect mirrors the runtime's collectFields: fields in declaration order,
// promoted fields of untagged embedded structs flattened.
func (c *classifier) collect(owner types.Type, st *types.Struct, path []string, out []*Field) ([]*Field, error) {
	fields, err := c.collectIn(owner, st, path, out, true, map[int]bool{})
	if err != nil {
		return nil, err
	}
	return dominant(owner, fields)
}

// dominant mirrors the runtime's dominantFields: of the fields with the
// same wire name, the shallowest is kept, and at the same depth the one
// named by a name= tag; a name still ambiguous is an error.
func dominant(owner types.Type, fields []*Field) ([]*Field, error) {
	ps := make([]wire.Promoted, len(fields))
	for i, f := range fields {
		ps[i] = wire.Promoted{Name: f.WireName, Depth: len(f.Path), Named: f.named, ByID: f.TagID >= 0}
	}
	keep, amb := wire.Visible(ps)
	if amb != "" {
		return nil, fmt.Errorf("%s: two fields named %q on the wire at the same depth", short(owner), amb)
	}
	var kept []*Field
	for i, f := range fields {
		if keep[i] {
			kept = append(kept, f)
		}
	}
	return kept, nil
}

func (c *classifier) collectIn(owner types.Type, st *types.Struct, path []string, out []*Field, reach bool, tags map[int]bool) ([]*Field, error) {
	ownerPkg := pkgOf(owner)
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		tag, hasTag := reflect.StructTag(st.Tag(i)).Lookup("fury")
		if v.Name() == "_" {
			continue // type-level options (evolving=false): the runtime's
		}
		opts, err := parseTag(tag)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %v", short(owner), v.Name(), err)
		}
		if opts.skip {
			continue
		}
		p := append(append([]string(nil), path...), v.Name())
		// A component is reachable from the owner's package when it is
		// exported or declared there.
		ok := reach && (v.Exported() || v.Pkg() == ownerPkg)
		if es, ok2 := promoted(v, hasTag); ok2 {
			if out, err = c.collectIn(owner, es, p, out, ok, tags); err != nil {
				return nil, err
			}
			continue
		}
		if !v.Exported() && !embeddedStruct(v) {
			continue
		}
		d, err := c.classify(v.Type())
		if err != nil {
			return nil, fmt.Errorf("field %s.%s: %v", short(owner), strings.Join(p, "."), err)
		}
		f := &Field{Path: p, GoName: v.Name(), WireName: wire.SnakeCase(v.Name()), TagID: opts.tagID, desc: d, reach: ok}
		if opts.name != "" {
			f.WireName, f.named = opts.name, true
		}
		// Pointers are nullable; interface fields are not (a nil
		// interface travels as the none type), as in the runtime.
		f.nullable = d.class == cPointer
		if opts.nullable >= 0 {
			f.nullable = opts.nullable == 1
		}
		// noref, notnull on a value and nullable on a pointer change
		// nothing generated code does (it leaves reference tracking to
		// the runtime); nullable on a value adds a null flag.
		switch {
		case opts.ref == 1, opts.nullable == 0 && d.class == cPointer:
			f.tagged = true
		case opts.nullable == 1 && d.class != cPointer:
			f.nullTag = true
			f.tagged = !nullableValue(d)
		}
		if f.TagID >= 0 {
			if tags[f.TagID] {
				return nil, fmt.Errorf("%s: duplicate fury tag id %d", short(owner), f.TagID)
			}
			tags[f.TagID] = true
		}
		out = append(out, f)
	}
	return out, nil
}

// short names t with package names (not paths), for messages.
func short(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

func pkgOf(t types.Type) *types.Package {
	if n, ok := isNamed(t); ok {
		return n.Obj().Pkg()
	}
	return nil
}

// enumPos is a position of a named integer type in a field's type, named
// as the runtime names it when it matches generated code to its plan: the
// field (or its pointee) by its path, then "[]" for a list or set element,
// "[key]" and "[val]" for a map's key and value.
type enumPos struct {
	path string
	typ  *types.TypeName
}

// enumPositions lists the positions of named integer types in f's type.
func (f *Field) enumPositions() []enumPos {
	var out []enumPos
	var walk func(d *desc, path string)
	walk = func(d *desc, path string) {
		switch d.class {
		case cNamedInt:
			out = append(out, enumPos{path, d.enum})
		case cPointer:
			walk(d.elem, path)
		case cList:
			walk(d.elem, path+"[]")
		case cSet:
			walk(d.key, path+"[]")
		case cMap:
			walk(d.key, path+"[key]")
			walk(d.val, path+"[val]")
		}
	}
	walk(f.desc, f.PathString())
	return out
}

// wireID is the field's wire type id for ordering, given which named
// integer types are enums.
func (f *Field) wireID(enums map[*types.TypeName]bool) uint32 {
	d := f.desc
	if d.class == cPointer {
		d = d.elem
	}
	switch d.class {
	case cScalar:
		return d.scalar.id
	case cNamedInt:
		if enums[d.enum] {
			return wire.Enum
		}
		return d.scalar.id
	}
	return d.id
}

// Variant is one layout of a struct: its fields in wire order for one
// choice of which named integer types are enums.
type Variant struct {
	Enums map[*types.TypeName]bool
	Order []*Field
	mask  int // bit i: the struct's i-th named integer type is an enum
}

// Struct is a struct type to generate code for.
type Struct struct {
	Name     string     // name in the package (type or alias)
	Type     types.Type // the struct type (named)
	File     string     // file that declares it
	Fields   []*Field
	Variants []*Variant
	Embedded []types.Type // embedded struct types whose fields are promoted
}

// maxEnumTypes bounds the variants generated per struct (2^n).
const maxEnumTypes = 4

// buildStruct collects the fields of the struct type t and computes its
// layout variants.
func buildStruct(name string, t types.Type, file string) (*Struct, error) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, fmt.Errorf("%s is not a struct type", name)
	}
	c := &classifier{seen: map[types.Type]bool{t: true}}
	fields, err := c.collect(t, st, nil, nil)
	if err != nil {
		return nil, err
	}
	s := &Struct{Name: name, Type: t, File: file, Fields: fields}
	for _, f := range fields {
		if !f.reach {
			return nil, fmt.Errorf("field %s.%s: furygen cannot reach it from package %s (an unexported embedded field of another package)", name, f.PathString(), pkgOf(t).Path())
		}
	}
	embeddedTypes(st, &s.Embedded)
	var amb []*types.TypeName
	seen := map[*types.TypeName]bool{}
	for _, f := range fields {
		for _, e := range f.enumPositions() {
			if !seen[e.typ] {
				seen[e.typ] = true
				amb = append(amb, e.typ)
			}
		}
	}
	if len(amb) > maxEnumTypes {
		return nil, fmt.Errorf("%s: its fields use %d named integer types (%s); furygen generates a layout for each combination of them being registered as enums or not, and supports at most %d: use plain integer types for some, or leave %s to the runtime",
			name, len(amb), enumNames(amb), maxEnumTypes, name)
	}
	for mask := 0; mask < 1<<len(amb); mask++ {
		v := &Variant{Enums: map[*types.TypeName]bool{}, mask: mask}
		for i, e := range amb {
			if mask&(1<<i) != 0 {
				v.Enums[e] = true
			}
		}
		v.Order = order(fields, v.Enums)
		s.Variants = append(s.Variants, v)
	}
	return s, nil
}

func enumNames(tns []*types.TypeName) string {
	names := make([]string, len(tns))
	for i, tn := range tns {
		names[i] = tn.Name()
	}
	return strings.Join(names, ", ")
}

// promoted mirrors the runtime's promoted: an untagged embedded struct has
// its fields promoted, unless it is one of the struct types written as one
// value (time.Time, big.Int, fury.Date, fury.Decimal), which is a field
// named after its type.
func promoted(v *types.Var, hasTag bool) (*types.Struct, bool) {
	if !v.Embedded() || hasTag {
		return nil, false
	}
	if n, ok := isNamed(v.Type()); ok && (isObj(n, "time", "Time") || isObj(n, "math/big", "Int") ||
		isObj(n, FuryPath, "Date") || isObj(n, FuryPath, "Decimal")) {
		return nil, false
	}
	es, ok := v.Type().Underlying().(*types.Struct)
	return es, ok
}

// embeddedStruct mirrors the runtime's: an embedded struct or pointer to
// one whose fields are not promoted is a field named after the struct
// type, exported or not, when the struct has exported fields (Go promotes
// them through it).
func embeddedStruct(v *types.Var) bool {
	if !v.Embedded() {
		return false
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && exportsFields(st)
}

// exportsFields mirrors the runtime's: st has an exported field, its own or
// promoted from a struct it embeds by value.
func exportsFields(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		if v.Exported() {
			return true
		}
		if es, ok := v.Type().Underlying().(*types.Struct); ok && v.Embedded() && exportsFields(es) {
			return true
		}
	}
	return false
}

// embeddedTypes lists the embedded struct types whose fields are promoted.
func embeddedTypes(st *types.Struct, out *[]types.Type) {
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		_, hasTag := reflect.StructTag(st.Tag(i)).Lookup("fury")
		if es, ok := promoted(v, hasTag); ok {
			*out = append(*out, v.Type())
			embeddedTypes(es, out)
		}
	}
}

// order sorts fields into wire order with internal/wire, as the runtime
// does.
func order(fields []*Field, enums map[*types.TypeName]bool) []*Field {
	wfs := make([]*wire.Field, len(fields))
	back := map[*wire.Field]*Field{}
	for i, f := range fields {
		wfs[i] = &wire.Field{GoName: f.GoName, Name: f.WireName, TagID: f.TagID,
			Type: &wire.Type{ID: f.wireID(enums), Nullable: f.nullable}}
		back[wfs[i]] = f
	}
	wire.Sort(wfs)
	out := make([]*Field, len(fields))
	for i, wf := range wfs {
		out[i] = back[wf]
	}
	return out
}
