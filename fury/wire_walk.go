package fury

import (
	"errors"
	"io"
	"math"
	"time"
	"unsafe"
)

// The structural reader of the xlang grammar.
//
// A walker reads a value's structure without building it: flags, type
// infos, TypeDefs, meta strings, counts, collection and map headers,
// lengths and nested structs, the way the decoder reads them (type infos
// and TypeDefs through the decoder's own readers, so that what a header
// may say is decided in one place). It has three clients:
//
//   - the skipper (in a decode): a compatible-mode field the reader's
//     struct lacks, or whose type does not convert, and skipMessage. The
//     input is complete; what it reads that later values use is kept as a
//     read keeps it (TypeDefs and meta strings, and one entry of the
//     reference table, refSkipped, for each value that takes a reference
//     id); malformed data is refused as reading it would refuse it; the
//     work is charged to the decode budget; nothing is allocated.
//   - the stream scan (a Decoder finding where a message ends): the input
//     is incremental, and when the bytes at hand end inside an item the
//     walker asks the Decoder for more, in the caller's goroutine, and
//     reads the item again from its start (an item is a few bytes, or a
//     TypeDef or meta string whose body is parsed only once whole). It
//     refuses little beyond what leaves the message's end unknown: what the
//     decoder refuses in a message whose end is known (a value out of
//     range, a reference id out of range, an unregistered enum) is the
//     decode's error, for that message alone.
//   - the inspector (inspect.go, package furydump): a sink sees every item
//     with its offsets.
//
// Items that take no input (elements of type none, empty structs in
// compatible mode, TypeDef fields of type none) are walked in O(1) for a
// whole list; any other element that takes no bytes is counted (the
// skipper charges the decode budget for it, the scan bounds how many a
// message may have per byte), so a hostile count cannot buy unbounded
// time.

// skippedRef marks a reference-table entry of a skipped value.
type skippedRef struct{}

// refSkipped is the reference-table entry of a value the skipper walked
// past. A later reference to it (with reference tracking, a value first
// written in a field the reader skips and referred to from one it reads)
// cannot be resolved without the value: the decode then starts over with
// skipping turned off (decoder.noSkip), reading skipped values as their
// natural Go values within the decode memory budget, so such a message
// costs at most two decodes' budgets.
var refSkipped any = &skippedRef{}

// walker reads the structure of values from b.
type walker struct {
	d    *decoder // registry, TypeDef and meta string tables, depth, budget
	b    *buffer
	src  *Decoder   // the stream the input comes from, or nil: b is complete
	sink *inspector // what sees every item, or nil
	// dec: the walk is a skip in a decode (or skipMessage): the
	// reference table, the budget and the value checks are the decode's.
	dec   bool
	oob   bool  // the message's buffers may be out of band
	refs  int   // reference ids taken (when not dec)
	steps int64 // elements and entries walked (the stream scan's bound)
}

// skipValue consumes a value of declared type ft, with its flag and type
// info as the position says (as readValueByFT reads it).
func (d *decoder) skipValue(ft *fieldType, nullable, track, dynamic bool) error {
	if d.noSkip {
		_, err := d.readValueByFT(ft, nullable, track, dynamic)
		return err
	}
	w := walker{d: d, b: d.buf, dec: true, oob: d.oobOn}
	return w.value(ft, nil, nullable || track, dynamic)
}

// skippedRefHit records that a back reference pointed at a skipped value
// (see deserialize, which then decodes again without skipping).
func (d *decoder) skippedRefHit(rid uint32) error {
	d.hitSkipped = true
	return wrapf(ErrInvalidData, "reference id %d points to a value that was skipped", rid)
}

// skipMessage reads past the message at buf's read offset without
// building its value, within the budget a decode of it has, and leaves
// buf after it. It reads what Deserialize into an interface{} reads
// (every struct this Fury has met is known, as for a stream Decoder
// skipping a message), and refuses malformed input as that does, though
// it takes counts the input cannot back as long as their elements take no
// bytes. Out-of-band buffers the message refers to are not needed.
func (f *Fury) skipMessage(buf *buffer) (err error) {
	f.sync()
	d := &f.dec
	d.trim()
	d.reset(buf)
	d.reach = nil
	d.skipping = true
	buf.BeginSlab()
	d.limit = decodeBudget(d.maxDecoded, buf.Remaining())
	buf.SetBudget(d.limit)
	defer func() {
		d.skipping = false
		buf.EndSlab()
		if recoverPanics {
			if r := recover(); r != nil {
				err = wrapf(ErrInvalidData, "skipping a message: %v", r)
			}
		}
	}()
	w := walker{d: d, b: buf, dec: true}
	if err := w.message(nil); err != nil {
		return err
	}
	return d.checkBudget()
}

