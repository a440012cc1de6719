package fury

import (
	"fmt"
	"reflect"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury/internal/varint"
)

// The skipper: reading past a value without building it.
//
// A compatible-mode field the reader's struct lacks, or whose type does
// not convert to the reader's, is skipped: its bytes are walked as the
// reader would walk them (flags, type info, TypeDefs, lengths, collection
// and map headers, nested structs), so that malformed data is refused as
// reading it would refuse it, but nothing is materialized: a skipped
// value costs no allocation per element, whatever it declares. What it
// reads that later values may use is kept, as a read keeps it: TypeDefs
// and meta strings (later type info refers back to them by index) and one
// entry of the reference table for each value that takes a reference id.
//
// Those entries hold refSkipped. A later reference to a skipped value
// (with reference tracking, a value first written in a field the reader
// skips and referred to from one it reads) cannot be resolved without the
// value: the decode then starts over with skipping turned off, reading
// skipped values as they were read before the skipper existed (built as
// their natural Go values, within the decode memory budget), so such a
// message costs at most two decodes' budgets.
//
// The work of a skip is bounded by its input: a list whose elements all
// take no bytes (of type none, or empty structs in compatible mode) is
// skipped in one step, however many it declares; any other element, entry
// or field that takes no input bytes (a null-free none inside a list of
// mixed types, a TypeDef field of type none) is charged minElemCharge to
// the decode budget, as reading it would be, so a hostile count cannot buy
// unbounded time.

// skippedRef marks a reference-table entry of a skipped value.
type skippedRef struct{}

var refSkipped any = &skippedRef{}

// Field types of the collections and maps whose element types the data
// carries (as readDynamicData reads them).
var (
	listUnknownFT = &fieldType{id: tidList, elem: unknownFT}
	setUnknownFT  = &fieldType{id: tidSet, elem: unknownFT}
	mapUnknownFT  = &fieldType{id: tidMap, key: unknownFT, val: unknownFT}
)

// skipValue consumes a value of declared type ft, with its flag and type
// info as the position says (as readValueByFT reads it).
func (d *decoder) skipValue(ft *fieldType, nullable, track, dynamic bool) error {
	if d.noSkip {
		_, err := d.readValueByFT(ft, nullable, track, dynamic)
		return err
	}
	if nullable || track {
		done, err := d.skipFlag()
		if err != nil || done {
			return err
		}
	}
	if dynamic {
		wt, err := d.readTypeInfo()
		if err != nil {
			return err
		}
		return d.skipData(wt)
	}
	return d.skipByFT(ft)
}

// skipFlag reads a null/reference flag of a skipped value: done for null
// and back references; a value that takes a reference id gets refSkipped.
func (d *decoder) skipFlag() (done bool, err error) {
	f, err := d.buf.ReadInt8()
	if err != nil {
		return false, err
	}
	switch f {
	case flagNull:
		return true, nil
	case flagRef:
		rid, err := d.buf.ReadVaruint32()
		if err != nil {
			return false, err
		}
		if uint(rid) >= uint(d.refs.len()) {
			return false, wrapf(ErrInvalidData, "reference id %d out of range (%d seen)", rid, d.refs.len())
		}
		return true, nil
	case flagNotNullValue:
		return false, nil
	case flagRefValue:
		if err := d.charge(1, refCost, "a reference"); err != nil {
			return false, err
		}
		d.refs.push(refSkipped)
		return false, nil
	}
	return false, wrapf(ErrInvalidData, "bad reference flag %d", f)
}

// skippedRefHit records that a back reference pointed at a skipped value
// (see deserialize, which then decodes again without skipping).
func (d *decoder) skippedRefHit(rid uint32) error {
	d.hitSkipped = true
	return wrapf(ErrInvalidData, "reference id %d points to a value that was skipped", rid)
}

