package fury

import (
	"encoding/binary"
	"errors"
	"reflect"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// Fury serializes Go values in the Apache Fory xlang format. A Fury keeps
// its registrations and per-type plans, and reuses its internal state across
// calls, so create one and reuse it. A Fury is not safe for concurrent use
// (registering excepted: Register and its siblings may be called at any
// time, from any goroutine); use one per goroutine, or the package-level
// Marshal and Unmarshal, which draw from a pool. Two goroutines marshalling
// or unmarshalling with one Fury at once race on its state, and the Go
// runtime may stop the whole process (concurrent map writes are fatal, not
// a panic), so guard a shared Fury with a mutex. A Fury must not be copied
// (go vet reports copies); use the *Fury that New returns.
type Fury struct {
	_        noCopy
	r        *resolver
	err      error // an invalid option given to New, returned by every call
	maxDepth int
	enc      encoder
	dec      decoder
	out      buffer // Marshal's, reused
	app      buffer // MarshalAppend's: the caller's slice, for the call only
	in       buffer

	// One-entry cache of Unmarshal's target: the *T type word and T's info.
	lastOutW  unsafe.Pointer
	lastOutTI *typeInfo
	// lastOutRF: lastOutTI's root frame in f's mode when the last decode
	// into it read a constant prefix and ran generated code (see
	// readGen); nil otherwise.
	lastOutRF *rootFrame
	// lastOutReg: the registry lastOutRF was worked out with (f.r.reg
	// then, and for as long as lastOutRF is not nil: sync clears it).
	lastOutReg *registry
	// One-entry cache of the last root serialized by generated code with a
	// constant prefix: its type word, its frame in f's mode and the
	// registry it was worked out with (see genRoot). Set only by a call
	// that passed check; cleared by sync.
	lastInW   unsafe.Pointer
	lastInRF  *rootFrame
	lastInReg *registry

	regs *registryRef // where registrations are published (see registry.go)

	scan *Decoder // Deserialize's scanner of a Buffer's next message (see messageLen)

	opts []Option // New's options
	refl *Fury    // f without generated code, made on first use (see fieldPathError)
}

// Option configures a Fury.
type Option func(*config)

type config struct {
	refTracking bool
	trackAll    bool
	compatible  bool
	maxDepth    int
	stream      streamConfig // Encoder and Decoder options (stream.go)
	noGenerated bool
	pythonForms bool
	compactStr  bool
	aliasInput  bool
	sharedBlks  bool
	maxDecoded  int64 // decode memory budget; 0: the default (see budget.go)
	err         error // the first invalid option (see New)
}

// invalid records that option name was given an impossible value; New
// keeps the first such error and the Fury returns it from every call.
func (c *config) invalid(name, format string, args ...any) {
	if c.err == nil {
		c.err = wrapf(ErrInvalidArgument, "option %s: "+format, append([]any{name}, args...)...)
	}
}

// WithRefTracking turns reference tracking on or off (default off). With
// it, a pointer, map or slice reached twice in a tracked position is
// written once and comes back shared, and cycles through tracked positions
// work. Without it, shared values are written twice and a cycle fails with
// ErrDepthExceeded.
//
// Which positions are tracked follows the xlang specification and the
// peers (pyfory, fory-core, the Rust crate): a struct field is tracked,
// with what it holds (list elements, map keys and values), only when
// tagged `fury:"ref"` (the schema's ref), so a Go struct mirroring a
// peer's type needs no tag on its other fields; values outside struct
// fields (the top-level value, its elements, values inside interfaces and
// union cases) are tracked when their type is a pointer, map, list slice
// or union. For Go-only graphs of shared or cyclic pointers, add
// WithTrackAllFields (or tag the fields that share). See "Reference
// tracking" in the package documentation.
func WithRefTracking(on bool) Option { return func(c *config) { c.refTracking = on } }

// WithTrackAllFields makes reference tracking (WithRefTracking) cover every
// pointer, slice, map and interface field of every struct, not only the
// fields tagged `fury:"ref"`; a field tagged `fury:"noref"` still opts out.
// Use it for Go-only graphs with shared or cyclic pointers, whose fields
// would otherwise each need a tag. The struct layout changes with it (a
// tracked field carries a reference flag), so both sides must use the same
// setting; peers mirroring the fields need their ref annotation. It needs
// WithRefTracking(true): without it, it is an invalid option (see New:
// every call returns ErrInvalidArgument), not silently ignored.
// NewFury(true) is New with both options.
func WithTrackAllFields(on bool) Option { return func(c *config) { c.trackAll = on } }

// WithCompatible selects compatible mode (the default, as in the peers):
// structs travel with their field names and types (a TypeDef, once per type
// per message), so a reader whose struct has more, fewer or reordered fields
// can still read them. WithCompatible(false) selects schema-consistent mode:
// smaller and faster, but both sides must have the same struct layout
// (checked with a hash; a mismatch is ErrSchemaMismatch).
func WithCompatible(on bool) Option { return func(c *config) { c.compatible = on } }

// WithMaxDepth bounds how deeply values may nest, when writing and reading
// (default 100). Deeper values and input fail with ErrDepthExceeded. n must
// be between 1 and MaxDepthLimit (see New for invalid options).
func WithMaxDepth(n int) Option {
	return func(c *config) {
		if n < 1 || n > MaxDepthLimit {
			c.invalid("WithMaxDepth", "%d levels (must be between 1 and %d)", n, MaxDepthLimit)
			return
		}
		c.maxDepth = n
	}
}

// MaxDepthLimit is the largest depth WithMaxDepth accepts. Each level of
// nesting takes up to about 2 KB of goroutine stack while it is written or
// read, and a goroutine whose stack outgrows Go's limit (1 GB on 64-bit
// platforms, 250 MB on 32-bit ones) ends the program with a fatal error
// that no recover catches. At this limit a value or hostile input nested
// to the bound costs at most a few tens of megabytes of stack. Data nested
// deeper (a linked list of a million nodes) travels as a slice instead.
const MaxDepthLimit = 10000

// WithGeneratedCode turns the use of furygen output on (the default) or
// off. Off, every struct goes through the reflection plan; the bytes are
// the same either way, so this is for benchmarks and tests.
func WithGeneratedCode(on bool) Option { return func(c *config) { c.noGenerated = !on } }

// WithPythonForms makes the writer use pyfory's form where pyfory (Python)
// departs from the specification and from the other peers, fory-core (Java)
// and the Rust crate fory, and they do not read pyfory's form. Both
// differences are in schema-consistent mode: pyfory writes type info before
// a struct field whose type is registered by name, and 47 as the hash of a
// struct without fields. By default the writer follows the specification,
// as fory-core and Rust do: a struct field's declared type is known to the
// reader, so no type info precedes it (as every peer does for a type
// registered by id), and the hash of a struct without fields is the hash of
// its empty fingerprint. Set it when the reader is pyfory. Readers accept
// both forms whatever this setting.
func WithPythonForms(on bool) Option { return func(c *config) { c.pythonForms = on } }

// WithCompactStrings makes the writer encode strings as the Java and
// Python peers do: latin1 when every character is <= U+00FF, else UTF-16
// when every character is in the Basic Multilingual Plane, else UTF-8.
// The default (off) writes every string as UTF-8, Go's own form: a
// straight copy, with no scan and no transcoding. Both peers read all three
// encodings, and so does this package whatever the setting; turn it on
// when the readers are Java or Python and most strings are not ASCII, as
// those peers then keep latin1 and UTF-16 strings without transcoding them
// (and UTF-16 is smaller than UTF-8 for most CJK text). For ASCII strings
// both settings write the same number of bytes. With it on, invalid UTF-8
// in a string travels as U+FFFD; with it off, the bytes travel as they are.
func WithCompactStrings(on bool) Option { return func(c *config) { c.compactStr = on } }

// WithAliasInput turns zero-copy reads on or off (default off). On,
// Unmarshal and Deserialize return strings and []byte values (struct
// fields, list elements, map keys and values, values in an interface{},
// at any depth, on the generated and the reflection paths) that point into
// the input instead of copies of it: they cost no allocation, no copy and
// nothing from the decode budget (WithMaxDecodedBytes).
//
// The price is a lifetime rule. A decoded value is valid only while the
// input it was read from is unchanged: the input must outlive the value,
// and must not be modified or reused while the value is in use (a string
// whose bytes change breaks Go's rule that strings never change, and maps
// keyed by it). The input is Unmarshal's data, and for Deserialize the
// Buffer's memory (which its next Write, Serialize or Reset may reuse) and
// the out-of-band buffers. One retained value keeps the whole input in
// memory. Clone what must outlive the input (strings.Clone, bytes.Clone).
// Appending to an aliased []byte reallocates; writing to its elements
// writes to the input.
//
// Strings a peer wrote as latin1 with characters above U+007F, or as
// UTF-16 (Java and Python peers choose those forms by default; see
// WithCompactStrings), are transcoded to UTF-8 and so copied, as are
// arrays of other element types ([]int32, []bool, ...: their memory must
// be aligned and in the host's form). A Decoder always copies, whatever
// this option says: it reuses its read buffer for the messages that
// follow. The package-level Unmarshal copies (it has the defaults).
func WithAliasInput(on bool) Option { return func(c *config) { c.aliasInput = on } }

// WithSharedBlocks makes decodes carve the strings, primitive slices,
// []byte and bool or number pointees they decode from shared blocks of up
// to 8 KiB (on) instead of giving each its own allocation (off, the
// default). A block outlives its decode and the next decode by the same
// Fury (or into the same Buffer, for Deserialize) carves on from it, so a
// run of small messages takes one allocation for hundreds and a struct
// with twenty strings one or two instead of twenty.
//
// The price is a retention rule, not a validity one: decoded values stay
// valid and unchanged whatever later decodes read, but a block stays in
// memory while any piece of it is referenced, so keeping one small string
// of a decoded value keeps up to 8 KiB of it and of the messages decoded
// before and after it alive (strings.Clone what must be kept alone).
// Turn it on for decode, consume and drop loops; keep the default when
// decoded values, or parts of them, outlive the next few decodes. The
// measured trade-off is in the package documentation ("Memory of decoded
// values"). It has no effect on what WithAliasInput(true) aliases.
func WithSharedBlocks(on bool) Option { return func(c *config) { c.sharedBlks = on } }

// New returns a Fury configured by opts. An invalid option (such as
// WithMaxDepth(0)) does not make New fail: the Fury remembers it, and every
// call on it (Marshal, Unmarshal, Register, ...) returns an error wrapping
// ErrInvalidArgument that names the option. The Fury has its own
// registrations (the package-level Register functions serve the package-level
// Marshal and Unmarshal only).
func New(opts ...Option) *Fury { return newFury(newRegistryRef(), opts...) }

func newFury(regs *registryRef, opts ...Option) *Fury {
	c := config{compatible: true, maxDepth: 100}
	for _, o := range opts {
		if o == nil {
			c.invalid("nil Option", "given to New")
			continue
		}
		o(&c)
	}
	if c.trackAll && !c.refTracking {
		c.invalid("WithTrackAllFields(true)", "needs WithRefTracking(true) (it makes reference tracking cover every field)")
	}
	f := &Fury{regs: regs, r: newResolver(c.compatible, c.refTracking), maxDepth: c.maxDepth, err: c.err,
		opts: slices.Clone(opts)}
	f.r.noGenerated = c.noGenerated
	f.r.trackAllFields = c.trackAll
	f.r.pythonForms = c.pythonForms
	f.enc = encoder{r: f.r, maxDepth: c.maxDepth, refTracking: c.refTracking, compatible: c.compatible,
		compactStrings: c.compactStr}
	f.dec = decoder{r: f.r, maxDepth: c.maxDepth, maxDecoded: c.maxDecoded, pending: -1, metaCache: map[metaCacheKey]string{}}
	// What generated code writes and reads through points back at f's
	// encoder and decoder (so a Fury must not be copied; it never is,
	// being used through the pointer New returns).
	f.enc.gw.Init((*genWriter)(&f.enc), &f.enc.depth, c.maxDepth)
	f.enc.gw.SetTrackAllFields(c.refTracking && c.trackAll)
	f.dec.gr.Init((*genReader)(&f.dec), &f.dec.depth, c.maxDepth)
	f.dec.gr.SetTrackAllFields(c.refTracking && c.trackAll)
	// MarshalAppend writes through f.app only, with f's string forms.
	f.app.SetCompactStrings(c.compactStr)
	// Unmarshal reads through f.in only; Deserialize takes the setting
	// from there (see WithAliasInput).
	f.in.SetAliasing(c.aliasInput)
	f.in.SetSharedBlocks(c.sharedBlks) // Deserialize too takes it from f.in
	return f
}

// check returns the error every call on f returns: f.err (an invalid
// option given to New), or ErrInvalidArgument for a Fury not made by New
// (nil or the zero value, which has no resolver).
func (f *Fury) check() error {
	if f == nil || f.r == nil {
		return wrapf(ErrInvalidArgument, "a Fury must be made by fury.New (got a nil or zero Fury)")
	}
	return f.err
}

// Register registers the type of v (a struct or a named integer type, which
// becomes an enum) under a numeric id, for exchange with peers that register
// the same type by the same id. Registering is safe at any time, also from
// another goroutine while f is in use; it takes effect from f's next call.
func (f *Fury) Register(v any, id uint32) error {
	if err := f.check(); err != nil {
		return err
	}
	if v == nil {
		return wrapf(ErrRegistration, "nil value")
	}
	return f.regs.register(reflect.TypeOf(v), &registration{byID: true, id: id})
}

// RegisterTagType registers the type of v (a struct or a named integer type,
// which becomes an enum) under a name: "example.SomeClass1" is namespace
// "example", type name "SomeClass1" — the name peers register it under
// (pyfory register(cls, name="example.SomeClass1"), Java
// fory.register(SomeClass1.class, "example.SomeClass1")).
func (f *Fury) RegisterTagType(tag string, v any) error {
	if err := f.check(); err != nil {
		return err
	}
	if v == nil {
		return wrapf(ErrRegistration, "nil value")
	}
	ns, name := splitTag(tag)
	return f.regs.register(reflect.TypeOf(v), &registration{ns: ns, name: name})
}

// RegisterNamed registers the type of v under an explicit namespace and
// type name (RegisterTagType splits them at the last dot).
func (f *Fury) RegisterNamed(v any, namespace, name string) error {
	if err := f.check(); err != nil {
		return err
	}
	if v == nil {
		return wrapf(ErrRegistration, "nil value")
	}
	return f.regs.register(reflect.TypeOf(v), &registration{ns: namespace, name: name})
}

// Marshal returns the serialized form of v.
func (f *Fury) Marshal(v any) ([]byte, error) {
	if f == nil || f.r == nil || f.err != nil {
		return nil, f.check() // (check's tests, without its call)
	}
	// Written into Marshal's memory, kept for the next call, then copied.
	// (Directly, not through MarshalAppend: no store of that memory into
	// f.app and back, which are pointer stores, and so write barriers
	// while the collector marks, as it often does in a program that
	// allocates a new slice per call.)
	buf := &f.out
	buf.Reset()
	// genRoot, written out (as in MarshalAppend).
	ev := efaceOf(&v)
	if ev.typ != f.lastInW || ev.data == nil || f.regs.load() != f.lastInReg || f.lastInRF.net {
		return f.marshalOther(buf, v, ev.data)
	}
	// The short way: writeGen, in line (with buf empty: no start to
	// truncate back to on error, Marshal's next call resets it).
	r, e := f.lastInRF, &f.enc
	if e.buf != buf { // (no pointer store, and write barrier, for the same buffer)
		e.buf = buf
	}
	e.gw.Restart(buf) // a new message: its TypeDefs and meta strings start afresh
	buf.SetCompactStrings(e.compactStrings)
	r.writePrefix(buf)
	e.begin(r)
	err := e.gw.Root(r.wplan, ev.data)
	if e.fellBack {
		e.fellBack = false
		r.net = true
	}
	return copied(buf, err)
}

// copied returns a copy of buf's bytes, Marshal's result, or err.
func copied(buf *buffer, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	b := buf.Bytes()
	// (make and copy cost less than append([]byte(nil), b...), which
	// takes growslice's way.)
	out := make([]byte, len(b))
	copy(out, b)
	return out, nil
}

// marshalOther is Marshal for a root that does not take the short way:
// a root of another type than the last (serialize), or one whose
// generated code entered the runtime before (writeGenNet).
func (f *Fury) marshalOther(buf *buffer, v any, p unsafe.Pointer) ([]byte, error) {
	var err error
	if ev := efaceOf(&v); ev.typ != f.lastInW || ev.data == nil || f.regs.load() != f.lastInReg {
		err = f.serialize(buf, v, nil)
	} else {
		err = f.writeGenNet(buf, f.lastInRF, p)
	}
	return copied(buf, err)
}

// MarshalAppend appends the serialized form of v to dst. With a dst of
// enough capacity it does not allocate.
func (f *Fury) MarshalAppend(dst []byte, v any) ([]byte, error) {
	// genRoot, written out: a tighter test than its inlined form.
	if f == nil {
		return f.marshalAppend(dst, v)
	}
	ev := efaceOf(&v)
	if ev.typ != f.lastInW || ev.data == nil || f.regs.load() != f.lastInReg {
		return f.marshalAppend(dst, v)
	}
	r, p := f.lastInRF, ev.data
	if r.net {
		return f.appendGenNet(dst, r, p)
	}
	// The short way (see genRoot and writeGen, which this is for f.app,
	// here in line).
	e := &f.enc
	buf := &f.app
	if e.buf != buf { // (no pointer store, and write barrier, for the same buffer)
		e.buf = buf
	}
	e.gw.Restart(buf) // a new message: its TypeDefs and meta strings start afresh
	start := len(dst)
	buf.SetBytes(r.appendPrefix(dst)) // (f.app's compact-strings flag is set once, by New)
	e.begin(r)
	err := e.gw.Root(r.wplan, p)
	if e.fellBack {
		e.fellBack = false
		r.net = true
	}
	out := buf.Bytes()
	buf.SetBytes(nil) // not to keep the caller's memory
	if err != nil {
		return out[:start], err
	}
	return out, nil
}

func (f *Fury) marshalAppend(dst []byte, v any) ([]byte, error) {
	if err := f.check(); err != nil {
		return dst, err
	}
	f.app.SetBytes(dst)
	err := f.serialize(&f.app, v, nil)
	out := f.app.Bytes()
	f.app.SetBytes(nil) // not to keep the caller's memory
	return out, err
}

// genRoot returns the frame of the root *v when v has the type of the
// last root that serialize wrote with generated code and a constant
// prefix (f.lastInRF, in f's mode) and the registrations have not changed
// since, and the data word serialize takes the root at; nil otherwise.
// Such a root takes the short way (writeGen): no type lookup, none of the
// checks the earlier call passed, no choice of frame.
//
// A nil data word is a nil pointer: the cached frames are those of
// pointers to structs and of structs that are not pointer-shaped (see
// rootFramesOf), whose values an interface holds by pointer.
func (f *Fury) genRoot(v *any) (*rootFrame, unsafe.Pointer) {
	if f != nil {
		ev := efaceOf(v)
		// (A non-nil data word implies a non-nil type word, so a cached
		// one, and lastInRF set with it.)
		if ev.typ == f.lastInW && ev.data != nil && f.regs.load() == f.lastInReg {
			return f.lastInRF, ev.data
		}
	}
	return nil, nil
}

// writeGen writes the root at p, whose frame r serialize chose in an
// earlier call (see genRoot), to buf: the constant prefix, then the
// generated code. On error buf holds what it held before.
//
// It sets up only what the generated code and the runtime calls it makes
// use (serialize resets the whole encoder), and it has no panic net of its
// own: generated Write functions call nothing that can panic but the
// runtime, which they enter through the genWriter methods, and those that
// enter it turn a panic into an error themselves when no net is up the
// stack (see genWriter.catch); a root that did so once is written under
// one net from then on (writeGenNet). Reference
// tracking and out-of-band buffers never come here (serialize does not
// cache a frame for them), so the reference table, and the writer's
// settings, which only the out-of-band path changes and restores, are as
// New left them.
func (f *Fury) writeGen(buf *buffer, r *rootFrame, p unsafe.Pointer) error {
	e := &f.enc
	if e.buf != buf { // (no pointer store, and write barrier, for the same buffer)
		e.buf = buf
	}
	e.gw.Restart(buf) // a new message: its TypeDefs and meta strings start afresh
	buf.SetCompactStrings(e.compactStrings)
	start := buf.Len()
	r.writePrefix(buf)
	e.begin(r)
	err := e.gw.Root(r.wplan, p)
	if e.fellBack {
		e.fellBack = false
		r.net = true
	}
	if err != nil {
		buf.Truncate(start)
	}
	return err
}

// writeGenNet is writeGen under a panic net, for a root whose generated
// code entered the runtime in an earlier call (rootFrame.net). Without a
// net up the stack, each call into the runtime (genWriter.WriteField)
// defers a recover of its own; a root that makes such calls saves them
// with one deferred recover here.
func (f *Fury) writeGenNet(buf *buffer, r *rootFrame, p unsafe.Pointer) (err error) {
	e := &f.enc
	start := buf.Len()
	e.netted = true
	defer func() {
		e.netted = false
		if !recoverPanics {
			return
		}
		if x := recover(); x != nil {
			buf.Truncate(start)
			err = wrapf(ErrInvalidArgument, "serializing: %v", x)
		}
	}()
	return f.writeGen(buf, r, p)
}

// appendGenNet is MarshalAppend's short way under a panic net (see
// writeGenNet).
func (f *Fury) appendGenNet(dst []byte, r *rootFrame, p unsafe.Pointer) ([]byte, error) {
	buf := &f.app
	buf.SetBytes(dst)
	err := f.writeGenNet(buf, r, p)
	out := buf.Bytes()
	buf.SetBytes(nil) // not to keep the caller's memory
	return out, err
}

// begin readies e for the generated code of the root with frame r, whose
// prefix is written: what that code and the runtime calls it makes read.
func (e *encoder) begin(r *rootFrame) {
	if r.wdef != nil {
		e.gw.MarkTypeDef(r.wdef)
	}
	e.depth = 1
}

// appendPrefix appends the frame's constant prefix to dst: the header,
// the not-null flag, the type info and the struct hash (schema-consistent)
// or TypeDef (compatible).
func (r *rootFrame) appendPrefix(dst []byte) []byte {
	// One block copy into the spare capacity (as checked), of which
	// len(r.pre) bytes count: a few moves, no memmove call.
	n := len(dst)
	if r.short && cap(dst)-n >= 16 {
		// (The 16 bytes from dst's end are in its capacity, as checked:
		// no bounds check for the compiler to add.)
		*(*[16]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), n)) = [16]byte(r.blk[:16])
		return dst[:n+len(r.pre)]
	}
	if r.block && cap(dst)-n >= len(r.blk) {
		*(*[len(r.blk)]byte)(dst[n : n+len(r.blk)]) = r.blk
		return dst[:n+len(r.pre)]
	}
	return append(dst, r.pre...)
}

