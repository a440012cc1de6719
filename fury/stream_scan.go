package fury

import (
	"errors"
	"io"
	"math"
)

// The stream scanner.
//
// A message does not record its length, so a Decoder finds where one ends
// by reading its structure, before decoding it: the scanner walks the
// message's flags, type infos, counts and lengths, as the decoder would
// read them, without building any value, and reads more input from the
// stream whenever the bytes at hand end inside the message. The decoder
// then decodes exactly the message's bytes, as Unmarshal does: its memory
// budget comes from the message's own length whatever follows it, and every
// error it gives is final for that message (the input is complete), so the
// Decoder reports it and moves on to the next message.
//
// Work: the scanner reads each byte once, except that an item cut by the
// end of the input (a varint, a header, a type info) is read again once
// more input arrives; every item is a few bytes, except a TypeDef or meta
// string, whose body is parsed only once it is whole. Items that take no
// input (elements of type none, struct fields of type none) are skipped
// in O(1) for a whole list, so the scan's work is O(input) whatever the
// input says. It allocates nothing per value: TypeDefs and meta strings
// go to the Fury's caches, as the decode's would.

// scanner finds the end of the message at the front of a Decoder's input.
type scanner struct {
	dec   *Decoder
	d     *decoder // the Fury's decoder: registry, TypeDef and meta string tables
	b     *buffer  // dec.buf[dec.start:dec.end]; its reader index is the scan's position
	depth int
	steps int64 // elements and entries scanned (see step)
	oob   bool
}

// scan returns the length of the message that starts at d.start, read
// into a value of type ti, reading input as needed.
func (d *Decoder) scan(ti *typeInfo) (n int, err error) {
	f := d.f
	dd := &f.dec
	dd.trim()
	dd.reset(&d.in)
	dd.reach = ti.reachable()
	s := &scanner{dec: d, d: dd, b: &d.in}
	s.view(0)
	// TypeDefs are charged as the decode will charge them; the scan
	// itself builds nothing.
	d.in.SetBudget(math.MaxInt64)
	defer func() {
		d.in.SetBytes(nil)
		dd.reach = nil
		if recoverPanics {
			if r := recover(); r != nil {
				err = wrapf(ErrInvalidData, "finding the end of a message: %v", r)
			}
		}
	}()
	if err := s.root(ti); err != nil {
		return 0, err
	}
	return s.b.ReaderIndex(), nil
}

// view points s.b at the buffered input, at position pos.
func (s *scanner) view(pos int) {
	s.b.SetBytes(s.dec.buf[s.dec.start:s.dec.end])
	s.b.SetReaderIndex(pos)
}

