package fury

import (
	"reflect"
	"strings"
	"sync"
	"unsafe"
)

// GeneratedCodec is the specialized code that furygen writes for one struct
// type. Generated files register it from an init function; every Fury then
// uses it for that type in place of the reflection plan, for the parts it
// covers: the runtime still writes and reads the reference flag, the type
// info and (in schema-consistent mode) the struct hash, and handles
// compatible-mode input whose layout differs from the local one.
//
// Generated code must write exactly the bytes the reflection path writes.
// The runtime checks Fields against its own plan when it builds the plan,
// and ignores a codec whose field order differs (see GeneratedInUse).
type GeneratedCodec struct {
	// Fields lists the struct's Go field names in the order the codec
	// writes them (promoted fields of embedded structs as "Embedded.Field").
	Fields []string
	// Write writes the fields of the struct at p (a *T) in wire order.
	Write func(w *GenWriter, p unsafe.Pointer) error
	// Read reads the fields of the struct at p (a *T) in wire order.
	Read func(r *GenReader, p unsafe.Pointer) error
}

var generated sync.Map // reflect.Type -> *GeneratedCodec

// RegisterGenerated installs generated code for the type of sample (a
// struct value). It is called by furygen output; users do not call it.
func RegisterGenerated(sample any, c *GeneratedCodec) {
	t := reflect.TypeOf(sample)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	generated.Store(t, c)
}

// GeneratedInUse reports whether f serializes the type of v with generated
// code (registered by furygen output and matching the runtime's layout).
func (f *Fury) GeneratedInUse(v any) bool {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return false
	}
	ti, err := f.r.typeInfoOf(t)
	return err == nil && ti.st != nil && ti.st.gen != nil
}

// attachGenerated links st to registered generated code when its field
// order matches the plan.
func (st *structInfo) attachGenerated() {
	v, ok := generated.Load(st.ti.typ)
	if !ok {
		return
	}
	c := v.(*GeneratedCodec)
	if len(c.Fields) != len(st.fields) {
		return
	}
	for i, f := range st.fields {
		if c.Fields[i] != f.path {
			return
		}
	}
	st.gen = c
}

// fieldPath returns the dotted Go path of a field ("Embedded.Field").
func fieldPath(t reflect.Type, index []int) string {
	var parts []string
	for _, i := range index {
		sf := t.Field(i)
		parts = append(parts, sf.Name)
		t = sf.Type
	}
	return strings.Join(parts, ".")
}

// GenWriter is what generated Write functions write through: the buffer
// for direct stores, and the reflection path for fields the generated code
// delegates (interfaces, reference-tracked values, ...).
type GenWriter encoder

// Buffer returns the buffer being written.
func (w *GenWriter) Buffer() *ByteBuffer { return w.buf }

// Compatible reports whether the Fury writes in compatible mode.
func (w *GenWriter) Compatible() bool { return w.compatible }

// RefTracking reports whether reference tracking is on.
func (w *GenWriter) RefTracking() bool { return w.refTracking }

// WriteField writes field i (in wire order) of the struct being written,
// at p, exactly as the reflection path does.
func (w *GenWriter) WriteField(i int, p unsafe.Pointer) error {
	e := (*encoder)(w)
	st := e.genStack[len(e.genStack)-1]
	f := st.fields[i]
	if f.kind != kOther {
		writeScalar(e.buf, f.kind, p)
		return nil
	}
	if err := e.writeFullC(f.ti, f.codec, p, f.nullable, f.ref, f.dynamic); err != nil {
		return wrapField(err, st, f)
	}
	return nil
}

// GenReader is what generated Read functions read through.
type GenReader decoder

// Buffer returns the buffer being read.
func (r *GenReader) Buffer() *ByteBuffer { return r.buf }

// ReadField reads field i (in wire order) of the struct being read into p,
// exactly as the reflection path does.
func (r *GenReader) ReadField(i int, p unsafe.Pointer) error {
	d := (*decoder)(r)
	st := d.genStack[len(d.genStack)-1]
	f := st.fields[i]
	if f.kind != kOther {
		if err := readScalar(d.buf, f.kind, p); err != nil {
			return wrapField(err, st, f)
		}
		return nil
	}
	if err := d.readFullC(f.ti, f.codec, p, f.nullable, f.ref, f.dynamic); err != nil {
		return wrapField(err, st, f)
	}
	return nil
}

// Error reports malformed input found by generated code, wrapped like the
// runtime's own errors (errors.Is(err, ErrInvalidData)).
func (r *GenReader) Error(format string, args ...any) error {
	return wrapf(ErrInvalidData, format, args...)
}

// ---- buffer access for generated code ------------------------------------

// Tail returns the spare capacity after the written bytes (call Grow first);
// generated code stores into it and then calls Advance.
func (b *ByteBuffer) Tail() []byte { return b.data[len(b.data):cap(b.data)] }

// Advance marks n more bytes, stored through Tail, as written.
func (b *ByteBuffer) Advance(n int) { b.data = b.data[:len(b.data)+n] }

// Unread returns the bytes not yet read (aliasing the buffer); generated
// code loads from it and then calls Skip.
func (b *ByteBuffer) Unread() []byte { return b.data[b.off:] }

// PutVaruint32 stores v as a varuint32 into dst (at least 5 bytes) and
// returns the bytes used.
func PutVaruint32(dst []byte, v uint32) int { return putUvarint32(dst, v) }

// PutVarint32 stores v zigzag-encoded into dst (at least 5 bytes).
func PutVarint32(dst []byte, v int32) int { return putUvarint32(dst, uint32((v<<1)^(v>>31))) }

// PutVaruint64 stores v in Fory's varuint64 form into dst (at least 9 bytes).
func PutVaruint64(dst []byte, v uint64) int { return putUvarint64(dst, v) }

// PutVarint64 stores v zigzag-encoded into dst (at least 9 bytes).
func PutVarint64(dst []byte, v int64) int { return putUvarint64(dst, uint64((v<<1)^(v>>63))) }
