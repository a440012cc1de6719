package fury

import (
	"encoding/binary"
	"slices"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// Nested structs and lists in generated code.
//
// Generated code writes a struct-valued field, a list of structs or a list
// of strings itself when it can: the runtime writes or reads what comes
// before the data (type info, struct hash, list count and header) and says
// which generated codec is in use for the nested struct; the generated
// code then calls that codec's function directly. Whenever the wire form
// needs more than that (reference tracking, a remote layout that differs
// from the local one, a struct without generated code, ...) the Begin call
// handles the whole field the way the reflection path does and reports it
// done.

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
	// pre holds, per mode (index modeIndex), what precedes the data when
	// it does not depend on the message: for st and ptr the not-null flag
	// (ptr), type info and struct hash; for a list of structs the list
	// header and element type info. ok is false where it varies (a TypeDef
	// reference, a type registered by name) or is more than 8 bytes.
	pre [2]frame
}

// frame is a constant byte string of at most 8 bytes, packed
// little-endian, that generated code writes with one 8-byte store.
type frame struct {
	bits uint64
	n    int
	ok   bool
}

// put writes the frame's bytes.
func (fr *frame) put(b *buffer) { b.WritePacked(fr.bits, fr.n) }

// frameOf packs what b holds into a frame, when it fits.
func frameOf(b []byte, ok bool) frame {
	if !ok || len(b) > 8 {
		return frame{}
	}
	var w [8]byte
	copy(w[:], b)
	return frame{bits: binary.LittleEndian.Uint64(w[:]), n: len(b), ok: true}
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

// modeIndex is the index of e's mode in nestedField.pre.
func (e *encoder) modeIndex() int {
	if e.compatible {
		return 1
	}
	return 0
}

// frames works out n.pre for field f.
func (n *nestedField) frames(f *fieldInfo) {
	for m, compatible := range []bool{false, true} {
		st, lead := n.st, []byte(nil)
		if st == nil && n.ptr != nil {
			st, lead = n.ptr, []byte{0xff} // not null
		}
		if st != nil {
			b, ok := lead, true
			if f.typed {
				b, ok = constTypeInfo(b, f.ti.wire(), compatible)
			}
			if !compatible {
				b = binary.LittleEndian.AppendUint32(b, uint32(st.hash))
			}
			n.pre[m] = frameOf(b, ok)
			continue
		}
		if n.elem != nil && !n.ptrElems {
			b, ok := constTypeInfo([]byte{collSameType}, n.list.elem.ti.wire(), compatible)
			n.pre[m] = frameOf(b, ok)
		}
	}
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

func newNested(f *fieldInfo) *nestedField {
	n := &nestedField{}
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
	n.frames(f)
	f.nested = n
	return n
}

// BeginStruct starts struct-valued field i (in wire order) of the struct
// being written, at p. When the field's type has generated code in use and
// nothing but type info and the struct hash precede its data, it writes
// those and returns the codec to write the fields with; the caller then
// runs the codec's Write (or the function it names) on p and passes the
// result to EndStruct. Otherwise it writes the whole field as WriteField
// does and returns a nil codec.
func (w *genWriter) BeginStruct(i int, p unsafe.Pointer) (*furyrt.Codec, error) {
	e := (*encoder)(w)
	f := e.genStack[len(e.genStack)-1].fields[i]
	n := nestedOf(f)
	st := n.st
	if st == nil {
		return nil, w.WriteField(i, p)
	}
	if fr := &n.pre[e.modeIndex()]; fr.ok && e.depth < e.maxDepth {
		fr.put(e.buf)
		e.depth++
		e.genStack = append(e.genStack, st)
		return st.gen, nil
	}
	return w.beginStruct(i, f, st)
}

// BeginStructPtr is BeginStruct for field i at p, a non-nil pointer to a
// struct: when the pointee's type has generated code in use, it writes the
// not-null flag, type info and struct hash and returns the codec to write
// the pointee with (then EndStruct). Otherwise it writes the whole field
// and returns a nil codec.
func (w *genWriter) BeginStructPtr(i int, p unsafe.Pointer) (*furyrt.Codec, error) {
	e := (*encoder)(w)
	f := e.genStack[len(e.genStack)-1].fields[i]
	n := nestedOf(f)
	st := n.ptr
	if st == nil {
		return nil, w.WriteField(i, p)
	}
	if fr := &n.pre[e.modeIndex()]; fr.ok && e.depth < e.maxDepth {
		fr.put(e.buf) // the flag, type info and hash
		e.depth++
		e.genStack = append(e.genStack, st)
		return st.gen, nil
	}
	e.buf.WriteInt8(flagNotNullValue)
	return w.beginStruct(i, f, st)
}

func (w *genWriter) beginStruct(i int, f *fieldInfo, st *structInfo) (*furyrt.Codec, error) {
	e := (*encoder)(w)
	if f.typed {
		if err := e.writeTypeInfo(f.ti.wire()); err != nil {
			return nil, w.wrap(i, err)
		}
	}
	if err := e.enter(); err != nil {
		return nil, w.wrap(i, err)
	}
	if !e.compatible {
		e.buf.WriteInt32(st.hash)
	}
	e.genStack = append(e.genStack, st)
	return st.gen, nil
}

// EndStruct ends a field begun by BeginStruct with a non-nil codec; err is
// what the codec's Write returned.
func (w *genWriter) EndStruct(i int, err error) error {
	(*sliceHeader)(unsafe.Pointer(&w.genStack)).len-- // pop; Begin pushed
	w.depth--
	if err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// BeginList starts list field i at p, a slice of strings or of structs
// with generated code. When the elements can be written directly it
// writes the element count, the list header and the element type info and
// returns the count n >= 1 and, for struct elements, the codec to write
// them with. The caller then writes the n elements (strings with
// furyrt.Buffer.WriteString; structs with StartElem before each, then the
// codec) and calls EndList. Otherwise (an empty list included) it writes
// the whole field as WriteField does and returns n == 0.
func (w *genWriter) BeginList(i int, p unsafe.Pointer) (n int, c *furyrt.Codec, hash int32, err error) {
	e := (*encoder)(w)
	f := e.genStack[len(e.genStack)-1].fields[i]
	nf := nestedOf(f)
	h := (*sliceHeader)(p)
	if nf.list == nil || h.len == 0 || nf.ptrElems && e.refTracking && !nf.list.elem.noRef {
		// (Pointer elements carry reference flags when tracking is on
		// and the field's rule tracks them; a field not tracked holds
		// no tracked elements: norefCodec.)
		return 0, nil, 0, w.WriteField(i, p)
	}
	hasNull := false
	if nf.ptrElems {
		elems := unsafe.Slice((*unsafe.Pointer)(h.data), h.len)
		if hasNull = slices.Contains(elems, nil); hasNull && !slices.ContainsFunc(elems, notNil) {
			// Only nulls: no element is entered, so the runtime's depth
			// accounting (one level, for the list) applies.
			return 0, nil, 0, w.WriteField(i, p)
		}
	}
	e.buf.WriteVaruint32(uint32(h.len))
	est := nf.elem
	if fr := &nf.pre[e.modeIndex()]; fr.ok && e.depth+2 <= e.maxDepth {
		// Elements are values (not pointers): no null to look for.
		fr.put(e.buf) // the list header and element type info
		e.depth += 2
		e.genStack = append(e.genStack, est)
		return h.len, est.gen, est.hash, nil
	}
	if err := e.enter(); err != nil {
		return 0, nil, 0, w.wrap(i, err)
	}
	if est == nil {
		e.buf.WriteUint8(collSameType | collDeclared)
		e.genStack = append(e.genStack, nil)
		return h.len, nil, 0, nil
	}
	header := byte(collSameType)
	if hasNull {
		// Generated code writes the flags: null, or not null before
		// each element.
		header |= collHasNull
	}
	e.buf.WriteUint8(header)
	if err := e.writeTypeInfo(nf.list.elem.ti.wire()); err != nil {
		e.depth--
		return 0, nil, 0, w.wrap(i, err)
	}
	if err := e.enter(); err != nil {
		e.depth--
		return 0, nil, 0, w.wrap(i, err)
	}
	e.genStack = append(e.genStack, est)
	return h.len, est.gen, est.hash, nil
}

func notNil(p unsafe.Pointer) bool { return p != nil }

// EndList ends a list begun by BeginList with n > 0; err is the first
// error of its elements.
func (w *genWriter) EndList(i int, err error) error {
	k := len(w.genStack) - 1
	if w.genStack[k] != nil {
		w.depth--
	}
	(*sliceHeader)(unsafe.Pointer(&w.genStack)).len = k // pop; Begin pushed
	w.depth--
	if err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// wrap adds field i of the struct on top of the stack to err's path. It
// stays out of line, so that the End calls inline into generated code.
//
//go:noinline
func (w *genWriter) wrap(i int, err error) error {
	st := w.genStack[len(w.genStack)-1]
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
	if rd := o.rd; rd.local != st.ti || !rd.same || !rd.resolved {
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
	if err := d.chargeTypeDef(o.rd); err != nil {
		return false, err
	}
	d.defsRead = append(d.defsRead, o.rd)
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
	if n == 0 {
		nilIfEmpty(f.ti, p) // the field is not nullable (see nestedOf)
	}
	if c != nil {
		hash = nf.elem.hash
	}
	return n, c, hash, nil
}

func (r *genReader) beginList(lc *listCodec, est *structInfo, p unsafe.Pointer) (int, *furyrt.Codec, error) {
	d := (*decoder)(r)
	u, err := d.buf.ReadVaruint32()
	if err != nil {
		return 0, nil, err
	}
	if err := checkListCount(d, u, lc); err != nil {
		return 0, nil, err
	}
	if id, ok := peekElemType(d.buf.Unread()); ok && u > 0 && !sideFits(lc.elem.ti, id) {
		return 0, nil, elemsMismatch(tidList, lc.typ) // as listCodec.read
	}
	n := int(u)
	// Charged even when empty, as the runtime's list codec does (a budget
	// that strings took below zero fails here, in both paths).
	if err := d.charge(n, max(lc.elemSize, minElemCharge), lc.typ); err != nil {
		return 0, nil, err
	}
	if n == 0 {
		// A struct field that is not nullable reads an empty list as nil.
		*(*sliceHeader)(p) = sliceHeader{}
		return 0, nil, nil
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
	if ok, err := r.readOwnDef(est); err != nil {
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
