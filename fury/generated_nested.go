package fury

import (
	"encoding/binary"
	"slices"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
	"github.com/fury-go/fury/fury/internal/varint"
)

// Nested structs and lists in generated code.
//
// Generated code writes and reads a struct-valued field, or a list of
// structs, itself when it can: what comes before the data (type info,
// struct hash, list count and header) is written from a frame worked out
// once per Fury and field (see furyrt.Nest), or read by the runtime, and
// the nested struct's generated code is called directly. Whenever the
// wire form needs more than that (reference tracking, a remote layout that
// differs from the local one, a struct without generated code, ...) the
// Begin call handles the whole field the way the reflection path does and
// reports it done.

// nestedField says how generated code may handle a field's data itself.
// It is worked out on first use, once all plans exist (recursive types get
// their generated code late).
type nestedField struct {
	// st is set for a struct value that is neither nullable nor
	// reference-tracked and has generated code in use.
	st *structInfo
	// list is set for a slice, neither nullable nor reference-tracked,
	// of strings or of such structs (elem, nil for strings).
	list *listCodec
	elem *structInfo
	// ptrElems: the list's elements are pointers to elem.
	ptrElems bool
	// ptr is set for a nullable pointer to a struct with generated code in
	// use, not reference-tracked.
	ptr *structInfo
	// wdone: the field's furyrt.Nest in the plan of its struct is worked
	// out (setNest).
	wdone bool
}

// constTypeInfo appends the type info of w to b when it is the same in
// every message of the mode, and reports whether it is.
func constTypeInfo(b []byte, w *typeInfo, compatible bool) ([]byte, bool) {
	switch w.id {
	case tidCompatibleStruct, tidNamedCompatibleStruct, tidNamedEnum, tidNamedStruct:
		return b, false
	}
	b = appendVaruint32(b, w.id)
	if w.id == tidStruct || w.id == tidEnum {
		b = appendVaruint32(b, w.userID)
	}
	return b, true
}

func appendVaruint32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// modeIndex is the index of e's mode in a typeInfo's root frames.
func (e *encoder) modeIndex() int {
	if e.compatible {
		return 1
	}
	return 0
}

// genStruct returns the struct plan of ti when generated code in use
// writes ti's values with nothing but type info and hash before them.
func genStruct(ti *typeInfo) *structInfo {
	if st := ti.st; st != nil && st.gen != nil && ti.codec == codec(st) && !ti.isAny && ti.ptrElem == nil {
		return st
	}
	return nil
}

// nestedOf returns f.nested, working it out on first use. Small enough
// to inline into the Begin calls: the work is newNested's.
func nestedOf(f *fieldInfo) *nestedField {
	if n := f.nested; n != nil {
		return n
	}
	return newNested(f)
}

func newNested(f *fieldInfo) (n *nestedField) {
	// Under the panic net (see genWriter.catch): a panic working out the
	// plan leaves the field to the runtime (nothing nested, not cached),
	// which then writes or reads it, or reports the error.
	if recoverPanics {
		defer func() {
			if recover() != nil {
				n = &nestedField{}
			}
		}()
	}
	n = &nestedField{}
	if !f.nullable && !f.ref && !f.ti.isAny && f.ti.ptrElem == nil {
		if st := f.ti.st; st != nil && st.gen != nil && f.codec == codec(st) {
			n.st = st
		}
		if c, _ := f.codec.(*listCodec); c != nil && !c.isArray {
			et := c.elem.ti
			switch {
			case et.kind == kString && c.elem.declared:
				n.list = c
			case et.st != nil && et.st.gen != nil && et.codec == codec(et.st) && !et.isAny && et.ptrElem == nil && !c.elem.declared:
				n.list, n.elem = c, et.st
			case et.ptrElem != nil && genStruct(et.ptrElem) != nil && !c.elem.declared:
				n.list, n.elem, n.ptrElems = c, genStruct(et.ptrElem), true
			}
		}
	}
	if f.nullable && !f.ref && f.ti.ptrElem != nil {
		n.ptr = genStruct(f.ti.ptrElem)
	}
	f.nested = n
	return n
}

