package fury

import (
	"hash/maphash"
	"reflect"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
)

// Map chunk header bits.
const (
	mapKeyRef      = 0x01
	mapKeyNull     = 0x02
	mapKeyDeclared = 0x04
	mapValRef      = 0x08
	mapValNull     = 0x10
	mapValDeclared = 0x20
	mapReserved    = 0xc0 // bits 6 and 7, reserved by the spec
	maxChunk       = furyrt.MaxMapChunk
)

// mapCodec handles map[K]V: a varuint32 size, then chunks of up to 255
// entries sharing key and value types.
type mapCodec struct {
	typ             reflect.Type
	tword           unsafe.Pointer // typ's type word
	key, val        elemCodec
	declaredVariant *mapCodec
	// keysMayMerge: distinct keys of this type can be one value on the
	// wire (see keysMayMerge), so write checks that they are not.
	keysMayMerge bool
}

func newMapCodec(r *resolver, t reflect.Type, key, val *typeInfo) *mapCodec {
	return &mapCodec{typ: t, tword: typeWord(t), key: newElemCodec(key, false), val: newElemCodec(val, false),
		keysMayMerge: keysMayMerge(t.Key())}
}

// keysMayMerge reports whether two distinct map keys of type t can have
// the same wire form, so that they would read back as one entry: a
// time.Time (the wire keeps the instant, not the location or the monotonic
// reading), an interface (int and int64 both travel as varint64, a named
// string type as a string, ...), or a struct or array holding one.
// Pointers are not: distinct pointers read back as distinct pointers.
func keysMayMerge(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Struct:
		if t == timeType {
			return true
		}
		for i := range t.NumField() {
			if keysMayMerge(t.Field(i).Type) {
				return true
			}
		}
	case reflect.Array:
		return t.Len() > 0 && keysMayMerge(t.Elem())
	}
	return false
}

// checkKeyUnique fails when the key just written (from offset start, of
// dynamic type ti, the Go key k) has the wire form of an earlier key of
// the map: the reader would get one entry for two. Keys that read back
// distinct are exempt (see readsDistinct). With dropped, the key's bytes
// are a writing about to be dropped (see checkKey): its form is kept as a
// copy.
func (c *mapCodec) checkKeyUnique(e *encoder, sc *mapScratch, ti *typeInfo, start int, nullValue, dropped bool) error {
	keys, i := sc.curKeys(), sc.ord
	if readsDistinct(ti) {
		return nil
	}
	out := e.buf.Bytes()
	cur := keySpan{start: start, end: len(out), id: ti.wire().id, nullValue: nullValue, i: i}
	if dropped {
		cur.form = string(out[start:])
	}
	if sc.seen == nil {
		sc.seen = map[uint64]keySpan{}
	}
	// Open addressing on a hash of the form; the map and the spans (offsets
	// into the output) are reused, so checking allocates nothing once
	// the map type has been written.
	h := maphash.Bytes(keySeed, out[start:]) ^ uint64(cur.id)
	if nullValue {
		h = ^h
	}
	for ; ; h++ {
		prev, ok := sc.seen[h]
		if !ok {
			sc.seen[h] = cur
			return nil
		}
		if prev.id == cur.id && prev.nullValue == nullValue && prev.formIn(out) == string(out[start:]) {
			a, b := keys.Index(prev.i), keys.Index(i)
			return wrapf(ErrInvalidArgument, "map %v: keys %v and %v are distinct in Go but have the same wire form (%s), so the map would read back with fewer entries; make the keys distinct on the wire (for time.Time, one location and no monotonic reading: t.UTC() or t.Round(0))",
				c.typ, a, b, mergeReason(a, b))
		}
	}
}

// readsDistinct reports whether distinct Go values of type ti read back
// distinct whatever their wire forms: floats (the only distinct floats
// with one form are NaNs, which read back as distinct keys again) and
// pointers to structs (each read makes a new pointer). A pointer to
// anything else in an interface{} reads back as the value it points to,
// so new(int) and new(int) merge into one key 0.
func readsDistinct(ti *typeInfo) bool {
	switch ti.typ.Kind() {
	case reflect.Float32, reflect.Float64:
		return true
	case reflect.Pointer:
		return ti.wire().st != nil
	}
	return false
}

