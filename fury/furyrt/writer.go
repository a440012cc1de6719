package furyrt

import (
	"encoding/binary"
	"reflect"
	"unsafe"

	"github.com/fury-go/fury/fury/internal/ferr"
)

// Writer is what generated Write functions write through: the buffer for
// direct stores, the settings of the call, and the runtime (package fury)
// for what the generated code leaves to it (interfaces, reference-tracked
// values, nested values whose wire form depends on the message, ...).
//
// A Writer is made and owned by package fury; generated code only receives
// one.
type Writer struct {
	buf         *Buffer
	depth       *int // the runtime's nesting depth
	maxDepth    int
	compatible  bool
	refTracking bool
	refFields   bool // see TrackAllFields
	direct      bool
	elems       Elems // of the list BeginList began last
	eng         WriterEngine
}

// Elems is what precedes each struct element of a list (the element
// struct's hash in schema-consistent mode). Generated code takes it from
// Elems right after BeginList and passes it to StartElem before each
// element.
type Elems struct{ hash int32 }

// WriterEngine is the runtime side of a Writer, implemented by package
// fury: the calls that need its type plans. Generated code calls them
// through the Writer methods of the same names.
type WriterEngine interface {
	WriteField(i int, p unsafe.Pointer) error
	BeginStruct(i int, p unsafe.Pointer) (*Codec, error)
	BeginStructPtr(i int, p unsafe.Pointer) (*Codec, error)
	EndStruct(i int, err error) error
	// BeginList also returns the element struct's hash (see Elems).
	BeginList(i int, p unsafe.Pointer) (int, *Codec, int32, error)
	EndList(i int, err error) error
	WriteDuration(p unsafe.Pointer)
	WriteDate(i int, p unsafe.Pointer) error
	WriteDecimal(i int, p unsafe.Pointer) error
}

// Init connects w to its runtime: eng does what generated code leaves to
// the runtime, and depth is the runtime's nesting depth, limited to
// maxDepth. Package fury calls it once per encoder.
func (w *Writer) Init(eng WriterEngine, depth *int, maxDepth int) {
	w.eng, w.depth, w.maxDepth = eng, depth, maxDepth
}

// Set points w at buf for a call with the given settings. Package fury
// calls it at the start of each call (and again when the settings change).
func (w *Writer) Set(buf *Buffer, compatible, refTracking, directArrays bool) {
	if w.buf != buf { // no pointer store (and write barrier) for the same buffer
		w.buf = buf
	}
	w.compatible, w.refTracking, w.direct = compatible, refTracking, directArrays
}

// SetTrackAllFields records whether reference tracking is on and covers
// every pointer, slice, map and interface field (WithRefTracking with
// WithTrackAllFields), what TrackAllFields reports. Package fury calls it
// once per encoder, with the settings it passes to Set every call.
func (w *Writer) SetTrackAllFields(on bool) { w.refFields = on }

// Buffer returns the buffer being written.
func (w *Writer) Buffer() *Buffer { return w.buf }

// Compatible reports whether the Fury writes in compatible mode.
func (w *Writer) Compatible() bool { return w.compatible }

// RefTracking reports whether reference tracking is on.
func (w *Writer) RefTracking() bool { return w.refTracking }

// TrackAllFields reports whether reference tracking is on for every
// pointer, slice, map and interface field, tagged ref or not
// (WithRefTracking with WithTrackAllFields). Otherwise a field not tagged
// ref is written as it is with tracking off, so generated code writes such
// fields itself; it leaves them to WriteField only when this is true.
// (Fields tagged ref always go to the runtime.)
func (w *Writer) TrackAllFields() bool { return w.refFields }

// DirectArrays reports whether primitive arrays ([]int32, []byte, ...) are
// written in band as little-endian bytes, so that generated code may copy
// them in bulk (see WriteArray); otherwise it delegates them to WriteField.
func (w *Writer) DirectArrays() bool { return w.direct }