// scan returns the length of the message that starts at d.start, read
// into a value of type ti, reading input as needed.
func (d *Decoder) scan(ti *typeInfo) (n int, err error) {
	f := d.f
	dd := &f.dec
	dd.trim()
	dd.reset(&d.in)
	dd.reach = ti.reachable()
	w := walker{d: dd, b: &d.in, src: d}
	w.view(0)
	// TypeDefs are charged as the decode will charge them; the scan
	// itself builds nothing.
	d.in.SetBudget(math.MaxInt64)
	defer func() {
		d.examined += d.in.ReaderIndex()
		d.in.SetBytes(nil)
		dd.reach = nil
		if recoverPanics {
			if r := recover(); r != nil {
				err = wrapf(ErrInvalidData, "finding the end of a message: %v", r)
			}
		}
	}()
	if err := w.message(ti); err != nil {
		return 0, err
	}
	return w.b.ReaderIndex(), nil
}

// message walks a whole message: the header, then the root value with its
// flag and type info, at a position of local type ti (or none).
func (w *walker) message(ti *typeInfo) error {
	at := w.b.ReaderIndex()
	h, err := w.byte()
	if err != nil {
		return err
	}
	if h&^(headerXlang|headerOOB) != 0 || h&headerXlang == 0 {
		return wrapf(ErrInvalidData, "header byte %#02x: not a Fory xlang payload", h)
	}
	w.oob = h&headerOOB != 0
	w.d.oobOn = w.oob
	if w.sink != nil {
		w.sink.header(at, h)
	}
	if ti == nil {
		return w.value(unknownFT, nil, true, true)
	}
	return w.typedValue(ti.wire(), true)
}

// ---- input --------------------------------------------------------------

// view points b at the stream's buffered input, at position pos.
func (w *walker) view(pos int) {
	w.b.SetBytes(w.src.buf[w.src.start:w.src.end])
	w.b.SetReaderIndex(pos)
}

// more reads at least one more byte of the stream (asking for want), or
// returns the error that ends the scan: the end of the stream or a
// reader's error, or a message over the stream's limit. Without a stream,
// the input is all there is: the message is cut.
func (w *walker) more(want int) error {
	dec := w.src
	if dec == nil {
		return errTruncated
	}
	pos := w.b.ReaderIndex()
	have := dec.end - dec.start
	if have >= dec.limit {
		return w.tooLarge()
	}
	for dec.rerr == nil && dec.end-dec.start == have {
		dec.read(max(want, minRead))
	}
	if dec.end-dec.start == have {
		switch {
		case dec.rerr != io.EOF:
			return dec.readError()
		case have == 0:
			return io.EOF
		default:
			return &unexpectedEOF{n: have}
		}
	}
	w.view(pos)
	return nil
}

func (w *walker) tooLarge() error {
	return wrapf(ErrTooLarge, "a message exceeds the stream limit of %d bytes (WithMaxMessageSize)", w.src.limit)
}

// need makes sure n more bytes are at hand.
func (w *walker) need(n int) error {
	for w.b.Remaining() < n {
		if w.src == nil {
			return errTruncated
		}
		if w.b.ReaderIndex()+n > w.src.limit || n < 0 {
			return w.tooLarge()
		}
		if err := w.more(n - w.b.Remaining()); err != nil {
			return err
		}
	}
	return nil
}

// skip moves past n bytes.
func (w *walker) skip(n uint64) error {
	if n > uint64(w.b.Remaining()) {
		if w.src == nil {
			return errTruncated
		}
		if n > uint64(w.src.limit) {
			return w.tooLarge()
		}
		if err := w.need(int(n)); err != nil {
			return err
		}
	}
	return w.b.Skip(int(n))
}

// atom runs read, a read of one item from b, again from the same position
// (and with the decoder's tables as they were) after each truncation, with
// more input each time.
func (w *walker) atom(read func() error) error {
	pos, metas, defs := w.b.ReaderIndex(), len(w.d.metaRead), len(w.d.defsRead)
	for {
		err := read()
		if err == nil || w.src == nil || !errors.Is(err, ErrTruncated) {
			return err
		}
		// The reads of an item stop at the first that finds too few
		// bytes, without consuming them: what was examined is up to
		// there (a TypeDef's or meta string's body is not looked at
		// until it is whole), and is examined again.
		w.src.examined += w.b.ReaderIndex() - pos + 1
		w.b.SetReaderIndex(pos)
		w.d.metaRead, w.d.defsRead = w.d.metaRead[:metas], w.d.defsRead[:defs]
		if err := w.more(1); err != nil {
			return err
		}
	}
}

// The item readers take the direct path when the input is complete or the
// item surely fits in the bytes at hand, and go through atom otherwise.

func (w *walker) byte() (byte, error) {
	v, err := w.b.ReadByte()
	if err != nil {
		return w.byteMore()
	}
	return v, nil
}

func (w *walker) varuint32() (uint32, error) {
	if w.src == nil || w.b.Remaining() >= 5 {
		return w.b.ReadVaruint32()
	}
	return retry(w, (*buffer).ReadVaruint32)
}

func (w *walker) varuint64() (uint64, error) {
	if w.src == nil || w.b.Remaining() >= 9 {
		return w.b.ReadVaruint64()
	}
	return retry(w, (*buffer).ReadVaruint64)
}