// writePrefix writes the frame's constant prefix: the header, the
// not-null flag, the type info and the struct hash (schema-consistent) or
// TypeDef (compatible).
func (r *rootFrame) writePrefix(buf *buffer) {
	if b := buf.Bytes(); r.block && cap(b)-len(b) >= len(r.blk) {
		// As appendPrefix: one block copy into the spare capacity.
		*(*[len(r.blk)]byte)(b[len(b) : len(b)+len(r.blk)]) = r.blk
		buf.Advance(len(r.pre))
		return
	}
	buf.WriteBytes(r.pre)
}

// Serialize appends the serialized form of v to buf. When callback is not
// nil, the []byte and primitive slices of v are offered to it, in order,
// as SerializedObjects: those it returns false for travel out of band (the
// caller ships their Bytes separately, and the receiver passes them to
// Deserialize as Buffers: NewBuffer of each, or ToBuffer of the objects
// in the same process), the others in band. On error buf holds what it held
// before.
func (f *Fury) Serialize(buf *Buffer, v any, callback func(SerializedObject) bool) error {
	if err := f.check(); err != nil {
		return err
	}
	if buf == nil {
		return wrapf(ErrInvalidArgument, "nil buffer")
	}
	buf.compact()
	if callback == nil {
		if r, p := f.genRoot(&v); r != nil {
			var err error
			if r.net {
				err = f.writeGenNet(&buf.b, r, p)
			} else {
				err = f.writeGen(&buf.b, r, p)
			}
			buf.b.SetCompactStrings(false)
			return err
		}
	}
	start := buf.b.Len()
	err := f.serialize(&buf.b, v, callback)
	if err != nil {
		buf.b.Truncate(start)
	}
	return err
}

