package fury

import (
	"encoding/binary"
	"math"
	"reflect"
	"strconv"
	"time"
	"unsafe"
)

// anyCodec handles interface types (empty or not): the value carries its
// own type info, written by the position (writeFull resolves the dynamic
// type first).
type anyCodec struct {
	ti *typeInfo // the interface type
}

func (c *anyCodec) write(e *encoder, p unsafe.Pointer) error {
	ti, q, err := e.dynamic(c.ti, p)
	if err != nil {
		return err
	}
	if ti == nil {
		e.buf.WriteVaruint32(tidNone)
		return nil
	}
	if err := e.writeTypeInfo(ti.wire()); err != nil {
		return err
	}
	return ti.codec.write(e, q)
}

func (c *anyCodec) read(d *decoder, p unsafe.Pointer) error {
	wt, err := d.readTypeInfo()
	if err != nil {
		return err
	}
	v, err := d.readDynamicData(wt)
	if err != nil {
		return err
	}
	return storeInterface(c.ti, p, v)
}

// wireType is type info read from the wire.
type wireType struct {
	id    uint32
	local *typeInfo  // the local type of a user type, when known
	def   *remoteDef // the TypeDef of a compatible struct or named enum
}

func (d *decoder) readTypeInfo() (wireType, error) {
	wt, err := d.readTypeInfoOf()
	if err != nil {
		return wt, err
	}
	return d.pickLocal(wt), nil
}

// pickLocal returns wt with the local type the data is read as, among Go
// types sharing the auto name the lookup found (see sameAutoName and
// twinFor, which looks at the struct hash that follows).
func (d *decoder) pickLocal(wt wireType) wireType {
	if l := wt.local; l != nil && l.auto && !d.knows(l) {
		if alt := d.sameAutoName(l); alt != nil {
			wt.local = alt
		}
	} else if l != nil && l.twin {
		if alt := d.twinFor(l, wt); alt != nil {
			wt.local = alt
		}
	}
	return wt
}

// twinFor returns the type the data is written as when the name lookup
// found l but the destination's type mentions other unregistered structs
// of l's auto name (func-local types): the one whose TypeDef (compatible
// mode) or struct hash (which starts the data) is the data's, or nil to
// keep l. Without it the lookup's pick, the first of them this Fury met,
// would depend on what it met before.
func (d *decoder) twinFor(l *typeInfo, wt wireType) *typeInfo {
	matches := func(ti *typeInfo) bool {
		if wt.def != nil {
			return string(ti.typeDef) == wt.def.raw
		}
		u := d.buf.Unread()
		return ti.st != nil && len(u) >= 4 && ti.st.hashMatches(int32(binary.LittleEndian.Uint32(u)))
	}
	if matches(l) {
		return nil
	}
	for t := range d.reach {
		if t.Kind() != reflect.Struct || t == l.typ {
			continue
		}
		if ti := d.r.byType[t]; ti != nil && ti.auto && ti.ns == l.ns && ti.name == l.name && matches(ti) {
			return ti
		}
	}
	return nil
}

// sameAutoName returns the unregistered struct type that the destination's
// type mentions under the auto name of l, if exactly one does: two Go types
// can have the same auto name (types declared inside functions), and the
// name lookup finds the one this Fury met first.
func (d *decoder) sameAutoName(l *typeInfo) *typeInfo {
	var found *typeInfo
	for t := range d.reach {
		if t.Kind() != reflect.Struct || t == l.typ {
			continue
		}
		if ti := d.r.byType[t]; ti != nil && ti.auto && ti.ns == l.ns && ti.name == l.name {
			if found != nil {
				return nil
			}
			found = ti
		}
	}
	return found
}

