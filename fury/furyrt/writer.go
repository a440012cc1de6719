package furyrt

import (
	"encoding/binary"
	"reflect"
	"unsafe"

	"github.com/fury-go/fury/fury/internal/ferr"
	"github.com/fury-go/fury/internal/asm"
)

// Writer is what generated Write functions write through: the buffer for
// direct stores, the settings of the call, the plan of the struct being
// written (its nested fields' framing, worked out once per Fury), and the
// runtime (package fury) for what the generated code leaves to it
// (interfaces, reference-tracked values, nested values whose wire form
// depends on the message, ...).
//
// A Writer is made and owned by package fury; generated code only receives
// one.
type Writer struct {
	buf *Buffer
	// plans holds the plans written through w by their id (see
	// Writer.id; plans[0] is the root's), cur the id of the plan of the struct
	// being written: an integer, so that entering and leaving a nested
	// struct stores no pointer (and so takes no write barrier while the
	// collector marks).
	plans       []*Plan
	cur         int32
	depth       *int // the runtime's nesting depth
	maxDepth    int
	compatible  bool
	refTracking bool
	refFields   bool // see TrackAllFields
	direct      bool
	msg         uint64 // the message being written (see TypeDef)
	defs        uint32 // TypeDefs written in it
	metas       uint32 // meta strings written in it (see MetaString)
	eng         WriterEngine
}

// Elems is what precedes each struct element of a list (the element
// struct's hash in schema-consistent mode). Generated readers take it from
// Reader.Elems right after BeginList and pass it to StartElem before each
// element.
type Elems struct{ hash int32 }

// WriterEngine is the runtime side of a Writer, implemented by package
// fury: the calls that need its type plans. Generated code reaches them
// through the Writer's methods.
type WriterEngine interface {
	WriteField(i int, p unsafe.Pointer) error
	// BeginStruct and BeginStructPtr start field i (at p) when the
	// Writer does not write it from its plan's Nest alone (not worked out
	// yet, a framing that depends on the message, a nesting too deep).
	// They work out the Nest, then either write the whole field and
	// return false, or write what precedes the struct's fields, enter
	// one nesting level and return true; the Writer then writes the
	// fields with the Nest's plan and calls EndStruct.
	BeginStruct(i int, p unsafe.Pointer) (bool, error)
	BeginStructPtr(i int, p unsafe.Pointer) (bool, error)
	// EndStruct leaves the level BeginStruct entered and adds field i to
	// err's path.
	EndStruct(i int, err error) error
	// BeginList is BeginStruct for a list of structs: it writes the
	// whole field and returns n == 0, or writes the count, the list
	// header and the element type info, enters two levels and returns
	// the count n and whether pointer elements carry null flags.
	BeginList(i int, p unsafe.Pointer) (n int, nulls bool, err error)
	// EndList ends a list begun by BeginList with n > 0.
	EndList(i int, err error) error
	// WrapField adds field i of the struct being written to err's path.
	WrapField(i int, err error) error
	WriteDuration(p unsafe.Pointer)
	WriteDate(i int, p unsafe.Pointer) error
	WriteDecimal(i int, p unsafe.Pointer) error
}

// Init connects w to its runtime: eng does what generated code leaves to
// the runtime, and depth is the runtime's nesting depth, limited to
// maxDepth. Package fury calls it once per encoder.
func (w *Writer) Init(eng WriterEngine, depth *int, maxDepth int) {
	w.eng, w.depth, w.maxDepth = eng, depth, maxDepth
	if len(w.plans) == 0 {
		w.plans = make([]*Plan, 1, 16) // id 0: the root's
	}
}

// Set points w at buf for a message with the given settings. Package fury
// calls it at the start of each message (and again, before writing
// anything, when the settings change): it starts the message's TypeDefs
// and meta strings afresh (see TypeDef, MetaString).
func (w *Writer) Set(buf *Buffer, compatible, refTracking, directArrays bool) {
	if w.buf != buf { // no pointer store (and write barrier) for the same buffer
		w.buf = buf
	}
	w.msg++
	w.defs, w.metas = 0, 0
	w.compatible, w.refTracking, w.direct = compatible, refTracking, directArrays
}