// more reads at least one more byte of input (asking for want), or
// returns the error that ends the scan: the end of the stream or a
// reader's error, or a message over the stream's limit.
func (s *scanner) more(want int) error {
	dec := s.dec
	pos := s.b.ReaderIndex()
	have := dec.end - dec.start
	if have >= dec.limit {
		return wrapf(ErrTooLarge, "a message exceeds the stream limit of %d bytes (WithMaxMessageSize)", dec.limit)
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
	s.view(pos)
	return nil
}

// need makes sure n more bytes are buffered.
func (s *scanner) need(n int) error {
	for s.b.Remaining() < n {
		if s.b.ReaderIndex()+n > s.dec.limit || n < 0 {
			return wrapf(ErrTooLarge, "a message exceeds the stream limit of %d bytes (WithMaxMessageSize)", s.dec.limit)
		}
		if err := s.more(n - s.b.Remaining()); err != nil {
			return err
		}
	}
	return nil
}

// skip moves past n bytes.
func (s *scanner) skip(n uint64) error {
	if n > uint64(s.dec.limit) {
		return wrapf(ErrTooLarge, "a message exceeds the stream limit of %d bytes (WithMaxMessageSize)", s.dec.limit)
	}
	if err := s.need(int(n)); err != nil {
		return err
	}
	s.dec.examined += int(n)
	return s.b.Skip(int(n))
}

// atom runs read, a read of one item from s.b, again from the same
// position (and with the decoder's tables as they were) after each
// truncation, with more input each time.
func (s *scanner) atom(read func() error) error {
	pos, metas, defs := s.b.ReaderIndex(), len(s.d.metaRead), len(s.d.defsRead)
	for {
		err := read()
		if err == nil || !errors.Is(err, ErrTruncated) {
			s.dec.examined += s.b.ReaderIndex() - pos
			return err
		}
		// The reads of an item stop at the first that finds too few
		// bytes, without consuming them: what was examined is up to
		// there (a TypeDef's or meta string's body is not looked at
		// until it is whole).
		s.dec.examined += s.b.ReaderIndex() - pos + 1
		s.b.SetReaderIndex(pos)
		s.d.metaRead, s.d.defsRead = s.d.metaRead[:metas], s.d.defsRead[:defs]
		if err := s.more(1); err != nil {
			return err
		}
	}
}

// The item readers take the direct path when the item surely fits in the
// bytes at hand, and go through atom otherwise.

func (s *scanner) byte() (byte, error) {
	if s.b.Remaining() >= 1 {
		s.dec.examined++
		return s.b.ReadByte()
	}
	var v byte
	err := s.atom(func() (err error) { v, err = s.b.ReadByte(); return })
	return v, err
}

func (s *scanner) varuint32() (uint32, error) {
	if s.b.Remaining() >= 5 {
		at := s.b.ReaderIndex()
		v, err := s.b.ReadVaruint32()
		s.dec.examined += s.b.ReaderIndex() - at
		return v, err
	}
	var v uint32
	err := s.atom(func() (err error) { v, err = s.b.ReadVaruint32(); return })
	return v, err
}

func (s *scanner) varuint64() (uint64, error) {
	if s.b.Remaining() >= 9 {
		at := s.b.ReaderIndex()
		v, err := s.b.ReadVaruint64()
		s.dec.examined += s.b.ReaderIndex() - at
		return v, err
	}
	var v uint64
	err := s.atom(func() (err error) { v, err = s.b.ReadVaruint64(); return })
	return v, err
}

func (s *scanner) tagged() error {
	return s.atom(func() (err error) { _, err = s.b.ReadTaggedUint64(); return })
}

// peek4 makes sure 4 bytes are buffered (where the data is at least that
// long whatever its form: a struct's hash with or without its type info).
func (s *scanner) peek4() error { return s.need(4) }

func (s *scanner) enter() error {
	s.depth++
	if s.depth > s.d.maxDepth {
		return wrapf(ErrDepthExceeded, "input nests deeper than %d levels", s.d.maxDepth)
	}
	return nil
}

// root scans a whole message read into ti: the header, then a value with
// its flag and type info (readFull's nullable, tracked, typed position).
func (s *scanner) root(ti *typeInfo) error {
	h, err := s.byte()
	if err != nil {
		return err
	}
	if h&^(headerXlang|headerOOB) != 0 || h&headerXlang == 0 {
		return wrapf(ErrInvalidData, "header byte %#02x: not a Fory xlang payload", h)
	}
	s.oob = h&headerOOB != 0
	return s.typedValue(ti.wire(), true)
}

// typedValue scans a value at a position declared as local type w, which
// carries a flag when flagged and type info (unless it is a struct written
// without it: see decoder.untypedStruct).
func (s *scanner) typedValue(w *typeInfo, flagged bool) error {
	if flagged {
		if done, err := s.flag(); err != nil || done {
			return err
		}
	}
	if !s.d.r.compatible && w.st != nil && w.named {
		if err := s.peek4(); err != nil {
			return err
		}
		if s.d.untypedStruct(w) {
			return s.localStruct(w)
		}
	}
	wt, err := s.typeInfo()
	if err != nil {
		return err
	}
	return s.dataAs(wt, w)
}

// flag scans a null/reference flag and reports whether the value is
// complete (null, or a reference to one seen before).
func (s *scanner) flag() (done bool, err error) {
	f, err := s.byte()
	if err != nil {
		return false, err
	}
	switch int8(f) {
	case flagNull:
		return true, nil
	case flagRef:
		_, err := s.varuint32()
		return true, err
	case flagRefValue, flagNotNullValue:
		return false, nil
	}
	return false, wrapf(ErrInvalidData, "bad reference flag %d", int8(f))
}

// value scans a value of declared type ft, or of local type w when the
// reader has one (nil otherwise): a flag when flagged, type info when
// dynamic (readValueByFT, or readFullC for a local type).
func (s *scanner) value(ft *fieldType, w *typeInfo, flagged, dynamic bool) error {
	if flagged {
		if done, err := s.flag(); err != nil || done {
			return err
		}
	}
	if dynamic {
		wt, err := s.typeInfo()
		if err != nil {
			return err
		}
		return s.dataAs(wt, w)
	}
	return s.declared(ft, w)
}

// local returns the local type w stands for on the wire, or nil for none
// or an interface (whose values carry their own type info).
func local(w *typeInfo) *typeInfo {
	if w == nil {
		return nil
	}
	if w = w.wire(); w.isAny {
		return nil
	}
	return w
}

// declared scans data without type info: of the local type w when there
// is one, as its codec reads it, else of declared type ft (readDataByFT).
func (s *scanner) declared(ft *fieldType, w *typeInfo) error {
	w = local(w)
	var id uint32
	switch {
	case w != nil && w.st != nil:
		// A declared struct: its data by its layout (fory-core writes
		// the elements of a List<Point> so, without type info).
		return s.localStruct(w)
	case w != nil && w.isEnum:
		id = tidEnum
	case w != nil:
		id = w.id
	case ft != nil:
		id = ft.id
	default:
		return wrapf(ErrInvalidData, "a value of no declared type")
	}
	switch id {
	case tidList, tidSet:
		return s.collection(ft, w)
	case tidMap:
		return s.mapData(ft, w)
	case tidEnum, tidNamedEnum:
		_, err := s.varuint32()
		return err
	case tidUnion, tidTypedUnion, tidNamedUnion:
		return s.union(w)
	}
	if w == nil && remoteDynamic(ft) {
		wt, err := s.typeInfo()
		if err != nil {
			return err
		}
		return s.data(wt)
	}
	return s.data(wireType{id: id})
}

// dataAs scans data of wire type wt at a position of local type w (or
// none), as readTypedC reads it: by w's own codec where the data is w's
// (a struct of w's auto name, a list w reads), else by the wire type.
func (s *scanner) dataAs(wt wireType, w *typeInfo) error {
	w = local(w)
	if wt.def != nil && isStructTypeID(wt.id) {
		return s.defStruct(wt.def, w)
	}
	if w == nil || wt.def != nil {
		return s.data(wt)
	}
	if w.st != nil && wt.local != nil && wt.local != w && sharedAutoName(w, wt.local) {
		return s.localStruct(w)
	}
	if wt.local == nil && matchesWire(w, wt.id) {
		switch wt.id {
		case tidList, tidSet:
			return s.collection(nil, w)
		case tidMap:
			return s.mapData(nil, w)
		}
	}
	return s.data(wt)
}

// elems returns the local element, key and value types of the container
// type w, where known.
func elems(w *typeInfo) (elem, key, val *typeInfo) {
	if w == nil {
		return nil, nil, nil
	}
	switch c := w.codec.(type) {
	case *listCodec:
		return c.elem.ti, nil, nil
	case *setCodec:
		return c.elem.ti, nil, nil
	case *mapCodec:
		return nil, c.key.ti, c.val.ti
	}
	return nil, nil, nil
}

// typeInfo scans type info as decoder.readTypeInfo reads it, finding the
// local type of a struct (whose layout its data follows) as it does.
func (s *scanner) typeInfo() (wireType, error) {
	id, err := s.varuint32()
	if err != nil {
		return wireType{}, err
	}
	wt := wireType{id: id}
	d := s.d
	switch id {
	case tidStruct, tidEnum:
		uid, err := s.varuint32()
		if err != nil {
			return wt, err
		}
		if id == tidStruct {
			// Its data follows its layout: a struct this Fury does not
			// know cannot be scanned.
			if wt.local, err = d.r.lookupByID(id, uid); err != nil {
				return wt, err
			}
		}
	case tidCompatibleStruct, tidNamedCompatibleStruct:
		if wt.def, err = s.sharedDef(); err != nil {
			return wt, err
		}
		if !wt.def.isStruct {
			return wt, wrapf(ErrInvalidData, "struct type id %d with a non-struct type meta", id)
		}
	case tidNamedStruct, tidNamedEnum:
		if d.r.compatible {
			def, err := s.sharedDef()
			if id == tidNamedStruct {
				wt.def = def
			}
			return wt, err
		}
		var ns, name string
		if err := s.atom(func() (err error) { ns, err = d.readMetaString(nsEncoder); return }); err != nil {
			return wt, err
		}
		if err := s.atom(func() (err error) { name, err = d.readMetaString(typeNameEncoder); return }); err != nil {
			return wt, err
		}
		if id == tidNamedEnum {
			return wt, nil
		}
		if wt.local, err = d.r.lookupByName(ns, name); err != nil {
			return wt, err
		}
		// The decoder's choice among Go types sharing an auto name
		// (readTypeInfo), which looks at the struct hash that follows.
		if l := wt.local; l.auto && !d.knows(l) {
			if alt := d.sameAutoName(l); alt != nil {
				wt.local = alt
			}
		} else if l.twin {
			if err := s.peek4(); err != nil {
				return wt, err
			}
			if alt := d.twinFor(l, wt); alt != nil {
				wt.local = alt
			}
		}
	case tidTypedUnion:
		uid, err := s.varuint32()
		if err != nil {
			return wt, err
		}
		// A union's data names its case and carries the value's type
		// info: the local type only picks the case's declared type.
		wt.local, _ = d.r.lookupByID(id, uid)
	case tidNamedUnion:
		if d.r.compatible {
			def, err := s.sharedDef()
			if err == nil {
				wt.local = d.r.resolveDef(def)
			}
			return wt, err
		}
		var ns, name string
		if err := s.atom(func() (err error) { ns, err = d.readMetaString(nsEncoder); return }); err != nil {
			return wt, err
		}
		if err := s.atom(func() (err error) { name, err = d.readMetaString(typeNameEncoder); return }); err != nil {
			return wt, err
		}
		wt.local, _ = d.r.lookupByName(ns, name)
	case tidUnion:
		// A union without its identity.
	case tidExt, tidNamedExt, tidArray,
		tidFloat8, tidFloat8Array, tidUnknown:
		return wt, wrapf(ErrUnsupportedType, "wire type %d", id)
	default:
		if id >= tidBound {
			return wt, wrapf(ErrInvalidData, "unknown wire type id %d", id)
		}
	}
	return wt, nil
}

// sharedDef scans a shared-meta marker and the TypeDef it announces.
func (s *scanner) sharedDef() (*remoteDef, error) {
	var rd *remoteDef
	err := s.atom(func() (err error) { rd, err = s.d.readSharedDef(); return })
	return rd, err
}

// data scans the data of wire type wt (readDynamicData).
func (s *scanner) data(wt wireType) error {
	switch wt.id {
	case tidNone:
		return nil
	case tidBool, tidInt8, tidUint8:
		return s.skip(1)
	case tidInt16, tidUint16, tidFloat16, tidBFloat16:
		return s.skip(2)
	case tidInt32, tidUint32, tidFloat32:
		return s.skip(4)
	case tidInt64, tidUint64, tidFloat64:
		return s.skip(8)
	case tidVarint32, tidVarUint32:
		_, err := s.varuint32()
		return err
	case tidVarint64, tidVarUint64, tidDate:
		_, err := s.varuint64()
		return err
	case tidTaggedInt64, tidTaggedUint64:
		return s.tagged()
	case tidString:
		return s.str()
	case tidTimestamp:
		return s.skip(12)
	case tidDuration:
		if _, err := s.varuint64(); err != nil {
			return err
		}
		return s.skip(4)
	case tidDecimal:
		if _, err := s.varuint32(); err != nil {
			return err
		}
		h, err := s.varuint64()
		if err != nil || h&1 == 0 {
			return err
		}
		return s.skip(h >> 2)
	case tidList, tidSet:
		return s.collection(nil, nil)
	case tidMap:
		return s.mapData(nil, nil)
	case tidEnum, tidNamedEnum:
		_, err := s.varuint32()
		return err
	case tidUnion, tidTypedUnion, tidNamedUnion:
		return s.union(wt.local)
	case tidStruct, tidCompatibleStruct, tidNamedStruct, tidNamedCompatibleStruct:
		if wt.def != nil {
			return s.defStruct(wt.def, nil)
		}
		if wt.local == nil || wt.local.st == nil {
			return wrapf(ErrUnknownType, "struct type %d", wt.id)
		}
		return s.localStruct(wt.local)
	}
	if _, ok := arrayGoType(wt.id); ok {
		if s.oob {
			inBand, err := s.byte()
			if err != nil || inBand == 0 {
				return err // out of band: nothing here
			}
		}
		n, err := s.varuint32()
		if err != nil {
			return err
		}
		return s.skip(uint64(n))
	}
	return wrapf(ErrUnsupportedType, "wire type %d", wt.id)
}

// union scans a union's data: its case id, then the case's value with its
// flag and type info (as the union codec of local type w reads it, when w
// is one and knows the case, else as readUnionValue does).
func (s *scanner) union(w *typeInfo) error {
	id, err := s.varuint32()
	if err != nil {
		return err
	}
	if err := s.enter(); err != nil {
		return err
	}
	var vti *typeInfo
	if w != nil {
		if c, ok := w.codec.(*unionCodec); ok {
			if uc := c.u.byID[id]; uc != nil {
				vti, _ = c.valueInfo(s.d.r, uc)
			}
		}
	}
	if vti != nil {
		err = s.typedValue(vti.wire(), true)
	} else {
		err = s.value(unknownFT, nil, true, true)
	}
	if err != nil {
		return err
	}
	s.depth--
	return nil
}

// str scans a string: its header, then its bytes.
func (s *scanner) str() error {
	h, err := s.varuint64()
	if err != nil {
		return err
	}
	return s.skip(h >> 2)
}

// collection scans a list or set of declared type ft (or nil), or of
// local type w (or nil).
func (s *scanner) collection(ft *fieldType, w *typeInfo) error {
	n, err := s.varuint32()
	if err != nil || n == 0 {
		return err
	}
	if err := s.enter(); err != nil {
		return err
	}
	header, err := s.byte()
	if err != nil {
		return err
	}
	if header&0xf0 != 0 {
		return wrapf(ErrInvalidData, "bad collection header %#x", header)
	}
	ew, _, _ := elems(w)
	ew = local(ew)
	fe := unknownFT
	if ft != nil && ft.elem != nil {
		fe = ft.elem
	}
	flagged := header&(collTrackRef|collHasNull) != 0
	switch {
	case header&(collSameType|collDeclared) == 0:
		// Each element carries its type info (a declared element type
		// needs no same-type bit, as the list codecs read it).
		for range n {
			if err := s.step(); err != nil {
				return err
			}
			if err := s.value(unknownFT, ew, flagged, true); err != nil {
				return err
			}
		}
	case header&collDeclared != 0:
		if ew == nil && fe.id == tidUnknown {
			return wrapf(ErrInvalidData, "list declares an element type the reader does not know")
		}
		if !flagged && (ew == nil && fe.id == tidNone || s.emptyLocal(ew)) {
			break // elements without bytes
		}
		for range n {
			if err := s.step(); err != nil {
				return err
			}
			if err := s.value(fe, ew, flagged, false); err != nil {
				return err
			}
		}
	default:
		wt, err := s.typeInfo()
		if err != nil {
			return err
		}
		if !flagged && s.empty(wt, ew) {
			break // elements without bytes
		}
		for range n {
			if err := s.step(); err != nil {
				return err
			}
			if flagged {
				if done, err := s.flag(); err != nil {
					return err
				} else if done {
					continue
				}
			}
			if err := s.dataAs(wt, ew); err != nil {
				return err
			}
		}
	}
	s.depth--
	return nil
}

// step counts one element or entry of the scan: past a bound far above
// what any message that decodes within its budget holds per byte, the scan
// fails, so its work stays O(input) whatever the input declares.
func (s *scanner) step() error {
	s.steps++
	if s.steps > stepsPerByte*int64(s.b.ReaderIndex())+minSteps {
		return wrapf(ErrTooLarge, "a message with more than %d elements in %d bytes", s.steps-1, s.b.ReaderIndex())
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

// empty reports whether data of wire type wt, read at a position of local
// type w, takes no bytes.
func (s *scanner) empty(wt wireType, w *typeInfo) bool {
	switch {
	case wt.id == tidNone:
		return true
	case wt.def != nil:
		return len(s.dec.fieldsOf(wt.def)) == 0
	case w != nil && w.st != nil && wt.local != nil && sharedAutoName(w, wt.local):
		return s.emptyLocal(w)
	}
	return s.emptyLocal(wt.local)
}

// emptyLocal reports whether the data of local type w takes no bytes: a
// struct without fields in compatible mode (no hash).
func (s *scanner) emptyLocal(w *typeInfo) bool {
	return w != nil && w.st != nil && s.d.r.compatible && len(w.st.fields) == 0
}

// mapData scans a map of declared type ft (or nil), or of local type w (or
// nil).
func (s *scanner) mapData(ft *fieldType, w *typeInfo) error {
	n, err := s.varuint32()
	if err != nil || n == 0 {
		return err
	}
	if err := s.enter(); err != nil {
		return err
	}
	_, kw, vw := elems(w)
	kw, vw = local(kw), local(vw)
	fk, fv := unknownFT, unknownFT
	if ft != nil && ft.key != nil && ft.val != nil {
		fk, fv = ft.key, ft.val
	}
	for read := uint32(0); read < n; {
		if err := s.step(); err != nil {
			return err
		}
		h, err := s.byte()
		if err != nil {
			return err
		}
		if h&(mapKeyNull|mapValNull) != 0 {
			// The other side of a null entry has a reference flag only
			// when the header's ref bit says so, as every map reader
			// reads it (pyfory and Rust write none for an untracked side).
			kf, vf := h&mapKeyRef != 0, h&mapValRef != 0
			if h&mapKeyNull == 0 {
				if err := s.value(fk, kw, kf, h&mapKeyDeclared == 0); err != nil {
					return err
				}
			}
			if h&mapValNull == 0 {
				if err := s.value(fv, vw, vf, h&mapValDeclared == 0); err != nil {
					return err
				}
			}
			read++
			continue
		}
		size, err := s.byte()
		if err != nil {
			return err
		}
		if size == 0 || uint32(size) > n-read {
			return wrapf(ErrInvalidData, "map chunk of %d entries with %d left", size, n-read)
		}
		var kwt, vwt wireType
		if h&mapKeyDeclared == 0 {
			if kwt, err = s.typeInfo(); err != nil {
				return err
			}
		} else if kw == nil && fk.id == tidUnknown {
			return wrapf(ErrInvalidData, "map declares a key type the reader does not know")
		}
		if h&mapValDeclared == 0 {
			if vwt, err = s.typeInfo(); err != nil {
				return err
			}
		} else if vw == nil && fv.id == tidUnknown {
			return wrapf(ErrInvalidData, "map declares a value type the reader does not know")
		}
		for range size {
			if err := s.side(fk, kw, kwt, h&mapKeyDeclared != 0, h&mapKeyRef != 0); err != nil {
				return err
			}
			if err := s.side(fv, vw, vwt, h&mapValDeclared != 0, h&mapValRef != 0); err != nil {
				return err
			}
		}
		read += uint32(size)
	}
	s.depth--
	return nil
}

// side scans a key or value of a map chunk.
func (s *scanner) side(ft *fieldType, w *typeInfo, wt wireType, declared, track bool) error {
	if declared {
		return s.value(ft, w, track, false)
	}
	if track {
		if done, err := s.flag(); err != nil || done {
			return err
		}
	}
	return s.dataAs(wt, w)
}

// defStruct scans the data of a struct that came with its TypeDef, at a
// position of local type w (or none): by the local layout the decoder
// reads it with when that layout is the TypeDef's (readCompatible's
// readsAsIs), else by the TypeDef.
func (s *scanner) defStruct(rd *remoteDef, w *typeInfo) error {
	var st *structInfo
	lt := s.d.r.resolveDef(rd)
	if w != nil && w.st != nil && (lt == w || lt != nil && sharedAutoName(w, lt) || anonymousPair(w, wireType{def: rd})) {
		st = w.st
	} else if lt != nil && lt.st != nil && (!lt.auto || s.d.knows(lt)) {
		st = lt.st
	}
	if st == nil || !st.readsAsIs(rd) {
		return s.remoteStruct(rd)
	}
	if err := s.enter(); err != nil {
		return err
	}
	for _, f := range st.fields {
		if err := s.field(f); err != nil {
			return err
		}
	}
	s.depth--
	return nil
}

// remoteStruct scans a struct's data by its TypeDef.
func (s *scanner) remoteStruct(rd *remoteDef) error {
	if err := s.enter(); err != nil {
		return err
	}
	for _, ft := range s.dec.fieldsOf(rd) {
		if err := s.value(ft, nil, ft.nullable || ft.ref, remoteDynamic(ft)); err != nil {
			return err
		}
	}
	s.depth--
	return nil
}

// fieldsOf returns the types of rd's fields that take bytes: a field of
// type none, neither nullable nor tracked, takes none, and a TypeDef may
// declare thousands of them.
func (d *Decoder) fieldsOf(rd *remoteDef) []*fieldType {
	if fts, ok := d.fields[rd]; ok {
		return fts
	}
	var fts []*fieldType
	for i := range rd.fields {
		if ft := rd.fields[i].ft; ft.id != tidNone || ft.nullable || ft.ref {
			fts = append(fts, ft)
		}
	}
	if d.fields == nil || len(d.fields) >= maxKeptSlice {
		d.fields = map[*remoteDef][]*fieldType{}
	}
	d.fields[rd] = fts
	return fts
}

// localStruct scans a struct's data by the layout of its local type l:
// in schema-consistent mode its hash (which must be l's), then its fields.
func (s *scanner) localStruct(l *typeInfo) error {
	st := l.st
	if err := s.enter(); err != nil {
		return err
	}
	if !s.d.r.compatible {
		if err := s.atom(func() error { return st.checkHash(s.b) }); err != nil {
			return err
		}
	}
	for _, f := range st.fields {
		if err := s.field(f); err != nil {
			return err
		}
	}
	s.depth--
	return nil
}

// field scans one field of a local struct layout as readFields reads it.
func (s *scanner) field(f *fieldInfo) error {
	switch f.kind {
	case kOther:
	case kString:
		return s.str()
	case kBool, kInt8, kUint8:
		return s.skip(1)
	case kInt16, kUint16, kFloat16, kBFloat16:
		return s.skip(2)
	case kFloat32, kFixedInt32, kFixedUint32:
		return s.skip(4)
	case kFloat64, kFixedInt64, kFixedUint64:
		return s.skip(8)
	case kInt32, kUint32:
		_, err := s.varuint32()
		return err
	case kInt64, kInt, kUint64, kUint:
		_, err := s.varuint64()
		return err
	case kTaggedInt64, kTaggedUint64:
		return s.tagged()
	default:
		return wrapf(ErrInvalidData, "field %s of unknown kind %d", f.goName, f.kind)
	}
	w := f.ti.wire()
	if f.dynamic {
		return s.typedValue(w, f.nullable || f.ref)
	}
	return s.value(f.ft, w, f.nullable || f.ref, false)
}
