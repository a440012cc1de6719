package fury

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// encoder holds the state of one Marshal/Serialize call. It is reused
// across calls by its Fury, so a steady-state call allocates nothing.
type encoder struct {
	r           *resolver
	buf         *buffer
	depth       int
	maxDepth    int
	refTracking bool
	compatible  bool
	// compactStrings: strings in the peers' latin1/UTF-16 forms
	// (WithCompactStrings), set on the buffer for the call.
	compactStrings bool

	refs  map[refKey]uint32
	nrefs uint32 // reference ids given out (refs, and empty slices)
	oob   func(SerializedObject) bool
	// netted: a deferred recover up the stack turns a panic into an error
	// (see genWriter.catch). False between calls: whatever sets it (the
	// full way, writeGenNet, writeFieldNet) puts it back in a deferred
	// function. fellBack: the short way entered the runtime without a net
	// (see Fury.writeGenNet).
	netted, fellBack bool
	gw               furyrt.Writer  // what generated code writes through
	root             unsafe.Pointer // the root value's data word, when pointer-shaped
	mapScratch       mapScratchPool // key and value variables for writing maps
	spans            []elemSpan     // set elements' wire forms (see elemCodec.spans)
}

type refKey struct {
	p unsafe.Pointer
	n int
	t unsafe.Pointer
}

func (e *encoder) reset(buf *buffer) {
	e.buf = buf
	e.gw.Set(buf, e.compatible, e.refTracking, nativeLE)
	e.depth = 0
	if len(e.refs) > 0 {
		clear(e.refs)
	}
	e.nrefs = 0
	e.oob = nil
}

func (e *encoder) enter() error {
	e.depth++
	if e.depth > e.maxDepth {
		return wrapf(ErrDepthExceeded, "writing deeper than %d levels (%s)", e.maxDepth, e.cycleHint())
	}
	return nil
}

// cycleHint says what a cycle that made a write too deep needs, given
// what e tracks: with reference tracking on, a struct field is tracked
// only when tagged ref (or under WithTrackAllFields), so a cycle through
// untagged fields still nests without end.
func (e *encoder) cycleHint() string {
	switch {
	case !e.refTracking:
		return "a cycle needs reference tracking: WithRefTracking(true), and through struct fields a `fury:\"ref\"` tag on them or WithTrackAllFields(true)"
	case !e.r.trackAllFields:
		return "a cycle through struct fields needs them tracked: tag them `fury:\"ref\"` or add WithTrackAllFields(true)"
	default:
		return "see WithMaxDepth; a cycle through a field tagged `fury:\"noref\"` is not tracked"
	}
}

// isNilAt reports whether the nilable value of type ti at p is nil.
func isNilAt(ti *typeInfo, p unsafe.Pointer) bool {
	switch ti.typ.Kind() {
	case reflect.Pointer, reflect.Map:
		return *(*unsafe.Pointer)(p) == nil
	case reflect.Slice:
		return (*sliceHeader)(p).data == nil
	case reflect.Interface:
		return (*ifaceWords)(p).first == nil
	}
	return false
}

// dynamic returns the dynamic type of the interface of type ti at p and a
// pointer to the value it holds. It returns a nil type for a nil interface
// and for one holding a nil pointer, slice or map, which travel as null (or
// as the none type where there is no null flag) and come back as a nil
// interface: the wire has no typed nil.
func (e *encoder) dynamic(ti *typeInfo, p unsafe.Pointer) (*typeInfo, unsafe.Pointer, error) {
	v := anyAt(ti, p)
	if v == nil {
		return nil, nil, nil
	}
	dti, err := e.r.typeInfoOfAny(v)
	if err != nil {
		return nil, nil, err
	}
	q := dataPointer(p, dti.direct)
	if dti.nilable && isNilAt(dti, q) {
		return nil, nil, nil
	}
	if ti.iface {
		if err := readableAs(ti.typ, dti); err != nil {
			return nil, nil, err
		}
	}
	return dti, q, nil
}

