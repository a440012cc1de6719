package fury

import (
	"encoding/binary"
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/fury-go/fury/internal/asm"
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
	// Enums lists the fields (paths, as in Fields) that the codec writes as
	// enums, and the enums inside fields ("Colors[]" for a list or set
	// element, "Scores[key]" and "Scores[val]" for a map's key and value).
	// Whether a named integer type is an enum depends on the Fury's
	// registrations, and changes both the field order and the encoding, so
	// furygen emits one codec per possibility and the runtime uses the one
	// whose Fields and Enums match its plan.
	Enums []string
	// Write writes the fields of the struct at p (a *T) in wire order.
	Write func(w *GenWriter, p unsafe.Pointer) error
	// Read reads the fields of the struct at p (a *T) in wire order.
	Read func(r *GenReader, p unsafe.Pointer) error
}

var (
	generatedMu sync.Mutex
	generated   sync.Map // reflect.Type -> []*GeneratedCodec
)

// RegisterGenerated installs generated code for the type of sample (a
// struct value). It is called by furygen output; users do not call it.
// A type may have several codecs (see GeneratedCodec.Enums).
func RegisterGenerated(sample any, c *GeneratedCodec) {
	t := reflect.TypeOf(sample)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	generatedMu.Lock()
	defer generatedMu.Unlock()
	var cs []*GeneratedCodec
	if v, ok := generated.Load(t); ok {
		cs = v.([]*GeneratedCodec)
	}
	generated.Store(t, append(cs[:len(cs):len(cs)], c))
}

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
	v, ok := generated.Load(st.ti.typ)
	if !ok {
		return
	}
	for _, c := range v.([]*GeneratedCodec) {
		if st.matches(c) {
			st.gen = c
			return
		}
	}
}