// serialize and deserialize expect a Fury that passed check (every
// exported entry point calls it once).
func (f *Fury) serialize(buf *buffer, v any, callback func(SerializedObject) bool) (err error) {
	f.sync()
	e := &f.enc
	e.reset(buf)
	start := buf.Len()
	compact := buf.CompactStrings()
	buf.SetCompactStrings(e.compactStrings)
	netted := e.netted
	e.netted = true // the net below
	defer func() {
		e.netted = netted
		buf.SetCompactStrings(compact) // false but for f.app (see New)
		if callback != nil {
			// Back to the settings writeGen expects.
			e.oob = nil
			e.gw.Set(buf, e.compatible, e.refTracking, nativeLE)
		}
		if !recoverPanics {
			return
		}
		if r := recover(); r != nil {
			buf.Truncate(start)
			err = wrapf(ErrInvalidArgument, "serializing: %v", r)
		}
	}()
	if v == nil {
		buf.WriteUint8(headerXlang | oobBit(callback))
		buf.WriteInt8(flagNull)
		return nil
	}
	ti, err := f.r.typeInfoOfAny(v)
	if err != nil {
		if w, ok := pointeeOfPointer(v); ok {
			// Marshal(&p) for a p of type *T: what p points to.
			return f.serialize(buf, w, callback)
		}
		return err
	}
	// Point at the value without letting v escape: a pointer-shaped value
	// is copied into the encoder, others are read where the interface
	// holds them.
	p := efaceOf(&v).data
	if callback == nil && !e.refTracking {
		rf := ti.root
		if rf == nil {
			rf = rootFramesOf(ti)
		}
		if r := &rf[e.modeIndex()]; r.st != nil && (!r.ptr || p != nil) {
			// The prefix is constant: one store (or copy), then the
			// generated code. The next call with the same root type
			// takes the short way (see genRoot).
			f.lastInW, f.lastInRF, f.lastInReg = efaceOf(&v).typ, r, f.r.reg
			return f.writeGen(buf, r, p)
		}
	}
	if callback != nil {
		e.oob = callback
		e.gw.Set(buf, e.compatible, e.refTracking, false)
	}
	buf.WriteUint8(headerXlang | oobBit(callback))
	if ti.direct {
		e.root = p
		p = unsafe.Pointer(&e.root)
	}
	if err = e.writeFull(ti, p, true, true, true); err != nil {
		buf.Truncate(start)
	}
	return err
}