// ---- writing -----------------------------------------------------------
//
// Generated writers hand a struct-valued field, or a list of structs, to
// the furyrt.Writer (Struct, StructPtr, StructList), which writes it from
// the field's furyrt.Nest in the plan of the struct being written: the
// bytes that precede the nested fields (constant per Fury, worked out here
// on the field's first use, with the TypeDef in compatible mode or the meta
// strings of a type registered by name, written in full once per message)
// and a direct call of the nested struct's generated code. What the Nest does not cover
// (its first use, framing that depends on the message, a nesting too deep,
// a field the generated path does not write) comes here through the Begin
// calls.

// cur returns the struct that generated code is writing.
func (w *genWriter) cur() *structInfo { return (*structInfo)(w.gw.Plan().Owner()) }

// writeDef returns the TypeDef of ti as the encoder writes it.
func (ti *typeInfo) writeDef() *furyrt.TypeDef {
	if ti.wdef == nil {
		ti.wdef = furyrt.NewTypeDef(ti.typeDef)
	}
	return ti.wdef
}

// typeInfoFrame sets spec's Pre to b and what writeTypeInfo writes for w
// before any TypeDef or meta string, and its Def or NS and Name to what
// follows, as writeTypeInfo writes them.
func typeInfoFrame(spec *furyrt.NestSpec, b []byte, w *typeInfo, compatible bool) {
	b = appendVaruint32(b, w.id)
	switch w.id {
	case tidStruct, tidEnum, tidTypedUnion:
		b = appendVaruint32(b, w.userID)
	case tidCompatibleStruct, tidNamedCompatibleStruct:
		spec.Def = w.writeDef()
	case tidNamedEnum, tidNamedUnion, tidNamedStruct:
		if compatible {
			spec.Def = w.writeDef()
		} else {
			spec.NS, spec.Name = w.nsMeta.writeForm(), w.nameMeta.writeForm()
		}
	}
	spec.Pre = b
}

// setNest works out the furyrt.Nest of field i (f, n) of st, once.
func (e *encoder) setNest(st *structInfo, i int, f *fieldInfo, n *nestedField) {
	n.wdone = true
	var spec furyrt.NestSpec
	var est *structInfo // the nested struct
	var lead []byte     // what precedes its type info
	var wt *typeInfo    // the type info written, if any
	switch {
	case n.st != nil:
		spec.Kind, est = furyrt.NestStruct, n.st
	case n.ptr != nil:
		spec.Kind, est, lead = furyrt.NestStructPtr, n.ptr, []byte{0xff} // not null
	case n.elem != nil:
		if n.ptrElems && e.refTracking && !n.list.elem.noRef {
			// Pointer elements carry reference flags when tracking is
			// on and the field's rule tracks them (a field not tracked
			// holds no tracked elements: norefCodec): the runtime's.
			return
		}
		spec.Kind, est, lead = furyrt.NestList, n.elem, []byte{collSameType}
		if n.ptrElems {
			spec.Kind = furyrt.NestPtrList
		}
		spec.Hashed, spec.Hash, spec.ElemSize = !e.compatible, est.hash, n.list.elemSize
		wt = n.list.elem.ti.wire()
	default:
		return
	}
	if est.wplan == nil {
		return
	}
	spec.Plan = est.wplan
	if spec.Kind <= furyrt.NestStructPtr && f.typed {
		wt = f.ti.wire()
	}
	spec.Pre = lead
	if wt != nil {
		typeInfoFrame(&spec, lead, wt, e.compatible)
	}
	if spec.Kind <= furyrt.NestStructPtr && !e.compatible {
		if spec.Def != nil || spec.NS != nil {
			spec.After = binary.LittleEndian.AppendUint32(nil, uint32(est.hash))
		} else {
			spec.Pre = binary.LittleEndian.AppendUint32(spec.Pre, uint32(est.hash))
		}
	}
	if !st.wplan.SetNest(i, spec) {
		spec = furyrt.NestSpec{Kind: spec.Kind, Dynamic: true, Hashed: spec.Hashed, Hash: spec.Hash, Plan: spec.Plan,
			ElemSize: spec.ElemSize}
		st.wplan.SetNest(i, spec)
	}
}