// CanNest reports whether k more nesting levels fit under the depth limit.
// Generated code checks a field's static nesting once and leaves deeper
// fields to the runtime, which reports the depth error where it applies.
func (w *Writer) CanNest(k int) bool { return *w.depth+k <= w.maxDepth }

// Rewind truncates the buffer to n bytes, dropping what generated code
// wrote of a field it then leaves to WriteField.
func (w *Writer) Rewind(n int) { w.buf.data = w.buf.data[:n] }

// WriteField writes field i (in wire order) of the struct being written,
// at p, exactly as the reflection path does.
func (w *Writer) WriteField(i int, p unsafe.Pointer) error { return w.eng.WriteField(i, p) }

// BeginStruct starts struct-valued field i (in wire order) of the struct
// being written, at p. When the field's type has generated code in use and
// nothing but type info and the struct hash precede its data, it writes
// those and returns the codec to write the fields with; the caller then
// runs the codec's Write (or the function it names) on p and passes the
// result to EndStruct. Otherwise it writes the whole field as WriteField
// does and returns a nil codec.
func (w *Writer) BeginStruct(i int, p unsafe.Pointer) (*Codec, error) {
	return w.eng.BeginStruct(i, p)
}

// BeginStructPtr is BeginStruct for field i at p, a non-nil pointer to a
// struct: when the pointee's type has generated code in use, it writes the
// not-null flag, type info and struct hash and returns the codec to write
// the pointee with (then EndStruct). Otherwise it writes the whole field
// and returns a nil codec.
func (w *Writer) BeginStructPtr(i int, p unsafe.Pointer) (*Codec, error) {
	return w.eng.BeginStructPtr(i, p)
}

// EndStruct ends a field begun by BeginStruct or BeginStructPtr with a
// non-nil codec; err is what the codec's Write returned.
func (w *Writer) EndStruct(i int, err error) error { return w.eng.EndStruct(i, err) }

// BeginList starts list field i at p, a slice of strings or of structs
// with generated code. When the elements can be written directly it
// writes the element count, the list header and the element type info and
// returns the count n >= 1 and, for struct elements, the codec to write
// them with. The caller then writes the n elements (strings with
// Buffer.WriteString; structs with StartElem before each, then the codec)
// and calls EndList. Otherwise (an empty list included) it writes the whole
// field as WriteField does and returns n == 0.
func (w *Writer) BeginList(i int, p unsafe.Pointer) (n int, c *Codec, err error) {
	var h int32
	n, c, h, err = w.eng.BeginList(i, p)
	w.elems = Elems{h}
	return n, c, err
}

// Elems returns what precedes each struct element of the list that
// BeginList just began (call it before writing any element).
func (w *Writer) Elems() Elems { return w.elems }

// StartElem writes what precedes each struct element of a list begun by
// BeginList: e, from Elems, in schema-consistent mode.
func (w *Writer) StartElem(e Elems) {
	if !w.compatible {
		w.buf.WriteInt32(e.hash)
	}
}

// EndList ends a list begun by BeginList with n > 0; err is the first
// error of its elements.
func (w *Writer) EndList(i int, err error) error { return w.eng.EndList(i, err) }

// WriteDuration writes the time.Duration at p as the runtime does.
func (w *Writer) WriteDuration(p unsafe.Pointer) { w.eng.WriteDuration(p) }

// WriteDate writes field i, the fury.Date at p, as the runtime does (a
// date that is not a day of the calendar is an error).
func (w *Writer) WriteDate(i int, p unsafe.Pointer) error { return w.eng.WriteDate(i, p) }

// WriteDecimal writes field i, the fury.Decimal at p, as the runtime does.
func (w *Writer) WriteDecimal(i int, p unsafe.Pointer) error { return w.eng.WriteDecimal(i, p) }