// skipByFT consumes data (no flag, no type info) of declared type ft, as
// readDataByFT reads it.
func (d *decoder) skipByFT(ft *fieldType) error {
	switch ft.id {
	case tidList, tidSet:
		return d.skipCollection(ft)
	case tidMap:
		return d.skipMap(ft)
	case tidEnum, tidNamedEnum:
		_, err := d.buf.ReadVaruint32()
		return err
	}
	if remoteDynamic(ft) {
		wt, err := d.readTypeInfo()
		if err != nil {
			return err
		}
		return d.skipData(wt)
	}
	return d.skipData(wireType{id: ft.id})
}

// skipData consumes the data of wire type wt, as readDynamicData reads it.
func (d *decoder) skipData(wt wireType) error {
	b := d.buf
	var err error
	switch wt.id {
	case tidNone:
		return nil
	case tidBool, tidInt8, tidUint8:
		err = b.Skip(1)
	case tidInt16, tidUint16, tidFloat16, tidBFloat16:
		err = b.Skip(2)
	case tidInt32, tidUint32, tidFloat32:
		err = b.Skip(4)
	case tidInt64, tidUint64, tidFloat64:
		err = b.Skip(8)
	case tidVarint32, tidVarUint32, tidEnum, tidNamedEnum:
		_, err = b.ReadVaruint32()
	case tidVarint64, tidVarUint64:
		_, err = b.ReadVaruint64()
	case tidTaggedInt64, tidTaggedUint64:
		_, err = b.ReadTaggedInt64()
	case tidString:
		err = d.skipString()
	case tidTimestamp:
		var t time.Time
		err = timestampCodec{}.read(d, unsafe.Pointer(&t))
	case tidDuration:
		var v time.Duration
		err = durationCodec{}.read(d, unsafe.Pointer(&v))
	case tidDate:
		var v Date
		err = dateCodec{}.read(d, unsafe.Pointer(&v))
	case tidDecimal:
		err = skipDecimal(b)
	case tidList:
		err = d.skipCollection(listUnknownFT)
	case tidSet:
		err = d.skipCollection(setUnknownFT)
	case tidMap:
		err = d.skipMap(mapUnknownFT)
	case tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct:
		return d.skipStruct(wt)
	case tidUnion, tidTypedUnion, tidNamedUnion:
		// The case id, then the case's value with its flag and type info
		// (as readUnionValue reads it).
		if _, err = b.ReadVaruint32(); err != nil {
			return err
		}
		if err = d.enter(); err != nil {
			return err
		}
		err = d.skipValue(unknownFT, true, true, true)
		d.depth--
	default:
		if _, ok := arrayGoType(wt.id); ok {
			return d.skipBufferObject()
		}
		return wrapf(ErrUnsupportedType, "wire type %d", wt.id)
	}
	return err
}

// zeroWidth reports whether data of wire type wt takes no bytes whatever
// its value: the none type, and in compatible mode a struct whose TypeDef
// has no fields.
func zeroWidth(wt wireType) bool {
	return wt.id == tidNone || wt.def != nil && wt.def.isStruct && len(wt.def.fields) == 0
}

// skipBufferObject consumes a binary or primitive array, in band or (an
// out-of-band buffer the message refers to) not.
func (d *decoder) skipBufferObject() error {
	if d.oobOn && d.oobBufs == nil {
		inBand, err := d.buf.ReadBool()
		if err != nil || !inBand {
			return err
		}
	} else if d.oobOn {
		_, err := d.readBufferObject()
		return err
	}
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	return d.buf.Skip(int(n))
}

// skipString consumes a string in any of its encodings.
func (d *decoder) skipString() error {
	h, err := d.buf.ReadVaruint64()
	if err != nil {
		return err
	}
	n := h >> 2
	switch h & 3 {
	case 0, 2: // latin1, UTF-8
	case 1: // UTF-16
		if n%2 != 0 {
			return wrapf(ErrInvalidData, "odd UTF-16 string length %d", n)
		}
	default:
		return wrapf(ErrInvalidData, "unknown string encoding %d", h&3)
	}
	if n > uint64(d.buf.Remaining()) {
		return errTruncated
	}
	return d.buf.Skip(int(n))
}

