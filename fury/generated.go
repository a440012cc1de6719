package fury

import (
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// GeneratedInUse reports whether f serializes the type of v with generated
// code (registered by furygen output and matching the runtime's layout).
func (f *Fury) GeneratedInUse(v any) bool {
	if f.check() != nil {
		return false
	}
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return false
	}
	f.sync()
	ti, err := f.r.typeInfoOf(t)
	return err == nil && ti.st != nil && ti.st.gen != nil
}

// attachGenerated links st to registered generated code whose field order
// and enum fields match the plan.
func (st *structInfo) attachGenerated() {
	for _, c := range furyrt.Codecs(st.ti.typ) {
		if st.matches(c) {
			st.gen = c
			st.wplan = furyrt.NewPlan(unsafe.Pointer(st), c.Write, len(st.fields))
			return
		}
	}
}

func (st *structInfo) matches(c *furyrt.Codec) bool {
	if len(c.Fields) != len(st.fields) {
		return false
	}
	enums, ok := 0, true
	for i, f := range st.fields {
		if c.Fields[i] != f.path {
			return false
		}
		forEnums(f.ft, f.path, func(path string) {
			enums++
			ok = ok && slices.Contains(c.Enums, path)
		})
	}
	return ok && enums == len(c.Enums)
}

// forEnums calls fn with the position of each enum in field type ft, as
// furyrt.Codec.Enums names them: the field's path, then "[]" for a list
// or set element, "[key]" and "[val]" for a map's key and value.
func forEnums(ft *fieldType, path string, fn func(string)) {
	if ft == nil {
		return
	}
	if ft.id == tidEnum {
		fn(path)
	}
	forEnums(ft.elem, path+"[]", fn)
	forEnums(ft.key, path+"[key]", fn)
	forEnums(ft.val, path+"[val]", fn)
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

// genWriter is the runtime side of the furyrt.Writer that generated Write
// functions write through (furyrt.WriterEngine).
type genWriter encoder

// WriteField writes field i (in wire order) of the struct being written,
// at p, exactly as the reflection path does.
func (w *genWriter) WriteField(i int, p unsafe.Pointer) error {
	e := (*encoder)(w)
	st := w.cur()
	f := st.fields[i]
	if f.kind != kOther {
		writeScalar(e.buf, f.kind, p)
		return nil
	}
	if !e.netted {
		return w.writeFieldNet(st, f, p)
	}
	if err := e.writeFullC(f.ti, f.codec, p, f.nullable, f.ref, f.typed); err != nil {
		return wrapField(err, st, f)
	}
	return nil
}

// writeFieldNet is WriteField's way into the runtime with no panic net
// up the stack (the short way without one): under its own, and noting
// that it was taken (fellBack), so that the short way gives the root a
// net of its own from its next call (see Fury.writeGenNet), which costs
// less than one here per field.
func (w *genWriter) writeFieldNet(st *structInfo, f *fieldInfo, p unsafe.Pointer) (err error) {
	e := (*encoder)(w)
	plan, depth := e.gw.Plan(), e.depth
	e.netted, e.fellBack = true, true
	defer func() {
		e.netted = false
		if recoverPanics {
			if r := recover(); r != nil {
				err = wrapField(w.recovered(r, plan, depth), st, f)
			}
		}
	}()
	if err := e.writeFullC(f.ti, f.codec, p, f.nullable, f.ref, f.typed); err != nil {
		return wrapField(err, st, f)
	}
	return nil
}

// The panic net of the write path. A root written by generated code takes
// the short way (Fury.writeGen), which has no deferred recover: generated
// Write functions and the furyrt writer call nothing that can panic, but
// for the runtime, which they enter through the genWriter methods. Those
// that hand a value to the runtime's codecs (WriteField, the reflection
// path, and WriteDecimal, big-number arithmetic) defer a recover of their
// own when no net is up the stack (encoder.netted: the full way's, the
// short way's for a root that fell back before, an outer WriteField's), so
// that a panic there (a bug) still comes out of the API as an error. The others
// only copy bytes worked out with the plans (type ids, meta strings,
// TypeDefs, the frames of nested structs and lists) or do plain
// arithmetic on a value's integers (WriteDuration, WriteDate), and take
// no net: a deferred recover costs more than they do, and they run once
// per nested struct, list or field.

// catch, deferred by a genWriter method with its results' error, the
// plan being written and the depth on entry, turns a panic into an
// error wrapping ErrInvalidArgument, as serialize's net does, and puts the
// plan and the depth back, so that the generated code that called the
// method unwinds as from any other error.
func (w *genWriter) catch(err *error, plan *furyrt.Plan, depth int) {
	if !recoverPanics {
		return
	}
	if r := recover(); r != nil {
		*err = w.recovered(r, plan, depth)
	}
}

// recovered is catch's work once it has recovered r.
func (w *genWriter) recovered(r any, plan *furyrt.Plan, depth int) error {
	w.gw.SetPlan(plan)
	w.depth = depth
	return wrapf(ErrInvalidArgument, "serializing: %v", r)
}

// genReader is the runtime side of the furyrt.Reader that generated Read
// functions read through (furyrt.ReaderEngine).
type genReader decoder

// ReadField reads field i (in wire order) of the struct being read into p,
// exactly as the reflection path does.
func (r *genReader) ReadField(i int, p unsafe.Pointer) error {
	d := (*decoder)(r)
	if d.bare {
		return r.readFieldNet(i, p)
	}
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
	if f.emptyNil {
		nilIfEmpty(f.ti, p)
	}
	return nil
}

// readFieldNet is ReadField called by a flat root's generated code on
// Unmarshal's short way (Fury.readFlat), which has no panic net: under a
// net of its own, turning a panic into an error wrapping ErrInvalidData as
// Unmarshal's net does. The runtime may leave the decoder in any state,
// so the next such call resets it (decoder.fresh). Flat generated code
// calls ReadField only on the way to an error (a timestamp, an enum
// ordinal or, on 32-bit platforms, an int the wire cannot hold), so the
// deferred recover costs nothing on the way of well-formed input.
func (r *genReader) readFieldNet(i int, p unsafe.Pointer) (err error) {
	d := (*decoder)(r)
	d.bare, d.fresh = false, false
	d.setReach(d.genStack[0].ti) // the root's (readFlat leaves it to here)
	st := d.genStack[len(d.genStack)-1]
	defer func() {
		d.bare = true
		if recoverPanics {
			if x := recover(); x != nil {
				err = wrapf(ErrInvalidData, "reading %v: %v", st.ti.typ, x)
				d.recovered = true
			}
		}
	}()
	return r.ReadField(i, p)
}

// CountOK reports whether a collection or map of n elements may be decoded.
func (r *genReader) CountOK(n uint32) bool { return checkCount((*decoder)(r), n) == nil }

// Charge charges count × size bytes, for values of type what, to the
// decode budget (see furyrt.NewPointee).
func (r *genReader) Charge(count int, size uintptr, what reflect.Type) error {
	return (*decoder)(r).charge(count, size, what)
}
