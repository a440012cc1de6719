package fury

import (
	"errors"
	"reflect"
	"strings"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
	"github.com/fury-go/fury/fury/internal/ferr"

	"github.com/fury-go/fury/internal/wire"
)

// structInfo is the codec of one struct type: its fields in wire order with
// their offsets and codecs, computed once.
type structInfo struct {
	ti      *typeInfo
	fields  []*fieldInfo
	nPrim   int   // fields[:nPrim] are non-nullable primitives, written inline
	maxPrim int   // upper bound of their encoded size
	primCum []int // primCum[i]: upper bound of the encoded size of fields[:i] (i <= nPrim)
	hash    int32
	hashAlt int32 // the other peer's hash of the same layout (see buildStruct)
	byName  map[string]*fieldInfo
	byTag   map[int]*fieldInfo
	gen     *furyrt.Codec // furygen output for this type, if any
	wplan   *furyrt.Plan  // gen's write plan (with gen)
	own     *ownDef       // compatible-mode type info generated readers expect (see genReader.readOwnDef)
}

type fieldInfo struct {
	goName   string
	name     string // wire identifier: snake_case name (or the tag's name)
	tagID    int    // -1 when identified by name
	offset   uintptr
	ti       *typeInfo
	codec    codec // declared variant of ti.codec
	kind     kind  // inline kind for non-nullable scalars, else kOther
	boxed    kind  // for a nullable, untracked pointer to a bool or number: its kind (else kOther)
	boxSize  int   // the pointee's size
	plain    codec // for a field that is neither nullable, tracked nor typed: its codec (readFullC is just its read)
	nullable bool
	ref      bool
	declRef  bool // tagged ref: in the schema hash whether tracking is on or not, as pyfory hashes it
	emptyNil bool // a slice or map field, not nullable: read empty as nil
	dynamic  bool // type info precedes the value (what a reader expects)
	typed    bool // the writer writes that type info (see WithPythonForms)
	ft       *fieldType
	index    []int        // reflect field index path
	path     string       // dotted Go field path, as generated code names it
	nested   *nestedField // how generated code may nest into it, once asked
	named    bool         // its wire name comes from a name= tag (see dominantFields)
}

// fieldOptions are parsed from a `fury:"..."` struct tag.
type fieldOptions struct {
	skip     bool
	name     string
	tagID    int
	nullable int // -1 unset, 0 false, 1 true
	ref      int
	elemRef  bool // elemref: the elements (map values) are tracked, the field not
}

func parseFieldTag(tag string) (fieldOptions, error) {
	t, err := wire.ParseFieldTag(tag)
	if err != nil {
		return fieldOptions{}, wrapf(ErrInvalidArgument, "%v", err)
	}
	return fieldOptions{skip: t.Skip, name: t.Name, tagID: t.TagID, nullable: t.Nullable, ref: t.Ref, elemRef: t.ElemRef}, nil
}

// structOptions are a struct type's own options, given by the tag of a
// blank field: _ struct{} `fury:"evolving=false"`.
type structOptions struct {
	fixed bool // evolving=false: never a compatible struct, no TypeDef fields needed
}

// structOptionsOf reads the type-level options of struct type t from its
// blank fields' fury tags.
func structOptionsOf(t reflect.Type) (structOptions, error) {
	var o structOptions
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup("fury")
		if sf.Name != "_" || !ok {
			continue
		}
		for _, part := range strings.Split(tag, ",") {
			switch strings.TrimSpace(part) {
			case "":
			case "evolving=false":
				o.fixed = true
			case "evolving=true":
				o.fixed = false
			default:
				return o, wrapf(ErrInvalidArgument, "%v: unknown fury type option %q (on the blank field)", t, part)
			}
		}
	}
	return o, nil
}