// skipDecimal consumes a decimal (see readDecimal), checking its form.
func skipDecimal(b *buffer) error {
	if _, err := b.ReadVarint32(); err != nil {
		return err
	}
	h, err := b.ReadVaruint64()
	if err != nil || h&1 == 0 {
		return err
	}
	n := h >> 2
	if n == 0 {
		return wrapf(ErrInvalidData, "decimal with an empty magnitude")
	}
	if n > uint64(b.Remaining()) {
		return wrapf(ErrTruncated, "decimal magnitude of %d bytes", n)
	}
	raw, err := b.ReadBytes(int(n))
	if err != nil {
		return err
	}
	if raw[len(raw)-1] == 0 {
		return wrapf(ErrInvalidData, "decimal magnitude with a trailing zero byte")
	}
	return nil
}

// skipStruct consumes a struct's data: by its TypeDef when the data
// carries one, else by the layout of its local type.
func (d *decoder) skipStruct(wt wireType) error {
	if wt.def != nil {
		return d.skipByDef(wt.def)
	}
	l := wt.local
	if l != nil && l.auto && !d.knows(l) {
		return wrapf(ErrUnknownType, "struct %s in an interface value: register its Go type to read it there", joinName(l.ns, l.name))
	}
	if l == nil || l.st == nil {
		return wrapf(ErrUnknownType, "struct type %d", wt.id)
	}
	return d.skipLocalStruct(l.st)
}

// skipByDef consumes the fields of a struct described by TypeDef rd.
func (d *decoder) skipByDef(rd *remoteDef) error {
	if err := d.enter(); err != nil {
		return err
	}
	empty := 0 // fields that took no input (of type none)
	for i := range rd.fields {
		f := &rd.fields[i]
		at := d.buf.ReaderIndex()
		if err := d.skipValue(f.ft, f.ft.nullable, f.ft.ref, remoteDynamic(f.ft)); err != nil {
			return err
		}
		if d.buf.ReaderIndex() == at {
			empty++
		}
	}
	d.depth--
	return d.chargeEmpty(empty, stepCharge)
}

// skipLocalStruct consumes the data of a struct written in st's layout
// (schema-consistent mode, or a struct without a TypeDef).
func (d *decoder) skipLocalStruct(st *structInfo) error {
	if err := d.enter(); err != nil {
		return err
	}
	if !d.r.compatible {
		if err := st.checkHash(d.buf); err != nil {
			return err
		}
	}
	for _, f := range st.fields {
		if err := d.skipLocalField(f); err != nil {
			return wrapField(err, st, f)
		}
	}
	d.depth--
	return nil
}

// skipLocalField consumes field f of a struct in its local layout.
func (d *decoder) skipLocalField(f *fieldInfo) error {
	w := f.ti.wire()
	if w.st == nil {
		return d.skipValue(f.ft, f.nullable, f.ref, f.dynamic)
	}
	if f.nullable || f.ref {
		done, err := d.skipFlag()
		if err != nil || done {
			return err
		}
	}
	if f.dynamic && !d.untypedStruct(f.ti) {
		return d.skipValue(f.ft, false, false, true)
	}
	// A struct without type info (by id in schema-consistent mode, or
	// registered by name as the spec, Java and Rust write it): its layout
	// is the local one.
	return d.skipLocalStruct(w.st)
}

// chargeEmpty charges n pieces of skipped data that may take no input
// bytes (elements, entries or fields), size each: the time a skip takes
// stays within what the budget allows a read.
func (d *decoder) chargeEmpty(n int, size uintptr) error {
	if n == 0 {
		return nil
	}
	return d.charge(n, size, "skipped values that take no input")
}