func (w *walker) tagged() error {
	if w.src == nil || w.b.Remaining() >= 9 {
		_, err := w.b.ReadTaggedUint64()
		return err
	}
	_, err := retry(w, (*buffer).ReadTaggedUint64)
	return err
}

// count is varuint32 after a direct read of a count failed with err.
func (w *walker) count(err error) (uint32, error) {
	if w.src == nil || !errors.Is(err, ErrTruncated) {
		return 0, err
	}
	return retry(w, (*buffer).ReadVaruint32)
}

// byteMore is byte where the byte is not at hand.
func (w *walker) byteMore() (byte, error) {
	if w.src == nil {
		return 0, errTruncated
	}
	return retry(w, (*buffer).ReadByte)
}

// retry reads an item with read, through atom.
func retry[T any](w *walker, read func(*buffer) (T, error)) (T, error) {
	var v T
	err := w.atom(func() (err error) { v, err = read(w.b); return })
	return v, err
}

// ---- budget and bounds --------------------------------------------------

// step counts one element or entry of a stream scan: past a bound far
// above what any message that decodes within its budget holds per byte,
// the scan fails, so its work stays O(input) whatever the input declares.
// (The skipper charges the budget for what takes no bytes instead: see
// charge.)
func (w *walker) step() error {
	w.steps++
	if w.steps > stepsPerByte*int64(w.b.ReaderIndex())+minSteps {
		return wrapf(ErrTooLarge, "a message with more than %d elements in %d bytes", w.steps-1, w.b.ReaderIndex())
	}
	return nil
}

// The scan's bound on elements: minSteps, plus stepsPerByte for each byte
// of the message. Elements that take no bytes cost the decoder
// minElemCharge each, so the default budget holds at most
// DecodedBytesPerInputByte/minElemCharge of them per input byte.
const (
	minSteps     = 1 << 22
	stepsPerByte = 64
)

// charge charges a skip n pieces of walked data that took no input bytes
// (elements, entries or fields), size each: the time a skip takes stays
// within what the budget allows a read.
func (w *walker) charge(n int, size uintptr) error {
	if n == 0 || !w.dec {
		return nil
	}
	return w.d.charge(n, size, "skipped values that take no input")
}

func (w *walker) enter() error { return w.d.enter() }

// ---- values -------------------------------------------------------------

// typedValue walks a value at a position declared as local type lw, which
// carries a flag when flagged and type info (unless it is a struct written
// without it: see decoder.untypedStruct).
func (w *walker) typedValue(lw *typeInfo, flagged bool) error {
	return w.value(nil, lw, flagged, true)
}

// flag walks a null/reference flag and reports whether the value is
// complete (null, or a reference to one seen before).
func (w *walker) flag() (done bool, err error) {
	at := w.b.ReaderIndex()
	f, err := w.b.ReadByte()
	if err != nil {
		if f, err = w.byteMore(); err != nil {
			return false, err
		}
	}
	switch int8(f) {
	case flagNull:
		if w.sink != nil {
			w.sink.flag(at, int8(f), -1)
		}
		return true, nil
	case flagRef:
		rid, err := w.varuint32()
		if err != nil {
			return false, err
		}
		if w.dec && uint(rid) >= uint(w.d.refs.len()) || w.sink != nil && uint(rid) >= uint(w.refs) {
			return false, wrapf(ErrInvalidData, "reference id %d out of range (%d seen)", rid, max(w.d.refs.len(), w.refs))
		}
		if w.sink != nil {
			w.sink.flag(at, int8(f), int(rid))
		}
		return true, nil
	case flagNotNullValue:
		if w.sink != nil {
			w.sink.flag(at, int8(f), -1)
		}
		return false, nil
	case flagRefValue:
		if w.dec {
			if err := w.d.charge(1, refCost, "a reference"); err != nil {
				return false, err
			}
			w.d.refs.push(refSkipped)
		} else {
			w.refs++
		}
		if w.sink != nil {
			w.sink.flag(at, int8(f), w.refs-1)
		}
		return false, nil
	}
	return false, wrapf(ErrInvalidData, "bad reference flag %d", int8(f))
}

// value walks a value of declared type ft, or of local type lw when the
// reader has one (nil otherwise): a flag when flagged, type info when
// dynamic (readValueByFT, or readFullC for a local type).
func (w *walker) value(ft *fieldType, lw *typeInfo, flagged, dynamic bool) error {
	if w.sink != nil {
		w.sink.begin(w.b.ReaderIndex())
	}
	var err error
	done := false
	if flagged {
		done, err = w.flag()
	}
	if err == nil && !done {
		untyped := false
		if dynamic && lw != nil && !w.d.r.compatible && lw.st != nil && lw.named {
			// A struct the writer may have written without its type
			// info (as readFullC reads it): its 4-byte hash tells.
			if w.src != nil {
				err = w.need(4)
			}
			untyped = err == nil && w.d.untypedStruct(lw)
		}
		switch {
		case err != nil:
		case untyped:
			err = w.localStruct(lw)
		case !dynamic:
			err = w.declared(ft, lw)
		default:
			var wt wireType
			if wt, err = w.typeInfo(); err == nil && lw == nil && wt.def == nil {
				err = w.data(wt) // (dataAs, in short)
			} else if err == nil {
				err = w.dataAs(wt, lw)
			}
		}
	}
	if w.sink != nil {
		w.sink.end(w.b.ReaderIndex(), err)
	}
	return err
}