// Restart points w at buf for a new message with the settings of the last
// Set: it starts the message's TypeDefs and meta strings afresh. Package
// fury calls it where the settings are those of every message (its short
// way for generated roots), to save setting them again.
func (w *Writer) Restart(buf *Buffer) {
	if w.buf != buf {
		w.buf = buf
	}
	w.msg++
	w.defs, w.metas = 0, 0
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

// Plan is the write side of the runtime's plan of one struct type with
// generated code in use, one per Fury: the generated function that writes
// the struct's fields and, per field, how a nested struct or list of
// structs is framed (Nest), worked out on the field's first use. Package
// fury makes and fills it (NewPlan, SetNest); generated code reaches it
// through the Writer.
type Plan struct {
	write func(*Writer, unsafe.Pointer) error
	owner unsafe.Pointer
	nests []Nest
	w     *Writer // the Writer that gave it id
	id    int32
}

// NewPlan returns the plan of a struct type whose fields write writes;
// fields is the number of the struct's fields, owner the runtime's own
// plan of the type (Owner returns it).
func NewPlan(owner unsafe.Pointer, write func(*Writer, unsafe.Pointer) error, fields int) *Plan {
	return &Plan{write: write, owner: owner, nests: make([]Nest, fields)}
}

// Owner returns the runtime's plan given to NewPlan.
func (pl *Plan) Owner() unsafe.Pointer { return pl.owner }

// Plan returns the plan of the struct being written.
func (w *Writer) Plan() *Plan {
	if w.cur < 0 { // SetPlan(nil)
		return nil
	}
	return w.plans[w.cur]
}

// id returns pl's id in w, giving it one on its first use with w. (A plan
// is written through one Writer: package fury makes both per Fury. Used
// with another, it takes an id there, and a new one here if it comes back.)
func (w *Writer) id(pl *Plan) int32 {
	if pl.w == w {
		return pl.id
	}
	return w.newID(pl)
}

func (w *Writer) newID(pl *Plan) int32 {
	if len(w.plans) == 0 {
		w.plans = append(w.plans, nil) // id 0: the root's
	}
	pl.w, pl.id = w, int32(len(w.plans))
	w.plans = append(w.plans, pl)
	return pl.id
}

// Root writes the fields of the root struct at p with plan pl, the first
// generated code of the message.
func (w *Writer) Root(pl *Plan, p unsafe.Pointer) error {
	// The root's plan has id 0 for as long as it is the root (the same
	// plan may have another id as a nested struct's).
	if w.plans[0] != pl { // (no pointer store, and write barrier, for the same root type)
		w.plans[0] = pl
	}
	w.cur = 0
	return pl.write(w, p)
}

// Run writes the fields of the struct at p with plan pl (the runtime
// calls it for a struct it writes with generated code inside a value it
// writes itself).
func (w *Writer) Run(pl *Plan, p unsafe.Pointer) error {
	cur := w.cur
	w.cur = w.id(pl)
	err := pl.write(w, p)
	w.cur = cur
	return err
}

// NestKind says which field shape a Nest frames.
type NestKind uint8

// The shapes of a Nest.
const (
	nestNone      NestKind = iota
	NestStruct             // a struct value
	NestStructPtr          // a nullable pointer to a struct (the flag is in Pre)
	NestList               // a list of struct values
	NestPtrList            // a list of pointers to structs
)

// Nest is how a struct-valued field, or a list of structs, is written by
// generated code: what precedes the struct's fields (or the list's
// elements) when it is the same in every message (the not-null flag, type
// info, struct hash; the list header and element type info), with, where
// the type info refers to what the message carries once (a TypeDef in
// compatible mode, the meta strings of a type registered by name), that
// reference and what follows it; then the nested struct's plan.
type Nest struct {
	pre    uint64 // packed little-endian
	preN   uint8
	kind   NestKind
	ready  NestKind // kind, or none when what precedes the fields depends on the message (the runtime writes it)
	fast   NestKind // ready, once the Writer has given plan its id (pid)
	pid    int32
	hashed bool     // a list's elements are each preceded by hash
	hash   int32    // the element struct's hash
	more   moreKind // what follows pre
	def    *TypeDef
	full   []byte      // with def alone: pre, a marker's byte (0), def's bytes
	ns     *MetaString // with name: the meta strings of a type registered by name
	name   *MetaString
	after  uint64 // packed little-endian: what follows def or the meta strings (a struct's hash)
	afterN uint8
	plan   *Plan
	size   uintptr // of a list element
}

// moreKind says what follows a Nest's pre.
type moreKind uint8

const (
	moreNone  moreKind = iota
	moreDef            // def alone
	moreOther          // meta strings or after bytes, with or without def
)

// NestSpec describes a Nest for SetNest.
type NestSpec struct {
	Kind NestKind
	// Pre is what precedes the struct's fields (or, for a list, the
	// header and the element type info; the header is Pre's first byte),
	// at most 8 bytes.
	Pre []byte
	// Def, when set, is the TypeDef whose reference or bytes follow Pre
	// (compatible mode).
	Def *TypeDef
	// NS and Name, when set, are the meta strings of a type registered
	// by name that follow Pre (schema-consistent mode).
	NS, Name *MetaString
	// After follows Def or the meta strings (at most 8 bytes).
	After []byte
	// Hashed: each list element is preceded by Hash (schema-consistent).
	Hashed bool
	Hash   int32
	// Dynamic: what precedes the fields depends on the message (the
	// runtime's Begin calls write it; Pre, Def, NS, Name and After are
	// unused).
	Dynamic bool
	// Plan is the nested struct's plan.
	Plan *Plan
	// ElemSize is the size of a list element.
	ElemSize uintptr
}

// SetNest sets how field i of pl is written (see Nest), and reports
// whether it can be: a Pre or After of more than 8 bytes cannot.
func (pl *Plan) SetNest(i int, s NestSpec) bool {
	if len(s.Pre) > 8 || len(s.After) > 8 || s.Plan == nil || (s.NS == nil) != (s.Name == nil) {
		return false
	}
	pl.nests[i] = Nest{pre: packBytes(s.Pre), preN: uint8(len(s.Pre)), kind: s.Kind,
		hashed: s.Hashed, hash: s.Hash, def: s.Def, ns: s.NS, name: s.Name, after: packBytes(s.After),
		afterN: uint8(len(s.After)), plan: s.Plan, size: s.ElemSize}
	switch {
	case s.NS != nil || len(s.After) > 0:
		pl.nests[i].more = moreOther
	case s.Def != nil:
		pl.nests[i].more = moreDef
		pl.nests[i].full = append(append(append([]byte(nil), s.Pre...), 0), s.Def.bytes...)
	}
	if !s.Dynamic {
		pl.nests[i].ready = s.Kind
	}
	return true
}

// packBytes packs b (at most 8 bytes) little-endian.
func packBytes(b []byte) uint64 {
	var w [8]byte
	copy(w[:], b)
	return binary.LittleEndian.Uint64(w[:])
}

// TypeDef is a compatible-mode TypeDef as a Writer writes it: its bytes the
// first time in a message, a reference to that first time after it.
// Package fury holds one per type and Fury and writes it through
// Writer.PutTypeDef, as generated code's framing does.
type TypeDef struct {
	bytes []byte
	msg   uint64 // the message of the Writer (Writer.msg) that wrote it last
	idx   uint32 // its index in that message
}

// NewTypeDef returns the TypeDef of the given bytes.
func NewTypeDef(b []byte) *TypeDef { return &TypeDef{bytes: b} }

// PutTypeDef writes d's reference when the message holds it already, else
// its index and bytes.
func (w *Writer) PutTypeDef(d *TypeDef) {
	var m uint32
	var body []byte
	if d.msg == w.msg {
		m = d.idx<<1 | 1
	} else {
		d.msg, d.idx = w.msg, w.defs
		w.defs++
		m, body = d.idx<<1, d.bytes
	}
	// One capacity check for the marker (a varuint32) and the bytes.
	b := w.buf
	l := len(b.data)
	if cap(b.data)-l < len(body)+8 {
		b.grow(len(body) + 8)
	}
	if m < 0x80 {
		b.data = b.data[:l+1]
		b.data[l] = byte(m)
		l++
	} else {
		l += asm.PutUvarint32(b.data[l:l+8], m)
	}
	b.data = b.data[:l+len(body)]
	copy(b.data[l:], body)
}

// MetaString is a meta string (the namespace or name of a type registered
// by name, in schema-consistent mode) as a Writer writes it: its full form
// the first time in a message, a reference to that first time after it.
// Package fury holds one per string and Fury and writes it through
// Writer.PutMetaString, as generated code's framing does.
type MetaString struct {
	bytes []byte // the full form: its header, hash or encoding, and data
	msg   uint64 // the message of the Writer that wrote it last
	idx   uint32 // its index there
}

// NewMetaString returns the MetaString whose full form is b.
func NewMetaString(b []byte) *MetaString { return &MetaString{bytes: b} }

// PutMetaString writes m's reference when the message holds it already,
// else its full form.
func (w *Writer) PutMetaString(m *MetaString) {
	if m.msg == w.msg {
		w.buf.WriteVaruint32((m.idx+1)<<1 | 1)
		return
	}
	m.msg, m.idx = w.msg, w.metas
	w.metas++
	w.buf.WriteBytes(m.bytes)
}

// SharedWritten returns how many TypeDefs and meta strings the message
// holds so far. A value written twice has the same bytes both times when
// the count did not change in the first: otherwise the first holds in full
// what the second refers to.
func (w *Writer) SharedWritten() int { return int(w.defs + w.metas) }

// MarkTypeDef records that d was written (by a constant prefix) as the
// message's next TypeDef.
func (w *Writer) MarkTypeDef(d *TypeDef) {
	d.msg, d.idx = w.msg, w.defs
	w.defs++
}

// putPre writes what precedes a nested value: n's constant bytes, with
// extra or-ed into the first, and what follows them: its TypeDef
// (PutTypeDef, a reference in the message's first 64 TypeDefs in line),
// or putMore's.
func (w *Writer) putPre(n *Nest, extra byte) {
	if n.more == moreDef {
		if d := n.def; d.msg != w.msg && w.defs < 64 {
			// The TypeDef's first time in the message: pre, its index and
			// its bytes as one copy, the index's byte patched.
			w.putFull(n, extra)
			return
		}
	}
	b := w.buf
	l := len(b.data)
	if cap(b.data)-l < 16 {
		b.grow(16)
	}
	// Room for the 8-byte store and a reference's byte after pre.
	q := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.data)), l)
	binary.LittleEndian.PutUint64(unsafe.Slice((*byte)(q), 9), n.pre|uint64(extra))
	l += int(n.preN)
	switch n.more {
	case moreNone:
	case moreDef:
		d := n.def
		if d.msg == w.msg && d.idx < 64 {
			*(*byte)(unsafe.Add(q, n.preN)) = byte(d.idx<<1 | 1)
			l++
			break
		}
		b.data = b.data[:l]
		w.PutTypeDef(d)
		return
	default:
		b.data = b.data[:l]
		w.putMore(n)
		return
	}
	b.data = b.data[:l]
}