func (st *structInfo) matches(c *GeneratedCodec) bool {
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
// GeneratedCodec.Enums names them: the field's path, then "[]" for a list
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

// DirectArrays reports whether primitive arrays ([]int32, []byte, ...) are
// written in band as little-endian bytes, so that generated code may copy
// them in bulk (see WriteArray); otherwise it delegates them to WriteField.
func (w *GenWriter) DirectArrays() bool { return w.oob == nil && nativeLE }

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
	if err := e.writeFullC(f.ti, f.codec, p, f.nullable, f.ref, f.typed); err != nil {
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
	if f.emptyNil {
		nilIfEmpty(f.ti, p)
	}
	return nil
}

// DirectArrays reports whether primitive arrays are read in band from
// little-endian bytes (see ReadArray); otherwise generated code delegates
// them to ReadField.
func (r *GenReader) DirectArrays() bool { return !r.oobOn && nativeLE }

// Truncated is the error generated code returns when the input ends early.
func (r *GenReader) Truncated() error { return errTruncated }

// VarintError is the error for a failed varint decode (fury.Get*) in the
// named field(s): n == 0 means the input ended early, n < 0 a malformed
// varint.
func (r *GenReader) VarintError(n int, what string) error {
	if n == 0 {
		return errTruncated
	}
	return wrapf(ErrInvalidData, "malformed varint in %s", what)
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
func PutVaruint32(dst []byte, v uint32) int { return asm.PutUvarint32Call(dst, v) }

// PutVarint32 stores v zigzag-encoded into dst (at least 5 bytes).
func PutVarint32(dst []byte, v int32) int { return asm.PutVarint32Call(dst, v) }

// PutVaruint64 stores v in Fory's varuint64 form into dst (at least 9 bytes).
func PutVaruint64(dst []byte, v uint64) int { return asm.PutUvarint64Call(dst, v) }

// PutVarint64 stores v zigzag-encoded into dst (at least 9 bytes).
func PutVarint64(dst []byte, v int64) int { return asm.PutVarint64Call(dst, v) }

// PutVarint32s stores the values of src as zigzag varint32s into dst, which
// must have room for 5 bytes a value, and returns the bytes used. Generated
// code encodes runs of integer fields with it, in one call.
func PutVarint32s(dst []byte, src []int32) int {
	n, _ := asm.PutVarint32s(dst, src)
	return n
}

// PutVaruint32s is PutVarint32s for varuint32s.
func PutVaruint32s(dst []byte, src []uint32) int {
	n, _ := asm.PutUvarint32s(dst, src)
	return n
}

// PutVarint64s is PutVarint32s for zigzag varint64s (room for 9 bytes a
// value).
func PutVarint64s(dst []byte, src []int64) int {
	n, _ := asm.PutVarint64s(dst, src)
	return n
}

// PutVaruint64s is PutVarint64s for varuint64s.
func PutVaruint64s(dst []byte, src []uint64) int {
	n, _ := asm.PutUvarint64s(dst, src)
	return n
}

// GetVarint32s decodes len(dst) zigzag varint32s from src and returns the
// bytes read, or n == 0 when src ends early and n < 0 when a varint is
// malformed.
func GetVarint32s(dst []int32, src []byte) int {
	n, err := asm.Varint32s(dst, src)
	if err != nil {
		return bulkFailure(err)
	}
	return n
}

// GetVaruint32s is GetVarint32s for varuint32s.
func GetVaruint32s(dst []uint32, src []byte) int {
	n, err := asm.Uvarint32s(dst, src)
	if err != nil {
		return bulkFailure(err)
	}
	return n
}

// GetVarint64s is GetVarint32s for zigzag varint64s.
func GetVarint64s(dst []int64, src []byte) int {
	n, err := asm.Varint64s(dst, src)
	if err != nil {
		return bulkFailure(err)
	}
	return n
}

// GetVaruint64s is GetVarint32s for varuint64s.
func GetVaruint64s(dst []uint64, src []byte) int {
	n, err := asm.Uvarint64s(dst, src)
	if err != nil {
		return bulkFailure(err)
	}
	return n
}

func bulkFailure(err error) int {
	if errors.Is(err, asm.ErrTruncated) {
		return 0
	}
	return -1
}

// PutTaggedInt64 stores v in Fory's tagged int64 form into dst (at least 9
// bytes) and returns the bytes used.
func PutTaggedInt64(dst []byte, v int64) int {
	if v >= -(1<<30) && v < 1<<30 {
		binary.LittleEndian.PutUint32(dst, uint32(int32(v)<<1))
		return 4
	}
	dst[0] = 1
	binary.LittleEndian.PutUint64(dst[1:], uint64(v))
	return 9
}

// PutTaggedUint64 stores v in Fory's tagged uint64 form into dst (at least
// 9 bytes) and returns the bytes used.
func PutTaggedUint64(dst []byte, v uint64) int {
	if v < 1<<31 {
		binary.LittleEndian.PutUint32(dst, uint32(v)<<1)
		return 4
	}
	dst[0] = 1
	binary.LittleEndian.PutUint64(dst[1:], v)
	return 9
}

// ArrayElem is the element types of primitive arrays that generated code
// copies in bulk.
type ArrayElem interface {
	~bool | ~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint | ~float32 | ~float64
}

// WriteArray writes s as an in-band primitive array (byte length, then the
// elements), as the reflection path does when DirectArrays is true.
func WriteArray[T ArrayElem](b *ByteBuffer, s []T) {
	n := len(s) * int(unsafe.Sizeof(*new(T)))
	b.WriteVaruint32(uint32(n))
	if n > 0 {
		b.data = append(b.data, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n)...)
	}
}

// ReadArray reads an in-band primitive array into *dst: a new slice, empty
// but not nil when the array is empty (as a list element or map value
// reads). Generated code reading a struct field that is not nullable sets
// an empty result to nil itself, as the reflection path does.
func ReadArray[T ArrayElem](b *ByteBuffer, dst *[]T) error {
	raw, err := readArrayBytes[T](b)
	if err != nil {
		return err
	}
	n := len(raw) / int(unsafe.Sizeof(*new(T)))
	s := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b.alloc(len(raw))))), n)
	copyArray(s, raw)
	*dst = s
	return nil
}