// local returns the local type lw stands for on the wire, or nil for none
// or an interface (whose values carry their own type info).
func local(lw *typeInfo) *typeInfo {
	if lw == nil {
		return nil
	}
	if lw = lw.wire(); lw.isAny {
		return nil
	}
	return lw
}

// declared walks data without type info: of the local type lw when there
// is one, as its codec reads it, else of declared type ft (readDataByFT).
func (w *walker) declared(ft *fieldType, lw *typeInfo) error {
	lw = local(lw)
	var id uint32
	switch {
	case lw != nil && lw.st != nil:
		// A declared struct: its data by its layout (fory-core writes
		// the elements of a List<Point> so, without type info).
		return w.localStruct(lw)
	case lw != nil && lw.isEnum:
		id = tidEnum
	case lw != nil:
		id = lw.id
	case ft != nil:
		id = ft.id
	default:
		return wrapf(ErrInvalidData, "a value of no declared type")
	}
	switch id {
	case tidList, tidSet:
		return w.collection(id, ft, lw)
	case tidMap:
		return w.mapData(ft, lw)
	case tidUnion, tidTypedUnion, tidNamedUnion:
		return w.union(lw)
	}
	if lw == nil && remoteDynamic(ft) {
		wt, err := w.typeInfo()
		if err != nil {
			return err
		}
		return w.data(wt)
	}
	return w.data(wireType{id: id, local: lw})
}

// dataAs walks data of wire type wt at a position of local type lw (or
// none), as readTypedC reads it: by lw's own codec where the data is lw's
// (a struct of lw's auto name, a list lw reads), else by the wire type.
func (w *walker) dataAs(wt wireType, lw *typeInfo) error {
	lw = local(lw)
	if wt.def != nil && isStructTypeID(wt.id) {
		return w.defStruct(wt.def, lw)
	}
	if lw == nil || wt.def != nil {
		return w.data(wt)
	}
	if lw.st != nil && wt.local != nil && wt.local != lw && sharedAutoName(lw, wt.local) {
		return w.localStruct(lw)
	}
	if wt.local == nil && matchesWire(lw, wt.id) {
		switch wt.id {
		case tidList, tidSet, tidMap:
			if wt.id == tidMap {
				return w.mapData(nil, lw)
			}
			return w.collection(wt.id, nil, lw)
		}
	}
	return w.data(wt)
}

// elems returns the local element, key and value types of the container
// type lw, where known.
func elems(lw *typeInfo) (elem, key, val *typeInfo) {
	if lw == nil {
		return nil, nil, nil
	}
	switch c := lw.codec.(type) {
	case *listCodec:
		return c.elem.ti, nil, nil
	case *setCodec:
		return c.elem.ti, nil, nil
	case *mapCodec:
		return nil, c.key.ti, c.val.ti
	}
	return nil, nil, nil
}

// typeInfo walks type info: the decoder's readTypeInfo reads it (within
// atom on a stream), including its choice of the local type of a struct
// whose layout the data follows. A stream scan or an inspection takes an
// enum or union the registry does not know (the length of its data does
// not depend on its type); a skip refuses it, as the decode does.
func (w *walker) typeInfo() (wireType, error) {
	at := w.b.ReaderIndex()
	var wt wireType
	var err error
	if w.src == nil {
		wt, err = w.d.readTypeInfoOf()
	} else {
		err = w.atom(func() (err error) { wt, err = w.d.readTypeInfoOf(); return })
	}
	if err != nil {
		if w.dec || !errors.Is(err, ErrUnknownType) || !selfSized(wt.id) {
			if w.sink != nil {
				w.sink.typeInfo(at, w.b.ReaderIndex(), wt, err)
			}
			return wt, err
		}
		wt.local, err = nil, nil
	}
	if l := wt.local; l != nil && (l.auto || l.twin) {
		if l.twin && wt.def == nil && w.src != nil {
			// The decoder's choice among Go types sharing an auto name
			// looks at the struct hash that follows.
			if err := w.need(4); err != nil {
				return wt, err
			}
		}
		wt = w.d.pickLocal(wt)
	}
	if w.sink != nil {
		w.sink.typeInfo(at, w.b.ReaderIndex(), wt, nil)
	}
	return wt, nil
}

// selfSized reports whether the data of user type id has the same length
// whatever the local type (an enum's ordinal, a union's case and value).
func selfSized(id uint32) bool {
	switch id {
	case tidEnum, tidNamedEnum, tidUnion, tidTypedUnion, tidNamedUnion:
		return true
	}
	return false
}