// putFull writes n.full, what precedes a nested value whose TypeDef
// (the message's next, at an index below 64) the message does not hold
// yet, with extra or-ed into its first byte, and marks the TypeDef
// written.
func (w *Writer) putFull(n *Nest, extra byte) {
	d := n.def
	d.msg, d.idx = w.msg, w.defs
	w.defs++
	b := w.buf
	l := len(b.data)
	f := n.full
	if cap(b.data)-l < len(f) {
		b.grow(len(f))
	}
	b.data = b.data[:l+len(f)]
	// len(f) bytes from t, pre's preN (at most 8) and the marker's among them.
	t := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.data)), l)
	copy(unsafe.Slice((*byte)(t), len(f)), f)
	*(*byte)(t) |= extra
	*(*byte)(unsafe.Add(t, n.preN)) = byte(d.idx << 1)
}

// putMore writes what follows n's pre: its TypeDef or meta strings, then
// its after bytes.
func (w *Writer) putMore(n *Nest) {
	if n.def != nil {
		w.PutTypeDef(n.def)
	}
	if n.ns != nil {
		w.PutMetaString(n.ns)
		w.PutMetaString(n.name)
	}
	if n.afterN > 0 {
		w.buf.WritePacked(n.after, int(n.afterN))
	}
}