// pointeeOfPointer returns what v points to when v is a pointer to a
// pointer (nil for a nil v), which a root value may be as in encoding/json,
// though no position in a value may.
func pointeeOfPointer(v any) (any, bool) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Type().Elem().Kind() != reflect.Pointer {
		return nil, false
	}
	// A few levels, down to a type that is not a pointer: type P *P has
	// none, and stays refused.
	levels := 0
	for e := rv.Type().Elem(); e.Kind() == reflect.Pointer; e = e.Elem() {
		if levels++; levels > 8 {
			return nil, false
		}
	}
	if rv.IsNil() {
		return nil, true
	}
	return rv.Elem().Interface(), true
}

// rootFrame is the constant prefix of a root value whose struct has
// generated code in use: the header, the not-null flag, the type info and
// (schema-consistent) the struct hash; in compatible mode the type info is
// the message's first TypeDef, so it is constant too.
type rootFrame struct {
	st *structInfo // nil: no constant prefix in this mode
	// net: a short-way call of this root entered the runtime with no
	// panic net; later ones take writeGenNet.
	net   bool
	ptr   bool            // the root is a pointer to st's struct (nil: not here)
	def   *typeInfo       // the TypeDef the prefix writes (compatible mode)
	wdef  *furyrt.TypeDef // def.writeDef(), which begin marks written
	rd    *remoteDef      // def as this Fury reads it, once seen (see readRoot)
	pre   []byte          // the message header, then the prefix
	short bool            // pre fits in 16 bytes: lo and hi, little-endian
	lo    uint64
	hi    uint64
	// loMask and hiMask select pre's bytes in the two words that hold
	// them (readRoot compares the next 16 bytes of input with lo and hi).
	loMask, hiMask uint64
	// flat: st's generated Read is flat (furyrt.Codec.Flat, which
	// flatStruct checks against the Go type): Unmarshal's short way takes
	// readFlat.
	flat bool
	// plainShort: flat, without a TypeDef (schema-consistent mode) and
	// short, the case of readFlat that Unmarshal has in line; read is
	// st.gen.Read when flat (one load on that way, not three).
	plainShort bool
	read       func(r *furyrt.Reader, p unsafe.Pointer) error
	wplan      *furyrt.Plan // st.wplan (one load on the write's short way, not two)
	// blk holds pre, then zeros, when it fits (block, or short), for
	// appendPrefix's block copies.
	block bool
	blk   [64]byte
}