func (d *decoder) readTypeInfoOf() (wireType, error) {
	id, err := d.buf.ReadVaruint32()
	if err != nil {
		return wireType{}, err
	}
	wt := wireType{id: id}
	switch id {
	case tidStruct, tidEnum:
		uid, err := d.buf.ReadVaruint32()
		if err != nil {
			return wt, err
		}
		if wt.local, err = d.r.lookupByID(id, uid); err != nil {
			return wt, err
		}
	case tidCompatibleStruct, tidNamedCompatibleStruct:
		if wt.def, err = d.readSharedDef(); err != nil {
			return wt, err
		}
		if !wt.def.isStruct {
			return wt, wrapf(ErrInvalidData, "struct type id %d with a non-struct type meta", id)
		}
		wt.local = d.r.resolveDef(wt.def)
	case tidNamedStruct:
		if d.r.compatible {
			// fory-core shares meta for every named type in compatible
			// mode, schema-consistent structs included.
			if wt.def, err = d.readSharedDef(); err != nil {
				return wt, err
			}
			if !wt.def.isStruct {
				return wt, wrapf(ErrInvalidData, "named struct with the type meta of another kind")
			}
			wt.local = d.r.resolveDef(wt.def)
			return wt, nil
		}
		ns, err := d.readMetaString(nsEncoder)
		if err != nil {
			return wt, err
		}
		name, err := d.readMetaString(typeNameEncoder)
		if err != nil {
			return wt, err
		}
		if wt.local, err = d.lookupNamed(id, ns, name); err != nil {
			return wt, err
		}
	case tidNamedEnum:
		if d.r.compatible {
			if wt.def, err = d.readSharedDef(); err != nil {
				return wt, err
			}
			if wt.def.isStruct || wt.def.kindCode != tdKindEnum {
				return wt, wrapf(ErrInvalidData, "named enum with the type meta of another kind")
			}
			wt.local = d.r.resolveDef(wt.def)
			wt.def = nil // enums have no layout to adapt
			return wt, nil
		}
		ns, err := d.readMetaString(nsEncoder)
		if err != nil {
			return wt, err
		}
		name, err := d.readMetaString(typeNameEncoder)
		if err != nil {
			return wt, err
		}
		if wt.local, err = d.lookupNamed(id, ns, name); err != nil {
			return wt, err
		}
	case tidTypedUnion:
		uid, err := d.buf.ReadVaruint32()
		if err != nil {
			return wt, err
		}
		if wt.local, err = d.r.lookupByID(id, uid); err != nil {
			return wt, err
		}
	case tidNamedUnion:
		if d.r.compatible {
			if wt.def, err = d.readSharedDef(); err != nil {
				return wt, err
			}
			if wt.def.isStruct || wt.def.kindCode != tdKindUnion {
				return wt, wrapf(ErrInvalidData, "named union with the type meta of another kind")
			}
			def := wt.def
			wt.local, wt.def = d.r.resolveDef(def), nil
			if wt.local == nil {
				return wt, wrapf(ErrUnknownType, "no union registered as %q", joinName(def.ns, def.name))
			}
			return wt, nil
		}
		ns, err := d.readMetaString(nsEncoder)
		if err != nil {
			return wt, err
		}
		name, err := d.readMetaString(typeNameEncoder)
		if err != nil {
			return wt, err
		}
		if wt.local, err = d.lookupNamed(id, ns, name); err != nil {
			return wt, err
		}
	case tidUnion:
		// A union without its identity: read as a UnionValue.
	case tidExt, tidNamedExt, tidArray,
		tidFloat8, tidFloat8Array, tidUnknown:
		return wt, wrapf(ErrUnsupportedType, "wire type %d", id)
	default:
		if id >= tidBound {
			return wt, wrapf(ErrInvalidData, "unknown wire type id %d", id)
		}
	}
	return wt, nil
}

// lookupNamed finds the local type registered as ns.name for data of the
// named wire type id (schema-consistent mode), which must be of its kind:
// a struct's data read as an enum's, or a union's as a struct's, would
// be read by the wrong grammar.
func (d *decoder) lookupNamed(id uint32, ns, name string) (*typeInfo, error) {
	l, err := d.r.lookupByName(ns, name)
	if err != nil {
		return nil, err
	}
	_, union := l.codec.(*unionCodec)
	if id == tidNamedStruct && l.st != nil || id == tidNamedEnum && l.isEnum || id == tidNamedUnion && union {
		return l, nil
	}
	return nil, namedKindMismatch(id, ns, name, l)
}

func namedKindMismatch(id uint32, ns, name string, l *typeInfo) error {
	kind := func(st, enum, union bool) string {
		switch {
		case st:
			return "struct"
		case enum:
			return "enum"
		case union:
			return "union"
		}
		return "type of another kind"
	}
	_, union := l.codec.(*unionCodec)
	return wrapf(ErrTypeMismatch, "the data names %s %q, registered here as a %s (%v)",
		kind(id == tidNamedStruct, id == tidNamedEnum, id == tidNamedUnion), joinName(ns, name), kind(l.st != nil, l.isEnum, union), l.typ)
}