// keySpan locates a key's wire form in the output.
type keySpan struct {
	start, end int
	id         uint32
	nullValue  bool   // written with its flag and type info
	i          int    // the key's index in the scratch keys (see mapScratch.keySlice)
	form       string // the form, when its bytes are not in the output (see checkKey)
}

// formIn returns the key's wire form, in out unless the span holds it.
func (s *keySpan) formIn(out []byte) string {
	if s.form != "" {
		return s.form
	}
	return string(out[s.start:s.end])
}

// checkKey is checkKeyUnique for the key ks just written at keyAt, the
// message having held shared TypeDefs and names before it. When writing it
// put one in full (a struct field's type info in compatible mode), forms
// that are one on the wire differ in the output: the key is checked as a
// second writing, where every one is a reference, has it, and that
// writing is dropped with the reference ids it gave out (not with
// out-of-band buffers, which it would send again).
func (c *mapCodec) checkKey(e *encoder, sc *mapScratch, ks side, track bool, keyAt, shared int) error {
	if e.gw.SharedWritten() == shared || e.oob != nil {
		return c.checkKeyUnique(e, sc, ks.ti, keyAt, false, false)
	}
	end, nrefs := e.buf.Len(), e.nrefs
	err := c.writeSide(e, &c.key, ks, track)
	if err == nil {
		err = c.checkKeyUnique(e, sc, ks.ti, end, false, true)
	}
	e.buf.Truncate(end)
	e.dropRefs(nrefs)
	return err
}

var keySeed = maphash.MakeSeed()

// mergeReason says why keys a and b share a wire form.
func mergeReason(a, b reflect.Value) string {
	for a.Kind() == reflect.Interface && !a.IsNil() {
		a = a.Elem()
	}
	for b.Kind() == reflect.Interface && !b.IsNil() {
		b = b.Elem()
	}
	switch {
	case a.Type() == timeType && b.Type() == timeType:
		return "a timestamp keeps the instant, not the location or monotonic reading"
	case a.Type() != b.Type():
		return a.Type().String() + " and " + b.Type().String() + " travel as one wire type"
	}
	return "the wire form of " + a.Type().String() + " does not keep every distinction Go's == makes"
}

// mapAt returns the map stored at p, whose type has the type word tword,
// as a reflect.Value. reflect.NewAt(t, p).Elem() would do, but NewAt needs
// the type *T, which for a type the program never names (map[string]string
// inside a struct) the reflect package looks up in a global sync.Map on
// every call. A map is pointer-shaped: an interface holding one holds the
// map pointer itself.
func mapAt(tword, p unsafe.Pointer) reflect.Value {
	var v any
	e := efaceOf(&v)
	e.typ, e.data = tword, *(*unsafe.Pointer)(p)
	return reflect.ValueOf(v)
}

// mapScratch is a key and a value variable of one map type, into which a
// map's entries are copied one at a time while it is written or read.
type mapScratch struct {
	typ    reflect.Type
	kv, vv reflect.Value
	kp, vp unsafe.Pointer
	keys   reflect.Value      // for sets: a []K the elements are copied into
	seen   map[uint64]keySpan // wire forms of the keys written (see checkKeyUnique)
	big    reflect.Value      // keys of a map over setScratchMax entries, for one call
	ord    int                // index in the key slice of the key being written
	busy   bool
}

// mapScratchPool keeps the mapScratch variables of an encoder or decoder
// across calls, so that writing a map allocates nothing once its type has
// been seen. A map nested in a map of the same type takes a second one.
type mapScratchPool []*mapScratch

func (sp *mapScratchPool) get(t reflect.Type) *mapScratch {
	for _, s := range *sp {
		if s.typ == t && !s.busy {
			s.busy = true
			return s
		}
	}
	kv := reflect.New(t.Key()).Elem()
	vv := reflect.New(t.Elem()).Elem()
	s := &mapScratch{typ: t, kv: kv, vv: vv, kp: kv.Addr().UnsafePointer(), vp: vv.Addr().UnsafePointer(), busy: true}
	*sp = append(*sp, s)
	return s
}

// keySlice returns a []K of at least n elements (K the key type) to copy
// keys into, kept for the next call up to setScratchMax elements (and in
// s.keys for this call).
func (s *mapScratch) keySlice(n int) reflect.Value {
	keys := s.keys
	if n > setScratchMax || !keys.IsValid() || keys.Len() < n {
		keys = reflect.MakeSlice(reflect.SliceOf(s.typ.Key()), n, n)
		if n <= setScratchMax {
			s.keys = keys
		} else {
			s.big = keys
		}
	}
	if n > setScratchMax {
		return s.big
	}
	return keys
}