// readableAs refuses to write a value into a non-empty interface position
// when what the reader makes of it could not be stored there again: a
// reader gets registered structs (as T or *T) and enums back as their Go
// types, but every other value as its natural Go value (a named float as
// float64, a named slice as []any), which has no methods, so of those only
// the time types, Date and Decimal can satisfy an interface.
func readableAs(iface reflect.Type, dti *typeInfo) error {
	w := dti.wire()
	switch {
	case w.isEnum, w.typ == timeType, w.typ == durationType, w.typ == dateType, w.typ == decimalType:
		if w.typ.Implements(iface) {
			return nil
		}
	case w.st != nil && !w.auto:
		return nil // read as *T, stored as T or *T, whichever the writer had
	case w.st != nil:
		return wrapf(ErrUnsupportedType, "%v in a %v position would not read back: register %v", dti.typ, iface, w.typ)
	}
	return wrapf(ErrUnsupportedType, "%v in a %v position would not read back (it reads as its natural Go value, which does not implement %v); only registered structs and enums, time.Time, time.Duration, Date and Decimal can", dti.typ, iface, iface)
}

func refKeyOf(ti *typeInfo, p unsafe.Pointer) refKey {
	switch ti.typ.Kind() {
	case reflect.Slice:
		h := (*sliceHeader)(p)
		return refKey{h.data, h.len, ti.refWord}
	case reflect.Interface:
		// A union: the identity of the wrapper it holds.
		return refKey{(*ifaceWords)(p).data, 0, ti.refWord}
	default:
		return refKey{*(*unsafe.Pointer)(p), 0, ti.refWord}
	}
}

// writeFull writes one value at a position: the null/reference flag when
// the position is nullable or tracked, the type info when withType, then
// the data. ti is the static type of the position; for interface types the
// dynamic value decides.
func (e *encoder) writeFull(ti *typeInfo, p unsafe.Pointer, nullable, track, withType bool) error {
	return e.writeFullC(ti, ti.codec, p, nullable, track, withType)
}

// writeFullC is writeFull with the codec for the data given (a declared
// container variant for struct fields).
func (e *encoder) writeFullC(ti *typeInfo, cd codec, p unsafe.Pointer, nullable, track, withType bool) error {
	if cd == nil {
		cd = ti.codec
	}
	if ti.ptrAny {
		// A pointer to an interface travels as the interface it points
		// to; a nil pointer as a nil interface.
		// It is a level of nesting: an interface holding a pointer to
		// itself (var x any; x = &x) writes nothing at each hop, so only
		// the depth bound stops it.
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			q = unsafe.Pointer(&ifaceWords{})
		}
		if err := e.enter(); err != nil {
			return err
		}
		err := e.writeFullC(ti.ptrElem, nil, q, nullable, track, withType)
		e.depth--
		return err
	}
	if ti.isAny {
		dti, q, err := e.dynamic(ti, p)
		if err != nil {
			return err
		}
		if dti == nil {
			if nullable || track {
				e.buf.WriteInt8(flagNull)
				return nil
			}
			e.buf.WriteVaruint32(tidNone)
			return nil
		}
		return e.writeFull(dti, q, nullable, track, true)
	}
	if nullable || track {
		if !nullable && ti.typ.Kind() == reflect.Pointer && *(*unsafe.Pointer)(p) == nil {
			// A nil pointer at a notnull position is written as its zero
			// value (ptrCodec), tracked or not: a null flag here would make
			// the result depend on reference tracking.
			e.buf.WriteInt8(flagNotNullValue)
		} else if e.writeFlag(ti, p, track) {
			return nil
		}
	}
	if withType {
		if err := e.writeTypeInfo(ti.wire()); err != nil {
			return err
		}
	}
	return cd.write(e, p)
}

// writeFlag writes the null/reference flag of the value at p and reports
// whether that completes it (null, or a reference to an earlier value).
// With track, values of reference types get an id on first sight.
func (e *encoder) writeFlag(ti *typeInfo, p unsafe.Pointer, track bool) (done bool) {
	if ti.nilable && isNilAt(ti, p) {
		e.buf.WriteInt8(flagNull)
		return true
	}
	if track && ti.refable && e.refTracking {
		k := refKeyOf(ti, p)
		if k.p != nil && k.n == 0 && ti.typ.Kind() == reflect.Slice {
			// Empty slices share their address, so none is referred
			// to again; each still takes a reference id, as the
			// peers' empty lists do (fory-core 1.6 fails on a
			// not-tracked flag in a tracked position).
			e.nrefs++
			e.buf.WriteInt8(flagRefValue)
			return false
		}
		if k.p != nil {
			if id, ok := e.refs[k]; ok {
				e.buf.WriteInt8(flagRef)
				e.buf.WriteVaruint32(id)
				return true
			}
			if e.refs == nil {
				e.refs = make(map[refKey]uint32)
			}
			e.refs[k] = e.nrefs
			e.nrefs++
			e.buf.WriteInt8(flagRefValue)
			return false
		}
	}
	e.buf.WriteInt8(flagNotNullValue)
	return false
}