// arm makes the fast way of n, whose plan the runtime has just worked out
// (SetNest, on the field's first use), available: it gives n's plan its
// id in w.
func (w *Writer) arm(n *Nest) {
	if n.fast == nestNone && n.ready != nestNone {
		n.pid = w.id(n.plan)
		n.fast = n.ready
	}
}

// Struct writes field i, the struct value at p: what precedes its fields
// and the fields, with its generated code when its plan has it, else as
// the runtime does.
func (w *Writer) Struct(i int, p unsafe.Pointer) error {
	cur := w.cur
	n := &w.plans[cur].nests[i]
	if n.fast != NestStruct || *w.depth >= w.maxDepth {
		return w.structSlow(i, p, false)
	}
	w.putPre(n, 0)
	*w.depth++
	w.cur = n.pid
	err := n.plan.write(w, p)
	w.cur = cur
	*w.depth--
	if err != nil {
		return w.eng.WrapField(i, err)
	}
	return nil
}

// StructPtr writes field i, a non-nil pointer to a struct, at p (the
// field's address): the not-null flag, what precedes the struct's fields
// and the fields, as Struct does.
func (w *Writer) StructPtr(i int, p unsafe.Pointer) error {
	cur := w.cur
	n := &w.plans[cur].nests[i]
	if n.fast != NestStructPtr || *w.depth >= w.maxDepth {
		return w.structSlow(i, p, true)
	}
	w.putPre(n, 0)
	*w.depth++
	w.cur = n.pid
	err := n.plan.write(w, *(*unsafe.Pointer)(p))
	w.cur = cur
	*w.depth--
	if err != nil {
		return w.eng.WrapField(i, err)
	}
	return nil
}