// data walks the data of wire type wt (readDynamicData).
func (w *walker) data(wt wireType) error {
	at := w.b.ReaderIndex()
	var err error
	k := 0 // the size of fixed-size data
	switch wt.id {
	case tidList, tidSet:
		return w.collection(wt.id, nil, nil)
	case tidMap:
		return w.mapData(nil, nil)
	case tidUnion, tidTypedUnion, tidNamedUnion:
		return w.union(wt.local)
	case tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct:
		if wt.def != nil {
			return w.defStruct(wt.def, nil)
		}
		l := wt.local
		if l != nil && l.auto && w.dec && !w.d.knows(l) {
			return wrapf(ErrUnknownType, "struct %s in an interface value: register its Go type to read it there", joinName(l.ns, l.name))
		}
		if l == nil || l.st == nil {
			return wrapf(ErrUnknownType, "struct type %d", wt.id)
		}
		return w.localStruct(l)
	case tidNone:
	case tidBool, tidInt8, tidUint8:
		k = 1
	case tidInt16, tidUint16, tidFloat16, tidBFloat16:
		k = 2
	case tidInt32, tidUint32, tidFloat32:
		k = 4
	case tidInt64, tidUint64, tidFloat64:
		k = 8
	case tidVarint32, tidVarUint32, tidEnum, tidNamedEnum:
		if w.src == nil {
			_, err = w.b.ReadVaruint32()
		} else {
			_, err = w.varuint32()
		}
	case tidVarint64, tidVarUint64:
		if w.src == nil {
			_, err = w.b.ReadVaruint64()
		} else {
			_, err = w.varuint64()
		}
	case tidTaggedInt64, tidTaggedUint64:
		err = w.tagged()
	case tidString:
		err = w.str()
	case tidTimestamp, tidDuration, tidDate:
		err = w.time(wt.id)
	case tidDecimal:
		err = w.decimal()
	default:
		if _, ok := arrayGoType(wt.id); !ok {
			return wrapf(ErrUnsupportedType, "wire type %d", wt.id)
		}
		err = w.bufferObject()
	}
	if k > 0 {
		if w.src == nil {
			err = w.b.Skip(k)
		} else {
			err = w.skip(uint64(k))
		}
	}
	if w.sink != nil && err == nil {
		err = w.sink.scalar(wt, at, w.b.ReaderIndex())
	}
	return err
}

// time walks a timestamp, duration or date.
func (w *walker) time(id uint32) error {
	if w.dec {
		return w.checkTime(id)
	}
	switch id {
	case tidTimestamp:
		return w.skip(12)
	case tidDuration:
		if _, err := w.varuint64(); err != nil {
			return err
		}
		return w.skip(4)
	}
	_, err := w.varuint64()
	return err
}

// checkTime walks a timestamp, duration or date in a skip, refusing
// what their codecs refuse.
func (w *walker) checkTime(id uint32) error {
	switch id {
	case tidTimestamp:
		var t time.Time
		return timestampCodec{}.read(w.d, unsafe.Pointer(&t))
	case tidDuration:
		var v time.Duration
		return durationCodec{}.read(w.d, unsafe.Pointer(&v))
	}
	var v Date
	return dateCodec{}.read(w.d, unsafe.Pointer(&v))
}

// str walks a string: its header, then its bytes (in a skip, refusing an
// encoding the decoder refuses).
func (w *walker) str() error {
	var h uint64
	var err error
	if w.src == nil {
		h, err = w.b.ReadVaruint64()
	} else {
		h, err = w.varuint64()
	}
	if err != nil {
		return err
	}
	n := h >> 2
	if w.dec {
		switch h & 3 {
		case 0, 2: // latin1, UTF-8
		case 1: // UTF-16
			if n%2 != 0 {
				return wrapf(ErrInvalidData, "odd UTF-16 string length %d", n)
			}
		default:
			return wrapf(ErrInvalidData, "unknown string encoding %d", h&3)
		}
	}
	if w.src == nil && n <= uint64(w.b.Remaining()) {
		return w.b.Skip(int(n))
	}
	return w.skip(n)
}

// decimal walks a decimal (see readDecimal): its scale, then a small
// unscaled value, or the length and bytes of a large one's magnitude
// (whose form a skip checks).
func (w *walker) decimal() error {
	if _, err := w.varuint32(); err != nil {
		return err
	}
	h, err := w.varuint64()
	if err != nil || h&1 == 0 {
		return err
	}
	n := h >> 2
	if !w.dec {
		return w.skip(n)
	}
	if n == 0 {
		return wrapf(ErrInvalidData, "decimal with an empty magnitude")
	}
	if n > uint64(w.b.Remaining()) {
		return wrapf(ErrTruncated, "decimal magnitude of %d bytes", n)
	}
	raw, err := w.b.ReadBytes(int(n))
	if err != nil {
		return err
	}
	if raw[len(raw)-1] == 0 {
		return wrapf(ErrInvalidData, "decimal magnitude with a trailing zero byte")
	}
	return nil
}

// bufferObject walks a binary or primitive array, in band or (an
// out-of-band buffer the message refers to) not.
func (w *walker) bufferObject() error {
	if w.oob {
		if w.dec && w.d.oobBufs != nil {
			// A decode with the buffers: the next one is this array's.
			_, err := w.d.readBufferObject()
			return err
		}
		inBand, err := w.byte()
		if err != nil || inBand == 0 {
			return err // out of band: nothing here
		}
	}
	n, err := w.varuint32()
	if err != nil {
		return err
	}
	return w.skip(uint64(n))
}

