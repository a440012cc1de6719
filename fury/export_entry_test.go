package fury

import (
	"reflect"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// panicCodec is a codec that panics, standing for a bug in the runtime.
// It panics midway, as the runtime might: nesting entered, another struct plan
// being written.
type panicCodec struct{}

func (panicCodec) write(e *encoder, _ unsafe.Pointer) error {
	e.depth += 3
	e.gw.SetPlan(nil) // another plan being written
	panic("injected write panic")
}

func (panicCodec) read(*decoder, unsafe.Pointer) error { panic("injected read panic") }

// PanicInField makes the runtime panic when it writes field goName (the
// Go field name, as in fieldInfo.goName) of struct type t for f, and
// turns the panic net on (tests run with it off: see hostile_test.go);
// restore undoes both. Generated code hands a field to the runtime
// through genWriter.WriteField, which is where the panic happens.
func PanicInField(f *Fury, t reflect.Type, goName string) (restore func(), ok bool) {
	f.sync()
	ti, err := f.r.typeInfoOf(t)
	if err != nil || ti.st == nil {
		return nil, false
	}
	for _, fi := range ti.st.fields {
		if fi.goName != goName {
			continue
		}
		codec, kind, recov := fi.codec, fi.kind, recoverPanics
		fi.codec, fi.kind, recoverPanics = panicCodec{}, kOther, true
		return func() { fi.codec, fi.kind, recoverPanics = codec, kind, recov }, true
	}
	return nil, false
}

// TakesShortWay reports whether f's next MarshalAppend, Marshal or
// Serialize (without a callback) of v takes the short way (see genRoot).
func TakesShortWay(f *Fury, v any) bool {
	r, _ := f.genRoot(&v)
	return r != nil
}

// PanicInGenRead makes the generated Read of t's plan in f panic after
// reading a byte (standing for a bug in generated code or the runtime),
// with the panic net on, until restore is called.
func PanicInGenRead(f *Fury, t reflect.Type) (restore func(), ok bool) {
	f.sync()
	ti, err := f.r.typeInfoOf(t)
	if err != nil || ti.st == nil || ti.st.gen == nil {
		return nil, false
	}
	st, gen, recov := ti.st, ti.st.gen, recoverPanics
	c := *gen
	c.Read = func(r *furyrt.Reader, p unsafe.Pointer) error {
		_, _ = r.Buffer().ReadUint8()
		panic("generated read bug")
	}
	st.gen, recoverPanics = &c, true
	return func() { st.gen, recoverPanics = gen, recov }, true
}