// resolveDef finds the local type a TypeDef names, or nil. A miss is
// remembered only until the Fury learns another auto-named type: the
// struct the TypeDef names may be one a later typed decode brings in.
func (r *resolver) resolveDef(rd *remoteDef) *typeInfo {
	if rd.targetDone && (rd.target != nil || rd.autoNames == r.autoNames) {
		return rd.target
	}
	rd.targetDone, rd.autoNames = true, r.autoNames
	var t reflect.Type
	var ok bool
	if rd.named {
		t, ok = r.lookupName(nameKey{rd.ns, rd.name})
	} else {
		k := uint32(tidStruct)
		if !rd.isStruct {
			k = tidEnum
			if rd.kindCode == tdKindUnion {
				k = tidUnion
			}
		}
		t, ok = r.reg.byID[idKey(k, rd.userID)]
	}
	if ok {
		if ti, err := r.typeInfoOf(t); err == nil && (ti.st != nil) == rd.isStruct {
			rd.target = ti
		}
	}
	return rd.target
}

var (
	anySliceType = reflect.TypeFor[[]any]()
	stringType   = reflect.TypeFor[string]()
	unknownFT    = &fieldType{id: tidUnknown}
)

// readDynamicData reads the data of wire type wt as a natural Go value
// (see the package documentation for the mapping).
func (d *decoder) readDynamicData(wt wireType) (any, error) {
	b := d.buf
	if wt.id == tidNone {
		return nil, nil
	}
	if err := d.charge(1, boxCost, "an interface{} value"); err != nil {
		return nil, err
	}
	switch wt.id {
	case tidBool:
		return b.ReadBool()
	case tidInt8:
		return b.ReadInt8()
	case tidInt16:
		return b.ReadInt16()
	case tidInt32:
		return b.ReadInt32()
	case tidVarint32:
		return b.ReadVarint32()
	case tidInt64:
		return b.ReadInt64()
	case tidVarint64:
		return b.ReadVarint64()
	case tidTaggedInt64:
		return b.ReadTaggedInt64()
	case tidUint8:
		return b.ReadUint8()
	case tidUint16:
		return b.ReadUint16()
	case tidUint32:
		return b.ReadUint32()
	case tidVarUint32:
		return b.ReadVaruint32()
	case tidUint64:
		return b.ReadUint64()
	case tidVarUint64:
		return b.ReadVaruint64()
	case tidTaggedUint64:
		return b.ReadTaggedUint64()
	case tidFloat16:
		v, err := b.ReadUint16()
		return Float16(v), err
	case tidBFloat16:
		v, err := b.ReadUint16()
		return BFloat16(v), err
	case tidFloat32:
		return b.ReadFloat32()
	case tidFloat64:
		return b.ReadFloat64()
	case tidString:
		return b.ReadString()
	case tidTimestamp:
		var t time.Time
		err := timestampCodec{}.read(d, unsafe.Pointer(&t))
		return t, err
	case tidDuration:
		var v time.Duration
		err := durationCodec{}.read(d, unsafe.Pointer(&v))
		return v, err
	case tidDate:
		var v Date
		err := dateCodec{}.read(d, unsafe.Pointer(&v))
		return v, err
	case tidDecimal:
		var v Decimal
		err := decimalCodec{}.read(d, unsafe.Pointer(&v))
		return v, err
	case tidTypedUnion, tidNamedUnion:
		if wt.local == nil || wt.local.codec == nil {
			return d.readUnionValue()
		}
		v := reflect.New(wt.local.typ)
		if err := wt.local.codec.read(d, v.UnsafePointer()); err != nil {
			return nil, err
		}
		if v.Elem().Kind() == reflect.Interface {
			return v.Elem().Elem().Interface(), nil // the case's wrapper
		}
		return v.Elem().Interface(), nil
	case tidUnion:
		return d.readUnionValue()
	case tidList, tidSet:
		return d.readCollectionByFT(&fieldType{id: wt.id, elem: unknownFT})
	case tidMap:
		return d.readMapByFT(&fieldType{id: tidMap, key: unknownFT, val: unknownFT})
	case tidEnum, tidNamedEnum:
		if wt.local == nil {
			return b.ReadVaruint32()
		}
		if err := d.charge(1, wt.local.typ.Size(), wt.local.typ); err != nil {
			return nil, err
		}
		v := reflect.New(wt.local.typ)
		err := wt.local.codec.read(d, v.UnsafePointer())
		return v.Elem().Interface(), err
	case tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct:
		if wt.local != nil && wt.local.auto && !d.knows(wt.local) {
			// Registered structs come back as Go types here, and
			// unregistered ones that the destination's type mentions: any
			// other is known to a Fury only once it has met the Go type,
			// and what an interface{} receives must not depend on that
			// (nor on which pooled Fury decodes).
			if wt.def == nil {
				return nil, wrapf(ErrUnknownType, "struct %s in an interface value: register its Go type to read it there", joinName(wt.local.ns, wt.local.name))
			}
			wt.local = nil
		}
		if wt.local == nil {
			if wt.def == nil {
				return nil, wrapf(ErrUnknownType, "struct type %d", wt.id)
			}
			return d.readUnknownStruct(wt.def)
		}
		ti := wt.local
		if err := d.charge(1, ti.typ.Size(), ti.typ); err != nil {
			return nil, err
		}
		v := reflect.New(ti.typ)
		d.claim(v.Interface())
		d.nextDef = wt.def
		typed := d.typed
		d.typed = 0 // its interface fields are interface{} positions again
		err := ti.codec.read(d, v.UnsafePointer())
		d.typed = typed
		d.nextDef = nil
		return v.Interface(), err
	}
	if t, ok := arrayGoType(wt.id); ok {
		ti, err := d.r.typeInfoOf(t)
		if err != nil {
			return nil, err
		}
		v := reflect.New(t)
		err = ti.codec.read(d, v.UnsafePointer())
		if err == nil && v.Elem().IsNil() {
			v.Elem().Set(reflect.MakeSlice(t, 0, 0))
		}
		return v.Elem().Interface(), err
	}
	return nil, wrapf(ErrUnsupportedType, "wire type %d", wt.id)
}

