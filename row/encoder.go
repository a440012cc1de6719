package row

import (
	"reflect"
	"sync/atomic"
)

// HashSize is the size of the schema hash that Encode puts before the row.
const HashSize = 8

// Encoder converts values of struct type T to rows and back. Its schema is
// inferred from T once, by NewEncoder. An Encoder is safe for concurrent use.
type Encoder[T any] struct {
	p      *plan
	factor int // see memFactor
	opts   options
	schema *Schema
	hint   atomic.Int64 // size of the last row, to size the next buffer
}

// NewEncoder infers the row schema of struct type T (see the package
// documentation for the type mapping and field order) and returns an
// encoder for it. It fails with an error wrapping fury.ErrUnsupportedType
// when T is not a struct or holds a type the row format cannot carry.
// Options (WithMaxDecodedBytes) set how it decodes.
func NewEncoder[T any](opts ...Option) (*Encoder[T], error) {
	var o options
	for _, fn := range opts {
		if fn == nil {
			return nil, errorf(errInvalidArgument, "nil Option")
		}
		fn(&o)
	}
	if o.err != nil {
		return nil, o.err
	}
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil, errorf(errUnsupported, "%v is not a struct; a row holds the fields of a struct", t)
	}
	p, err := planFor(t, map[reflect.Type]bool{}, 0)
	if err != nil {
		return nil, err
	}
	e := &Encoder[T]{p: p, schema: p.t.fields, factor: memFactor(p, map[*plan]bool{}), opts: o}
	e.hint.Store(64)
	return e, nil
}

// Schema returns the schema inferred from T (nil for an Encoder not made
// by NewEncoder).
func (e *Encoder[T]) Schema() *Schema {
	if e == nil {
		return nil
	}
	return e.schema
}

// check fails for an Encoder not made by NewEncoder (nil or the zero
// value), whose methods would otherwise dereference a missing plan.
func (e *Encoder[T]) check() error {
	if e == nil || e.p == nil {
		return errorf(errInvalidArgument, "row.Encoder[%v] not made by NewEncoder", reflect.TypeFor[T]())
	}
	return nil
}

// Encode returns the schema hash (8 bytes, little-endian) followed by the
// row of *v: what pyfory's encoder(cls).encode(obj) returns.
func (e *Encoder[T]) Encode(v *T) ([]byte, error) {
	if err := e.check(); err != nil {
		return nil, err
	}
	return e.AppendEncode(make([]byte, 0, e.hint.Load()+HashSize), v)
}

// AppendEncode appends the encoding of *v (see Encode) to dst. With a dst of
// enough capacity it does not allocate.
func (e *Encoder[T]) AppendEncode(dst []byte, v *T) ([]byte, error) {
	if err := e.check(); err != nil {
		return dst, err
	}
	if v == nil {
		return dst, errorf(errInvalidArgument, "nil value")
	}
	w := writer{buf: dst}
	start := w.grow(HashSize)
	le.PutUint64(w.buf[start:], uint64(e.schema.hash))
	if err := w.writeRow(e.p, reflect.ValueOf(v).Elem()); err != nil {
		return dst, err
	}
	e.hint.Store(int64(len(w.buf) - start))
	return w.buf, nil
}

// ToRow returns the row of *v (no schema hash): what pyfory's to_row
// writes. The row owns fresh bytes.
func (e *Encoder[T]) ToRow(v *T) (Row, error) {
	if err := e.check(); err != nil {
		return Row{}, err
	}
	return e.AppendRow(make([]byte, 0, e.hint.Load()), v)
}

// AppendRow writes the row of *v after dst's contents and returns a view
// over it (its Bytes are dst's new tail).
func (e *Encoder[T]) AppendRow(dst []byte, v *T) (Row, error) {
	if err := e.check(); err != nil {
		return Row{}, err
	}
	if v == nil {
		return Row{}, errorf(errInvalidArgument, "nil value")
	}
	w := writer{buf: dst}
	start := len(dst)
	if err := w.writeRow(e.p, reflect.ValueOf(v).Elem()); err != nil {
		return Row{}, err
	}
	e.hint.Store(int64(len(w.buf) - start))
	return NewRow(e.schema, w.buf[start:len(w.buf):len(w.buf)])
}