// writeTypeInfo writes the type info of w (a non-pointer type).
func (e *encoder) writeTypeInfo(w *typeInfo) error {
	e.buf.WriteVaruint32(w.id)
	switch w.id {
	case tidStruct, tidEnum, tidTypedUnion:
		e.buf.WriteVaruint32(w.userID)
	case tidCompatibleStruct, tidNamedCompatibleStruct:
		e.writeTypeDef(w)
	case tidNamedEnum, tidNamedUnion:
		if e.compatible {
			e.writeTypeDef(w)
			return nil
		}
		e.writeMetaString(w.nsMeta)
		e.writeMetaString(w.nameMeta)
	case tidNamedStruct:
		if e.compatible {
			// evolving=false by name: the peers share its TypeDef.
			e.writeTypeDef(w)
			return nil
		}
		e.writeMetaString(w.nsMeta)
		e.writeMetaString(w.nameMeta)
	}
	return nil
}

// writeTypeDef writes the shared-meta marker and, the first time in a
// message, the TypeDef of w.
func (e *encoder) writeTypeDef(w *typeInfo) { e.gw.PutTypeDef(w.writeDef()) }

// ---- decoding ---------------------------------------------------------

// decoder holds the state of one Unmarshal/Deserialize call.
type decoder struct {
	r *resolver
	// recovered: the decode ended in a panic caught by its net (see
	// Fury.fieldPathError).
	recovered bool
	buf       *buffer
	depth     int
	maxDepth  int

	refs      refTable
	pending   int // reserved reference id not yet claimed, or -1
	metaRead  []string
	metaCache map[metaCacheKey]string
	defsRead  []*remoteDef
	oobBufs   [][]byte
	oobNext   int
	oobOn     bool
	nextDef   *remoteDef // TypeDef for the struct about to be read
	// typed > 0 while a value is decoded for conversion into a typed
	// destination.
	typed int
	// reach: the struct types the destination's type mentions (see
	// reachableStructs); only those of them that are unregistered are
	// read as their Go type, so that the result does not depend on which
	// other unregistered types this Fury has met.
	reach map[reflect.Type]bool
	// skipping: the value is read only to find where it ends (a stream
	// Decoder skipping a message), so every unregistered struct this Fury
	// has met is known.
	skipping bool
	// noSkip: values a read skips (see skip.go) are read as natural
	// values instead, for a decode started over because a reference
	// pointed into a skipped value (hitSkipped).
	noSkip, hitSkipped bool
	spentBefore        int64 // budget a first attempt spent (see deserialize)
	genStack           []*structInfo
	// fresh: the decoder is as reset left it for Unmarshal's buffer but
	// for what Unmarshal's short way for flat roots sets itself (see
	// Fury.readFlat); reset clears it, as its other callers go on to use
	// the decoder. bare: that way's generated code is running, with no
	// panic net up the stack (see genReader.ReadField).
	fresh, bare bool
	gr          furyrt.Reader  // what generated code reads through
	mapScratch  mapScratchPool // key and value variables for reading maps

	// The decode memory budget (see budget.go) and what it bounds.
	maxDecoded int64 // configured budget (0: default)
	limit      int64 // budget of the decode in progress
	metaBytes  int64 // what metaCache holds (see MaxCachedMetaStringBytes)
	pows       []cachedPow
}

type unsetRef struct{}

var refUnset any = &unsetRef{}

// maxKeptSlice bounds the capacity of the per-decode slices a decoder
// keeps between calls: a hostile message with a million references must
// not leave the Fury holding their table.
const maxKeptSlice = 1024