// Reader is what generated Read functions read through: the buffer for
// direct loads, the settings of the call, and the runtime (package fury)
// for what the generated code leaves to it.
//
// A Reader is made and owned by package fury; generated code only receives
// one.
type Reader struct {
	buf         *Buffer
	depth       *int
	maxDepth    int
	compatible  bool
	refTracking bool
	refFields   bool // see TrackAllFields
	direct      bool
	elems       Elems // of the list BeginList began last
	eng         ReaderEngine
}

// ReaderEngine is the runtime side of a Reader, implemented by package
// fury. Generated code calls it through the Reader methods of the same
// names.
type ReaderEngine interface {
	ReadField(i int, p unsafe.Pointer) error
	BeginStruct(i int, p unsafe.Pointer) (*Codec, error)
	BeginStructPtr(i int, p unsafe.Pointer) (*Codec, error)
	EndStruct(i int, err error) error
	// BeginList also returns the element struct's hash (see Elems).
	BeginList(i int, p unsafe.Pointer) (int, *Codec, int32, error)
	// StartElem reads and checks the hash before an element whose hash is
	// not the one expected (an error, or another accepted form).
	StartElem() error
	EndList(i int, err error) error
	CountOK(n uint32) bool
	// Charge charges count × size bytes, for values of type what, to the
	// decode budget, or returns the runtime's error when they do not fit.
	Charge(count int, size uintptr, what reflect.Type) error
	ReadDuration(i int, p unsafe.Pointer) error
	ReadDate(i int, p unsafe.Pointer) error
	ReadDecimal(i int, p unsafe.Pointer) error
}

// Init connects r to its runtime (see Writer.Init).
func (r *Reader) Init(eng ReaderEngine, depth *int, maxDepth int) {
	r.eng, r.depth, r.maxDepth = eng, depth, maxDepth
}

// Set points r at buf for a call with the given settings (see Writer.Set).
func (r *Reader) Set(buf *Buffer, compatible, refTracking, directArrays bool) {
	if r.buf != buf { // no pointer store (and write barrier) for the same buffer
		r.buf = buf
	}
	r.compatible, r.refTracking, r.direct = compatible, refTracking, directArrays
}

// SetTrackAllFields is Writer.SetTrackAllFields for reading.
func (r *Reader) SetTrackAllFields(on bool) { r.refFields = on }

// Buffer returns the buffer being read.
func (r *Reader) Buffer() *Buffer { return r.buf }

// RefTracking reports whether reference tracking is on.
func (r *Reader) RefTracking() bool { return r.refTracking }

// TrackAllFields reports whether reference tracking is on for every
// pointer, slice, map and interface field (see Writer.TrackAllFields).
// Otherwise a field not tagged ref is read as with tracking off: generated
// readers read its canonical form themselves and leave any other form
// (reference flags a peer may still send, say) to ReadField.
func (r *Reader) TrackAllFields() bool { return r.refFields }

// DirectArrays reports whether primitive arrays are read in band from
// little-endian bytes (see ReadArray); otherwise generated code delegates
// them to ReadField.
func (r *Reader) DirectArrays() bool { return r.direct }

// CanNest reports whether k more nesting levels fit under the depth limit.
func (r *Reader) CanNest(k int) bool { return *r.depth+k <= r.maxDepth }

// CountOK reports whether a collection or map of n elements may be
// decoded (see the runtime's bounds on counts the input cannot back).
func (r *Reader) CountOK(n uint32) bool {
	// A count the rest of the input backs at a byte an element always may
	// be; the runtime decides the others.
	return int64(n) <= int64(r.buf.Remaining()) || r.eng.CountOK(n)
}

// ReadField reads field i (in wire order) of the struct being read into p,
// exactly as the reflection path does.
func (r *Reader) ReadField(i int, p unsafe.Pointer) error { return r.eng.ReadField(i, p) }

// BeginStruct starts struct-valued field i of the struct being read, at
// p. When the field's type has generated code in use and the data has the
// local layout, it reads what precedes the fields (type info, struct hash)
// and returns the codec to read them with; the caller runs the codec's
// Read (or the function it names) on p and passes the result to
// EndStruct. Otherwise it reads the whole field as ReadField does and
// returns a nil codec.
func (r *Reader) BeginStruct(i int, p unsafe.Pointer) (*Codec, error) {
	return r.eng.BeginStruct(i, p)
}