// union walks a union's data: its case id, then the case's value with its
// flag and type info (as the union codec of local type lw reads it, when
// lw is one and knows the case, else as readUnionValue does).
func (w *walker) union(lw *typeInfo) error {
	at := w.b.ReaderIndex()
	id, err := w.varuint32()
	if err != nil {
		return err
	}
	if w.sink != nil {
		w.sink.union(at, id)
	}
	if err := w.enter(); err != nil {
		return err
	}
	var vti *typeInfo
	if lw != nil {
		if c, ok := lw.codec.(*unionCodec); ok {
			if uc := c.u.byID[id]; uc != nil {
				vti, _ = c.valueInfo(w.d.r, uc)
			}
		}
	}
	if vti != nil {
		err = w.typedValue(vti.wire(), true)
	} else {
		err = w.value(unknownFT, nil, true, true)
	}
	if err != nil {
		return err
	}
	w.d.depth--
	return nil
}

// collection walks a list or set (wire type id) of declared type ft (or
// nil), or of local type lw (or nil).
func (w *walker) collection(id uint32, ft *fieldType, lw *typeInfo) error {
	at := w.b.ReaderIndex()
	n, err := w.b.ReadVaruint32()
	if err != nil {
		if n, err = w.count(err); err != nil {
			return err
		}
	}
	if n == 0 {
		if w.sink != nil {
			return w.sink.container(id, at, n, 0)
		}
		return nil
	}
	if err := w.enter(); err != nil {
		return err
	}
	header, err := w.b.ReadByte()
	if err != nil {
		if header, err = w.byteMore(); err != nil {
			return err
		}
	}
	if header&0xf0 != 0 {
		return wrapf(ErrInvalidData, "bad collection header %#x", header)
	}
	if w.sink != nil {
		if err := w.sink.container(id, at, n, header); err != nil {
			return err
		}
	}
	ew, _, _ := elems(lw)
	ew = local(ew)
	fe := unknownFT
	if ft != nil && ft.elem != nil {
		fe = ft.elem
	}
	flagged := header&(collTrackRef|collHasNull) != 0
	empty := 0 // elements that took no input
	switch {
	case header&collSameType == 0 || header&collDeclared != 0:
		// Each element carries its type info (a declared element type
		// needs no same-type bit, as the list codecs read it), or none:
		// its type is declared.
		declared := header&collDeclared != 0
		et := unknownFT
		if declared {
			if ew == nil && fe.id == tidUnknown {
				return wrapf(ErrInvalidData, "list declares an element type the reader does not know")
			}
			if !flagged && (ew == nil && fe.id == tidNone || w.emptyLocal(ew)) {
				break // elements without bytes
			}
			et = fe
		}
		for range n {
			if w.src != nil {
				if err := w.step(); err != nil {
					return err
				}
			}
			at := w.b.ReaderIndex()
			if err := w.value(et, ew, flagged, !declared); err != nil {
				return err
			}
			if w.b.ReaderIndex() == at {
				empty++
			}
		}
	default:
		wt, err := w.typeInfo()
		if err != nil {
			return err
		}
		if !flagged && w.empty(wt, ew) {
			break // elements without bytes
		}
		for range n {
			if w.src != nil {
				if err := w.step(); err != nil {
					return err
				}
			}
			if w.sink != nil {
				w.sink.begin(w.b.ReaderIndex())
			}
			at := w.b.ReaderIndex()
			err := w.sameTypeElem(wt, ew, flagged)
			if w.sink != nil {
				w.sink.end(w.b.ReaderIndex(), err)
			}
			if err != nil {
				return err
			}
			if w.b.ReaderIndex() == at {
				empty++
			}
		}
	}
	w.d.depth--
	return w.charge(empty, minElemCharge)
}

// sameTypeElem walks an element of a collection whose header gives all
// elements type wt.
func (w *walker) sameTypeElem(wt wireType, ew *typeInfo, flagged bool) error {
	if flagged {
		if done, err := w.flag(); err != nil || done {
			return err
		}
	}
	if ew == nil && wt.def == nil {
		return w.data(wt) // (dataAs, in short)
	}
	return w.dataAs(wt, ew)
}

// empty reports whether data of wire type wt, read at a position of local
// type lw, takes no bytes.
func (w *walker) empty(wt wireType, lw *typeInfo) bool {
	switch {
	case wt.id == tidNone:
		return true
	case wt.def != nil:
		return len(wt.def.dataFields()) == 0
	case lw != nil && lw.st != nil && wt.local != nil && sharedAutoName(lw, wt.local):
		return w.emptyLocal(lw)
	}
	return w.emptyLocal(wt.local)
}

// emptyLocal reports whether the data of local type lw takes no bytes: a
// struct without fields in compatible mode (no hash).
func (w *walker) emptyLocal(lw *typeInfo) bool {
	return lw != nil && lw.st != nil && w.d.r.compatible && len(lw.st.fields) == 0
}