// trim drops per-decode slices that grew beyond maxKeptSlice.
func (d *decoder) trim() {
	if cap(d.metaRead) > maxKeptSlice {
		d.metaRead = nil
	}
	if cap(d.defsRead) > maxKeptSlice {
		d.defsRead = nil
	}
	if cap(d.genStack) > maxKeptSlice {
		d.genStack = nil
	}
}

// reset prepares d to read from buf. Pointer fields are stored only when
// they change: a decode allocates, so the garbage collector is often
// marking, and every pointer store then pays a write barrier.
func (d *decoder) reset(buf *buffer) {
	if d.buf != buf {
		d.buf = buf
	}
	d.gr.Set(buf, d.r.compatible, d.r.refTracking, nativeLE)
	d.depth = 0
	d.refs.reset()
	d.pending = -1
	d.metaRead = d.metaRead[:0]
	d.defsRead = d.defsRead[:0]
	if d.oobBufs != nil {
		d.oobBufs = nil
	}
	d.oobNext = 0
	d.oobOn = false
	if d.nextDef != nil {
		d.nextDef = nil
	}
	d.typed = 0
	d.hitSkipped = false
	d.genStack = d.genStack[:0]
	d.fresh = false
}

func (d *decoder) enter() error {
	d.depth++
	if d.depth > d.maxDepth {
		return wrapf(ErrDepthExceeded, "input nests deeper than %d levels", d.maxDepth)
	}
	return nil
}

// claim records v as the value of the reference id reserved for the value
// being read. Codecs that allocate an object call it before reading the
// object's contents, so that cycles can refer back to it.
func (d *decoder) claim(v any) {
	if d.pending >= 0 {
		d.refs.set(d.pending, v)
		d.pending = -1
	}
}

// readFlag reads a null/reference flag. It returns done when the value is
// complete (null, or a back reference stored at p), and the reserved
// reference id (or -1).
func (d *decoder) readFlag(ti *typeInfo, p unsafe.Pointer) (done bool, id int, err error) {
	f, err := d.buf.ReadInt8()
	if err != nil {
		return false, -1, err
	}
	switch f {
	case flagNull:
		setZero(ti, p)
		return true, -1, nil
	case flagRef:
		rid, err := d.buf.ReadVaruint32()
		if err != nil {
			return false, -1, err
		}
		if uint(rid) >= uint(d.refs.len()) {
			return false, -1, wrapf(ErrInvalidData, "reference id %d out of range (%d seen)", rid, d.refs.len())
		}
		v := d.refs.get(int(rid))
		if v == refUnset {
			return false, -1, wrapf(ErrInvalidData, "reference id %d used before its value is known", rid)
		}
		if v == refSkipped {
			return false, -1, d.skippedRefHit(rid)
		}
		if err := storeRef(ti, p, v); err != nil {
			return false, -1, err
		}
		return true, -1, nil
	case flagNotNullValue:
		return false, -1, nil
	case flagRefValue:
		cost := uintptr(refCost)
		if !ti.direct && ti.typ.Kind() != reflect.Interface {
			cost += ti.size // endValue keeps a copy of the value, boxed
		}
		if err := d.charge(1, cost, "a reference"); err != nil {
			return false, -1, err
		}
		return false, d.refs.push(refUnset), nil
	}
	return false, -1, wrapf(ErrInvalidData, "bad reference flag %d", f)
}

// readNone stores what converting a none value gives (the zero value),
// without the reflection of convertInto. Kept out of line: it is not on
// the path of well-typed input.
//
//go:noinline
func readNone(ti *typeInfo, p unsafe.Pointer) error {
	setZero(ti, p)
	return nil
}

func setZero(ti *typeInfo, p unsafe.Pointer) {
	switch ti.clr {
	case clearWord:
		*(*unsafe.Pointer)(p) = nil
	case clearSlice:
		*(*sliceHeader)(p) = sliceHeader{}
	case clearIface:
		*(*ifaceWords)(p) = ifaceWords{}
	default:
		if n := ti.size; n != 0 && !zeroMemory(p, n) {
			reflect.NewAt(ti.typ, p).Elem().SetZero()
		}
	}
}