func (r *resolver) buildStruct(ti *typeInfo) (*structInfo, error) {
	st := &structInfo{ti: ti, byName: map[string]*fieldInfo{}, byTag: map[int]*fieldInfo{}}
	if err := r.collectFields(st, ti.typ, 0, nil); err != nil {
		return nil, err
	}
	if err := st.dominantFields(); err != nil {
		return nil, err
	}
	if len(st.fields) == 0 && hasHiddenFields(ti.typ) {
		// Its state is in unexported fields (big.Float, a mutex, ...):
		// writing it as an empty struct would lose it silently.
		return nil, wrapf(ErrUnsupportedType, "%v has no exported fields to serialize", ti.typ)
	}
	sortFields(st.fields)
	st.primCum = []int{0}
	for i, f := range st.fields {
		if f.kind != kOther && !f.nullable && isPrimitiveTypeID(f.ft.id) {
			st.nPrim = i + 1
			st.maxPrim += maxEncodedSize(f.kind)
			st.primCum = append(st.primCum, st.maxPrim)
		} else {
			break
		}
	}
	// A field tagged ref counts as ref in pyfory's hash whether tracking is
	// on or not, in fory-core's only when tracking is on: the writer uses
	// fory-core's (pyfory's with WithPythonForms), readers accept both.
	st.hash, st.hashAlt = structHash(st.fields, false), structHash(st.fields, true)
	if r.pythonForms {
		st.hash, st.hashAlt = st.hashAlt, st.hash
	}
	if len(st.fields) == 0 && !r.pythonForms {
		st.hash = javaEmptyStructHash
	}
	if !r.noGenerated {
		st.attachGenerated()
		r.genInUse = r.genInUse || st.gen != nil
	}
	return st, nil
}

// hasHiddenFields reports whether t has a field that is neither exported
// nor skipped with `fury:"-"`.
func hasHiddenFields(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if sf.Tag.Get("fury") == "-" {
			continue
		}
		if promoted(sf) {
			if hasHiddenFields(sf.Type) {
				return true
			}
		} else if !sf.IsExported() && !embeddedStruct(sf) {
			return true
		}
	}
	return false
}

// embeddedStruct reports whether sf embeds a struct or a pointer to one
// (T or *T) that has exported fields. Where its fields are not promoted
// (a pointer, a tagged embedded struct) it is a field named after T,
// serialized whether T is exported or not: Go promotes T's exported
// fields through it, and encoding/json writes them. An unexported T
// without exported fields is skipped, as json skips it.
func embeddedStruct(sf reflect.StructField) bool {
	t := sf.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return sf.Anonymous && t.Kind() == reflect.Struct && exportsFields(t)
}

// exportsFields reports whether the struct type t has an exported field,
// its own or promoted from a struct it embeds by value.
func exportsFields(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if sf.IsExported() || sf.Anonymous && sf.Type.Kind() == reflect.Struct && exportsFields(sf.Type) {
			return true
		}
	}
	return false
}

// promoted reports whether sf is an embedded struct whose fields are
// promoted to the embedding struct. The struct types the package writes as
// one value (time.Time, big.Int, Decimal, Date) are not: embedded, they are
// a field named after their type, as in Go (an embedded time.Time is field
// Time).
func promoted(sf reflect.StructField) bool {
	if !sf.Anonymous || sf.Type.Kind() != reflect.Struct {
		return false
	}
	switch sf.Type {
	case timeType, bigIntType, decimalType, dateType:
		return false
	}
	return true
}

func maxEncodedSize(k kind) int {
	switch k {
	case kBool, kInt8, kUint8:
		return 1
	case kInt16, kUint16, kFloat16, kBFloat16:
		return 2
	case kFloat32, kFixedInt32, kFixedUint32:
		return 4
	case kInt32, kUint32:
		return 5
	case kFloat64, kFixedInt64, kFixedUint64:
		return 8
	}
	return 9
}

// dominantFields applies Go's rule for promoted fields, as encoding/json
// does, by wire name: of the fields with the same wire name, the shallowest
// one (the outer struct's, over an embedded struct's) is serialized and the
// deeper ones are hidden; at the same depth, one named by a name= tag wins.
// Where Go's rule leaves the name ambiguous (two untagged fields, or two
// tagged ones, at the same depth), encoding/json drops both silently; this
// refuses the struct instead. It fills st.byName.
func (st *structInfo) dominantFields() error {
	ps := make([]wire.Promoted, len(st.fields))
	for i, f := range st.fields {
		ps[i] = wire.Promoted{Name: f.name, Depth: len(f.index), Named: f.named, ByID: f.tagID >= 0}
	}
	keep, amb := wire.Visible(ps)
	if amb != "" {
		return wrapf(ErrUnsupportedType, "%v: two fields named %q on the wire at the same depth (ambiguous in Go); tag one with fury:\"-\" or fury:\"name=...\"", st.ti.typ, amb)
	}
	kept := st.fields[:0:0]
	for i, f := range st.fields {
		if !keep[i] {
			continue // hidden by a shallower field
		}
		if f.tagID < 0 {
			st.byName[f.name] = f
		}
		kept = append(kept, f)
	}
	st.fields = kept
	return nil
}

