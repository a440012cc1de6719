package fury

import (
	"errors"
	"hash/maphash"
	"math"
	"reflect"
	"time"
	"unsafe"

	"github.com/fury-go/fury/internal/asm"
)

// Collection header bits (lists and sets).
const (
	collTrackRef = 0x01
	collHasNull  = 0x02
	collDeclared = 0x04
	collSameType = 0x08
)

// maxUnbackedItems bounds the element count of a collection or map that
// the remaining input cannot back one byte per element (elements of
// zero-size types take no bytes); larger counts are rejected before any
// allocation.
const maxUnbackedItems = 8192

// checkCount refuses a count of more than maxUnbackedItems list or set
// elements that the remaining input cannot back one byte each. Its class
// says whether more input could help (see the package's error classes):
// ErrTruncated when the collection's header, which follows the count,
// shows that every element takes at least a byte (a flag, its own type
// info, or a type whose data is never empty), else ErrTooLarge, a limit:
// elements of type none, or of a struct without fields, take no bytes, and
// no more input would make such a list fit.
func checkCount(d *decoder, n uint32) error {
	if int64(n) > int64(d.buf.Remaining()) && n > maxUnbackedItems {
		if u := d.buf.Unread(); len(u) == 0 || elementsTakeBytes(u) {
			return wrapf(ErrTruncated, "%d elements declared with %d bytes left", n, len(u))
		}
		return wrapf(ErrTooLarge, "%d elements declared with %d bytes left, over the limit of %d elements that the input does not back", n, d.buf.Remaining(), maxUnbackedItems)
	}
	return nil
}

// elementsTakeBytes reports whether the collection whose header starts u
// spends at least a byte on each element.
func elementsTakeBytes(u []byte) bool {
	h := u[0]
	if h&(collTrackRef|collHasNull) != 0 || h&collSameType == 0 {
		return true // a flag or type info per element
	}
	if h&collDeclared != 0 || len(u) < 2 {
		return false // the element type is not in the input (yet)
	}
	switch id := uint32(u[1]); {
	case id >= tidBool && id <= tidEnum, id == tidNamedEnum:
		return true
	case id >= tidDuration && id <= tidBinary, id >= tidBoolArray && id <= tidFloat64Array:
		return true
	}
	return false
}

// checkMapCount is checkCount for a map: its entries come in chunks of at
// most 255, each at least two bytes (header and size), and entries of
// types without data take none, so only a count the remaining input cannot
// hold even then is ErrTruncated.
func checkMapCount(d *decoder, n uint32) error {
	if err := checkCount(d, n); err != nil {
		if r := d.buf.Remaining(); int64(r) < 2*((int64(n)+254)/255) {
			return wrapf(ErrTruncated, "%d map entries declared with %d bytes left", n, r)
		}
		return wrapf(ErrTooLarge, "%d map entries declared with %d bytes left, over the limit of %d entries that the input does not back", n, d.buf.Remaining(), maxUnbackedItems)
	}
	return nil
}

// checkListCount is checkCount for a list read by lc. Into a slice, elements
// of a zero-size type (struct{}, or an empty
// struct, which compatible mode writes as no bytes) take neither memory nor
// necessarily input, so a list of any number of them reads back; the
// decode budget, which charges each element minElemCharge, bounds their
// count (and the time reading them takes).
func checkListCount(d *decoder, n uint32, lc *listCodec) error {
	if lc.elemSize == 0 && !lc.isArray {
		if uint64(n) > math.MaxInt32 {
			// Over any budget; and no int on 32-bit platforms. A
			// limit, not a short input: more bytes cannot help.
			return wrapf(ErrTooLarge, "%d elements declared, over the limit of %d for elements that take no memory", n, math.MaxInt32)
		}
		return nil
	}
	return checkCount(d, n)
}

// elemCodec is the element side of a list, set or map: the element's type
// and whether the container's static type declares it to the reader (as a
// struct field's generic parameter does), so no element type info is sent.
type elemCodec struct {
	ti       *typeInfo
	codec    codec // for declared nested containers: their declared variant
	declared bool
	noRef    bool // never reference tracked (the elements of a noref field)
	// spans: writeElements records where each element's wire form is
	// (e.spans), for a set whose distinct elements may share one (see
	// setCodec.mayMerge).
	spans bool
}