// oobBit is the header bit announcing out-of-band buffers.
func oobBit(callback func(SerializedObject) bool) byte {
	if callback != nil {
		return headerOOB
	}
	return 0
}

// rootFramesOf works out and caches ti.root. Reference tracking and
// out-of-band buffers are excluded by the caller.
func rootFramesOf(ti *typeInfo) *[2]rootFrame {
	rf := new([2]rootFrame)
	st, ptr := genStruct(ti), false
	if ti.direct {
		// A pointer-shaped struct: an interface holds the value itself,
		// not a pointer to it, so it takes the full way (serialize
		// points at it).
		st = nil
	}
	if st == nil && ti.ptrElem != nil && ti.ptrElem.ptrElem == nil && ti.codec != nil {
		if _, ok := ti.codec.(*ptrCodec); ok {
			st, ptr = genStruct(ti.ptrElem), true
		}
	}
	if st != nil {
		w := ti.wire()
		for m, compatible := range []bool{false, true} {
			pre := []byte{headerXlang, 0xff} // the header, not null
			var def *typeInfo
			switch w.id {
			case tidCompatibleStruct, tidNamedCompatibleStruct:
				if !compatible {
					continue
				}
				// The first TypeDef of the message: index 0, then the def.
				pre = appendVaruint32(pre, w.id)
				pre = appendVaruint32(pre, 0)
				pre = append(pre, w.typeDef...)
				def = w
			default:
				var ok bool
				if pre, ok = constTypeInfo(pre, w, compatible); !ok {
					continue
				}
			}
			if !compatible {
				pre = binary.LittleEndian.AppendUint32(pre, uint32(st.hash))
			}
			r := rootFrame{st: st, ptr: ptr, def: def, pre: pre, flat: !ptr && flatStruct(st)}
			if st != nil {
				r.wplan = st.wplan
			}
			if r.flat {
				r.read = st.gen.Read
			}
			if def != nil {
				r.wdef = def.writeDef()
			}
			if len(pre) <= len(r.blk) {
				r.block = true
				copy(r.blk[:], pre)
			}
			if len(pre) <= 16 {
				var w [16]byte
				copy(w[:], pre)
				r.short, r.lo, r.hi = true, binary.LittleEndian.Uint64(w[:]), binary.LittleEndian.Uint64(w[8:])
				var m [16]byte
				for i := range pre {
					m[i] = 0xff
				}
				r.loMask, r.hiMask = binary.LittleEndian.Uint64(m[:]), binary.LittleEndian.Uint64(m[8:])
			}
			r.plainShort = r.flat && def == nil && r.short
			rf[m] = r
		}
	}
	ti.root = rf
	return rf
}

// Unmarshal reads a value serialized by Marshal (or by a peer) into the
// value v points to. v must be a non-nil pointer: to a Go type the value
// converts to, or to an interface{} for the natural Go value (see the
// package documentation for the mapping). The value v points to is
// replaced, not merged into: it is reset to its zero value first. data
// must hold exactly one value: bytes after it are ErrInvalidData. The
// decoded value does not alias data, unless f was made
// WithAliasInput(true) (see its lifetime rule).
func (f *Fury) Unmarshal(data []byte, v any) error {
	if f != nil {
		// (A data word that is not nil has a type word that is not nil.)
		if ev := efaceOf(&v); ev.typ == f.lastOutW && ev.data != nil {
			// The destination type of the last call, which read a
			// constant prefix with generated code: the short way, when
			// data starts with that prefix (see readGen).
			// (lastOutReg before lastOutRF: no merge of two ways of
			// failing, which costs the compiler a SETE and a test.)
			if r := f.lastOutRF; f.regs.load() == f.lastOutReg && r != nil {
				if r.plainShort && f.dec.fresh && len(data) >= 16 &&
					binary.LittleEndian.Uint64(data)&r.loMask == r.lo && binary.LittleEndian.Uint64(data[8:])&r.hiMask == r.hi {
					// readFlat without a TypeDef (schema-consistent
					// mode), here in line, for data that starts with
					// r's prefix (startsWith, its usual case here): one
					// call less, one set of spills less. readFlat's doc
					// comment states what this relies on and keeps.
					d, buf, p := &f.dec, &f.in, ev.data
					d.limit = decodeBudget(d.maxDecoded, len(data))
					d.depth = 1
					buf.BeginDecode(data, len(r.pre), d.limit)
					if s := d.genStack; len(s) != 1 || s[0] != r.st { // (as the last call left it, usually)
						d.genStack = s[:0]
						pushPlan(&d.genStack, r.st)
					}
					d.defsRead = d.defsRead[:0]
					d.bare = true
					err := r.read(&d.gr, p)
					d.bare = false
					if err == nil {
						if buf.Budget() < 0 {
							err = d.checkBudget()
						} else if buf.Remaining() > 0 {
							err = trailingBytes(buf)
						}
					}
					buf.EndDecode()
					if err != nil {
						clearValue(f.lastOutTI, p)
						return f.shortFailed(err, data, v)
					}
					if scanCheckHook != nil {
						scanCheckHook(f, data, v)
					}
					return nil
				}
				if r.startsWith(data) && (r.def == nil || r.st.readsAsIs(r.rd)) {
					var err error
					if r.flat {
						if !f.dec.fresh {
							f.readFlatFresh()
						}
						err = f.readFlat(data, r, ev.data)
					} else {
						err = f.readGen(data, r, ev.data)
					}
					if err != nil {
						return f.shortFailed(err, data, v)
					}
					if scanCheckHook != nil {
						scanCheckHook(f, data, v)
					}
					return nil
				}
			}
		}
	}
	return f.unmarshal(data, v)
}