func (r *resolver) collectFields(st *structInfo, t reflect.Type, base uintptr, index []int) error {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("fury")
		if sf.Name == "_" {
			continue // type-level options (see structOptions)
		}
		opts, err := parseFieldTag(tag)
		if err != nil {
			return wrapf(ErrInvalidArgument, "%v.%s: %v", t, sf.Name, err)
		}
		if opts.skip {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if promoted(sf) && !hasTag {
			// Promote the fields of embedded structs, as encoding/json does.
			if err := r.collectFields(st, sf.Type, base+sf.Offset, idx); err != nil {
				return err
			}
			continue
		}
		if !sf.IsExported() && !embeddedStruct(sf) {
			continue
		}
		fti, err := r.typeInfoOf(sf.Type)
		if err != nil {
			return wrapf(ErrUnsupportedType, "field %v.%s: %v", st.ti.typ, sf.Name, err)
		}
		f := &fieldInfo{
			goName: sf.Name,
			name:   wire.SnakeCase(sf.Name),
			tagID:  opts.tagID,
			offset: base + sf.Offset,
			ti:     fti,
			index:  idx,
			path:   fieldPath(st.ti.typ, idx),
		}
		if opts.name != "" {
			f.name, f.named = opts.name, true
		}
		// Pointers are nullable; interface fields are not, as in the
		// peers (a nil interface travels as the none type).
		f.nullable = fti.ptrElem != nil
		if opts.nullable >= 0 {
			f.nullable = opts.nullable == 1
		}
		// As the spec says for xlang, and as pyfory and fory-core do, a
		// field is reference tracked only when tagged ref, unless
		// WithTrackAllFields asks for every pointer, slice, map and
		// interface field (Go-only graphs).
		f.ref = r.refTracking && r.trackAllFields && fti.refable
		if opts.ref >= 0 {
			f.ref = opts.ref == 1 && r.refTracking
		}
		f.declRef = opts.ref == 1 || f.ref
		w := fti.wire()
		f.dynamic = w.isAny || (isStructTypeID(w.id) && (r.compatible || w.named))
		// A schema-consistent struct field registered by name goes without
		// type info, as the spec, fory-core and Rust have it; pyfory writes
		// it (WithPythonForms). Readers accept both.
		f.typed = f.dynamic && (w.isAny || r.compatible || r.pythonForms)
		if !f.nullable && !f.ref {
			f.kind = fti.kind
		}
		f.emptyNil = !f.nullable && (sf.Type.Kind() == reflect.Slice || sf.Type.Kind() == reflect.Map)
		f.ft = fieldTypeOf(fti, f.nullable, f.ref)
		f.codec = declaredCodec(fti)
		// elemref: a list's elements (a map's values) are tracked, the
		// field itself not (foryc's list<ref T>, pyfory's List[Ref[T]]).
		elemRef := opts.elemRef && r.refTracking && !f.ref
		// An array field is a value, with no reference of its own, but
		// WithTrackAllFields tracks what it holds, as for a slice field.
		if r.refTracking && r.trackAllFields && opts.ref < 0 && sf.Type.Kind() == reflect.Array {
			elemRef = true
		}
		if elemRef {
			switch c := fti.wire().codec.(type) {
			case *listCodec:
				f.ft.elem.ref = c.elem.ti.refable
			case *mapCodec:
				f.ft.val.ref = c.val.ti.refable
			}
		}
		if !f.ref && !elemRef {
			// What a field that is not tracked holds is not tracked
			// either: its elements, map keys and values, at any depth
			// (foryc's list<T> is pyfory's List[Ref[T, False]]; the
			// TypeDef's element ref bits say the same).
			f.codec = norefCodec(f.codec)
		}
		if !r.compatible {
			f.codec = bareStructValues(f.codec)
		}
		if !f.nullable && !f.ref && !f.dynamic && !fti.ptrAny {
			if f.plain = f.codec; f.plain == nil {
				f.plain = fti.codec
			}
		}
		f.boxed = kOther
		if pc, ok := f.codec.(*ptrCodec); ok && pc.scalar && f.nullable && !f.ref && !f.dynamic {
			if sc, ok := pc.elem.codec.(scalarCodec); ok && sc.k != kString {
				f.boxed, f.boxSize = sc.k, int(pc.elem.typ.Size())
			}
		}
		if f.tagID >= 0 {
			if _, dup := st.byTag[f.tagID]; dup {
				return wrapf(ErrInvalidArgument, "%v: duplicate fury tag id %d", st.ti.typ, f.tagID)
			}
			st.byTag[f.tagID] = f
		}
		st.fields = append(st.fields, f)
	}
	return nil
}