// mapData walks a map of declared type ft (or nil), or of local type lw
// (or nil).
func (w *walker) mapData(ft *fieldType, lw *typeInfo) error {
	at := w.b.ReaderIndex()
	n, err := w.b.ReadVaruint32()
	if err != nil {
		if n, err = w.count(err); err != nil {
			return err
		}
	}
	if w.sink != nil {
		if err := w.sink.container(tidMap, at, n, 0); err != nil {
			return err
		}
	}
	if n == 0 {
		return nil
	}
	if err := w.enter(); err != nil {
		return err
	}
	_, kw, vw := elems(lw)
	kw, vw = local(kw), local(vw)
	fk, fv := unknownFT, unknownFT
	if ft != nil && ft.key != nil && ft.val != nil {
		fk, fv = ft.key, ft.val
	}
	empty := 0
	for read := uint32(0); read < n; {
		if w.src != nil {
			if err := w.step(); err != nil {
				return err
			}
		}
		at := w.b.ReaderIndex()
		h, err := w.b.ReadByte()
		if err != nil {
			if h, err = w.byteMore(); err != nil {
				return err
			}
		}
		if h&mapReserved != 0 {
			return wrapf(ErrInvalidData, "bad map chunk header %#x", h)
		}
		if h&(mapKeyNull|mapValNull) != 0 {
			// The other side of a null entry has a reference flag only
			// when the header's ref bit says so, as every map reader
			// reads it (pyfory and Rust write none for an untracked side).
			if w.sink != nil {
				w.sink.chunk(at, h, 1)
			}
			kf, vf := h&mapKeyRef != 0, h&mapValRef != 0
			if err := w.nullEntry(h, fk, fv, kw, vw, kf, vf); err != nil {
				return err
			}
			read++
			continue
		}
		size, err := w.b.ReadByte()
		if err != nil {
			if size, err = w.byteMore(); err != nil {
				return err
			}
		}
		if size == 0 || uint32(size) > n-read {
			return wrapf(ErrInvalidData, "map chunk of %d entries with %d left", size, n-read)
		}
		var kwt, vwt wireType
		if h&mapKeyDeclared == 0 {
			if kwt, err = w.typeInfo(); err != nil {
				return err
			}
		} else if kw == nil && fk.id == tidUnknown {
			return wrapf(ErrInvalidData, "map declares a key type the reader does not know")
		}
		if h&mapValDeclared == 0 {
			if vwt, err = w.typeInfo(); err != nil {
				return err
			}
		} else if vw == nil && fv.id == tidUnknown {
			return wrapf(ErrInvalidData, "map declares a value type the reader does not know")
		}
		if w.sink != nil {
			w.sink.chunk(at, h, int(size))
		}
		for range size {
			at := w.b.ReaderIndex()
			if w.sink != nil {
				w.sink.begin(at)
			}
			err := w.side(fk, kw, kwt, h&mapKeyDeclared != 0, h&mapKeyRef != 0)
			if err == nil {
				err = w.side(fv, vw, vwt, h&mapValDeclared != 0, h&mapValRef != 0)
			}
			if w.sink != nil {
				w.sink.end(w.b.ReaderIndex(), err)
			}
			if err != nil {
				return err
			}
			if w.b.ReaderIndex() == at {
				empty++
			}
		}
		read += uint32(size)
	}
	w.d.depth--
	return w.charge(empty, minElemCharge)
}

// nullEntry walks a map entry whose key or value (or both) is null.
func (w *walker) nullEntry(h byte, fk, fv *fieldType, kw, vw *typeInfo, kf, vf bool) error {
	if w.sink != nil {
		w.sink.begin(w.b.ReaderIndex())
	}
	var err error
	if h&mapKeyNull == 0 {
		err = w.value(fk, kw, kf, h&mapKeyDeclared == 0)
	} else if w.sink != nil {
		w.sink.null()
	}
	if err == nil && h&mapValNull == 0 {
		err = w.value(fv, vw, vf, h&mapValDeclared == 0)
	} else if err == nil && w.sink != nil {
		w.sink.null()
	}
	if w.sink != nil {
		w.sink.end(w.b.ReaderIndex(), err)
	}
	return err
}

// side walks a key or value of a map chunk.
func (w *walker) side(ft *fieldType, lw *typeInfo, wt wireType, declared, track bool) error {
	if declared {
		return w.value(ft, lw, track, false)
	}
	if w.sink != nil {
		w.sink.begin(w.b.ReaderIndex())
		err := w.sameTypeElem(wt, lw, track)
		w.sink.end(w.b.ReaderIndex(), err)
		return err
	}
	return w.sameTypeElem(wt, lw, track)
}