// shortFailed returns the error of Unmarshal of data into v when its
// short way failed with err: err with the field path (fieldPathError), or,
// for a reference into a skipped value, what the general way returns,
// which starts over (see deserialize).
func (f *Fury) shortFailed(err error, data []byte, v any) error {
	if f.dec.hitSkipped {
		return f.unmarshal(data, v)
	}
	return f.fieldPathError(err, v, func(g *Fury, dst any) error { return g.Unmarshal(data, dst) })
}

func (f *Fury) unmarshal(data []byte, v any) error {
	if err := f.check(); err != nil {
		return err
	}
	f.in.SetBytes(data)
	err := f.deserialize(&f.in, v, nil)
	if len(data) == 0 && errors.Is(err, ErrTruncated) {
		err = wrapf(ErrTruncated, "empty input: no message to read")
	}
	if err == nil && f.in.Remaining() > 0 {
		err = trailingBytes(&f.in)
	}
	f.in.SetBytes(nil)
	if err != nil {
		return f.fieldPathError(err, v, func(g *Fury, dst any) error { return g.Unmarshal(data, dst) })
	}
	if scanCheckHook != nil {
		scanCheckHook(f, data, v)
	}
	return nil
}

// fieldPathError returns the error of a decode into v that failed with
// err: when f has generated code in use, the error of the same decode by
// the reflection path (decode, run on a Fury like f but for generated
// code, sharing its registrations, into a new value of v's type, so that
// v is left as the failed decode left it), which names the field the input
// broke in ("in Image.Height: ...") where generated readers say only what
// broke. So both paths fail with the same text, and a decode that succeeds
// pays nothing for it. Should the reflection path succeed where generated
// code failed (the tests hold the two to the same outcome), err stands, as
// it does when it is a panic caught by the decode's net.
func (f *Fury) fieldPathError(err error, v any, decode func(g *Fury, dst any) error) error {
	rv := reflect.ValueOf(v)
	if recovered := f.dec.recovered; recovered || !f.r.genInUse || f.err != nil || rv.Kind() != reflect.Pointer || rv.IsNil() {
		// A panic caught (a bug) is reported as it happened.
		f.dec.recovered = false
		return err
	}
	if f.refl == nil {
		f.refl = newFury(f.regs, append(slices.Clone(f.opts), WithGeneratedCode(false))...)
	}
	if rerr := decode(f.refl, reflect.New(rv.Type().Elem()).Interface()); rerr != nil {
		return rerr
	}
	return err
}

func trailingBytes(buf *buffer) error {
	return wrapf(ErrInvalidData, "%d trailing bytes at offset %d after the value", buf.Remaining(), buf.ReaderIndex())
}

// readGen is Unmarshal of data into p, a value of the type lastOutTI
// describes, whose last decode read the constant prefix of r (its root
// frame in f's mode) and ran generated code, when data starts with that
// prefix (and, in compatible mode, r's TypeDef still reads as is): the
// type lookup, the checks that the earlier call passed and the general
// header reading are skipped; the destination's reset, the budget, the
// panic net, the depth and the trailing-bytes check are Unmarshal's.
func (f *Fury) readGen(data []byte, r *rootFrame, p unsafe.Pointer) (err error) {
	ti := f.lastOutTI
	if ti.clr != clearMemory || !zeroMemory(p, ti.size) { // setZero, its usual case inline
		setZero(ti, p)
	}
	d := &f.dec
	d.trim()
	buf := &f.in
	d.reset(buf)
	d.setReach(ti)
	d.limit = decodeBudget(d.maxDecoded, len(data))
	// done: the body returned, no panic to recover; recover, a runtime
	// call, is then not made (-13 instructions per call).
	done := false
	defer func() {
		if !done && recoverPanics {
			if r := recover(); r != nil {
				buf.EndDecode()
				err = wrapf(ErrInvalidData, "reading %v: %v", ti.typ, r)
				d.recovered = true
			}
		}
	}()
	if r.rd == nil {
		buf.BeginDecode(data, len(r.pre), d.limit)
		d.defsRead = d.defsRead[:0]
	} else {
		err = d.beginDef(data, r, r.rd)
	}
	if err == nil {
		d.depth = 1
		pushPlan(&d.genStack, r.st)
		if err = r.st.gen.Read(&d.gr, p); err == nil {
			if buf.Budget() < 0 {
				err = d.checkBudget()
			} else if buf.Remaining() > 0 {
				err = trailingBytes(buf)
			}
		}
	}
	buf.EndDecode()
	done = true
	return err
}

// beginDef starts the decode of data, a message that starts with r's
// prefix, which holds the root's TypeDef rd (compatible mode), on the
// short way: d.buf reads data from after the prefix, with d.limit as the
// budget, less what parsing rd charged (chargeTypeDef, in line: rd was
// read from the cache), and rd is the message's first TypeDef (its slot
// usually holds it already: no pointer store then). Without a TypeDef,
// the callers call d.buf.BeginDecode themselves and the message's
// TypeDefs are none so far.
func (d *decoder) beginDef(data []byte, r *rootFrame, rd *remoteDef) error {
	setFirstDef(&d.defsRead, rd)
	if c := rd.cost; c >= 0 && c <= d.limit {
		d.buf.BeginDecode(data, len(r.pre), d.limit-c)
		return nil
	}
	d.buf.BeginDecode(data, len(r.pre), d.limit)
	return d.chargeTypeDef(rd)
}