// fieldTypeOf describes the declared type ti for TypeDefs and fingerprints.
func fieldTypeOf(ti *typeInfo, nullable, ref bool) *fieldType {
	w := ti.wire()
	ft := &fieldType{id: w.id, nullable: nullable, ref: ref}
	switch {
	case w.isEnum:
		ft.id = tidEnum
	case w.isAny:
		ft.id = tidUnknown
	case w.id == tidTypedUnion || w.id == tidNamedUnion:
		ft.id = tidUnion // declared: no identity in the TypeDef
	}
	if selfReaching(w.typ) {
		// A recursive container type (type L []L) is written with its
		// elements' type info (see declaredCodec), so its declared type
		// stops here instead of nesting forever.
		switch ft.id {
		case tidList, tidSet:
			ft.elem = unknownFT
		case tidMap:
			ft.key, ft.val = unknownFT, unknownFT
		}
		return ft
	}
	switch c := w.codec.(type) {
	case *listCodec:
		ft.elem = fieldTypeOf(c.elem.ti, optionalElem(c.elem.ti), ref && c.elem.ti.refable)
	case *setCodec:
		ft.elem = fieldTypeOf(c.elem.ti, false, false)
	case *mapCodec:
		ft.key = fieldTypeOf(c.key.ti, false, false)
		ft.val = fieldTypeOf(c.val.ti, optionalElem(c.val.ti), ref && c.val.ti.refable)
	}
	return ft
}

// optionalElem reports whether list elements or map values of type ti are
// declared nullable in TypeDefs: pointers to values that are not structs
// ([]*string, map[string]*int32), which mirror the peers' List[Optional[str]]
// and Dict[str, Optional[Int32]]. A []*T of structs mirrors List[T], whose
// elements the peers declare not nullable.
func optionalElem(ti *typeInfo) bool {
	return ti.ptrElem != nil && ti.ptrElem.st == nil && !ti.ptrElem.isAny
}

func toWireType(ft *fieldType) *wire.Type {
	if ft == nil {
		return nil
	}
	return &wire.Type{ID: ft.id, Nullable: ft.nullable, Ref: ft.ref,
		Elem: toWireType(ft.elem), Key: toWireType(ft.key), Val: toWireType(ft.val)}
}

func toWireFields(fs []*fieldInfo) ([]*wire.Field, map[*wire.Field]*fieldInfo) {
	out := make([]*wire.Field, len(fs))
	back := make(map[*wire.Field]*fieldInfo, len(fs))
	for i, f := range fs {
		out[i] = &wire.Field{GoName: f.goName, Name: f.name, TagID: f.tagID, Type: toWireType(f.ft)}
		back[out[i]] = f
	}
	return out, back
}

// sortFields puts fields in the peers' wire order (see wire.Sort).
func sortFields(fs []*fieldInfo) {
	wfs, back := toWireFields(fs)
	wire.Sort(wfs)
	for i, wf := range wfs {
		fs[i] = back[wf]
	}
}

// structHash is the schema-consistent struct hash (see wire.Hash).
func structHash(fs []*fieldInfo, declaredRefs bool) int32 {
	wfs, back := toWireFields(fs)
	if declaredRefs {
		for _, wf := range wfs {
			wf.Type.Ref = back[wf].declRef
		}
	}
	return wire.Hash(wfs)
}