// saveKey copies the key variable into the next element of the key
// slice (see keySlice); past the slice's end (a map that grew while
// written) into the last.
func (s *mapScratch) saveKey() {
	keys := s.curKeys()
	if s.ord < keys.Len()-1 {
		s.ord++
	}
	if s.kv.Kind() == reflect.Interface {
		// Two words, either kind of interface: no reflection needed.
		*(*[2]unsafe.Pointer)(unsafe.Add(keys.UnsafePointer(), uintptr(s.ord)*2*unsafe.Sizeof(uintptr(0)))) = *(*[2]unsafe.Pointer)(s.kp)
		return
	}
	keys.Index(s.ord).Set(s.kv)
}

// curKeys is the key slice of the map being written.
func (s *mapScratch) curKeys() reflect.Value {
	if s.big.IsValid() {
		return s.big
	}
	return s.keys
}

// put zeroes s (so that it keeps nothing of the caller's alive) and makes
// it available again.
func (sp *mapScratchPool) put(s *mapScratch) {
	s.kv.SetZero()
	s.vv.SetZero()
	if s.keys.IsValid() {
		s.keys.Clear()
	}
	s.big = reflect.Value{}
	if len(s.seen) > 0 {
		if len(s.seen) > 1024 {
			s.seen = nil // a cleared map keeps its buckets
		} else {
			clear(s.seen)
		}
	}
	s.busy = false
}

// side is one half (key or value) of an entry being written.
type side struct {
	ti  *typeInfo // dynamic type (the static one unless interface)
	p   unsafe.Pointer
	nil bool
}

func (e *encoder) resolveSide(ec *elemCodec, p unsafe.Pointer) (side, error) {
	ti := ec.ti
	if ti.isAny {
		dt, q, err := e.dynamic(ti, p)
		if err != nil || dt == nil {
			return side{nil: dt == nil}, err
		}
		return side{ti: dt, p: q}, nil
	}
	return side{ti: ti, p: p, nil: ti.nilable && isNilAt(ti, p)}, nil
}