// polymorphic types always carry their type info, even when declared.
func isPolymorphic(ti *typeInfo) bool {
	w := ti.wire()
	return w.isAny || isStructTypeID(w.id)
}

// cd returns the codec for element data. It is looked up at call time, as
// a recursive type's codec is set only after its plan is built.
func (ec *elemCodec) cd() codec {
	if ec.codec != nil {
		return ec.codec
	}
	return ec.ti.codec
}

func newElemCodec(ti *typeInfo, declared bool) elemCodec {
	ec := elemCodec{ti: ti}
	if declared && !isPolymorphic(ti) {
		ec.declared = true
		ec.codec = declaredCodec(ti)
	}
	return ec
}

// declaredCodec returns the codec of ti for a position whose static type is
// known to the reader (inside a struct field's declared type), or nil when
// ti's own codec serves (codecs of recursive types are set late, so callers
// look ti.codec up at use time).
func declaredCodec(ti *typeInfo) codec {
	if selfReaching(ti.typ) {
		// A recursive container type (type L []L) has no finite
		// declared form: it is written as at the top level, with its
		// elements' type info.
		return nil
	}
	switch c := ti.codec.(type) {
	case *listCodec:
		if c.declaredVariant == nil {
			v := *c
			v.elem = newElemCodec(c.elem.ti, true)
			c.declaredVariant = &v
			v.declaredVariant = &v
		}
		return c.declaredVariant
	case *setCodec:
		if c.declaredVariant == nil {
			v := *c
			v.elem = newElemCodec(c.elem.ti, true)
			v.elem.spans = c.elem.spans
			c.declaredVariant = &v
			v.declaredVariant = &v
		}
		return c.declaredVariant
	case *mapCodec:
		if c.declaredVariant == nil {
			v := *c
			v.key = newElemCodec(c.key.ti, true)
			v.val = newElemCodec(c.val.ti, true)
			c.declaredVariant = &v
			v.declaredVariant = &v
		}
		return c.declaredVariant
	case *ptrCodec:
		inner := declaredCodec(c.elem)
		if inner == nil {
			return nil
		}
		elem := newTypeInfo(c.elem.typ)
		elem.codec = inner
		return &ptrCodec{elem: elem, ptrType: c.ptrType, scalar: c.scalar}
	}
	return ti.codec
}

// norefCodec returns the variant of the (declared) container codec c whose
// elements, or map keys and values, are never reference tracked: the codec
// of a list or map field tagged noref. Other codecs are returned as they are.
func norefCodec(c codec) codec {
	switch c := c.(type) {
	case *listCodec:
		v := *c
		v.elem = v.elem.noref()
		v.declaredVariant = &v
		return &v
	case *setCodec:
		v := *c
		v.elem = v.elem.noref()
		v.declaredVariant = &v
		return &v
	case *mapCodec:
		v := *c
		v.key, v.val = v.key.noref(), v.val.noref()
		v.declaredVariant = &v
		return &v
	}
	return c
}

// noref returns ec never tracking its elements, nested containers
// included.
func (ec elemCodec) noref() elemCodec {
	ec.noRef = true
	if ec.codec != nil {
		ec.codec = norefCodec(ec.codec)
	}
	return ec
}

// bareStructValues returns the variant of the declared map codec c whose
// values, when they are structs registered by id, are declared: written
// without type info, as pyfory writes a map<K, Struct> field in
// schema-consistent mode (its list elements keep their type info). Other
// codecs are returned as they are.
func bareStructValues(c codec) codec {
	m, ok := c.(*mapCodec)
	if !ok || m.val.declared || m.val.ti.wire().id != tidStruct {
		return c
	}
	v := *m
	v.val.declared = true
	v.declaredVariant = &v
	return &v
}

// listCodec handles slices and Go arrays that travel as lists.
type listCodec struct {
	typ             reflect.Type
	isArray         bool
	n               int
	elemSize        uintptr
	elem            elemCodec
	elemWord        unsafe.Pointer
	declaredVariant *listCodec
}

