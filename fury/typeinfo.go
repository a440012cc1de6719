package fury

import (
	"math/big"
	"reflect"
	"strings"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// codec writes and reads the data part of one Go type's values: no
// reference flag and no type info, which the position of the value decides.
// p points to a value of the codec's Go type.
type codec interface {
	write(e *encoder, p unsafe.Pointer) error
	read(d *decoder, p unsafe.Pointer) error
}

// kind classifies types whose values the struct codec handles inline.
type kind uint8

const (
	kOther kind = iota
	kBool
	kInt8
	kInt16
	kInt32   // varint32
	kInt64   // varint64
	kInt     // Go int as varint64
	kUint8   //
	kUint16  //
	kUint32  // var_uint32
	kUint64  // var_uint64
	kUint    // Go uint as var_uint64
	kFloat32 //
	kFloat64 //
	kFixedInt32
	kFixedInt64
	kFixedUint32
	kFixedUint64
	kTaggedInt64
	kTaggedUint64
	kString
	kFloat16  // Float16: two bytes
	kBFloat16 // BFloat16: two bytes
)

// typeInfo is the per-Go-type plan, built once per Fury and cached.
type typeInfo struct {
	typ   reflect.Type
	tword unsafe.Pointer // runtime type word, for fast dynamic-type lookups
	// refWord is the type word reference tracking keys values of this
	// type by (see refKeyOf): tword, except for a union case *W, keyed
	// as its union is, so that a wrapper reached as *W (a root, an
	// interface{}) and through the union interface is one reference.
	refWord unsafe.Pointer
	direct  bool // values are stored directly in an interface word
	codec   codec
	kind    kind
	clr     clearHow // how setZero clears a value
	size    uintptr  // typ.Size()

	// Wire identity. For a pointer type these describe the pointee.
	id       uint32 // wire type id (for user types: per the mode)
	userID   uint32 // for types registered by id
	named    bool   // registered (or auto-named) by namespace and name
	ns, name string
	nsMeta   *metaString
	nameMeta *metaString

	// Value properties.
	nilable bool // a Go nil is possible: pointer, map, slice, interface
	refable bool // identity can be shared: pointer, map, list slice
	ptrElem *typeInfo
	isAny   bool // interface type: the dynamic value carries its type
	iface   bool // a non-empty interface type (runtime.iface layout, not eface)
	ptrAny  bool // a pointer to an interface type: travels as the interface
	auto    bool // a struct named after its Go type, not registered
	twin    bool // auto, and another Go type met has its auto name (see decoder.twinFor)
	isEnum  bool
	st      *structInfo

	typeDef []byte          // compatible-mode TypeDef of a struct (header included)
	wdef    *furyrt.TypeDef // typeDef as the encoder writes it (see writeDef)

	// root says, per mode, how a root value of this type may be written
	// with its constant prefix (see rootFrameOf); built on first use.
	root *[2]rootFrame
	// reach: the struct types this type mentions (see reachableStructs);
	// built on first use as a decode destination.
	reach map[reflect.Type]bool
}

// reachable returns the struct types ti's type mentions.
func (ti *typeInfo) reachable() map[reflect.Type]bool {
	if ti.reach == nil {
		m := map[reflect.Type]bool{}
		reachableStructs(ti.typ, m)
		ti.reach = m
	}
	return ti.reach
}

// reachableStructs adds to out the struct types that t mentions: itself,
// and through pointers, slices, arrays, maps and struct fields (not
// through interfaces, whose dynamic types the static type does not say).
// It may include types that travel in no field (an unexported or skipped
// field's), and it holds the other types it went through too: what matters
// is that it depends on t alone.
func reachableStructs(t reflect.Type, out map[reflect.Type]bool) {
	if out[t] {
		return // seen (types can be recursive: type L []L)
	}
	out[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		reachableStructs(t.Elem(), out)
	case reflect.Map:
		reachableStructs(t.Key(), out)
		reachableStructs(t.Elem(), out)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			reachableStructs(t.Field(i).Type, out)
		}
	}
}

// newTypeInfo returns the type info of t with its layout facts filled in.
func newTypeInfo(t reflect.Type) *typeInfo {
	ti := &typeInfo{typ: t, tword: typeWord(t), direct: isDirectIface(t), size: t.Size()}
	ti.refWord = ti.tword
	switch t.Kind() {
	case reflect.Pointer, reflect.Map:
		ti.clr = clearWord
	case reflect.Slice:
		ti.clr = clearSlice
	case reflect.Interface:
		ti.clr = clearIface
	default:
		ti.clr = clearMemory
	}
	return ti
}

// clearHow says how setZero clears a value of a type.
type clearHow uint8

const (
	clearMemory clearHow = iota // any other type: reflect's SetZero, unless already zero
	clearWord                   // a pointer or map: one word
	clearSlice                  // a slice header
	clearIface                  // an interface: two words
)

// wire returns the type info that describes ti's values on the wire: the
// pointee for pointer types.
func (ti *typeInfo) wire() *typeInfo {
	for ti.ptrElem != nil {
		ti = ti.ptrElem
	}
	return ti
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
	dateType     = reflect.TypeFor[Date]()
	decimalType  = reflect.TypeFor[Decimal]()
	bigIntType   = reflect.TypeFor[big.Int]()
	anyType      = reflect.TypeFor[any]()
	bytesType    = reflect.TypeFor[[]byte]()
	setMarker    = reflect.TypeFor[interface{ furySet() }]()
	emptyStruct  = reflect.TypeFor[struct{}]()
)