// skipCollection consumes a list or set of declared type ft, as
// readCollectionByFT reads it.
func (d *decoder) skipCollection(ft *fieldType) error {
	// The count needs no check against the input left (checkCount): a
	// skip allocates nothing for it, a list of elements that take no
	// bytes is one step, and any other element takes a byte or a charge.
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := d.enter(); err != nil {
		return err
	}
	header, err := d.buf.ReadByte()
	if err != nil {
		return err
	}
	if header&0xf0 != 0 {
		return wrapf(ErrInvalidData, "bad collection header %#x", header)
	}
	track, hasNull := header&collTrackRef != 0, header&collHasNull != 0
	empty := 0 // elements that took no input
	switch {
	case header&(collSameType|collDeclared) == 0:
		// Each element carries its type info (a declared element type
		// needs no same-type bit, as the list codecs read it).
		for i := uint32(0); i < n; i++ {
			at := d.buf.ReaderIndex()
			if err := d.skipValue(unknownFT, hasNull, track, true); err != nil {
				return err
			}
			if d.buf.ReaderIndex() == at {
				empty++
			}
		}
	case header&collDeclared != 0:
		if ft.elem == nil || ft.elem.id == tidUnknown {
			return wrapf(ErrInvalidData, "list declares an element type the reader does not know")
		}
		for i := uint32(0); i < n; i++ {
			at := d.buf.ReaderIndex()
			if err := d.skipValue(ft.elem, hasNull, track, false); err != nil {
				return err
			}
			if d.buf.ReaderIndex() == at {
				empty++
			}
		}
	default:
		wt, err := d.readTypeInfo()
		if err != nil {
			return err
		}
		if !track && !hasNull && zeroWidth(wt) {
			// Elements of no bytes each (none, empty structs in
			// compatible mode): nothing to walk, however many.
			break
		}
		for i := uint32(0); i < n; i++ {
			at := d.buf.ReaderIndex()
			if track || hasNull {
				done, err := d.skipFlag()
				if err != nil {
					return err
				}
				if done {
					continue
				}
			}
			if err := d.skipData(wt); err != nil {
				return err
			}
			if d.buf.ReaderIndex() == at {
				empty++
			}
		}
	}
	d.depth--
	return d.chargeEmpty(empty, minElemCharge)
}

// skipMap consumes a map of declared type ft, as readMapByFT reads it.
func (d *decoder) skipMap(ft *fieldType) error {
	n, err := d.buf.ReadVaruint32() // (no checkCount: see skipCollection)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := d.enter(); err != nil {
		return err
	}
	empty := 0
	for read := uint32(0); read < n; {
		h, err := d.buf.ReadByte()
		if err != nil {
			return err
		}
		if h&mapReserved != 0 {
			return wrapf(ErrInvalidData, "bad map chunk header %#x", h)
		}
		if h&(mapKeyNull|mapValNull) != 0 {
			// The other side carries a reference flag only when its
			// tracked bit is set (as the map codec reads it).
			if h&mapKeyNull == 0 {
				kf := h&mapKeyRef != 0
				if err := d.skipValue(ft.key, kf, kf, h&mapKeyDeclared == 0); err != nil {
					return err
				}
			}
			if h&mapValNull == 0 {
				vf := h&mapValRef != 0
				if err := d.skipValue(ft.val, vf, vf, h&mapValDeclared == 0); err != nil {
					return err
				}
			}
			read++
			continue
		}
		size, err := d.buf.ReadByte()
		if err != nil {
			return err
		}
		if size == 0 || uint32(size) > n-read {
			return wrapf(ErrInvalidData, "map chunk of %d entries with %d left", size, n-read)
		}
		var kwt, vwt wireType
		if h&mapKeyDeclared == 0 {
			if kwt, err = d.readTypeInfo(); err != nil {
				return err
			}
		} else if ft.key == nil || ft.key.id == tidUnknown {
			return wrapf(ErrInvalidData, "map declares a key type the reader does not know")
		}
		if h&mapValDeclared == 0 {
			if vwt, err = d.readTypeInfo(); err != nil {
				return err
			}
		} else if ft.val == nil || ft.val.id == tidUnknown {
			return wrapf(ErrInvalidData, "map declares a value type the reader does not know")
		}
		for i := 0; i < int(size); i++ {
			at := d.buf.ReaderIndex()
			if err := d.skipSide(ft.key, kwt, h&mapKeyDeclared != 0, h&mapKeyRef != 0); err != nil {
				return err
			}
			if err := d.skipSide(ft.val, vwt, h&mapValDeclared != 0, h&mapValRef != 0); err != nil {
				return err
			}
			if d.buf.ReaderIndex() == at {
				empty++
			}
		}
		read += uint32(size)
	}
	d.depth--
	return d.chargeEmpty(empty, minElemCharge)
}