// nestOf returns field i of the struct being written and how generated
// code nests into it, working out its furyrt.Nest on first use.
func (w *genWriter) nestOf(i int) (*fieldInfo, *nestedField) {
	e := (*encoder)(w)
	st := w.cur()
	f := st.fields[i]
	n := nestedOf(f)
	if !n.wdone {
		e.setNest(st, i, f, n)
	}
	return f, n
}

// BeginStruct starts struct-valued field i (in wire order) of the struct
// being written, at p (see furyrt.WriterEngine).
func (w *genWriter) BeginStruct(i int, p unsafe.Pointer) (bool, error) {
	f, n := w.nestOf(i)
	if n.st == nil {
		return false, w.WriteField(i, p)
	}
	return w.beginStruct(i, f, n.st)
}

// BeginStructPtr is BeginStruct for field i at p, a non-nil pointer to a
// struct.
func (w *genWriter) BeginStructPtr(i int, p unsafe.Pointer) (bool, error) {
	f, n := w.nestOf(i)
	if n.ptr == nil {
		return false, w.WriteField(i, p)
	}
	w.buf.WriteInt8(flagNotNullValue)
	return w.beginStruct(i, f, n.ptr)
}

func (w *genWriter) beginStruct(i int, f *fieldInfo, st *structInfo) (bool, error) {
	e := (*encoder)(w)
	if f.typed {
		if err := e.writeTypeInfo(f.ti.wire()); err != nil {
			return false, w.wrap(i, err)
		}
	}
	if err := e.enter(); err != nil {
		return false, w.wrap(i, err)
	}
	if !e.compatible {
		e.buf.WriteInt32(st.hash)
	}
	return true, nil
}