func (w *Writer) structSlow(i int, p unsafe.Pointer, ptr bool) error {
	var ok bool
	var err error
	if ptr {
		ok, err = w.eng.BeginStructPtr(i, p)
		p = *(*unsafe.Pointer)(p)
	} else {
		ok, err = w.eng.BeginStruct(i, p)
	}
	cur := w.cur
	n := &w.plans[cur].nests[i]
	w.arm(n)
	if err != nil || !ok {
		return err
	}
	w.cur = w.id(n.plan)
	err = n.plan.write(w, p)
	w.cur = cur
	return w.eng.EndStruct(i, err)
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// collHasNull is the list header bit announcing null elements.
const collHasNull = 0x02

// StructList writes field i, the slice of structs (or of pointers to
// structs) at p: the count, the list header, the element type info and
// the elements, with the elements' generated code when the plan has it,
// else as the runtime does.
func (w *Writer) StructList(i int, p unsafe.Pointer) error {
	cur := w.cur
	n := &w.plans[cur].nests[i]
	h := (*sliceHeader)(p)
	if n.fast != NestList || *w.depth+2 > w.maxDepth || h.len == 0 {
		return w.structList(i, n, h)
	}
	// A list of struct values, in one step: the count, the framing, the
	// elements.
	k := h.len
	if b := w.buf; k < 0x80 {
		b.data = append(b.data, byte(k))
	} else {
		b.WriteVaruint32(uint32(k))
	}
	w.putPre(n, 0)
	*w.depth += 2
	w.cur = n.pid
	write, size, base := n.plan.write, n.size, h.data
	var err error
	if n.hashed {
		hash := uint32(n.hash)
		for j := 0; j < k; j++ {
			// The hash stored in place (putHash, in line).
			b := w.buf
			l := len(b.data)
			if cap(b.data)-l < 4 {
				b.grow(4)
			}
			b.data = b.data[:l+4]
			binary.LittleEndian.PutUint32(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.data)), l)), 4), hash)
			if err = write(w, unsafe.Add(base, uintptr(j)*size)); err != nil {
				break
			}
		}
	} else {
		for j := 0; j < k; j++ {
			if err = write(w, unsafe.Add(base, uintptr(j)*size)); err != nil {
				break
			}
		}
	}
	w.cur = cur
	*w.depth -= 2
	if err != nil {
		return w.eng.WrapField(i, err)
	}
	return nil
}