// readFlat is readGen for a root whose generated Read is flat (see
// furyrt.Codec.Flat): it assigns every field of the struct when it
// succeeds and enters the runtime only through genReader.ReadField. So:
//
//   - the destination is not cleared first, as every field is assigned
//     (a used one is replaced); when anything fails it is cleared, so
//     that no mix of the old value and the new one is left;
//   - there is no panic net here: the generated code calls nothing that
//     panics (the Buffer's read methods and furyrt's Get functions never
//     do) but the runtime, and ReadField puts a net of its own around it
//     while this runs (decoder.bare, see genReader.readFieldNet);
//   - the decoder is reset only when something other than this way used
//     it since its last reset (decoder.fresh): this way touches only the
//     buffer, the depth, the plan stack and, in compatible mode, the
//     TypeDefs read, which it sets itself; what only the runtime reads
//     (the struct types the destination mentions, decoder.reach) is set
//     by readFieldNet.
//
// The budget, the depth, the trailing-bytes check and the budget check of
// what was allocated are readGen's.
//
// The caller resets the decoder when it is not fresh (see readFlatFresh).
// The buffer is set up before anything that may call out of line (the plan
// stack's and the TypeDef list's first growth, the TypeDef's charge), so
// that data is not kept on the stack across those calls.
func (f *Fury) readFlat(data []byte, r *rootFrame, p unsafe.Pointer) error {
	d := &f.dec
	buf := &f.in
	d.limit = decodeBudget(d.maxDecoded, len(data))
	d.depth = 1
	rd := r.rd
	charge := false
	if rd == nil {
		buf.BeginDecode(data, len(r.pre), d.limit)
	} else if c := rd.cost; c >= 0 && c <= d.limit {
		buf.BeginDecode(data, len(r.pre), d.limit-c)
	} else {
		buf.BeginDecode(data, len(r.pre), d.limit)
		charge = true
	}
	d.genStack = d.genStack[:0]
	pushPlan(&d.genStack, r.st)
	var err error
	if rd == nil {
		d.defsRead = d.defsRead[:0]
	} else {
		// beginDef, here in line (-20 instructions in compatible mode).
		if len(d.defsRead) != 1 || d.defsRead[0] != rd {
			d.defsRead = append(d.defsRead[:0], rd)
		}
		if charge {
			err = d.chargeTypeDef(rd)
		}
	}
	if err == nil {
		d.bare = true
		err = r.st.gen.Read(&d.gr, p)
		d.bare = false
		if err == nil {
			if buf.Budget() < 0 {
				err = d.checkBudget()
			} else if buf.Remaining() > 0 {
				err = trailingBytes(buf)
			}
		}
	}
	buf.EndDecode()
	if err != nil {
		clearValue(f.lastOutTI, p)
	}
	return err
}

// readFlatFresh resets the decoder for readFlat, which needs it fresh:
// something other than readFlat used it since its last reset.
func (f *Fury) readFlatFresh() {
	d := &f.dec
	d.trim()
	d.reset(&f.in)
	d.fresh = true
}

// clearValue sets the value of type ti at p to its zero value, whatever it
// holds.
func clearValue(ti *typeInfo, p unsafe.Pointer) {
	if ti.clr != clearMemory || !zeroMemory(p, ti.size) {
		setZero(ti, p)
	}
}

// flatStruct reports whether st's generated code is flat (see
// furyrt.Codec.Flat) as far as the runtime can tell: the codec says so,
// and every field of the Go type is one the codec reads (none embedded,
// blank or skipped) and of a kind whose generated read assigns it whole:
// a bool, a number, a string (or a type defined on one of them), or a
// time.Time.
func flatStruct(st *structInfo) bool {
	if st == nil || st.gen == nil || !st.gen.Flat {
		return false
	}
	t := st.ti.typ
	if t.Kind() != reflect.Struct || t.NumField() != len(st.gen.Fields) {
		return false
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if sf.Anonymous || sf.Name == "_" || !slices.Contains(st.gen.Fields, sf.Name) {
			return false
		}
		switch sf.Type.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64, reflect.String:
		default:
			if sf.Type != reflect.TypeFor[time.Time]() {
				return false
			}
		}
	}
	return true
}

// startsWith reports whether data starts with r's prefix.
func (r *rootFrame) startsWith(data []byte) bool {
	if r.short && len(data) >= 16 {
		return binary.LittleEndian.Uint64(data)&r.loMask == r.lo && binary.LittleEndian.Uint64(data[8:])&r.hiMask == r.hi
	}
	return len(data) >= len(r.pre) && string(data[:len(r.pre)]) == string(r.pre)
}

// scanCheckHook, when set (by tests: FURY_SCANCHECK=1), sees every message
// Unmarshal decoded, to hold the stream Decoder's scanner to the decoder.
var scanCheckHook func(f *Fury, data []byte, v any)

// Deserialize reads one message from buf into v (as Unmarshal does: v is
// replaced), taking the objects the writer sent out of band, in order,
// from buffers: one Buffer (ByteBuffer) per object whose SerializedObject
// the writer's callback returned false for, holding its bytes (ToBuffer of
// the object in the same process; NewBuffer of the bytes received, which it
// does not copy, in another). Pass nil when nothing travelled out of band.
// Each buffer's unread bytes (its Bytes) are the object, whatever its
// length; their read positions do not move. It consumes the
// message and leaves the rest of buf unread, so messages written back to
// back are read by successive calls. Decoded values alias neither buf nor
// buffers, unless f was made WithAliasInput(true) (see its lifetime rule).
// On error the message stays unread: after ErrTruncated, Write the rest of
// it to buf and call again. The message's decode memory budget comes from
// its own bytes and the out-of-band buffers, as Unmarshal's does, not from
// the messages after it in buf: it succeeds or fails as Unmarshal of its
// bytes would.
func (f *Fury) Deserialize(buf *Buffer, v any, buffers []*Buffer) error {
	if err := f.check(); err != nil {
		return err
	}
	if buf == nil {
		return wrapf(ErrInvalidArgument, "nil buffer")
	}
	oob, err := oobBytes(buffers)
	if err != nil {
		return err
	}
	start := buf.b.ReaderIndex()
	// A message's budget comes from its own bytes, not from the messages
	// after it (see deserialize_budget.go).
	rem := buf.b.Remaining()
	var preset int64
	if rem > wholeBufferBudget && f.dec.maxDecoded == 0 {
		preset = decodeBudget(0, rem) - decodeBudget(0, wholeBufferBudget)
	}
	buf.b.SetAliasing(f.in.Aliasing())
	if share := f.in.SharedBlocks(); buf.b.SharedBlocks() != share {
		buf.b.SetSharedBlocks(share)
	}
	f.dec.spentBefore = preset
	err = f.deserialize(&buf.b, v, oob)
	f.dec.spentBefore = 0
	if err == nil {
		err = f.dec.ownBudget(buf.b.ReaderIndex()-start, oob, preset)
	} else if preset != 0 && errors.Is(err, ErrTooLarge) {
		err = f.deserializeAlone(buf, v, oob, start)
	}
	buf.b.SetAliasing(false)
	if err != nil {
		buf.b.SetReaderIndex(start)
		err = f.fieldPathError(err, v, func(g *Fury, dst any) error { return g.Deserialize(NewBuffer(buf.Bytes()), dst, buffers) })
	}
	return err
}