// skipSide consumes one key or value of a map chunk.
func (d *decoder) skipSide(ft *fieldType, wt wireType, declared, track bool) error {
	if declared {
		return d.skipValue(ft, false, track, false)
	}
	if track {
		done, err := d.skipFlag()
		if err != nil || done {
			return err
		}
	}
	return d.skipData(wt)
}

// skipMessage reads past the message at buf's read offset without
// building its value, within the budget a decode of it has, and leaves
// buf after it. It reads what Deserialize into an interface{} reads
// (every struct this Fury has met is known, as for a stream Decoder
// skipping a message), and refuses malformed input as that does, though
// it takes counts the input cannot back as long as their elements take no
// bytes. Out-of-band buffers the message refers to are not needed.
func (f *Fury) skipMessage(buf *buffer) (err error) {
	f.sync()
	d := &f.dec
	d.trim()
	d.reset(buf)
	d.reach = nil
	d.skipping = true
	buf.BeginSlab()
	d.limit = decodeBudget(d.maxDecoded, buf.Remaining())
	buf.SetBudget(d.limit)
	defer func() {
		d.skipping = false
		buf.EndSlab()
		if recoverPanics {
			if r := recover(); r != nil {
				err = wrapf(ErrInvalidData, "skipping a message: %v", r)
			}
		}
	}()
	h, err := buf.ReadByte()
	if err != nil {
		return err
	}
	if h&^(headerXlang|headerOOB) != 0 || h&headerXlang == 0 {
		return wrapf(ErrInvalidData, "header byte %#02x: not a Fory xlang payload", h)
	}
	d.oobOn = h&headerOOB != 0
	if err := d.skipValue(unknownFT, true, true, true); err != nil {
		return err
	}
	return d.checkBudget()
}

// ---- what converts ------------------------------------------------------

// naturalType is the Go type readDynamicData returns for data of wire type
// wt (with wt.local as readTypedC leaves it), or nil when it cannot say.
func naturalType(wt wireType) reflect.Type {
	switch wt.id {
	case tidBool:
		return boolType
	case tidInt8:
		return int8Type
	case tidInt16:
		return int16Type
	case tidInt32, tidVarint32:
		return int32Type
	case tidInt64, tidVarint64, tidTaggedInt64:
		return int64Type
	case tidUint8:
		return uint8Type
	case tidUint16:
		return uint16Type
	case tidUint32, tidVarUint32:
		return uint32Type
	case tidUint64, tidVarUint64, tidTaggedUint64:
		return uint64Type
	case tidFloat16, tidBFloat16, tidFloat32:
		return float32Type
	case tidFloat64:
		return float64Type
	case tidString:
		return stringType
	case tidTimestamp:
		return timeType
	case tidDuration:
		return durationType
	case tidDate:
		return dateType
	case tidDecimal:
		return decimalType
	case tidList:
		return anySliceType
	case tidSet:
		return anySetType
	case tidMap:
		return anyMapType
	case tidEnum, tidNamedEnum:
		if wt.local == nil {
			return uint32Type
		}
		return wt.local.typ
	case tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct:
		if wt.local != nil {
			return reflect.PointerTo(wt.local.typ)
		}
		if wt.def != nil {
			return fieldMapType
		}
		return nil
	}
	if t, ok := arrayGoType(wt.id); ok {
		return t
	}
	return nil
}