// structList is StructList for the lists its one step does not cover:
// empty, of pointers, or the runtime's.
func (w *Writer) structList(i int, n *Nest, h *sliceHeader) error {
	if n.fast < NestList || *w.depth+2 > w.maxDepth {
		return w.listSlow(i, h)
	}
	if h.len == 0 {
		w.buf.WriteUint8(0) // the count
		return nil
	}
	nulls, some := false, false
	for _, e := range unsafe.Slice((*unsafe.Pointer)(h.data), h.len) {
		if e == nil {
			nulls = true
		} else {
			some = true
		}
	}
	if !some {
		// Only nulls: no element is entered, so the runtime's depth
		// accounting (one level, for the list) applies.
		return w.listSlow(i, h)
	}
	w.buf.WriteVaruint32(uint32(h.len))
	extra := byte(0)
	if nulls {
		extra = collHasNull
	}
	w.putPre(n, extra)
	cur := w.cur
	*w.depth += 2
	w.cur = n.pid
	err := w.elems(n, h.data, h.len, nulls)
	w.cur = cur
	*w.depth -= 2
	if err != nil {
		return w.eng.WrapField(i, err)
	}
	return nil
}

// putHash writes a list element's struct hash, stored in place
// (Buffer.WriteInt32's append stores the slice's data pointer again, a
// write barrier while the collector marks).
func putHash(b *Buffer, hash uint32) {
	l := len(b.data)
	if cap(b.data)-l < 4 {
		b.grow(4)
	}
	b.data = b.data[:l+4]
	binary.LittleEndian.PutUint32(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.data)), l)), 4), hash)
}

// elems writes the k elements at base of a list framed by n.
func (w *Writer) elems(n *Nest, base unsafe.Pointer, k int, nulls bool) error {
	write, size := n.plan.write, n.size
	if n.kind == NestList {
		for j := 0; j < k; j++ {
			if n.hashed {
				putHash(w.buf, uint32(n.hash))
			}
			if err := write(w, unsafe.Add(base, uintptr(j)*size)); err != nil {
				return err
			}
		}
		return nil
	}
	for j := 0; j < k; j++ {
		e := *(*unsafe.Pointer)(unsafe.Add(base, uintptr(j)*size))
		if nulls {
			if e == nil {
				w.buf.WriteUint8(0xfd) // null
				continue
			}
			w.buf.WriteUint8(0xff) // not null
		}
		if n.hashed {
			putHash(w.buf, uint32(n.hash))
		}
		if err := write(w, e); err != nil {
			return err
		}
	}
	return nil
}

func (w *Writer) listSlow(i int, h *sliceHeader) error {
	k, nulls, err := w.eng.BeginList(i, unsafe.Pointer(h))
	cur := w.cur
	n := &w.plans[cur].nests[i]
	w.arm(n)
	if err != nil || k == 0 {
		return err
	}
	w.cur = w.id(n.plan)
	err = w.elems(n, h.data, k, nulls)
	w.cur = cur
	return w.eng.EndList(i, err)
}

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

// SetPlan makes pl the plan being written. Package fury calls it to put
// back the plan of the struct it was writing when it turns a panic inside
// a nested write into an error (Run restores it only on return).
func (w *Writer) SetPlan(pl *Plan) {
	if pl == nil {
		w.cur = -1
		return
	}
	w.cur = w.id(pl)
}