// Decode reads what Encode (or a peer's encode) wrote: it checks the schema
// hash, failing with an error wrapping fury.ErrSchemaMismatch that names
// both hashes, and returns the decoded value.
func (e *Encoder[T]) Decode(data []byte) (*T, error) {
	v := new(T)
	if err := e.DecodeInto(data, v); err != nil {
		return nil, err
	}
	return v, nil
}

// DecodeInto is Decode into *dst, which is reset to its zero value first
// (decoding never merges into what dst held). On error dst's contents are
// unspecified.
func (e *Encoder[T]) DecodeInto(data []byte, dst *T) error {
	if err := e.check(); err != nil {
		return err
	}
	if dst == nil {
		return errorf(errInvalidArgument, "nil destination")
	}
	if len(data) < HashSize {
		return errorf(errTruncated, "%d bytes: shorter than the %d-byte schema hash", len(data), HashSize)
	}
	if h := int64(le.Uint64(data)); h != e.schema.hash {
		return errorf(errSchemaMismatch, "schema hash %d in the data, %d expected for %v", h, e.schema.hash, reflect.TypeFor[T]())
	}
	r, err := NewRow(e.schema, data[HashSize:])
	if err != nil {
		return err
	}
	return e.fromRow(r, dst)
}

// FromRow decodes row r into a new T. r's schema must have the encoder's
// layout (the same types in the same order; names may differ).
func (e *Encoder[T]) FromRow(r Row) (*T, error) {
	v := new(T)
	if err := e.FromRowInto(r, v); err != nil {
		return nil, err
	}
	return v, nil
}

// FromRowInto is FromRow into *dst, which is reset to its zero value first.
func (e *Encoder[T]) FromRowInto(r Row, dst *T) error {
	if err := e.check(); err != nil {
		return err
	}
	if dst == nil {
		return errorf(errInvalidArgument, "nil destination")
	}
	if r.s != e.schema && (r.s == nil || !sameLayout(r.s, e.schema)) {
		return errorf(errSchemaMismatch, "row schema %v does not match %v", r.s, e.schema)
	}
	return e.fromRow(r, dst)
}

func (e *Encoder[T]) fromRow(r Row, dst *T) error {
	var zero T
	*dst = zero
	d := newReader(len(r.v.b), e.factor)
	d.goBudget = goLimit(len(r.v.b), e.factor, e.opts.maxDecoded)
	return d.readRow(e.p, &r.v, reflect.ValueOf(dst).Elem())
}

// sameLayout reports whether two schemas have the same types in the same
// order (what the bytes depend on).
func sameLayout(a, b *Schema) bool {
	if len(a.fields) != len(b.fields) {
		return false
	}
	for i := range a.fields {
		if !sameType(a.fields[i].Type, b.fields[i].Type) {
			return false
		}
	}
	return true
}

func sameType(a, b *DataType) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.id != b.id {
		return false
	}
	switch a.id {
	case TypeList:
		return sameType(a.elem, b.elem)
	case TypeMap:
		return sameType(a.key, b.key) && sameType(a.val, b.val)
	case TypeStruct:
		return sameLayout(a.fields, b.fields)
	}
	return true
}

// SchemaOf infers the row schema of struct type t, as NewEncoder does.
func SchemaOf(t reflect.Type) (*Schema, error) {
	if t == nil || t.Kind() != reflect.Struct {
		return nil, errorf(errUnsupported, "%v is not a struct; a row holds the fields of a struct", t)
	}
	p, err := planFor(t, map[reflect.Type]bool{}, 0)
	if err != nil {
		return nil, err
	}
	return p.t.fields, nil
}