func arrayGoType(id uint32) (reflect.Type, bool) {
	switch id {
	case tidBinary:
		return bytesType, true
	case tidUint8Array:
		return uint8ArrayType, true
	case tidBoolArray:
		return reflect.TypeFor[[]bool](), true
	case tidInt8Array:
		return reflect.TypeFor[[]int8](), true
	case tidInt16Array:
		return reflect.TypeFor[[]int16](), true
	case tidInt32Array:
		return reflect.TypeFor[[]int32](), true
	case tidInt64Array:
		return reflect.TypeFor[[]int64](), true
	case tidUint16Array:
		return reflect.TypeFor[[]uint16](), true
	case tidFloat16Array:
		return reflect.TypeFor[[]Float16](), true
	case tidBFloat16Array:
		return reflect.TypeFor[[]BFloat16](), true
	case tidUint32Array:
		return reflect.TypeFor[[]uint32](), true
	case tidUint64Array:
		return reflect.TypeFor[[]uint64](), true
	case tidFloat32Array:
		return reflect.TypeFor[[]float32](), true
	case tidFloat64Array:
		return reflect.TypeFor[[]float64](), true
	}
	return nil, false
}

func float16ToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0xff<<23 | frac<<13)
	case exp == 0:
		if frac == 0 {
			return math.Float32frombits(sign)
		}
		f := float32(frac) / 1024 / 16384
		if sign != 0 {
			return -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
}

// readValueByFT reads a value described by a declared wire type (from a
// TypeDef) as a natural Go value, with its flag and type info as the
// position says.
func (d *decoder) readValueByFT(ft *fieldType, nullable, track, dynamic bool) (any, error) {
	id := -1
	if nullable || track {
		v, done, rid, err := d.beginDynamic()
		if err != nil || done {
			return v, err
		}
		id = rid
	}
	var v any
	var err error
	if dynamic {
		var wt wireType
		if wt, err = d.readTypeInfo(); err == nil {
			v, err = d.readDynamicData(wt)
		}
	} else {
		v, err = d.readDataByFT(ft)
	}
	d.endDynamic(id, v, err)
	return v, err
}