// ReadFixedArray reads an in-band primitive array into the Go array dst
// (as dst[:]); the element count must match.
func ReadFixedArray[T ArrayElem](b *ByteBuffer, dst []T) error {
	raw, err := readArrayBytes[T](b)
	if err != nil {
		return err
	}
	if n := len(raw) / int(unsafe.Sizeof(*new(T))); n != len(dst) {
		return wrapf(ErrTypeMismatch, "array of %d elements cannot fill [%d]%T", n, len(dst), *new(T))
	}
	copyArray(dst, raw)
	return nil
}

func readArrayBytes[T ArrayElem](b *ByteBuffer) ([]byte, error) {
	n, err := b.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	raw, err := b.ReadBytes(int(n))
	if err != nil {
		return nil, err
	}
	if size := int(unsafe.Sizeof(*new(T))); len(raw)%size != 0 {
		return nil, wrapf(ErrInvalidData, "%d bytes is not a whole number of %d-byte elements", len(raw), size)
	}
	return raw, nil
}

func copyArray[T ArrayElem](dst []T, raw []byte) {
	if len(dst) == 0 {
		return
	}
	d := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(raw))
	copy(d, raw)
	var zero T
	if any(zero) == any(false) {
		// Bools are bytes 0 and 1 in memory; normalize like the runtime.
		// (Only plain bool: slices of named element types are lists.)
		for i, c := range d {
			if c > 1 {
				d[i] = 1
			}
		}
	}
}

// NewScalar returns a new zero T for a pointer field being decoded. Like
// decoded strings and primitive slices it is carved from the decode's
// shared block rather than allocated on its own.
func NewScalar[T ArrayElem](b *ByteBuffer) *T {
	return (*T)(unsafe.Pointer(unsafe.SliceData(b.alloc(int(unsafe.Sizeof(*new(T)))))))
}

// NewString returns a new empty T for a string pointer field being
// decoded, charged to the decode's memory budget.
func NewString[T ~string](b *ByteBuffer) *T {
	b.budget -= int64(unsafe.Sizeof(""))
	return new(T)
}

// GetVaruint32 decodes a varuint32 from the start of src, returning the
// value and the bytes used; n <= 0 means src is malformed or too short.
func GetVaruint32(src []byte) (v uint32, n int) {
	if len(src) > 0 && src[0] < 0x80 {
		return uint32(src[0]), 1
	}
	return uvarint32(src)
}

// GetVarint32 decodes a zigzag varint32 (see GetVaruint32).
func GetVarint32(src []byte) (int32, int) {
	u, n := GetVaruint32(src)
	return int32(u>>1) ^ -int32(u&1), n
}

// GetVaruint64 decodes Fory's varuint64 (see GetVaruint32).
func GetVaruint64(src []byte) (uint64, int) {
	if len(src) > 0 && src[0] < 0x80 {
		return uint64(src[0]), 1
	}
	return uvarint64(src)
}

// GetVarint64 decodes a zigzag varint64 (see GetVaruint32).
func GetVarint64(src []byte) (int64, int) {
	u, n := GetVaruint64(src)
	return int64(u>>1) ^ -int64(u&1), n
}

// GetTaggedInt64 decodes Fory's tagged int64 from src; n == 0 means src
// ended first.
func GetTaggedInt64(src []byte) (v int64, n int) {
	if len(src) < 4 {
		return 0, 0
	}
	w := binary.LittleEndian.Uint32(src)
	if w&1 == 0 {
		return int64(int32(w) >> 1), 4
	}
	if len(src) < 9 {
		return 0, 0
	}
	return int64(binary.LittleEndian.Uint64(src[1:])), 9
}

// GetTaggedUint64 decodes Fory's tagged uint64 from src; n == 0 means src
// ended first.
func GetTaggedUint64(src []byte) (v uint64, n int) {
	if len(src) < 4 {
		return 0, 0
	}
	w := binary.LittleEndian.Uint32(src)
	if w&1 == 0 {
		return uint64(w >> 1), 4
	}
	if len(src) < 9 {
		return 0, 0
	}
	return binary.LittleEndian.Uint64(src[1:]), 9
}
