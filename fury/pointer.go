package fury

import (
	"reflect"
	"unsafe"
)

// The reflection path reads and writes values through unsafe pointers to
// their memory, with offsets computed once per type (as protobuf-go's
// internal/impl does), so that no reflect.Value is built on the hot path.

type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
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
func typeWord(t reflect.Type) unsafe.Pointer { return (*eface)(unsafe.Pointer(&t)).data }

// isDirectIface reports whether t's values are stored directly in an
// interface's data word (pointer-shaped types) rather than behind a pointer.
func isDirectIface(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() == 1 && isDirectIface(t.Elem())
	case reflect.Struct:
		return t.NumField() == 1 && isDirectIface(t.Field(0).Type)
	}
	return false
}

// valuePointer returns a pointer to the value held in v, whose dynamic type
// is t. For pointer-shaped types the pointer is to a copy of the data word in
// *v, so the result is valid as long as v is.
func valuePointer(v *any, direct bool) unsafe.Pointer {
	e := efaceOf(v)
	if direct {
		return unsafe.Pointer(&e.data)
	}
	return e.data
}

// packAny builds an interface value of type t from the value at p,
// copying it.
func packAny(t reflect.Type, p unsafe.Pointer) any {
	return reflect.NewAt(t, p).Elem().Interface()
}

func unsafeNew(t reflect.Type) unsafe.Pointer { return reflect.New(t).UnsafePointer() }

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