// oobBytes returns the bytes of Deserialize's out-of-band buffers (nil for
// nil, so that "no buffers" stays apart from "none of them").
func oobBytes(buffers []*Buffer) ([][]byte, error) {
	if buffers == nil {
		return nil, nil
	}
	oob := make([][]byte, len(buffers))
	for i, b := range buffers {
		if b == nil {
			return nil, wrapf(ErrInvalidArgument, "out-of-band buffer %d of %d is nil", i, len(buffers))
		}
		oob[i] = b.Bytes()
	}
	return oob, nil
}

func (f *Fury) deserialize(buf *buffer, v any, buffers [][]byte) error {
	start := buf.ReaderIndex()
	err := f.deserializeOnce(buf, v, buffers)
	if d := &f.dec; err != nil && d.hitSkipped && !d.noSkip {
		// A reference pointed into a value the decode skipped (see
		// skip.go): decode again, reading such values instead, with
		// what the first attempt left of the budget (so that the two
		// allocate no more than one decode may).
		buf.SetReaderIndex(start)
		d.noSkip, d.spentBefore = true, d.limit-buf.Budget()
		err = f.deserializeOnce(buf, v, buffers)
		d.noSkip, d.spentBefore = false, 0
	}
	return err
}

func (f *Fury) deserializeOnce(buf *buffer, v any, buffers [][]byte) (err error) {
	f.sync()
	e := efaceOf(&v)
	ti := f.lastOutTI
	if e.typ != f.lastOutW || e.typ == nil || e.data == nil {
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.Pointer || rv.IsNil() {
			return wrapf(ErrInvalidArgument, "Unmarshal needs a non-nil pointer, got %T", v)
		}
		if ti, err = f.r.typeInfoOf(rv.Type().Elem()); err != nil {
			return err
		}
		f.lastOutW, f.lastOutTI, f.lastOutRF = e.typ, ti, nil
	}
	p := e.data
	// Replace, never merge: decoding into a used value must give what
	// decoding into a zero one gives.
	setZero(ti, p)
	d := &f.dec
	d.trim()
	d.reset(buf)
	d.setReach(ti)
	if buffers != nil {
		d.oobBufs = buffers
	}
	buf.BeginSlab()
	in := buf.Remaining()
	for _, b := range buffers {
		in += len(b) // out-of-band data counts as input
	}
	d.limit = decodeBudget(d.maxDecoded, in)
	buf.SetBudget(d.limit - d.spentBefore)
	defer func() {
		buf.EndSlab()
		if recoverPanics {
			if r := recover(); r != nil {
				err = wrapf(ErrInvalidData, "reading %v: %v", ti.typ, r)
				d.recovered = true
			}
		}
		if d.oobBufs != nil {
			d.oobBufs = nil
		}
	}()
	if buffers == nil && !d.r.refTracking {
		if done, err := d.readRoot(ti, p); done {
			if err == nil && buf.Budget() < 0 {
				err = d.checkBudget()
			}
			if err == nil && buf == &f.in && d.spentBefore == 0 {
				// Unmarshal's next call into this type may take the
				// short way (readGen).
				f.lastOutRF, f.lastOutReg = &ti.root[d.mode()], f.r.reg
			}
			return err
		}
	}
	h, err := buf.ReadByte()
	if err != nil {
		return err
	}
	if h&^(headerXlang|headerOOB) != 0 || h&headerXlang == 0 {
		return wrapf(ErrInvalidData, "header byte %#02x: not a Fory xlang payload", h)
	}
	if h&headerOOB != 0 {
		d.oobOn = true
		d.gr.Set(buf, d.r.compatible, d.r.refTracking, false)
	}
	if err = d.readFull(ti, p, true, true, true); err != nil || buf.Budget() >= 0 {
		return err
	}
	return d.checkBudget()
}

// readRoot reads a message whose root is a struct with generated code in
// use when it starts with the constant prefix that rootFramesOf works out
// (the header, the not-null flag, the type info and the hash, or in
// compatible mode the struct's own TypeDef): it checks the prefix with one
// comparison and runs the generated code, skipping the type lookup. done is
// false when the message starts otherwise; nothing has been read then.
func (d *decoder) readRoot(ti *typeInfo, p unsafe.Pointer) (done bool, err error) {
	rf := ti.root
	if rf == nil {
		rf = rootFramesOf(ti)
	}
	r := &rf[d.mode()]
	if r.st == nil || r.ptr || !r.startsWith(d.buf.Unread()) {
		return false, nil
	}
	st := r.st
	if r.def != nil {
		rd := r.rd
		if rd == nil {
			// The TypeDef as this Fury parsed it, if it has (the first
			// message reads it the general way).
			if len(r.def.typeDef) < 8 {
				return false, nil
			}
			rd = d.r.remoteByHeader[binary.LittleEndian.Uint64(r.def.typeDef)]
			if rd == nil || rd.raw != string(r.def.typeDef) {
				return false, nil
			}
			r.rd = rd
		}
		if !st.readsAsIs(rd) {
			return false, nil
		}
		if err := d.chargeTypeDef(rd); err != nil {
			return true, err
		}
		pushDef(&d.defsRead, rd)
	}
	_ = d.buf.Skip(len(r.pre))
	d.depth = 1
	pushPlan(&d.genStack, st)
	return true, st.gen.Read(&d.gr, p)
}

// mode is the index of f's mode in a typeInfo's root frames.
func (d *decoder) mode() int {
	if d.r.compatible {
		return 1
	}
	return 0
}

// recoverPanics turns a panic inside the decoder (a bug: bad input must
// give an error) into an error, so that a service stays up. Tests and fuzz
// targets turn it off to see such bugs.
var recoverPanics = true

// ---- package-level API ---------------------------------------------------

var pool = sync.Pool{New: func() any { return newFury(defaultRegs) }}

// Marshal serializes v with a default Fury (compatible mode, no reference
// tracking) drawn from a pool; it is safe for concurrent use. Types must not
// need registration (unregistered structs are named after their Go package
// and type).
func Marshal(v any) ([]byte, error) {
	f := pool.Get().(*Fury)
	defer pool.Put(f)
	return f.Marshal(v)
}

// Unmarshal deserializes data into v with a pooled default Fury; it is safe
// for concurrent use.
func Unmarshal(data []byte, v any) error {
	f := pool.Get().(*Fury)
	defer pool.Put(f)
	return f.Unmarshal(data, v)
}

// noCopy makes go vet's copylocks check report copies of a Fury.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