// zeroMemory reports whether the n bytes at p (a Go value) are all zero,
// for values of at most 256 bytes (larger ones report false): decoding
// into a fresh value, the usual case, then skips clearing it.
func zeroMemory(p unsafe.Pointer, n uintptr) bool {
	if n > 256 {
		return false
	}
	var acc uint64
	i := uintptr(0)
	for ; i+32 <= n; i += 32 {
		q := (*[4]uint64)(unsafe.Add(p, i))
		acc |= q[0] | q[1] | q[2] | q[3]
	}
	// Under 32 left: a 16-byte and an 8-byte step, not a loop.
	if i+16 <= n {
		q := (*[2]uint64)(unsafe.Add(p, i))
		acc |= q[0] | q[1]
		i += 16
	}
	if i+8 <= n {
		acc |= *(*uint64)(unsafe.Add(p, i))
		i += 8
	}
	for ; i < n; i++ {
		acc |= uint64(*(*byte)(unsafe.Add(p, i)))
	}
	return acc == 0
}

func storeRef(ti *typeInfo, p unsafe.Pointer, v any) error {
	if ti.isAny {
		return storeInterface(ti, p, v)
	}
	if !storeAny(ti.typ, p, v) {
		return wrapf(ErrTypeMismatch, "shared reference of type %T cannot be stored in %v", v, ti.typ)
	}
	return nil
}

// beginValue reads the flag of a value at p. done means the value is
// complete (null, or a back reference stored at p); id >= 0 is the
// reference id the value will have, made pending so that the codec that
// allocates the object can claim it before reading its contents.
func (d *decoder) beginValue(ti *typeInfo, p unsafe.Pointer) (done bool, id int, err error) {
	done, id, err = d.readFlag(ti, p)
	if id >= 0 {
		d.pending = id
	}
	return done, id, err
}

// endValue records the value at p under reference id (if the codec did not
// claim it already) and clears the pending reservation.
func (d *decoder) endValue(ti *typeInfo, p unsafe.Pointer, id int, err error) {
	if id < 0 {
		return
	}
	if err == nil && d.refs.get(id) == refUnset {
		d.refs.set(id, packAny(ti.typ, p))
	}
	d.pending = -1
}

// readFull reads one value at a position, mirroring writeFull.
func (d *decoder) readFull(ti *typeInfo, p unsafe.Pointer, nullable, track, withType bool) error {
	return d.readFullC(ti, ti.codec, p, nullable, track, withType)
}

// readFullC is readFull with the codec for the data given.
func (d *decoder) readFullC(ti *typeInfo, cd codec, p unsafe.Pointer, nullable, track, withType bool) error {
	if cd == nil {
		cd = ti.codec
	}
	if ti.ptrAny {
		q := unsafeNew(ti.ptrElem.typ)
		if err := d.readFullC(ti.ptrElem, nil, q, nullable, track, withType); err != nil {
			return err
		}
		if (*ifaceWords)(q).first == nil {
			q = nil
		}
		*(*unsafe.Pointer)(p) = q
		return nil
	}
	id := -1
	if nullable || track {
		done, rid, err := d.beginValue(ti, p)
		if err != nil || done {
			return err
		}
		id = rid
		if id >= 0 && !ti.refable {
			// A value read in place (a struct root read into a T, not a
			// *T) that the writer gave a reference id: its identity is
			// the destination's address. Claim it now, before its
			// contents, so that a field pointing back at it gets &v, and
			// so that the id is not left pending for the first pointer,
			// slice or map inside that claims (which bound the root's id
			// to that inner value).
			d.claim(reflect.NewAt(ti.typ, p).Interface())
		}
	}
	var err error
	if withType && !d.untypedStruct(ti) {
		var wt wireType
		if wt, err = d.readTypeInfo(); err == nil {
			err = d.readTypedC(ti, cd, p, wt)
		} else {
			err = forDestination(err, ti)
		}
	} else {
		err = cd.read(d, p)
	}
	d.endValue(ti, p, id, err)
	return err
}