// hashMatches reports whether h, read from the wire, is st's hash in
// either peer's form.
func (st *structInfo) hashMatches(h int32) bool {
	return h == st.hash || h == st.hashAlt || len(st.fields) == 0 && (h == javaEmptyStructHash || h == pythonEmptyStructHash)
}

// ---- encoding ----------------------------------------------------------

func (st *structInfo) write(e *encoder, p unsafe.Pointer) error {
	if err := e.enter(); err != nil {
		return err
	}
	buf := e.buf
	if !e.compatible {
		buf.WriteInt32(st.hash)
	}
	if st.gen != nil {
		err := e.gw.Run(st.wplan, p)
		e.depth--
		return err
	}
	if st.nPrim > 0 {
		buf.Grow(st.maxPrim)
		n := putPrefix(unsafe.Pointer(unsafe.SliceData(buf.Tail())), st.fields[:st.nPrim], p)
		buf.Advance(n)
	}
	for _, f := range st.fields[st.nPrim:] {
		fp := unsafe.Add(p, f.offset)
		if f.kind == kString {
			buf.WriteString(*(*string)(fp))
			continue
		}
		if f.kind != kOther {
			writeScalar(buf, f.kind, fp)
			continue
		}
		if err := e.writeFullC(f.ti, f.codec, fp, f.nullable, f.ref, f.typed); err != nil {
			return wrapField(err, st, f)
		}
	}
	e.depth--
	return nil
}

// wrapField adds the field to an error's path: "in Node.Next.Next: ...".
// A struct type without a name (struct{ ... }) adds only the field name, so
// a path through one reads "Outer.Field.Inner", not "Outer.Field..Inner".
func wrapField(err error, st *structInfo, f *fieldInfo) error {
	name := f.goName
	if tn := st.ti.typ.Name(); tn != "" {
		name = tn + "." + f.goName
	}
	return ferr.InField(err, name, st.ti.typ.Name())
}

func sentinelOf(err error) error {
	if fe, ok := err.(*furyError); ok {
		return fe.Sentinel
	}
	return ErrInvalidData
}

// The hash of a struct without fields: the spec's, fory-core's and Rust's is
// the hash of the empty fingerprint, which this package writes; pyfory's
// (wire.Hash's) is 47, written under WithPythonForms. Readers accept both.
const (
	javaEmptyStructHash   = 0x0be9a13a
	pythonEmptyStructHash = 47
)

// ---- decoding ----------------------------------------------------------

func (st *structInfo) read(d *decoder, p unsafe.Pointer) error {
	if def := d.nextDef; def != nil {
		d.nextDef = nil
		return st.readCompatible(d, p, def)
	}
	if err := d.enter(); err != nil {
		return err
	}
	if !d.r.compatible {
		if err := st.checkHash(d.buf); err != nil {
			return err
		}
	}
	if err := st.readFields(d, p); err != nil {
		return err
	}
	d.depth--
	return nil
}

// checkHash reads a schema-consistent struct hash and checks it against
// st's.
func (st *structInfo) checkHash(b *buffer) error {
	h, err := b.ReadInt32()
	if err != nil {
		return err
	}
	if !st.hashMatches(h) {
		return wrapf(ErrSchemaMismatch, "%v: struct hash %#x on the wire, %#x here (field names, types or nullability differ; use compatible mode for schema evolution)", st.ti.typ, uint32(h), uint32(st.hash))
	}
	return nil
}