// EndStruct ends a field begun by BeginStruct; err is what the nested
// struct's generated code returned.
func (w *genWriter) EndStruct(i int, err error) error {
	w.depth--
	if err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// BeginList starts list field i at p, a slice of structs or of pointers
// to structs (see furyrt.WriterEngine).
func (w *genWriter) BeginList(i int, p unsafe.Pointer) (int, bool, error) {
	e := (*encoder)(w)
	_, nf := w.nestOf(i)
	h := (*sliceHeader)(p)
	if nf.elem == nil || h.len == 0 || nf.ptrElems && e.refTracking && !nf.list.elem.noRef {
		return 0, false, w.WriteField(i, p)
	}
	hasNull := false
	if nf.ptrElems {
		elems := unsafe.Slice((*unsafe.Pointer)(h.data), h.len)
		if hasNull = slices.Contains(elems, nil); hasNull && !slices.ContainsFunc(elems, notNil) {
			// Only nulls: no element is entered, so the runtime's depth
			// accounting (one level, for the list) applies.
			return 0, false, w.WriteField(i, p)
		}
	}
	e.buf.WriteVaruint32(uint32(h.len))
	if err := e.enter(); err != nil {
		return 0, false, w.wrap(i, err)
	}
	header := byte(collSameType)
	if hasNull {
		// The Writer writes the flags: null, or not null before each
		// element.
		header |= collHasNull
	}
	e.buf.WriteUint8(header)
	if err := e.writeTypeInfo(nf.list.elem.ti.wire()); err != nil {
		e.depth--
		return 0, false, w.wrap(i, err)
	}
	if err := e.enter(); err != nil {
		e.depth--
		return 0, false, w.wrap(i, err)
	}
	return h.len, hasNull, nil
}

func notNil(p unsafe.Pointer) bool { return p != nil }

// EndList ends a list begun by BeginList with n > 0; err is the first
// error of its elements.
func (w *genWriter) EndList(i int, err error) error {
	w.depth -= 2
	if err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// WrapField adds field i of the struct being written to err's path.
func (w *genWriter) WrapField(i int, err error) error { return w.wrap(i, err) }

// wrap adds field i of the struct being written to err's path.
func (w *genWriter) wrap(i int, err error) error {
	st := w.cur()
	return wrapField(err, st, st.fields[i])
}

// ---- reading -----------------------------------------------------------

// BeginStruct starts struct-valued field i of the struct being read, at
// p. When the field's type has generated code in use and the data has the
// local layout, it reads what precedes the fields (type info, struct hash)
// and returns the codec to read them with; the caller runs the codec's
// Read (or the function it names) on p and passes the result to
// EndStruct. Otherwise it reads the whole field as ReadField does and
// returns a nil codec.
func (r *genReader) BeginStruct(i int, p unsafe.Pointer) (*furyrt.Codec, error) {
	d := (*decoder)(r)
	f := d.genStack[len(d.genStack)-1].fields[i]
	st := nestedOf(f).st
	if st == nil {
		return nil, r.ReadField(i, p)
	}
	// The usual schema-consistent case in one step: the struct's own hash
	// and room for one more level (what beginStruct checks, in its order,
	// with its errors when they fail).
	if !d.r.compatible && !f.dynamic && d.depth < d.maxDepth {
		if u := d.buf.Unread(); len(u) >= 4 && int32(binary.LittleEndian.Uint32(u)) == st.hash {
			_ = d.buf.Skip(4)
			d.depth++
			pushPlan(&d.genStack, st)
			return st.gen, nil
		}
	} else if d.r.compatible && f.dynamic && d.depth < d.maxDepth {
		// Compatible mode: the struct's own TypeDef (see readOwnDef).
		if ok, err := r.readOwnDef(st); err != nil {
			return nil, r.wrap(i, err)
		} else if ok {
			d.depth++
			pushPlan(&d.genStack, st)
			return st.gen, nil
		}
	}
	return r.beginStruct(i, f, st, p, false)
}

// BeginStructPtr starts field i at p, a pointer to a struct, whose null
// flag (0xfd) generated code has ruled out. When the pointee's type has
// generated code in use and the data has the local layout, it reads the
// not-null flag, type info and struct hash, stores a new struct at p
// (charged to the decode budget where the runtime's pointer codec charges
// it: after the type info, before the nesting check and the hash) and
// returns the codec; the caller then reads the new struct with the codec
// and calls EndStruct. Otherwise it reads the whole field as ReadField does
// and returns a nil codec.
func (r *genReader) BeginStructPtr(i int, p unsafe.Pointer) (*furyrt.Codec, error) {
	d := (*decoder)(r)
	f := d.genStack[len(d.genStack)-1].fields[i]
	st := nestedOf(f).ptr
	if u := d.buf.Unread(); st == nil || len(u) == 0 || u[0] != 0xff {
		return nil, r.ReadField(i, p)
	}
	_ = d.buf.Skip(1)
	if !d.r.compatible && !f.dynamic {
		// beginStruct's schema-consistent steps, in its order: the new
		// pointee charged and stored, one more level, the hash.
		size := st.ti.typ.Size()
		if u := d.buf.Unread(); d.depth < d.maxDepth && len(u) >= 4 &&
			int32(binary.LittleEndian.Uint32(u)) == st.hash && d.take(1, size) {
			*(*unsafe.Pointer)(p) = unsafeNew(st.ti.typ)
			_ = d.buf.Skip(4)
			d.depth++
			pushPlan(&d.genStack, st)
			return st.gen, nil
		}
	} else if d.r.compatible && f.dynamic && d.depth < d.maxDepth {
		// Compatible mode, in beginStruct's order: the struct's own
		// TypeDef (see readOwnDef), the new pointee, one more level.
		if ok, err := r.readOwnDef(st); err != nil {
			return nil, r.wrap(i, err)
		} else if ok {
			if size := st.ti.typ.Size(); !d.take(1, size) {
				if err := d.chargeSlow(1, size, f.ti.typ); err != nil {
					return nil, r.wrap(i, err)
				}
			}
			*(*unsafe.Pointer)(p) = unsafeNew(st.ti.typ)
			d.depth++
			pushPlan(&d.genStack, st)
			return st.gen, nil
		}
	}
	return r.beginStruct(i, f, st, p, true)
}

// beginStruct is BeginStruct, or BeginStructPtr past the not-null flag
// (flagged).
func (r *genReader) beginStruct(i int, f *fieldInfo, st *structInfo, p unsafe.Pointer, flagged bool) (*furyrt.Codec, error) {
	d := (*decoder)(r)
	if d.r.compatible {
		if !f.dynamic {
			if flagged {
				d.buf.SetReaderIndex(d.buf.ReaderIndex() - 1)
			}
			return nil, r.ReadField(i, p)
		}
		if ok, err := r.readOwnDef(st); err != nil {
			return nil, r.wrap(i, err)
		} else if !ok {
			wt, err := d.readTypeInfo()
			if err != nil {
				return nil, r.wrap(i, err)
			}
			if !r.sameLayout(st, wt) {
				if err := d.readTypedC(f.ti, f.codec, p, wt); err != nil {
					return nil, r.wrap(i, err)
				}
				return nil, nil
			}
		}
	} else if f.dynamic {
		if flagged {
			d.buf.SetReaderIndex(d.buf.ReaderIndex() - 1)
		}
		return nil, r.ReadField(i, p)
	}
	if flagged {
		// As ptrCodec.read: a new pointee (the destination was cleared, so
		// the field is nil), charged before it is made.
		if size := st.ti.typ.Size(); !d.take(1, size) {
			if err := d.chargeSlow(1, size, f.ti.typ); err != nil {
				return nil, r.wrap(i, err)
			}
		}
		*(*unsafe.Pointer)(p) = unsafeNew(st.ti.typ)
	}
	if err := d.enter(); err != nil {
		return nil, r.wrap(i, err)
	}
	if !d.r.compatible {
		if err := st.checkHash(d.buf); err != nil {
			d.depth--
			return nil, r.wrap(i, err)
		}
	}
	pushPlan(&d.genStack, st)
	return st.gen, nil
}

// sameLayout reports whether compatible-mode type info wt announces st's
// type with exactly st's layout, so generated code can read it.
func (r *genReader) sameLayout(st *structInfo, wt wireType) bool {
	rd := wt.def
	if rd == nil || wt.local != st.ti || !st.readsAsIs(rd) {
		return false
	}
	if st.own == nil {
		st.own = newOwnDef(st)
	}
	if o := st.own; o.rd == nil && o.raw != "" && rd.raw == o.raw {
		o.rd = rd // readOwnDef may take the short way from now on
	}
	return true
}

// ownDef is the compatible-mode type info that precedes a value of a
// struct in the usual case, the writer's type being the reader's: the
// struct's wire type id, then its TypeDef as this Fury writes it; and that
// TypeDef as this Fury read it (once it has).
type ownDef struct {
	id  byte       // the wire type id, a one-byte varuint; raw == "": none
	raw string     // the TypeDef
	rd  *remoteDef // raw as read (see genReader.sameLayout), nil until then
}

// newOwnDef works out st's ownDef. Unregistered types have none: which
// local type their TypeDef stands for depends on the destination (see
// decoder.readTypeInfo), so they take the general way.
func newOwnDef(st *structInfo) *ownDef {
	w := st.ti.wire()
	if w != st.ti || w.auto || w.twin || len(w.typeDef) == 0 || w.id >= 0x80 ||
		(w.id != tidCompatibleStruct && w.id != tidNamedCompatibleStruct) {
		return &ownDef{}
	}
	return &ownDef{id: byte(w.id), raw: string(w.typeDef)}
}

// readOwnDef reads the compatible-mode type info before a value of st
// when it is st's own TypeDef (ownDef), which this Fury has read before
// and found st reads as is: a comparison of bytes instead of the lookup of
// readTypeInfo, with the same charge to the budget and the same record of
// the message's TypeDefs. Otherwise it reads nothing and reports false.
func (r *genReader) readOwnDef(st *structInfo) (bool, error) {
	d := (*decoder)(r)
	o := st.own
	if o == nil || o.rd == nil || !d.r.compatible {
		return false, nil
	}
	if o.rd.sameAs != st.ti {
		return false, nil // re-planned for another type since
	}
	u := d.buf.Unread()
	if len(u) < 2 || u[0] != o.id || u[1] >= 0x80 {
		return false, nil
	}
	m := int(u[1])
	if m&1 != 0 { // a TypeDef this message has sent: its index
		if idx := m >> 1; idx >= len(d.defsRead) || d.defsRead[idx] != o.rd {
			return false, nil
		}
		_ = d.buf.Skip(2)
		return true, nil
	}
	if m>>1 != len(d.defsRead) || len(u)-2 < len(o.raw) || string(u[2:2+len(o.raw)]) != o.raw {
		return false, nil
	}
	// chargeTypeDef's usual case by charge's inlined fast path.
	if !d.take(1, uintptr(o.rd.cost)) {
		if err := d.chargeTypeDef(o.rd); err != nil {
			return false, err
		}
	}
	pushDef(&d.defsRead, o.rd)
	_ = d.buf.Skip(2 + len(o.raw))
	return true, nil
}

// EndStruct ends a field begun by BeginStruct with a non-nil codec; err is
// what the codec's Read returned.
func (r *genReader) EndStruct(i int, err error) error {
	d := (*decoder)(r)
	d.genStack = d.genStack[:len(d.genStack)-1]
	d.depth--
	if err != nil {
		return r.wrap(i, err)
	}
	return nil
}

// BeginList starts list field i at p, a slice of strings or of structs
// with generated code. It reads the element count and stores a new slice
// of that length at p. When the elements can be read directly it reads the
// list header and element type info and returns the count n >= 1 and, for
// struct elements, the codec to read them with. The caller then reads the
// n elements (strings with furyrt.Buffer.ReadString; structs with StartElem
// before each, then the codec) and calls EndList. Otherwise (an empty list
// included, which leaves the field nil) it reads the whole field as
// ReadField does and returns n == 0.
func (r *genReader) BeginList(i int, p unsafe.Pointer) (n int, c *furyrt.Codec, hash int32, err error) {
	d := (*decoder)(r)
	f := d.genStack[len(d.genStack)-1].fields[i]
	nf := nestedOf(f)
	if nf.list == nil {
		return 0, nil, 0, r.ReadField(i, p)
	}
	if n, c, err = r.beginList(nf.list, nf.elem, p); err != nil {
		return 0, nil, 0, r.wrap(i, err)
	}
	// n == 0: an empty list, which beginList stored as nil (the field is
	// not nullable, see nestedOf), or a list the runtime read.
	if c != nil {
		hash = nf.elem.hash
	}
	return n, c, hash, nil
}

func (r *genReader) beginList(lc *listCodec, est *structInfo, p unsafe.Pointer) (int, *furyrt.Codec, error) {
	d := (*decoder)(r)
	var u uint32
	var err error
	if b := d.buf.Unread(); len(b) > 0 && b[0] == 0 {
		// Empty (checkListCount passes any empty list). Charged even so,
		// as the runtime's list codec does (a budget that strings took
		// below zero fails here, in both paths).
		_ = d.buf.Skip(1)
		if err := d.charge(0, max(lc.elemSize, minElemCharge), lc.typ); err != nil {
			return 0, nil, err
		}
		// A struct field that is not nullable reads an empty list as nil.
		*(*sliceHeader)(p) = sliceHeader{}
		return 0, nil, nil
	} else if u, err = d.buf.ReadVaruint32(); err != nil {
		return 0, nil, err
	}
	if err := checkListCount(d, u, lc); err != nil {
		return 0, nil, err
	}
	if u == 0 { // an empty list's count in more than one byte
		if err := d.charge(0, max(lc.elemSize, minElemCharge), lc.typ); err != nil {
			return 0, nil, err
		}
		*(*sliceHeader)(p) = sliceHeader{}
		return 0, nil, nil
	}
	if id, ok := peekElemType(d.buf.Unread()); ok && !sideFits(lc.elem.ti, id) {
		return 0, nil, elemsMismatch(tidList, lc.typ) // as listCodec.read
	}
	n := int(u)
	if err := d.charge(n, max(lc.elemSize, minElemCharge), lc.typ); err != nil {
		return 0, nil, err
	}
	base := newArray(lc.elemWord, n)
	*(*sliceHeader)(p) = sliceHeader{data: base, len: n, cap: n}
	if d.pending >= 0 {
		d.claim(packAny(lc.typ, p))
	}
	if err := d.enter(); err != nil {
		return 0, nil, err
	}
	header, err := d.buf.ReadByte()
	if err != nil {
		return 0, nil, err
	}
	slot := func(i int) unsafe.Pointer { return unsafe.Add(base, uintptr(i)*lc.elemSize) }
	if est == nil {
		if header != collSameType|collDeclared {
			return 0, nil, readElementsAfter(d, &lc.elem, n, header, slot)
		}
		pushPlan(&d.genStack, nil)
		return n, nil, nil
	}
	if header != collSameType {
		return 0, nil, readElementsAfter(d, &lc.elem, n, header, slot)
	}
	var wt wireType
	if !d.r.compatible && d.sameIDStruct(est.ti) {
		wt = wireType{id: tidStruct, local: est.ti}
	} else if ok, err := r.readOwnDef(est); err != nil {
		return 0, nil, err
	} else if ok {
		wt = wireType{id: uint32(est.own.id), local: est.ti, def: est.own.rd}
	} else {
		if wt, err = d.readTypeInfo(); err != nil {
			return 0, nil, err
		}
		if d.r.compatible {
			if !r.sameLayout(est, wt) {
				return 0, nil, readElementsTyped(d, &lc.elem, n, header, wt, slot)
			}
		} else if wt.local != est.ti || wt.def != nil {
			return 0, nil, readElementsTyped(d, &lc.elem, n, header, wt, slot)
		}
	}
	if d.depth >= d.maxDepth {
		// The elements nest too deep: the runtime reads them, to fail as
		// it fails (it charges a pointer element before it checks the
		// element's nesting).
		return 0, nil, readElementsTyped(d, &lc.elem, n, header, wt, slot)
	}
	if err := d.enter(); err != nil {
		return 0, nil, err
	}
	pushPlan(&d.genStack, est)
	return n, est.gen, nil
}

// sameIDStruct reads the schema-consistent type info of ti, a struct
// registered by id, when the input starts with it and it stands for ti as
// readTypeInfo would find (the resolver's id cache holds ti; ti is not a
// type whose lookup depends on the destination), and reports whether it
// did. Otherwise it reads nothing: readTypeInfo reads what is there.
func (d *decoder) sameIDStruct(ti *typeInfo) bool {
	if ti.id != tidStruct || ti.auto || ti.twin {
		return false
	}
	u := d.buf.Unread()
	if len(u) < 2 || u[0] != tidStruct {
		return false
	}
	uid, k := varint.Get32(u[1:])
	if k <= 0 || uid != ti.userID {
		return false
	}
	if c := d.r.idCache[0]; uid >= uint32(len(c)) || c[uid] != ti {
		return false
	}
	_ = d.buf.Skip(1 + k)
	return true
}

// StartElem checks the struct hash before an element of a list begun by
// BeginList, when it is not the expected one.
func (r *genReader) StartElem() error {
	return r.genStack[len(r.genStack)-1].checkHash(r.buf)
}

// EndList ends a list begun by BeginList with n > 0; err is the first
// error of its elements.
func (r *genReader) EndList(i int, err error) error {
	d := (*decoder)(r)
	if d.genStack[len(d.genStack)-1] != nil {
		d.depth--
	}
	d.genStack = d.genStack[:len(d.genStack)-1]
	d.depth--
	if err != nil {
		return r.wrap(i, err)
	}
	return nil
}

// wrap adds field i of the struct on top of the stack to err's path.
func (r *genReader) wrap(i int, err error) error {
	st := r.genStack[len(r.genStack)-1]
	return wrapField(err, st, st.fields[i])
}