// untypedStruct reports whether a struct of type ti comes next without the
// type info this position would carry. In schema-consistent mode the Java
// peer writes a struct registered by name with no type info where the
// Python peer (and this package) writes it; the reader accepts both, telling
// them apart by the struct hash that starts the data. Input shorter than a
// hash is read as the struct without type info, so that it fails as cut:
// either form is at least a hash long (type info is followed by the hash),
// and reading it as type info could take a cut hash for a complete value
// (a hash starting 0x24 reads as the type info of a null).
func (d *decoder) untypedStruct(ti *typeInfo) bool {
	w := ti.wire()
	if d.r.compatible || w.st == nil || !w.named {
		return false
	}
	u := d.buf.Unread()
	return len(u) < 4 || w.st.hashMatches(int32(binary.LittleEndian.Uint32(u)))
}

// readTyped reads data described by wire type wt into the ti-typed
// location at p: directly when the types match, else through the dynamic
// reader and a conversion.
func (d *decoder) readTyped(ti *typeInfo, p unsafe.Pointer, wt wireType) error {
	return d.readTypedC(ti, ti.codec, p, wt)
}

func (d *decoder) readTypedC(ti *typeInfo, cd codec, p unsafe.Pointer, wt wireType) error {
	if cd == nil {
		cd = ti.codec
	}
	if !ti.isAny {
		w := ti.wire()
		if wt.local != nil && (wt.local == w || sharedAutoName(w, wt.local)) || anonymousPair(w, wt) {
			d.nextDef = wt.def
			err := cd.read(d, p)
			d.nextDef = nil
			return err
		}
		if err := d.unknownAuto(ti, wt); err != nil {
			return err
		}
		if wt.local == nil && wt.def == nil && matchesWire(w, wt.id) {
			return cd.read(d, p)
		}
		if wt.id == tidNone {
			return readNone(ti, p)
		}
	}
	if ti.isAny {
		v, err := d.readDynamicData(wt)
		if err != nil {
			return err
		}
		return storeInterface(ti, p, v)
	}
	if l := wt.local; l != nil && l.auto && !d.knows(l) {
		// Read as a Fury that has not met the Go type would (see
		// unknownAuto): the struct's fields, to convert from.
		wt.local = nil
	}
	if st := naturalType(wt); st != nil && !mayConvert(st, ti.typ) {
		// Refused before the data is built: no value of the data's type
		// converts to the destination's.
		return structMismatch(&furyError{Sentinel: ErrTypeMismatch, Msg: fmt.Sprintf("cannot store %v in %v", dataType(wt, st), ti.typ), Cause: errNoConversion}, wt, ti)
	}
	if (wt.id == tidList || wt.id == tidSet || wt.id == tidMap) && !d.elemsMayConvert(wt, ti.typ) {
		return elemsMismatch(wt.id, ti.typ)
	}
	d.typed++
	v, err := d.readDynamicData(wt)
	d.typed--
	if err != nil {
		return err
	}
	if err := convertInto(d, ti.typ, p, v); err != nil {
		return structMismatch(err, wt, ti)
	}
	return nil
}

// dataType is the Go type errors name for data of wire type wt, whose
// natural type (what it converts as) is st: a float16 or bfloat16 converts
// as a float32 does, and is named as itself.
func dataType(wt wireType, st reflect.Type) reflect.Type {
	switch wt.id {
	case tidFloat16:
		return float16Type
	case tidBFloat16:
		return bfloat16Type
	}
	return st
}

// structMismatch names the struct the data holds in err, when err says a
// struct's data does not convert to t at all: the conversion would name
// only the value the data was read as (a map of its fields, for a struct
// this Fury does not know).
func structMismatch(err error, wt wireType, ti *typeInfo) error {
	fe, ok := err.(*furyError)
	if !ok || fe.Path != "" || !isStructTypeID(wt.id) || !errors.Is(err, errNoConversion) {
		return err
	}
	name := dataHolds(wt, ti)
	if name == "" {
		return err
	}
	msg := fmt.Sprintf("the data holds struct %s, which does not convert to %s", name, destination(ti))
	if ti.wire().st != nil {
		msg += ": the writer and the reader must register the type under the same name or id"
	}
	return &furyError{Sentinel: ErrTypeMismatch, Msg: msg, Cause: errNoConversion}
}