// primFit returns the largest k <= st.nPrim such that the primitive fields
// [i, k) fit in n bytes whatever their values.
func (st *structInfo) primFit(i, n int) int {
	c := st.primCum
	if c[st.nPrim]-c[i] <= n {
		return st.nPrim
	}
	lo, hi := i, st.nPrim // c[lo]-c[i] <= n < c[hi]-c[i]
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if c[m]-c[i] <= n {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

func (st *structInfo) readFields(d *decoder, p unsafe.Pointer) error {
	if st.gen != nil {
		pushPlan(&d.genStack, st)
		err := st.gen.Read(&d.gr, p)
		d.genStack = d.genStack[:len(d.genStack)-1]
		return err
	}
	buf := d.buf
	fields := st.fields
	// The primitive prefix without per-field checks, in as many chunks as
	// the input left allows (varints are usually shorter than their
	// maximum, so a long prefix rarely fits at once); what is left, field
	// by field.
	for i := 0; i < st.nPrim; {
		u := buf.Unread()
		k := st.primFit(i, len(u))
		if k == i {
			fields = fields[i:]
			break
		}
		n, err := readPrefix(unsafe.Pointer(unsafe.SliceData(u)), fields[i:k], p)
		if err != nil {
			return wrapField(err, st, fields[i+n]) // n: the failing field
		}
		_ = buf.Skip(n)
		if i = k; i == st.nPrim {
			fields = fields[i:]
		}
	}
	for i, f := range fields {
		fp := unsafe.Add(p, f.offset)
		if f.kind != kOther {
			if err := readScalar(buf, f.kind, fp); err != nil {
				return wrapField(err, st, f)
			}
			continue
		}
		_ = i
		if f.boxed != kOther && d.pending < 0 {
			// A pointer to a bool or number: readFullC's steps for it
			// (flag, then the pointee from Alloc), without the calls.
			if u := buf.Unread(); len(u) > 0 && (int8(u[0]) == flagNull || int8(u[0]) == flagNotNullValue) {
				_ = buf.Skip(1)
				if int8(u[0]) == flagNull {
					*(*unsafe.Pointer)(fp) = nil
					continue
				}
				q := *(*unsafe.Pointer)(fp)
				if q == nil {
					q = scalarPointee(buf, f.boxSize) // as ptrCodec.read
					*(*unsafe.Pointer)(fp) = q
				}
				if err := readScalar(buf, f.boxed, q); err != nil {
					return wrapField(err, st, f)
				}
				continue
			}
		}
		var err error
		if f.plain != nil {
			err = f.plain.read(d, fp)
		} else {
			err = d.readFullC(f.ti, f.codec, fp, f.nullable, f.ref, f.dynamic)
		}
		if err != nil {
			return wrapField(err, st, f)
		}
		if f.emptyNil {
			nilIfEmpty(f.ti, fp)
		}
	}
	return nil
}

// nilIfEmpty sets the slice or map at p to nil when it is empty: how a
// field that is not nullable reads an empty value, since its writer writes
// a nil one as empty (the package documentation's nil and empty rule).
func nilIfEmpty(ti *typeInfo, p unsafe.Pointer) {
	if ti.typ.Kind() == reflect.Slice {
		if h := (*sliceHeader)(p); h.len == 0 {
			*h = sliceHeader{}
		}
		return
	}
	if *(*unsafe.Pointer)(p) != nil {
		if m := reflect.NewAt(ti.typ, p).Elem(); m.Len() == 0 {
			m.SetZero()
		}
	}
}

// readStep maps one field of a remote layout to a local field (or none).
type readStep struct {
	local  *fieldInfo
	remote *remoteField
	// dynamic: the remote field carries type info.
	dynamic bool
	// convert: read by the remote type, then convert to the local one.
	convert bool
	// drop: the remote type does not convert to the local field's at
	// all: the value is skipped and the field left zero.
	drop bool
}

// readsAsIs plans remote layout rd for st (once per pairing) and reports
// whether it is st's own layout, so that st's fields read in order.
func (st *structInfo) readsAsIs(rd *remoteDef) bool {
	if !rd.resolved || rd.local != st.ti {
		st.planFor(rd)
	}
	return rd.same
}

func (st *structInfo) readCompatible(d *decoder, p unsafe.Pointer, rd *remoteDef) error {
	if err := d.enter(); err != nil {
		return err
	}
	if st.readsAsIs(rd) {
		if err := st.readFields(d, p); err != nil {
			return err
		}
		d.depth--
		return nil
	}
	// Remote fields can take no bytes (type none): charge the steps, so
	// that a list of structs of a huge TypeDef cannot buy unbounded time.
	if err := d.charge(len(rd.plan), stepCharge, "the fields of a struct"); err != nil {
		return err
	}
	for i := range rd.plan {
		s := &rd.plan[i]
		ft := s.remote.ft
		if s.local == nil || s.drop {
			if err := d.skipValue(ft, ft.nullable, ft.ref, s.dynamic); err != nil {
				return wrapf(sentinelOf(err), "skipping field %q of %s: %v", s.remote.name, rd.displayName(), err)
			}
			if s.drop {
				setZero(s.local.ti, unsafe.Add(p, s.local.offset))
			}
			continue
		}
		f := s.local
		fp := unsafe.Add(p, f.offset)
		if s.convert {
			// The remote type differs but may convert (a list into an
			// array, a narrower integer, ...): decode it as the remote
			// declares it, then convert. A type that does not convert at
			// all leaves the field zero, as a missing field would; a value
			// that converts but does not fit is an error naming the field.
			if !f.ti.isAny {
				d.typed++
			}
			v, err := d.readValueByFT(ft, ft.nullable, ft.ref, s.dynamic)
			if !f.ti.isAny {
				d.typed--
			}
			if err != nil {
				return wrapField(err, st, f)
			}
			if f.ti.isAny {
				if err := storeInterface(f.ti, fp, v); err != nil {
					return wrapField(err, st, f)
				}
			} else if err := convertInto(d, f.ti.typ, fp, v); err != nil {
				if !errors.Is(err, errNoConversion) {
					return wrapField(err, st, f)
				}
				setZero(f.ti, fp)
			}
		} else if err := d.readFullC(f.ti, f.codec, fp, ft.nullable, ft.ref, s.dynamic); err != nil {
			return wrapField(err, st, f)
		}
		if f.emptyNil {
			nilIfEmpty(f.ti, fp)
		}
	}
	d.depth--
	return nil
}

// planFor matches the fields of a remote TypeDef with st's fields.
func (st *structInfo) planFor(rd *remoteDef) {
	rd.resolved, rd.local = true, st.ti
	rd.plan = rd.plan[:0]
	same := len(rd.fields) == len(st.fields)
	for i := range rd.fields {
		rf := &rd.fields[i]
		var lf *fieldInfo
		if rf.tagID >= 0 {
			lf = st.byTag[rf.tagID]
		} else {
			lf = st.byName[rf.name]
		}
		convert := false
		if lf != nil {
			dyn := remoteDynamic(rf.ft)
			convert = !fieldTypesCompatible(rf.ft, lf.ft) || lf.ti.isAny && !dyn
		}
		if same && (lf == nil || convert || lf != st.fields[i] || rf.ft.nullable != lf.nullable || rf.ft.ref != lf.ref) {
			same = false
		}
		drop := convert && !lf.ti.isAny && !ftMayConvert(rf.ft, lf.ti.typ)
		rd.plan = append(rd.plan, readStep{local: lf, remote: rf, dynamic: remoteDynamic(rf.ft), convert: convert, drop: drop})
	}
	rd.same, rd.sameAs = same, nil
	if same {
		rd.sameAs = st.ti
	}
}

// remoteDynamic reports whether a field of wire type ft carries type info
// before its value (compatible mode).
func remoteDynamic(ft *fieldType) bool {
	switch ft.id {
	case tidUnknown, tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct, tidExt, tidNamedExt:
		return true
	}
	return false
}

func normalizeFieldID(id uint32) uint32 {
	switch id {
	case tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct:
		return tidStruct
	case tidEnum, tidNamedEnum:
		return tidEnum
	case tidUint8Array:
		return tidBinary
	}
	return id
}

func fieldTypesCompatible(remote, local *fieldType) bool {
	if remote == nil || local == nil {
		return remote == local
	}
	if local.id == tidUnknown {
		// An interface reads what carries its type info. A value the
		// remote declares (the strings of a list<string>, the keys and
		// values of a map<string, int32>) is written without it, so an
		// interface element, key or value must read it by the remote
		// type and convert.
		return remoteDynamic(remote)
	}
	if normalizeFieldID(remote.id) != normalizeFieldID(local.id) {
		return false
	}
	switch local.id {
	case tidList, tidSet:
		return fieldTypesCompatible(remote.elem, local.elem)
	case tidMap:
		return fieldTypesCompatible(remote.key, local.key) && fieldTypesCompatible(remote.val, local.val)
	}
	return true
}