// BeginStructPtr starts field i at p, a pointer to a struct, whose null
// flag generated code has ruled out. When the pointee's type has generated
// code in use and the data has the local layout, it reads the not-null
// flag, type info and struct hash, stores a new struct in the field
// (charged to the decode budget where the runtime charges it, between the
// type info and the hash) and returns the codec; the caller then reads the
// new struct with the codec and calls EndStruct. Otherwise it reads the
// whole field as ReadField does and returns a nil codec.
func (r *Reader) BeginStructPtr(i int, p unsafe.Pointer) (*Codec, error) {
	return r.eng.BeginStructPtr(i, p)
}

// EndStruct ends a field begun by BeginStruct or BeginStructPtr with a
// non-nil codec; err is what the codec's Read returned.
func (r *Reader) EndStruct(i int, err error) error { return r.eng.EndStruct(i, err) }

// BeginList starts list field i at p, a slice of strings or of structs
// with generated code. It reads the element count and stores a new slice
// of that length at p. When the elements can be read directly it reads the
// list header and element type info and returns the count n >= 1 and, for
// struct elements, the codec to read them with. The caller then reads the
// n elements (strings with Buffer.ReadString; structs with StartElem
// before each, then the codec) and calls EndList. Otherwise (an empty list
// included, which leaves the field nil) it reads the whole field as
// ReadField does and returns n == 0.
func (r *Reader) BeginList(i int, p unsafe.Pointer) (n int, c *Codec, err error) {
	var h int32
	n, c, h, err = r.eng.BeginList(i, p)
	r.elems = Elems{h}
	return n, c, err
}

// Elems returns what precedes each struct element of the list that
// BeginList just began (call it before reading any element).
func (r *Reader) Elems() Elems { return r.elems }

// StartElem reads what precedes each struct element of a list begun by
// BeginList: e, from Elems, in schema-consistent mode.
func (r *Reader) StartElem(e Elems) error {
	if r.compatible {
		return nil
	}
	if u := r.buf.Unread(); len(u) >= 4 && int32(binary.LittleEndian.Uint32(u)) == e.hash {
		r.buf.off += 4
		return nil
	}
	return r.eng.StartElem()
}

// EndList ends a list begun by BeginList with n > 0; err is the first
// error of its elements.
func (r *Reader) EndList(i int, err error) error { return r.eng.EndList(i, err) }

// ReadDuration reads field i, the time.Duration at p, as the runtime does.
func (r *Reader) ReadDuration(i int, p unsafe.Pointer) error { return r.eng.ReadDuration(i, p) }

// ReadDate reads field i, the fury.Date at p, as the runtime does.
func (r *Reader) ReadDate(i int, p unsafe.Pointer) error { return r.eng.ReadDate(i, p) }

// ReadDecimal reads field i, the fury.Decimal at p, as the runtime does.
func (r *Reader) ReadDecimal(i int, p unsafe.Pointer) error { return r.eng.ReadDecimal(i, p) }

// Truncated is the error generated code returns when the input ends early.
func (r *Reader) Truncated() error { return ferr.ErrTruncatedRead }

// VarintError is the error for a failed varint decode (Get*) in the named
// field(s): n == 0 means the input ended early, n < 0 a malformed varint.
func (r *Reader) VarintError(n int, what string) error {
	if n == 0 {
		return ferr.ErrTruncatedRead
	}
	return ferr.Wrapf(ferr.ErrInvalidData, "malformed varint in %s", what)
}

// Error reports malformed input found by generated code, wrapped like the
// runtime's own errors (errors.Is(err, fury.ErrInvalidData)).
func (r *Reader) Error(format string, args ...any) error {
	return ferr.Wrapf(ferr.ErrInvalidData, format, args...)
}