var (
	boolType     = reflect.TypeFor[bool]()
	int8Type     = reflect.TypeFor[int8]()
	int16Type    = reflect.TypeFor[int16]()
	int32Type    = reflect.TypeFor[int32]()
	int64Type    = reflect.TypeFor[int64]()
	uint8Type    = reflect.TypeFor[uint8]()
	uint16Type   = reflect.TypeFor[uint16]()
	uint32Type   = reflect.TypeFor[uint32]()
	uint64Type   = reflect.TypeFor[uint64]()
	float32Type  = reflect.TypeFor[float32]()
	float64Type  = reflect.TypeFor[float64]()
	anySetType   = reflect.TypeFor[Set[any]]()
	anyMapType   = reflect.TypeFor[map[any]any]()
	fieldMapType = reflect.TypeFor[map[string]any]()
)

// mayConvert reports whether convertValue could store a value of Go type
// st into a destination of type t: false only when no value of st
// converts (a list into an int32, a string into a map), so that such data
// is refused before it is built. It follows convertValue's rules type by
// type.
func mayConvert(st, t reflect.Type) bool {
	if st.Kind() == reflect.Interface || st.AssignableTo(t) {
		return true // an interface element holds any dynamic value
	}
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer:
		if st.Kind() == reflect.Pointer {
			if st.Elem() == t.Elem() {
				return true
			}
			st = st.Elem()
		}
		return mayConvert(st, t.Elem())
	case reflect.Struct:
		if st.Kind() == reflect.Pointer && st.Elem() == t {
			return true
		}
	case reflect.Bool:
		if st.Kind() == reflect.Bool {
			return true
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if isIntegerKind(st.Kind()) {
			return true
		}
	case reflect.Float32, reflect.Float64:
		if st.Kind() == reflect.Float32 || st.Kind() == reflect.Float64 ||
			st == reflect.TypeFor[Float16]() || st == reflect.TypeFor[BFloat16]() {
			// float16 and bfloat16 data fill float destinations exactly.
			return true
		}
	case reflect.String:
		if st.Kind() == reflect.String {
			return true
		}
	case reflect.Slice, reflect.Array:
		if st.Kind() == reflect.Slice || st.Kind() == reflect.Array {
			return mayConvert(st.Elem(), t.Elem())
		}
	case reflect.Map:
		if st.Kind() == reflect.Map {
			return mayConvert(st.Key(), t.Key()) &&
				(t.Elem().Size() == 0 && st.Elem().Size() == 0 || mayConvert(st.Elem(), t.Elem()))
		}
	}
	return st.ConvertibleTo(t) && st.Kind() == t.Kind()
}