func (Set[T]) furySet() {}

// listTypes are named slice types that travel as lists instead of arrays.
var listTypes = map[reflect.Type]bool{
	reflect.TypeFor[BoolSlice]():     true,
	reflect.TypeFor[Int8Slice]():     true,
	reflect.TypeFor[Uint8Slice]():    true,
	reflect.TypeFor[Int16Slice]():    true,
	reflect.TypeFor[Int32Slice]():    true,
	reflect.TypeFor[Int64Slice]():    true,
	reflect.TypeFor[Uint16Slice]():   true,
	reflect.TypeFor[Uint32Slice]():   true,
	reflect.TypeFor[Uint64Slice]():   true,
	reflect.TypeFor[Float32Slice]():  true,
	reflect.TypeFor[Float64Slice]():  true,
	reflect.TypeFor[Float16Slice]():  true,
	reflect.TypeFor[BFloat16Slice](): true,
}

var fixedKinds = map[reflect.Type]kind{
	reflect.TypeFor[FixedInt32]():   kFixedInt32,
	reflect.TypeFor[FixedInt64]():   kFixedInt64,
	reflect.TypeFor[FixedUint32]():  kFixedUint32,
	reflect.TypeFor[FixedUint64]():  kFixedUint64,
	reflect.TypeFor[TaggedInt64]():  kTaggedInt64,
	reflect.TypeFor[TaggedUint64](): kTaggedUint64,
	reflect.TypeFor[Float16]():      kFloat16,
	reflect.TypeFor[BFloat16]():     kBFloat16,
}

// scalarKind maps a Go type to its inline kind and wire type id.
func scalarKind(t reflect.Type) (kind, uint32) {
	if k, ok := fixedKinds[t]; ok {
		return k, kindTypeID[k]
	}
	var k kind
	switch t.Kind() {
	case reflect.Bool:
		k = kBool
	case reflect.Int8:
		k = kInt8
	case reflect.Int16:
		k = kInt16
	case reflect.Int32:
		k = kInt32
	case reflect.Int64:
		k = kInt64
	case reflect.Int:
		k = kInt
	case reflect.Uint8:
		k = kUint8
	case reflect.Uint16:
		k = kUint16
	case reflect.Uint32:
		k = kUint32
	case reflect.Uint64:
		k = kUint64
	case reflect.Uint:
		k = kUint
	case reflect.Float32:
		k = kFloat32
	case reflect.Float64:
		k = kFloat64
	case reflect.String:
		k = kString
	default:
		return kOther, 0
	}
	return k, kindTypeID[k]
}

var kindTypeID = [...]uint32{
	kBool: tidBool, kInt8: tidInt8, kInt16: tidInt16, kInt32: tidVarint32, kInt64: tidVarint64,
	kInt: tidVarint64, kUint8: tidUint8, kUint16: tidUint16, kUint32: tidVarUint32,
	kUint64: tidVarUint64, kUint: tidVarUint64, kFloat32: tidFloat32, kFloat64: tidFloat64,
	kFixedInt32: tidInt32, kFixedInt64: tidInt64, kFixedUint32: tidUint32, kFixedUint64: tidUint64,
	kTaggedInt64: tidTaggedInt64, kTaggedUint64: tidTaggedUint64, kString: tidString,
	kFloat16: tidFloat16, kBFloat16: tidBFloat16,
}

// primitiveArrayID returns the wire array type id for a slice or array of
// elem, or 0 when such a slice travels as a list.
func primitiveArrayID(elem reflect.Type) uint32 {
	switch elem {
	case float16Type:
		return tidFloat16Array
	case bfloat16Type:
		return tidBFloat16Array
	}
	if elem.PkgPath() != "" && elem.Name() != "" {
		// Named element types (enums, fixed ints) travel as lists.
		return 0
	}
	switch elem.Kind() {
	case reflect.Bool:
		return tidBoolArray
	case reflect.Int8:
		return tidInt8Array
	case reflect.Int16:
		return tidInt16Array
	case reflect.Int32:
		return tidInt32Array
	case reflect.Int64:
		return tidInt64Array
	case reflect.Int, reflect.Uint:
		if elem.Size() != 8 {
			return 0 // 32-bit platforms: a list of varint64
		}
		if elem.Kind() == reflect.Int {
			return tidInt64Array
		}
		return tidUint64Array
	case reflect.Uint8:
		return tidBinary
	case reflect.Uint16:
		return tidUint16Array
	case reflect.Uint32:
		return tidUint32Array
	case reflect.Uint64:
		return tidUint64Array
	case reflect.Float32:
		return tidFloat32Array
	case reflect.Float64:
		return tidFloat64Array
	}
	return 0
}

// splitTag splits "example.SomeClass1" into namespace "example" and name
// "SomeClass1" at the last dot.
func splitTag(tag string) (string, string) {
	if i := strings.LastIndexByte(tag, '.'); i >= 0 {
		return tag[:i], tag[i+1:]
	}
	return "", tag
}