func (c *mapCodec) write(e *encoder, p unsafe.Pointer) error {
	m := mapAt(c.tword, p)
	n := m.Len()
	e.buf.WriteVaruint32(uint32(n))
	if n == 0 {
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	sc := e.mapScratch.get(c.typ)
	defer e.mapScratch.put(sc)
	kv, vv, kp, vp := sc.kv, sc.vv, sc.kp, sc.vp
	if c.keysMayMerge {
		// Keys that may merge are copied into a slice, to name two
		// that do.
		sc.keySlice(n)
		sc.ord = -1
	}
	var it reflect.MapIter
	it.Reset(m)
	var (
		chunkPos   = -1 // offset of the open chunk's size byte
		chunkSize  int
		chunkKey   *typeInfo
		chunkVal   *typeInfo
		chunkTrack byte
	)
	closeChunk := func() {
		if chunkPos >= 0 {
			e.buf.Bytes()[chunkPos] = byte(chunkSize)
		}
		chunkPos = -1
	}
	for it.Next() {
		kv.SetIterKey(&it)
		if c.keysMayMerge {
			sc.saveKey()
		}
		vv.SetIterValue(&it)
		ks, err := e.resolveSide(&c.key, kp)
		if err != nil {
			return err
		}
		vs, err := e.resolveSide(&c.val, vp)
		if err != nil {
			return err
		}
		if ks.nil || vs.nil {
			closeChunk()
			start := e.buf.Len() + 1 // after the header
			if err := c.writeNullEntry(e, ks, vs); err != nil {
				return err
			}
			if c.keysMayMerge && !ks.nil {
				if err := c.checkKeyUnique(e, sc, ks.ti, start, true, false); err != nil {
					return err
				}
			}
			continue
		}
		track := byte(0)
		if e.refTracking && ks.ti.refable && !c.key.noRef {
			track |= mapKeyRef
		}
		if e.refTracking && vs.ti.refable && !c.val.noRef {
			track |= mapValRef
		}
		if chunkPos < 0 || chunkSize == maxChunk || ks.ti != chunkKey || vs.ti != chunkVal || track != chunkTrack {
			closeChunk()
			header := track
			if c.key.declared {
				header |= mapKeyDeclared
			}
			if c.val.declared {
				header |= mapValDeclared
			}
			e.buf.WriteUint8(header)
			chunkPos = e.buf.Len()
			e.buf.WriteUint8(0)
			if !c.key.declared {
				if err := e.writeTypeInfo(ks.ti.wire()); err != nil {
					return err
				}
			}
			if !c.val.declared {
				if err := e.writeTypeInfo(vs.ti.wire()); err != nil {
					return err
				}
			}
			chunkSize, chunkKey, chunkVal, chunkTrack = 0, ks.ti, vs.ti, track
		}
		keyAt, shared := e.buf.Len(), 0
		if c.keysMayMerge {
			shared = e.gw.SharedWritten()
		}
		if err := c.writeSide(e, &c.key, ks, track&mapKeyRef != 0); err != nil {
			return err
		}
		if c.keysMayMerge {
			if err := c.checkKey(e, sc, ks, track&mapKeyRef != 0, keyAt, shared); err != nil {
				return err
			}
		}
		if err := c.writeSide(e, &c.val, vs, track&mapValRef != 0); err != nil {
			return err
		}
		chunkSize++
	}
	closeChunk()
	e.depth--
	return nil
}

func (c *mapCodec) writeSide(e *encoder, ec *elemCodec, s side, track bool) error {
	cd := ec.cd()
	if ec.ti.isAny {
		cd = s.ti.codec
	}
	if track {
		return e.writeFlagged(s.ti, cd, s.p, true)
	}
	if s.ti.kind != kOther {
		writeScalar(e.buf, s.ti.kind, s.p)
		return nil
	}
	return cd.write(e, s.p)
}

// writeNullEntry writes an entry with a null key and/or value as its own
// header-only chunk, the other side carrying a flag and its type info.
func (c *mapCodec) writeNullEntry(e *encoder, ks, vs side) error {
	switch {
	case ks.nil && vs.nil:
		e.buf.WriteUint8(mapKeyNull | mapValNull)
		return nil
	case vs.nil:
		h := byte(mapValNull | mapKeyRef)
		if c.key.declared {
			h |= mapKeyDeclared
		}
		e.buf.WriteUint8(h)
		return e.writeFull(ks.ti, ks.p, true, true, !c.key.declared)
	default:
		h := byte(mapKeyNull | mapValRef)
		if c.val.declared {
			h |= mapValDeclared
		}
		e.buf.WriteUint8(h)
		return e.writeFull(vs.ti, vs.p, true, true, !c.val.declared)
	}
}

func (c *mapCodec) read(d *decoder, p unsafe.Pointer) error {
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	if err := checkMapCount(d, n); err != nil {
		return err
	}
	if n > 0 {
		kid, kok, vid, vok := peekEntryTypes(d.buf.Unread())
		if kok && !sideFits(c.key.ti, kid) || vok && !sideFits(c.val.ti, vid) {
			return elemsMismatch(tidMap, c.typ)
		}
	}
	if err := d.chargeMap(int(n), c.typ.Key(), c.typ.Elem()); err != nil {
		return err
	}
	m := reflect.MakeMapWithSize(c.typ, d.presize(n))
	*(*unsafe.Pointer)(p) = m.UnsafePointer() // a map is one pointer (see mapAt)
	if d.pending >= 0 {
		d.claim(packAny(c.typ, p))
	}
	if n == 0 {
		return nil
	}
	if err := d.enter(); err != nil {
		return err
	}
	sc := d.mapScratch.get(c.typ)
	defer d.mapScratch.put(sc)
	kv, vv, kp, vp := sc.kv, sc.vv, sc.kp, sc.vp
	put := func() error {
		if !kv.Comparable() {
			return wrapf(ErrTypeMismatch, "map key of type %v is not hashable", kv.Elem().Type())
		}
		m.SetMapIndex(kv, vv)
		kv.SetZero()
		vv.SetZero()
		return nil
	}
	for read := uint32(0); read < n; {
		h, err := d.buf.ReadByte()
		if err != nil {
			return err
		}
		if h&mapReserved != 0 {
			return wrapf(ErrInvalidData, "bad map chunk header %#x", h)
		}
		if h&(mapKeyNull|mapValNull) != 0 {
			// An entry with a null side is a chunk of one entry without a
			// size byte. The other side is read as in any chunk, by the
			// header's bits: a reference flag only when its tracked bit
			// is set (pyfory and fory-core set it, the Rust peer does
			// not), type info only when its declared bit is not.
			if h&mapKeyNull == 0 {
				if err := d.readChunkOne(&c.key, kp, h&mapKeyDeclared != 0, h&mapKeyRef != 0); err != nil {
					return err
				}
			}
			if h&mapValNull == 0 {
				if err := d.readChunkOne(&c.val, vp, h&mapValDeclared != 0, h&mapValRef != 0); err != nil {
					return err
				}
			}
			if err := put(); err != nil {
				return err
			}
			read++
			continue
		}
		size, err := d.buf.ReadByte()
		if err != nil {
			return err
		}
		if size == 0 || uint32(size) > n-read {
			return wrapf(ErrInvalidData, "map chunk of %d entries with %d left", size, n-read)
		}
		kr, err := d.chunkSide(&c.key, h&mapKeyDeclared != 0)
		if err != nil {
			return err
		}
		vr, err := d.chunkSide(&c.val, h&mapValDeclared != 0)
		if err != nil {
			return err
		}
		for i := 0; i < int(size); i++ {
			if err := kr.read(d, kp, h&mapKeyRef != 0); err != nil {
				return err
			}
			if err := vr.read(d, vp, h&mapValRef != 0); err != nil {
				return err
			}
			if err := put(); err != nil {
				return err
			}
		}
		read += uint32(size)
	}
	if m.Len() != int(n) {
		return duplicateKeys("map", int(n), m.Len())
	}
	d.depth--
	return nil
}

// duplicateKeys is the error of a map or set whose n entries on the wire
// gave fewer distinct Go keys: one key came twice (or two keys the wire
// tells apart are one in Go), and keeping one of them would lose the other
// entry without a word.
func duplicateKeys(what string, n, distinct int) error {
	return wrapf(ErrInvalidData, "%s of %d entries holds %d distinct keys: a key comes twice", what, n, distinct)
}

// readChunkOne reads the non-null side of a null entry, a chunk of one
// entry whose header says whether that side is declared and tracked. A
// tracked side is flag, type info (unless declared), value, as any tracked
// value; an untracked one is type info (unless declared) and value, as the
// entries of a chunk.
func (d *decoder) readChunkOne(ec *elemCodec, p unsafe.Pointer, declared, track bool) error {
	if declared && ec.ti.isAny {
		return wrapf(ErrTypeMismatch, "map with a declared type read into %v", ec.ti.typ)
	}
	if track {
		return d.readFull(ec.ti, p, true, true, !declared)
	}
	sr, err := d.chunkSide(ec, declared)
	if err != nil {
		return err
	}
	return sr.read(d, p, track)
}

// sideReader reads one side of the entries of a chunk.
type sideReader struct {
	ec     *elemCodec
	wt     wireType
	direct bool
}

func (d *decoder) chunkSide(ec *elemCodec, declared bool) (sideReader, error) {
	sr := sideReader{ec: ec, direct: true}
	if declared {
		if ec.ti.isAny {
			return sr, wrapf(ErrTypeMismatch, "map with a declared type read into %v", ec.ti.typ)
		}
		return sr, nil
	}
	wt, err := d.readTypeInfo()
	if err != nil {
		return sr, err
	}
	sr.wt = wt
	ti := ec.ti
	if err := d.unknownAuto(ti, wt); err != nil {
		return sr, err
	}
	sr.direct = !ti.isAny && (wt.local == ti.wire() && wt.def == nil ||
		wt.local == nil && wt.def == nil && matchesWire(ti.wire(), wt.id) && ti.ptrElem == nil)
	return sr, nil
}

func (sr *sideReader) read(d *decoder, p unsafe.Pointer, track bool) error {
	ti := sr.ec.ti
	id := -1
	if track {
		done, rid, err := d.beginValue(ti, p)
		if err != nil || done {
			return err
		}
		id = rid
	}
	var err error
	switch {
	case sr.direct && ti.kind != kOther:
		err = readScalar(d.buf, ti.kind, p)
	case sr.direct:
		err = sr.ec.cd().read(d, p)
	default:
		err = d.readTyped(ti, p, sr.wt)
	}
	d.endValue(ti, p, id, err)
	return err
}