// defStruct walks the data of a struct that came with its TypeDef, at a
// position of local type lw (or none): by the local layout the decoder
// reads it with when that layout is the TypeDef's (readCompatible's
// readsAsIs), else by the TypeDef.
func (w *walker) defStruct(rd *remoteDef, lw *typeInfo) error {
	if w.sink != nil {
		// An inspection shows the TypeDef's fields.
		return w.remoteStruct(rd)
	}
	var st *structInfo
	lt := w.d.r.resolveDef(rd)
	if lw != nil && lw.st != nil && (lt == lw || lt != nil && sharedAutoName(lw, lt) || anonymousPair(lw, wireType{def: rd})) {
		st = lw.st
	} else if lt != nil && lt.st != nil && (!lt.auto || w.d.knows(lt)) {
		st = lt.st
	}
	if st == nil || !st.readsAsIs(rd) {
		return w.remoteStruct(rd)
	}
	if err := w.enter(); err != nil {
		return err
	}
	for _, f := range st.fields {
		if err := w.field(f); err != nil {
			return err
		}
	}
	w.d.depth--
	return nil
}

// remoteStruct walks a struct's data by its TypeDef.
func (w *walker) remoteStruct(rd *remoteDef) error {
	if err := w.enter(); err != nil {
		return err
	}
	if w.sink != nil {
		w.sink.structData(rd, nil, -1)
	}
	fields := rd.dataFields()
	if w.sink != nil {
		// Every field, those of type none too.
		for i := range rd.fields {
			w.sink.label(rd.fields[i].name)
			ft := rd.fields[i].ft
			if err := w.value(ft, nil, ft.nullable || ft.ref, remoteDynamic(ft)); err != nil {
				return err
			}
		}
		w.d.depth--
		return nil
	}
	empty := len(rd.fields) - len(fields)
	for _, ft := range fields {
		at := w.b.ReaderIndex()
		if err := w.value(ft, nil, ft.nullable || ft.ref, remoteDynamic(ft)); err != nil {
			return err
		}
		if w.b.ReaderIndex() == at {
			empty++
		}
	}
	w.d.depth--
	return w.charge(empty, stepCharge)
}

// dataFields returns the types of rd's fields that take bytes: a field of
// type none, neither nullable nor tracked, takes none, and a TypeDef may
// declare thousands of them.
func (rd *remoteDef) dataFields() []*fieldType {
	if rd.walkDone {
		return rd.walk
	}
	var fts []*fieldType
	for i := range rd.fields {
		if ft := rd.fields[i].ft; ft.id != tidNone || ft.nullable || ft.ref {
			fts = append(fts, ft)
		}
	}
	rd.walk, rd.walkDone = fts, true
	return fts
}

// localStruct walks a struct's data by the layout of its local type l:
// in schema-consistent mode its hash (which must be l's), then its fields.
func (w *walker) localStruct(l *typeInfo) error {
	st := l.st
	if err := w.enter(); err != nil {
		return err
	}
	if !w.d.r.compatible {
		at := w.b.ReaderIndex()
		if w.src == nil {
			if err := st.checkHash(w.b); err != nil {
				return err
			}
		} else if err := w.atom(func() error { return st.checkHash(w.b) }); err != nil {
			return err
		}
		if w.sink != nil {
			w.sink.structData(nil, l, at)
		}
	} else if w.sink != nil {
		w.sink.structData(nil, l, -1)
	}
	for _, f := range st.fields {
		if w.sink != nil {
			w.sink.label(f.name)
		}
		if err := w.field(f); err != nil {
			if w.dec {
				return wrapField(err, st, f)
			}
			return err
		}
	}
	w.d.depth--
	return nil
}

// field walks one field of a local struct layout as readFields reads it.
func (w *walker) field(f *fieldInfo) error {
	if f.kind != kOther {
		if w.sink != nil {
			w.sink.begin(w.b.ReaderIndex())
			at := w.b.ReaderIndex()
			err := w.fieldData(f)
			if err == nil {
				err = w.sink.scalar(wireType{id: f.ft.id}, at, w.b.ReaderIndex())
			}
			w.sink.end(w.b.ReaderIndex(), err)
			return err
		}
		return w.fieldData(f)
	}
	lw := f.ti.wire()
	if f.dynamic {
		return w.typedValue(lw, f.nullable || f.ref)
	}
	return w.value(f.ft, lw, f.nullable || f.ref, false)
}

// fieldData walks a field of an inline kind (a scalar without flag or
// type info).
func (w *walker) fieldData(f *fieldInfo) error {
	k := 0
	switch f.kind {
	case kString:
		return w.str()
	case kBool, kInt8, kUint8:
		k = 1
	case kInt16, kUint16, kFloat16, kBFloat16:
		k = 2
	case kFloat32, kFixedInt32, kFixedUint32:
		k = 4
	case kFloat64, kFixedInt64, kFixedUint64:
		k = 8
	case kInt32, kUint32:
		if w.src == nil {
			_, err := w.b.ReadVaruint32()
			return err
		}
		_, err := w.varuint32()
		return err
	case kInt64, kInt, kUint64, kUint:
		if w.src == nil {
			_, err := w.b.ReadVaruint64()
			return err
		}
		_, err := w.varuint64()
		return err
	case kTaggedInt64, kTaggedUint64:
		return w.tagged()
	default:
		return wrapf(ErrInvalidData, "field %s of unknown kind %d", f.goName, f.kind)
	}
	if w.src == nil {
		return w.b.Skip(k)
	}
	return w.skip(uint64(k))
}