// sharedAutoName reports whether the declared type w and the type l the
// data's name was looked up as are distinct unregistered structs sharing
// an auto name (types declared inside functions): the lookup finds only
// the first of them, and a typed position reads the data as its own type.
func sharedAutoName(w, l *typeInfo) bool {
	return w.st != nil && w.auto && l.auto && l.ns == w.ns && l.name == w.name
}

// anonymousPair reports whether the declared type w and the data (wire
// type wt) are both struct types without a name, the data with its
// TypeDef (compatible mode): an unnamed struct is named by a hash of its
// Go spelling, so a changed one (a field added) has another name, and is
// read by its TypeDef into the declared type, as a named struct that
// evolved is.
func anonymousPair(w *typeInfo, wt wireType) bool {
	return wt.def != nil && wt.def.isStruct && wt.def.named && wt.def.ns == anonStructNS &&
		w.st != nil && w.auto && w.ns == anonStructNS
}

// knows reports whether the unregistered struct type l, whose name this
// Fury has met, is read as its Go type in the decode in progress.
func (d *decoder) knows(l *typeInfo) bool { return d.skipping || d.reach[l.typ] }

// unknownAuto returns the error a Fury that has not met the Go type gives
// for data of wire type wt read into the typed position ti, or nil: an
// unregistered (auto-named) struct that the destination's type does not
// mention is found by its name only once this Fury has met the Go type (see
// resolver.lookupName), and a typed position must get the same result
// either way. (In compatible mode the data carries its TypeDef and reads
// without the Go type.)
func (d *decoder) unknownAuto(ti *typeInfo, wt wireType) error {
	if l := wt.local; l != nil && l.auto && wt.def == nil && !ti.isAny && l != ti.wire() && !d.knows(l) {
		return wrapf(ErrUnknownType, "no type registered as %q; the destination is %s", joinName(l.ns, l.name), destination(ti))
	}
	return nil
}

// matchesWire reports whether values of ti can be read directly from data
// of wire type id.
func matchesWire(ti *typeInfo, id uint32) bool {
	if ti.id == id {
		return true
	}
	switch ti.id {
	case tidBinary, tidUint8Array:
		return id == tidBinary || id == tidUint8Array || id == tidInt8Array
	case tidInt8Array:
		// Java has no int8 array: its byte[] is binary.
		return id == tidBinary || id == tidUint8Array
	}
	return false
}

// pushDef appends rd to a message's TypeDefs read (decoder.defsRead).
// Messages of one kind read the same TypeDefs in the same order, so the
// slot above the last usually holds rd already: it is then not stored
// again (no write barrier, as in pushPlan).
func pushDef(s *[]*remoteDef, rd *remoteDef) {
	n := len(*s)
	if n == cap(*s) {
		*s = append(*s, rd)
		return
	}
	*s = (*s)[:n+1]
	if (*s)[n] != rd {
		(*s)[n] = rd
	}
}

// setFirstDef makes rd the only TypeDef read so far (see pushDef).
func setFirstDef(s *[]*remoteDef, rd *remoteDef) {
	*s = (*s)[:0]
	pushDef(s, rd)
}

// pushPlan pushes st on the decoder's stack of struct plans (genStack).
// The stack repeats from one message to the next, so the slot above the top
// usually holds st already: it is then not stored again, which saves a
// write barrier while the collector marks (decodes allocate, so it often
// is). Measured: SmallStruct deserialize −4.7% (bench/PERFLOG.md).
func pushPlan(s *[]*structInfo, st *structInfo) {
	n := len(*s)
	if n == cap(*s) {
		*s = append(*s, st)
		return
	}
	*s = (*s)[:n+1]
	if (*s)[n] != st {
		(*s)[n] = st
	}
}

// setReach makes the struct types ti mentions those the decode knows
// (decoder.reach). A Fury mostly reads one type after another: the map
// is then not stored again (no write barrier, see pushPlan).
func (d *decoder) setReach(ti *typeInfo) {
	if m := ti.reachable(); !sameMap(d.reach, m) {
		d.reach = m
	}
}

// sameMap reports whether a and b are the same map (maps compare only to
// nil in Go: this compares the map pointers).
func sameMap(a, b map[reflect.Type]bool) bool {
	return *(*unsafe.Pointer)(unsafe.Pointer(&a)) == *(*unsafe.Pointer)(unsafe.Pointer(&b))
}