func isIntegerKind(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// ftMayConvert reports whether a value of declared remote type ft (read as
// readValueByFT reads it) may convert into t: mayConvert, with the element,
// key and value types the TypeDef declares.
func ftMayConvert(ft *fieldType, t reflect.Type) bool {
	if ft == nil || ft.id == tidUnknown || remoteDynamic(ft) {
		return true
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	k := t.Kind()
	if k == reflect.Interface {
		return true
	}
	switch ft.id {
	case tidList:
		return (k == reflect.Slice || k == reflect.Array) && ftMayConvert(ft.elem, t.Elem())
	case tidSet:
		return k == reflect.Map && ftMayConvert(ft.elem, t.Key()) &&
			(t.Elem().Size() == 0 || mayConvert(emptyStruct, t.Elem()))
	case tidMap:
		return k == reflect.Map && ftMayConvert(ft.key, t.Key()) && ftMayConvert(ft.val, t.Elem())
	case tidEnum, tidNamedEnum:
		return mayConvert(uint32Type, t)
	}
	st := naturalType(wireType{id: ft.id})
	return st == nil || mayConvert(st, t)
}

// elemsMayConvert looks at the start of the list, set or map data of wire
// type wt at the read offset, without consuming it, and reports false when
// the type its header gives all elements (or all keys or values of its
// first chunk) cannot convert to the element (key, value) type of t: a
// list of strings read into a []int32 is refused before its strings are
// built. It reports true when the header does not say (elements of mixed
// or declared types, structs and enums, whose type info says more).
func (d *decoder) elemsMayConvert(wt wireType, t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	u := d.buf.Unread()
	_, k := varint.Get32(u)
	if k <= 0 {
		return true
	}
	u = u[k:]
	switch wt.id {
	case tidList:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			id, ok := peekElemType(u)
			return !ok || idMayConvert(id, t.Elem())
		}
	case tidSet:
		if t.Kind() == reflect.Map {
			id, ok := peekElemType(u)
			return !ok || idMayConvert(id, t.Key())
		}
	case tidMap:
		if t.Kind() == reflect.Map {
			kid, kok, vid, vok := peekEntryTypes(u)
			return (!kok || idMayConvert(kid, t.Key())) && (!vok || idMayConvert(vid, t.Elem()))
		}
	}
	return true
}

// peekElemType returns the type id that the header of a list or set (u
// starts after its count) gives all its elements, if it gives one (the
// elements' type info is not declared by the reader's type).
func peekElemType(u []byte) (uint32, bool) {
	if len(u) < 2 || u[0]&0xf0 != 0 || u[0]&collSameType == 0 || u[0]&collDeclared != 0 {
		return 0, false
	}
	id, k := varint.Get32(u[1:])
	return id, k > 0
}

// peekEntryTypes returns the key and value type ids that the first chunk
// of a map (u starts after its count) gives its entries, where it gives
// them (not declared, and the value's only after a key type whose type
// info is its id alone).
func peekEntryTypes(u []byte) (kid uint32, kok bool, vid uint32, vok bool) {
	if len(u) < 3 || u[0]&(mapKeyNull|mapValNull) != 0 {
		return
	}
	h, p := u[0], u[2:] // after the chunk header and size
	if h&mapKeyDeclared == 0 {
		id, k := varint.Get32(p)
		if k <= 0 {
			return
		}
		kid, kok = id, true
		if isUserTypeID(id) {
			return // more type info follows
		}
		p = p[k:]
	}
	if h&mapValDeclared == 0 {
		id, k := varint.Get32(p)
		vid, vok = id, k > 0
	}
	return
}

// sideFits reports whether data of wire type id may be stored in a
// container element (key, value) of type ti: at once when it reads
// directly, else by idMayConvert.
func sideFits(ti *typeInfo, id uint32) bool {
	return ti.isAny || matchesWire(ti.wire(), id) || idMayConvert(id, ti.typ)
}

// idMayConvert reports whether data of the (non-user) wire type id may
// convert to t; for user types (structs, enums), whose type info says
// more, it reports true.
func idMayConvert(id uint32, t reflect.Type) bool {
	if isUserTypeID(id) {
		return true
	}
	st := naturalType(wireType{id: id})
	return st == nil || mayConvert(st, t)
}

func isUserTypeID(id uint32) bool {
	switch id {
	case tidEnum, tidNamedEnum, tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct,
		tidExt, tidNamedExt, tidUnion, tidTypedUnion, tidNamedUnion:
		return true
	}
	return false
}

// elemsMismatch is the error for a list, set or map (wire type id) whose
// elements, keys or values cannot be stored in t's.
func elemsMismatch(id uint32, t reflect.Type) error {
	return &furyError{Sentinel: ErrTypeMismatch, Msg: fmt.Sprintf("the elements of the %s cannot be stored in %v", collectionName(id), t), Cause: errNoConversion}
}

// collectionName names a list, set or map wire type in errors.
func collectionName(id uint32) string {
	switch id {
	case tidList:
		return "list"
	case tidSet:
		return "set"
	}
	return "map"
}