// beginDynamic reads the flag before a natural value: done with the value
// for null and back references, else the reference id it will have (or -1).
func (d *decoder) beginDynamic() (v any, done bool, id int, err error) {
	f, err := d.buf.ReadInt8()
	if err != nil {
		return nil, false, -1, err
	}
	switch f {
	case flagNull:
		return nil, true, -1, nil
	case flagRef:
		rid, err := d.buf.ReadVaruint32()
		if err != nil {
			return nil, false, -1, err
		}
		if uint(rid) >= uint(d.refs.len()) || d.refs.get(int(rid)) == refUnset {
			return nil, false, -1, wrapf(ErrInvalidData, "bad reference id %d", rid)
		}
		v := d.refs.get(int(rid))
		if v == refSkipped {
			return nil, false, -1, d.skippedRefHit(rid)
		}
		return v, true, -1, nil
	case flagRefValue:
		if err := d.charge(1, refCost, "a reference"); err != nil {
			return nil, false, -1, err
		}
		d.pending = d.refs.push(refUnset)
		return nil, false, d.pending, nil
	case flagNotNullValue:
		return nil, false, -1, nil
	}
	return nil, false, -1, wrapf(ErrInvalidData, "bad reference flag %d", f)
}

func (d *decoder) endDynamic(id int, v any, err error) {
	if id < 0 {
		return
	}
	if err == nil && d.refs.get(id) == refUnset {
		d.refs.set(id, v)
	}
	d.pending = -1
}

// readDataByFT reads data (no flag, no type info) of declared type ft.
func (d *decoder) readDataByFT(ft *fieldType) (any, error) {
	switch ft.id {
	case tidList, tidSet:
		return d.readCollectionByFT(ft)
	case tidMap:
		return d.readMapByFT(ft)
	case tidEnum, tidNamedEnum:
		return d.buf.ReadVaruint32()
	case tidUnion, tidTypedUnion, tidNamedUnion:
		return d.readUnionValue()
	}
	if remoteDynamic(ft) {
		wt, err := d.readTypeInfo()
		if err != nil {
			return nil, err
		}
		return d.readDynamicData(wt)
	}
	return d.readDynamicData(wireType{id: ft.id})
}

func (d *decoder) readCollectionByFT(ft *fieldType) (any, error) {
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	if err := checkCount(d, n); err != nil {
		return nil, err
	}
	if err := d.charge(int(n), boxCost, anySliceType); err != nil {
		return nil, err
	}
	if ft.id == tidSet {
		if err := d.chargeMap(int(n), anyType, emptyStruct); err != nil {
			return nil, err
		}
	}
	out := make([]any, n)
	if ft.id == tidList && d.pending >= 0 {
		d.claim(out) // (boxing out costs an allocation: only when claimed)
	}
	if n > 0 {
		if err := d.enter(); err != nil {
			return nil, err
		}
		header, err := d.buf.ReadByte()
		if err != nil {
			return nil, err
		}
		if header&0xf0 != 0 {
			return nil, wrapf(ErrInvalidData, "bad collection header %#x", header)
		}
		track, hasNull := header&collTrackRef != 0, header&collHasNull != 0
		switch {
		case header&(collSameType|collDeclared) == 0:
			for i := range out {
				if out[i], err = d.readValueByFT(unknownFT, hasNull, track, true); err != nil {
					return nil, err
				}
			}
		case header&collDeclared != 0:
			if ft.elem == nil || ft.elem.id == tidUnknown {
				return nil, wrapf(ErrInvalidData, "list declares an element type the reader does not know")
			}
			for i := range out {
				if out[i], err = d.readValueByFT(ft.elem, hasNull, track, false); err != nil {
					return nil, err
				}
			}
		default:
			wt, err := d.readTypeInfo()
			if err != nil {
				return nil, err
			}
			for i := range out {
				if out[i], err = d.readSameType(wt, hasNull, track); err != nil {
					return nil, err
				}
			}
		}
		d.depth--
	}
	if ft.id == tidList {
		return out, nil
	}
	s := make(Set[any], len(out))
	for _, v := range out {
		if v != nil && !reflect.ValueOf(v).Comparable() {
			return nil, wrapf(ErrTypeMismatch, "set element of type %T is not hashable", v)
		}
		s[v] = struct{}{}
	}
	if len(s) != len(out) {
		return nil, duplicateKeys("set", len(out), len(s))
	}
	return s, nil
}

// readSameType reads one element whose type info was given once for all.
func (d *decoder) readSameType(wt wireType, nullable, track bool) (any, error) {
	id := -1
	if nullable || track {
		v, done, rid, err := d.beginDynamic()
		if err != nil || done {
			return v, err
		}
		id = rid
	}
	v, err := d.readDynamicData(wt)
	d.endDynamic(id, v, err)
	return v, err
}