func newListCodec(r *resolver, t reflect.Type, elem *typeInfo) *listCodec {
	c := &listCodec{typ: t, elemSize: t.Elem().Size(), elem: newElemCodec(elem, false), elemWord: typeWord(t.Elem())}
	if t.Kind() == reflect.Array {
		c.isArray, c.n = true, t.Len()
	}
	return c
}

func (c *listCodec) elems(p unsafe.Pointer) (unsafe.Pointer, int) {
	if c.isArray {
		return p, c.n
	}
	h := (*sliceHeader)(p)
	return h.data, h.len
}

func (c *listCodec) write(e *encoder, p unsafe.Pointer) error {
	base, n := c.elems(p)
	return writeElements(e, &c.elem, base, n, c.elemSize)
}

// writeElements writes a list or set body: count, header, element type
// info (once, when all elements share it) and the elements.
func writeElements(e *encoder, ec *elemCodec, base unsafe.Pointer, n int, size uintptr) error {
	e.buf.WriteVaruint32(uint32(n))
	if n == 0 {
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	ti := ec.ti
	header := byte(0)
	same := true
	var dyn *typeInfo // the shared dynamic type of interface elements
	if ti.isAny {
		for i := 0; i < n; i++ {
			t, _, err := e.dynamic(ti, unsafe.Add(base, uintptr(i)*size))
			if err != nil {
				return err
			}
			if t == nil {
				header |= collHasNull
				continue
			}
			if dyn == nil {
				dyn = t
			} else if dyn != t {
				same = false
			}
			if e.refTracking && t.refable && !ec.noRef {
				header |= collTrackRef
			}
		}
		if dyn == nil {
			same = false // all null
		}
	} else {
		if ti.nilable {
			for i := 0; i < n; i++ {
				if isNilAt(ti, unsafe.Add(base, uintptr(i)*size)) {
					header |= collHasNull
					break
				}
			}
		}
		if e.refTracking && ti.refable && !ec.noRef {
			header |= collTrackRef
		}
		dyn = ti
	}
	if same {
		header |= collSameType
	}
	if ec.declared {
		header |= collDeclared
	}
	e.buf.WriteUint8(header)
	track, hasNull := header&collTrackRef != 0, header&collHasNull != 0
	if ec.spans && !(same && dyn.kind != kOther) { // one scalar type: distinct forms
		return e.writeSpanned(ti, dyn, ec, base, n, size, same, hasNull, track)
	}
	if !same {
		for i := 0; i < n; i++ {
			if err := e.writeFull(ti, unsafe.Add(base, uintptr(i)*size), hasNull, track, true); err != nil {
				return err
			}
		}
		e.depth--
		return nil
	}
	if !ec.declared {
		if err := e.writeTypeInfo(dyn.wire()); err != nil {
			return err
		}
	}
	cd := ec.cd()
	if ti.isAny {
		cd = dyn.codec
	}
	if !track && !hasNull && !ti.isAny && writeVarintRun(e.buf, ti.kind, base, n, size) {
		e.depth--
		return nil
	}
	if !track && !hasNull && dyn.kind != kOther {
		k := dyn.kind
		for i := 0; i < n; i++ {
			q := unsafe.Add(base, uintptr(i)*size)
			if ti.isAny {
				q = dataPointer(q, dyn.direct)
			}
			writeScalar(e.buf, k, q)
		}
		e.depth--
		return nil
	}
	for i := 0; i < n; i++ {
		q := unsafe.Add(base, uintptr(i)*size)
		if ti.isAny {
			t, dq, err := e.dynamic(ti, q)
			if err != nil {
				return err
			}
			if t == nil {
				e.buf.WriteInt8(flagNull)
				continue
			}
			q = dq
		}
		if track || hasNull {
			if err := e.writeFlagged(dyn, cd, q, track); err != nil {
				return err
			}
			continue
		}
		if err := cd.write(e, q); err != nil {
			return err
		}
	}
	e.depth--
	return nil
}

// writeSpanned writes the elements after writeElements' header as it
// does, recording where each non-null element's wire form is in e.spans
// (for setCodec.checkDistinct). Its element types (interfaces, times,
// structs holding them) have no scalar fast path.
func (e *encoder) writeSpanned(ti, dyn *typeInfo, ec *elemCodec, base unsafe.Pointer, n int, size uintptr, same, hasNull, track bool) error {
	if same && !ec.declared {
		if err := e.writeTypeInfo(dyn.wire()); err != nil {
			return err
		}
	}
	cd := ec.cd()
	if ti.isAny && same {
		cd = dyn.codec
	}
	for i := 0; i < n; i++ {
		q := unsafe.Add(base, uintptr(i)*size)
		at := e.buf.Len()
		switch {
		case !same:
			if err := e.writeFull(ti, q, hasNull, track, true); err != nil {
				return err
			}
			if e.buf.Len() == at+1 && int8(e.buf.Bytes()[at]) == flagNull {
				continue
			}
		default:
			if ti.isAny {
				t, dq, err := e.dynamic(ti, q)
				if err != nil {
					return err
				}
				if t == nil {
					e.buf.WriteInt8(flagNull)
					continue
				}
				q = dq
			}
			if track || hasNull {
				if err := e.writeFlagged(dyn, cd, q, track); err != nil {
					return err
				}
			} else if err := cd.write(e, q); err != nil {
				return err
			}
		}
		e.spans = append(e.spans, elemSpan{i: i, start: at, end: e.buf.Len()})
	}
	e.depth--
	return nil
}

// writeFlagged writes a flag (null / reference) and the data of a value
// whose type info is already known to the reader.
func (e *encoder) writeFlagged(ti *typeInfo, cd codec, p unsafe.Pointer, track bool) error {
	if e.writeFlag(ti, p, track) {
		return nil
	}
	return cd.write(e, p)
}

func (c *listCodec) read(d *decoder, p unsafe.Pointer) error {
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	if err := checkListCount(d, n, c); err != nil {
		return err
	}
	if id, ok := peekElemType(d.buf.Unread()); ok && n > 0 && !sideFits(c.elem.ti, id) {
		return elemsMismatch(tidList, c.typ)
	}
	var base unsafe.Pointer
	if c.isArray {
		if int(n) != c.n {
			return wrapf(ErrTypeMismatch, "list of %d elements cannot fill %v", n, c.typ)
		}
		base = p
	} else {
		// An empty list reads as an empty, non-nil slice (no allocation;
		// a struct field that is not nullable then makes it nil),
		// so that writing it again gives an empty list, not null.
		if size := max(c.elemSize, minElemCharge); !d.take(int(n), size) {
			if err := d.chargeSlow(int(n), size, c.typ); err != nil {
				return err
			}
		}
		base = newArray(c.elemWord, int(n))
		*(*sliceHeader)(p) = sliceHeader{data: base, len: int(n), cap: int(n)}
		if d.pending >= 0 {
			d.claim(packAny(c.typ, p))
		}
	}
	if n == 0 {
		return nil
	}
	return readElements(d, &c.elem, int(n), func(i int) unsafe.Pointer {
		return unsafe.Add(base, uintptr(i)*c.elemSize)
	})
}

// readElements reads the header and n elements of a list or set, storing
// element i at slot(i).
func readElements(d *decoder, ec *elemCodec, n int, slot func(int) unsafe.Pointer) error {
	if err := d.enter(); err != nil {
		return err
	}
	header, err := d.buf.ReadByte()
	if err != nil {
		return err
	}
	return readElementsAfter(d, ec, n, header, slot)
}

// readElementsAfter reads the rest of a list or set whose header has been
// read (the nesting level entered).
func readElementsAfter(d *decoder, ec *elemCodec, n int, header byte, slot func(int) unsafe.Pointer) error {
	if header&0xf0 != 0 {
		return wrapf(ErrInvalidData, "bad collection header %#x", header)
	}
	ti := ec.ti
	track, hasNull := header&collTrackRef != 0, header&collHasNull != 0
	// A declared element type means every element is of that type, with
	// no type info of its own, whether or not the same-type bit is set
	// too (the spec's is_decl_elem_type; the peers set both).
	if header&(collSameType|collDeclared) == 0 {
		for i := 0; i < n; i++ {
			if err := d.readFull(ti, slot(i), hasNull, track, true); err != nil {
				return err
			}
		}
		d.depth--
		return nil
	}
	if header&collDeclared == 0 {
		wt, err := d.readTypeInfo()
		if err != nil {
			return err
		}
		return readElementsTyped(d, ec, n, header, wt, slot)
	}
	if ti.isAny {
		return wrapf(ErrTypeMismatch, "list with a declared element type read into %v", ti.typ)
	}
	return readElementsData(d, ec, n, header, wireType{}, true, slot)
}

// readElementsTyped reads the elements of a list or set whose elements
// share the type info wt, already read.
func readElementsTyped(d *decoder, ec *elemCodec, n int, header byte, wt wireType, slot func(int) unsafe.Pointer) error {
	ti := ec.ti
	if err := d.unknownAuto(ti, wt); err != nil {
		return err
	}
	direct := !ti.isAny && wt.local == ti.wire() && wt.def == nil ||
		!ti.isAny && wt.local == nil && wt.def == nil && matchesWire(ti.wire(), wt.id) && ti.ptrElem == nil
	return readElementsData(d, ec, n, header, wt, direct, slot)
}

// readElementsData reads the elements of a list or set of one type; direct
// means they are read with the element codec, else by wt and converted.
func readElementsData(d *decoder, ec *elemCodec, n int, header byte, wt wireType, direct bool, slot func(int) unsafe.Pointer) error {
	ti := ec.ti
	track, hasNull := header&collTrackRef != 0, header&collHasNull != 0
	if direct && !track && !hasNull && ti.kind != kOther {
		if ok, err := readVarintRun(d.buf, ti.kind, slot(0), n, ec.ti.typ.Size()); ok {
			if err != nil {
				return err
			}
			d.depth--
			return nil
		}
		for i := 0; i < n; i++ {
			if err := readScalar(d.buf, ti.kind, slot(i)); err != nil {
				return err
			}
		}
		d.depth--
		return nil
	}
	cd := ec.cd()
	var err error
	for i := 0; i < n; i++ {
		q := slot(i)
		id := -1
		if track || hasNull {
			done, rid, err := d.beginValue(ti, q)
			if err != nil {
				return err
			}
			if done {
				continue
			}
			id = rid
		}
		if direct {
			err = cd.read(d, q)
		} else {
			err = d.readTyped(ti, q, wt)
		}
		d.endValue(ti, q, id, err)
		if err != nil {
			return err
		}
	}
	d.depth--
	return nil
}

// ---- sets --------------------------------------------------------------

// setCodec handles map[T]struct{} (and Set[T]) as the wire set type.
type setCodec struct {
	typ             reflect.Type
	tword           unsafe.Pointer // typ's type word
	elem            elemCodec
	declaredVariant *setCodec
}

func newSetCodec(r *resolver, t reflect.Type, elem *typeInfo) *setCodec {
	c := &setCodec{typ: t, tword: typeWord(t), elem: newElemCodec(elem, false)}
	// Distinct elements that may share a wire form are checked as map
	// keys are (time.Time elements by distinctInstants, cheaper).
	c.elem.spans = t.Key() != timeType && keysMayMerge(t.Key())
	return c
}

// elemSpan locates element i's wire form in the output (see
// elemCodec.spans).
type elemSpan struct {
	i, start, end int
}

func (c *setCodec) write(e *encoder, p unsafe.Pointer) error {
	m := mapAt(c.tword, p)
	n := m.Len()
	if n == 0 {
		return writeElements(e, &c.elem, nil, 0, c.typ.Key().Size())
	}
	// The elements are copied into a slice kept by the encoder (up to
	// setScratchMax of them), so that writing a set allocates nothing
	// once its type has been seen.
	sc := e.mapScratch.get(c.typ)
	defer e.mapScratch.put(sc)
	kt := c.typ.Key()
	keys := sc.keySlice(n)
	sc.big = reflect.Value{}
	base, size := keys.UnsafePointer(), kt.Size()
	i := 0
	var it reflect.MapIter
	it.Reset(m)
	for it.Next() && i < n {
		keys.Index(i).SetIterKey(&it)
		i++
	}
	if kt == timeType {
		if err := distinctInstants(c.typ, unsafe.Slice((*time.Time)(base), i)); err != nil {
			return err
		}
	}
	if !c.elem.spans {
		return writeElements(e, &c.elem, base, i, size)
	}
	from := len(e.spans) // a set nested in an element records its own
	shared := e.gw.SharedWritten()
	err := writeElements(e, &c.elem, base, i, size)
	if err == nil && e.gw.SharedWritten() != shared && e.oob == nil {
		// The elements wrote a TypeDef or a name in full the first time
		// and refer to it after (a struct field's type info in compatible
		// mode): forms that are one on the wire differ in the output.
		// Compare the forms of a second writing, where every one is a
		// reference, then drop it with the reference ids it gave out.
		// (Not with out-of-band buffers, which it would send again.)
		end, nrefs := e.buf.Len(), e.nrefs
		e.spans = e.spans[:from]
		if err = writeElements(e, &c.elem, base, i, size); err == nil {
			err = c.checkDistinct(e, sc, keys, e.spans[from:])
		}
		e.buf.Truncate(end)
		e.dropRefs(nrefs)
	} else if err == nil {
		err = c.checkDistinct(e, sc, keys, e.spans[from:])
	}
	e.spans = e.spans[:from]
	return err
}

// dropRefs forgets the reference ids from n on: what a writing that was
// dropped gave out.
func (e *encoder) dropRefs(n uint32) {
	if e.nrefs == n {
		return
	}
	for k, id := range e.refs {
		if id >= n {
			delete(e.refs, k)
		}
	}
	e.nrefs = n
}

// checkDistinct fails when two elements of the set just written have one
// wire form (spans, into the output): the set would read back smaller.
// As for map keys, elements that read back distinct are exempt (see
// readsDistinct).
func (c *setCodec) checkDistinct(e *encoder, sc *mapScratch, keys reflect.Value, spans []elemSpan) error {
	if len(spans) < 2 {
		return nil
	}
	if sc.seen == nil {
		sc.seen = map[uint64]keySpan{}
	}
	out := e.buf.Bytes()
	for _, sp := range spans {
		k := keys.Index(sp.i)
		if k.Kind() == reflect.Interface {
			ti, err := e.r.typeInfoOf(k.Elem().Type())
			if err != nil || readsDistinct(ti) {
				continue
			}
		}
		form := out[sp.start:sp.end]
		h := maphash.Bytes(keySeed, form)
		for ; ; h++ {
			prev, ok := sc.seen[h]
			if !ok {
				sc.seen[h] = keySpan{start: sp.start, end: sp.end, i: sp.i}
				break
			}
			if string(out[prev.start:prev.end]) == string(form) {
				return wrapf(ErrInvalidArgument, "%v: elements %v and %v are distinct in Go but have the same wire form (%s), so the set would read back with fewer elements; make the elements distinct on the wire",
					c.typ, keys.Index(prev.i), k, mergeReason(keys.Index(prev.i), k))
			}
		}
	}
	return nil
}

// distinctInstants fails when two elements of a set of time.Time are one
// instant (in different locations, or one with a monotonic reading): the
// wire keeps the instant only, and the set would read back smaller.
func distinctInstants(t reflect.Type, ts []time.Time) error {
	seen := make(map[time.Time]int, len(ts))
	for i, v := range ts {
		u := v.UTC() // also drops the monotonic reading
		if j, dup := seen[u]; dup {
			return wrapf(ErrInvalidArgument, "%v: elements %v and %v are the same instant, so the set would read back with fewer elements (the wire keeps the instant, not the location or monotonic reading); use t.UTC() or t.Round(0) for the elements", t, ts[j], v)
		}
		seen[u] = i
	}
	return nil
}

// setScratchMax is the most set elements an encoder keeps room for.
const setScratchMax = 1024

func (c *setCodec) read(d *decoder, p unsafe.Pointer) error {
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	if err := checkCount(d, n); err != nil {
		return err
	}
	if id, ok := peekElemType(d.buf.Unread()); ok && n > 0 && !sideFits(c.elem.ti, id) {
		return elemsMismatch(tidSet, c.typ)
	}
	kt := c.typ.Key()
	if err := d.chargeMap(int(n), kt, c.typ.Elem()); err != nil {
		return err
	}
	if err := d.charge(int(n), kt.Size(), c.typ); err != nil {
		return err
	}
	m := reflect.MakeMapWithSize(c.typ, d.presize(n))
	*(*unsafe.Pointer)(p) = m.UnsafePointer() // a map is one pointer (see mapAt)
	if d.pending >= 0 {
		d.claim(packAny(c.typ, p))
	}
	if n == 0 {
		return nil
	}
	keys := reflect.MakeSlice(reflect.SliceOf(kt), int(n), int(n))
	base := keys.UnsafePointer()
	size := kt.Size()
	if err := readElements(d, &c.elem, int(n), func(i int) unsafe.Pointer {
		return unsafe.Add(base, uintptr(i)*size)
	}); err != nil {
		return err
	}
	empty := reflect.Zero(c.typ.Elem())
	for i := 0; i < int(n); i++ {
		k := keys.Index(i)
		if !k.Comparable() {
			return wrapf(ErrTypeMismatch, "set element of type %v is not hashable", k.Elem().Type())
		}
		m.SetMapIndex(k, empty)
	}
	if m.Len() != int(n) {
		return duplicateKeys("set", int(n), m.Len())
	}
	return nil
}

// writeVarintRun writes n contiguous integers of kind k at base with the
// bulk varint kernels, reporting whether it handled the kind.
func writeVarintRun(b *buffer, k kind, base unsafe.Pointer, n int, size uintptr) bool {
	var err error
	var m int
	switch {
	case k == kInt32 && size == 4:
		b.Grow(n * asm.MaxVarint32Len)
		m, err = asm.PutVarint32s(b.Tail(), unsafe.Slice((*int32)(base), n))
	case k == kUint32 && size == 4:
		b.Grow(n * asm.MaxVarint32Len)
		m, err = asm.PutUvarint32s(b.Tail(), unsafe.Slice((*uint32)(base), n))
	case k == kInt64 || k == kInt && size == 8:
		b.Grow(n * asm.MaxVarint64Len)
		m, err = asm.PutVarint64s(b.Tail(), unsafe.Slice((*int64)(base), n))
	case k == kUint64 || k == kUint && size == 8:
		b.Grow(n * asm.MaxVarint64Len)
		m, err = asm.PutUvarint64s(b.Tail(), unsafe.Slice((*uint64)(base), n))
	default:
		return false
	}
	if err != nil {
		return false // cannot happen: the buffer was grown to the maximum
	}
	b.Advance(m)
	return true
}

// readVarintRun decodes n contiguous integers of kind k into base with the
// bulk varint kernels, reporting whether it handled the kind.
func readVarintRun(b *buffer, k kind, base unsafe.Pointer, n int, size uintptr) (bool, error) {
	var m int
	var err error
	src := b.Unread()
	switch {
	case k == kInt32 && size == 4:
		m, err = asm.Varint32s(unsafe.Slice((*int32)(base), n), src)
	case k == kUint32 && size == 4:
		m, err = asm.Uvarint32s(unsafe.Slice((*uint32)(base), n), src)
	case k == kInt64 || k == kInt && size == 8:
		m, err = asm.Varint64s(unsafe.Slice((*int64)(base), n), src)
	case k == kUint64 || k == kUint && size == 8:
		m, err = asm.Uvarint64s(unsafe.Slice((*uint64)(base), n), src)
	default:
		return false, nil
	}
	if err != nil {
		if errors.Is(err, asm.ErrTruncated) {
			return true, errTruncated
		}
		return true, errVarintOverflow
	}
	_ = b.Skip(m)
	return true, nil
}
