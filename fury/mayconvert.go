package fury

import (
	"fmt"
	"reflect"

	"github.com/fury-go/fury/fury/internal/varint"
)

// What converts: the checks that refuse data before it is built when no
// value of its type can be stored in the destination.

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