func (d *decoder) readMapByFT(ft *fieldType) (any, error) {
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	if err := checkMapCount(d, n); err != nil {
		return nil, err
	}
	if err := d.chargeMap(int(n), anyType, anyType); err != nil {
		return nil, err
	}
	m := make(map[any]any, d.presize(n))
	d.claim(m)
	if n == 0 {
		return m, nil
	}
	if err := d.enter(); err != nil {
		return nil, err
	}
	put := func(k, v any) error {
		if k != nil && !reflect.ValueOf(k).Comparable() {
			return wrapf(ErrTypeMismatch, "map key of type %T is not hashable", k)
		}
		m[k] = v
		return nil
	}
	for read := uint32(0); read < n; {
		h, err := d.buf.ReadByte()
		if err != nil {
			return nil, err
		}
		if h&mapReserved != 0 {
			return nil, wrapf(ErrInvalidData, "bad map chunk header %#x", h)
		}
		if h&(mapKeyNull|mapValNull) != 0 {
			// A null entry: the other side has a reference flag only when
			// its tracked bit is set, type info only when not declared
			// (as in codec_map.go).
			var k, v any
			if h&mapKeyNull == 0 {
				if k, err = d.readNullEntrySide(ft.key, h&mapKeyDeclared != 0, h&mapKeyRef != 0, "key"); err != nil {
					return nil, err
				}
			}
			if h&mapValNull == 0 {
				if v, err = d.readNullEntrySide(ft.val, h&mapValDeclared != 0, h&mapValRef != 0, "value"); err != nil {
					return nil, err
				}
			}
			if err := put(k, v); err != nil {
				return nil, err
			}
			read++
			continue
		}
		size, err := d.buf.ReadByte()
		if err != nil {
			return nil, err
		}
		if size == 0 || uint32(size) > n-read {
			return nil, wrapf(ErrInvalidData, "map chunk of %d entries with %d left", size, n-read)
		}
		var kwt, vwt wireType
		if h&mapKeyDeclared == 0 {
			if kwt, err = d.readTypeInfo(); err != nil {
				return nil, err
			}
		} else if ft.key == nil || ft.key.id == tidUnknown {
			return nil, wrapf(ErrInvalidData, "map declares a key type the reader does not know")
		}
		if h&mapValDeclared == 0 {
			if vwt, err = d.readTypeInfo(); err != nil {
				return nil, err
			}
		} else if ft.val == nil || ft.val.id == tidUnknown {
			return nil, wrapf(ErrInvalidData, "map declares a value type the reader does not know")
		}
		for i := 0; i < int(size); i++ {
			var k, v any
			if h&mapKeyDeclared != 0 {
				k, err = d.readValueByFT(ft.key, false, h&mapKeyRef != 0, false)
			} else {
				k, err = d.readSameType(kwt, false, h&mapKeyRef != 0)
			}
			if err != nil {
				return nil, err
			}
			if h&mapValDeclared != 0 {
				v, err = d.readValueByFT(ft.val, false, h&mapValRef != 0, false)
			} else {
				v, err = d.readSameType(vwt, false, h&mapValRef != 0)
			}
			if err != nil {
				return nil, err
			}
			if err := put(k, v); err != nil {
				return nil, err
			}
		}
		read += uint32(size)
	}
	if len(m) != int(n) {
		return nil, duplicateKeys("map", int(n), len(m))
	}
	d.depth--
	return m, nil
}

// readNullEntrySide reads the non-null side of a map entry whose other side
// is null.
func (d *decoder) readNullEntrySide(ft *fieldType, declared, track bool, side string) (any, error) {
	if !declared {
		return d.readValueByFT(ft, track, track, true)
	}
	if ft == nil || ft.id == tidUnknown {
		return nil, wrapf(ErrInvalidData, "map declares a %s type the reader does not know", side)
	}
	return d.readValueByFT(ft, false, track, false)
}

// readUnknownStruct reads a struct that has no local type, from its
// TypeDef, as a map from field name to value.
func (d *decoder) readUnknownStruct(rd *remoteDef) (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	if err := d.chargeMap(len(rd.fields), stringType, anyType); err != nil {
		return nil, err
	}
	m := make(map[string]any, len(rd.fields))
	d.claim(m)
	for i := range rd.fields {
		f := &rd.fields[i]
		v, err := d.readValueByFT(f.ft, f.ft.nullable, f.ft.ref, remoteDynamic(f.ft))
		if err != nil {
			return nil, err
		}
		name := f.name
		if f.tagID >= 0 {
			name = strconv.Itoa(f.tagID)
		}
		m[name] = v
	}
	d.depth--
	return m, nil
}
