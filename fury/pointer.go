package fury

import (
	"reflect"
	"unsafe"
)

// The reflection path reads and writes values through unsafe pointers to
// their memory, with offsets computed once per type (as protobuf-go's
// internal/impl does), so that no reflect.Value is built on the hot path.

// eface is the layout of an empty interface (interface{}, any): the
// dynamic type's word and the data word.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// ifaceWords is what the two interface layouts share: runtime.eface
// {type, data} for empty interfaces and runtime.iface {itab, data} for
// non-empty ones (error, fmt.Stringer, ...). The first word is nil exactly
// when the interface is nil, and the data word means the same in both. The
// package reads and clears interfaces of any kind through it, and nothing
// more: the dynamic type of a non-empty interface comes from reflect
// (anyAt), and values are stored into one only through reflect
// (storeInterface), so no itab is ever read or made here.
type ifaceWords struct {
	first unsafe.Pointer
	data  unsafe.Pointer
}

type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

func efaceOf(v *any) *eface { return (*eface)(unsafe.Pointer(v)) }

// typeWord returns the runtime type word of t: the word an interface
// holding a t value carries (reflect.Type's data word is that *rtype), so
// dynamic types can be compared cheaply. Unlike the type word of a boxed
// zero value, it exists for interface types too.
func typeWord(t reflect.Type) unsafe.Pointer { return (*ifaceWords)(unsafe.Pointer(&t)).data }

// isDirectIface reports whether t's values are stored directly in an
// interface's data word (pointer-shaped types) rather than behind a pointer.
// The compiler's rule has changed between Go releases (a struct of
// zero-size fields and one pointer became pointer-shaped in Go 1.26), so
// rather than restate it, this asks the runtime: a word-sized value holding
// a known pointer is boxed, and the data word compared with that pointer.
func isDirectIface(t reflect.Type) bool {
	if t.Size() != unsafe.Sizeof(uintptr(0)) {
		return false
	}
	v := reflect.New(t)
	*(*unsafe.Pointer)(v.UnsafePointer()) = unsafe.Pointer(&directMarker)
	boxed := v.Elem().Interface()
	return efaceOf(&boxed).data == unsafe.Pointer(&directMarker)
}

// directMarker is the pointer isDirectIface stores in a probe value.
var directMarker uintptr

// dataPointer returns a pointer to the value held by the interface (empty
// or not) at p, whose dynamic type is direct or not (see isDirectIface).
// For pointer-shaped types it points to the interface's data word itself,
// so the result is valid as long as the interface's memory is.
func dataPointer(p unsafe.Pointer, direct bool) unsafe.Pointer {
	w := (*ifaceWords)(p)
	if direct {
		return unsafe.Pointer(&w.data)
	}
	return w.data
}

// anyAt returns the value held by the interface of type ti at p as an
// empty interface (the dynamic value), without allocating.
func anyAt(ti *typeInfo, p unsafe.Pointer) any {
	if ti.iface {
		return reflect.NewAt(ti.typ, p).Elem().Interface()
	}
	return *(*any)(p)
}

// storeInterface assigns v, a decoded value, to the interface of type ti
// at p. A non-empty interface takes it only if v's type implements it
// (else ErrTypeMismatch); a registered struct, which decodes as *T, is
// stored as the value T when T's own methods implement the interface.
func storeInterface(ti *typeInfo, p unsafe.Pointer, v any) error {
	if !ti.iface {
		*(*any)(p) = v
		return nil
	}
	if v == nil {
		*(*ifaceWords)(p) = ifaceWords{}
		return nil
	}
	return assignInterface(reflect.NewAt(ti.typ, p).Elem(), reflect.ValueOf(v))
}

var unknownStructType = reflect.TypeFor[map[string]any]()

// assignInterface stores sv into dst, a settable value of interface type
// (see storeInterface).
func assignInterface(dst, sv reflect.Value) error {
	t := dst.Type()
	st := sv.Type()
	if st.Kind() == reflect.Pointer && st.Elem().Kind() == reflect.Struct && t.NumMethod() > 0 &&
		!sv.IsNil() && st.Elem().Implements(t) {
		sv = sv.Elem()
		st = sv.Type()
	}
	if !st.Implements(t) {
		if st == unknownStructType {
			return wrapf(ErrTypeMismatch, "an unregistered struct (read as %v) does not implement %v: register the struct's type", st, t)
		}
		return wrapf(ErrTypeMismatch, "a value of type %v does not implement %v", st, t)
	}
	dst.Set(sv)
	return nil
}

// packAny builds an interface value of type t from the value at p,
// copying it.
func packAny(t reflect.Type, p unsafe.Pointer) any {
	return reflect.NewAt(t, p).Elem().Interface()
}

// unsafeNew allocates a zeroed value of type t: reflect.New without the
// pointer type's lookup and the Value.
func unsafeNew(t reflect.Type) unsafe.Pointer { return newObject(typeWord(t)) }

// newObject allocates a zeroed value of the type whose runtime type word is
// typ. The runtime keeps this entry point for packages outside reflect.
//
//go:linkname newObject reflect.unsafe_New
func newObject(typ unsafe.Pointer) unsafe.Pointer

// storeAny assigns v (whose dynamic type must be assignable to t) to the
// t-typed location at p.
func storeAny(t reflect.Type, p unsafe.Pointer, v any) bool {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		reflect.NewAt(t, p).Elem().SetZero()
		return true
	}
	if !rv.Type().AssignableTo(t) {
		return false
	}
	reflect.NewAt(t, p).Elem().Set(rv)
	return true
}

// newArray allocates a zeroed array of n elements of the type whose
// runtime type word is elem (reflect.MakeSlice would also allocate a slice
// header). The runtime keeps this entry point for packages outside reflect.
//
//go:linkname newArray reflect.unsafe_NewArray
func newArray(elem unsafe.Pointer, n int) unsafe.Pointer
