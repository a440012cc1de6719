package fury

import (
	"errors"
	"math"
	"strconv"

	"github.com/fury-go/fury/internal/metastring"
	"github.com/fury-go/fury/internal/murmur3"
)

// fieldType is the wire description of a declared type, as carried in a
// TypeDef and used for struct fingerprints: a type id with nullable/ref bits
// and, for collections, the element (or key and value) types.
type fieldType struct {
	id       uint32
	nullable bool
	ref      bool
	elem     *fieldType // list and set
	key, val *fieldType // map
}

// TypeDef layout constants.
const (
	tdStructFlag     = 0x80
	tdCompatibleFlag = 0x40
	tdByNameFlag     = 0x20
	tdSmallFields    = 0x1f
	tdBigName        = 0x3f
	tdFieldNameSize  = 0x0f
	tdEncTagID       = 3
	tdSizeMask       = 0xff
	tdCompressedFlag = 1 << 8
	tdHashShift      = 12
	maxTypeDefSize   = 1 << 20

	// Kinds of TypeDefs that are not structs (the named form is one more).
	tdKindEnum  = 0
	tdKindUnion = 4
)

// encodeTypeDef builds the TypeDef (header included) of a struct or named
// enum for compatible mode.
func encodeTypeDef(ti *typeInfo) []byte {
	body := newBuffer(nil)
	if ti.st != nil {
		n := len(ti.st.fields)
		meta := byte(tdStructFlag | tdCompatibleFlag | min(n, tdSmallFields))
		if ti.id == tidStruct || ti.id == tidNamedStruct {
			meta &^= tdCompatibleFlag // evolving=false
		}
		if ti.named {
			meta |= tdByNameFlag
		}
		body.WriteUint8(meta)
		if n >= tdSmallFields {
			body.WriteVaruint32(uint32(n - tdSmallFields))
		}
	} else {
		code := byte(tdKindEnum)
		if ti.id == tidTypedUnion || ti.id == tidNamedUnion {
			code = tdKindUnion
		}
		if ti.named {
			code++
		}
		body.WriteUint8(code)
	}
	if ti.named {
		writeTDName(body, ti.ns, nsEncoder)
		writeTDName(body, ti.name, typeNameEncoder)
	} else {
		body.WriteVaruint32(ti.userID)
	}
	if ti.st != nil {
		for _, f := range ti.st.fields {
			writeTDField(body, f)
		}
	}
	return typeDefWithHeader(body.Bytes())
}

func typeDefWithHeader(body []byte) []byte {
	size := len(body)
	low := uint64(min(size, tdSizeMask))
	in := make([]byte, 0, size+2)
	in = append(in, body...)
	in = append(in, byte(low), byte(low>>8))
	h1, _ := murmur3.Sum128(in, 47)
	shifted := int64(h1 << tdHashShift)
	if shifted < 0 && shifted != math.MinInt64 {
		shifted = -shifted
	}
	header := uint64(shifted)&^(1<<tdHashShift-1) | low
	out := newBuffer(make([]byte, 0, size+13))
	out.WriteUint64(header)
	if size >= tdSizeMask {
		out.WriteVaruint32(uint32(size - tdSizeMask))
	}
	out.WriteBytes(body)
	return out.Bytes()
}

func writeTDName(b *buffer, s string, me *metaEncoder) {
	idx, data, err := me.encodeTD(s)
	if err != nil {
		// Names were validated when the type was registered.
		idx, data = 0, []byte(s)
	}
	if len(data) >= tdBigName {
		b.WriteUint8(byte(tdBigName<<2 | idx))
		b.WriteVaruint32(uint32(len(data) - tdBigName))
	} else {
		b.WriteUint8(byte(len(data)<<2 | idx))
	}
	b.WriteBytes(data)
}

func writeTDField(b *buffer, f *fieldInfo) {
	var h byte
	if f.ref {
		h |= 1
	}
	if f.nullable {
		h |= 2
	}
	if f.tagID >= 0 {
		h |= tdEncTagID << 6
		if f.tagID >= tdFieldNameSize {
			b.WriteUint8(h | tdFieldNameSize<<2)
			b.WriteVaruint32(uint32(f.tagID - tdFieldNameSize))
		} else {
			b.WriteUint8(h | byte(f.tagID)<<2)
		}
		writeFieldType(b, f.ft, true)
		return
	}
	idx, data, err := fieldEncoder.encodeTD(f.name)
	if err != nil {
		idx, data = 0, []byte(f.name)
	}
	h |= byte(idx) << 6
	size := len(data) - 1
	if size >= tdFieldNameSize {
		b.WriteUint8(h | tdFieldNameSize<<2)
		b.WriteVaruint32(uint32(size - tdFieldNameSize))
	} else {
		b.WriteUint8(h | byte(size)<<2)
	}
	writeFieldType(b, f.ft, true)
	b.WriteBytes(data)
}

func writeFieldType(b *buffer, ft *fieldType, top bool) {
	if top {
		b.WriteUint8(byte(ft.id))
	} else {
		v := ft.id << 2
		if ft.nullable {
			v |= 2
		}
		if ft.ref {
			v |= 1
		}
		b.WriteVaruint32(v)
	}
	switch ft.id {
	case tidList, tidSet:
		writeFieldType(b, ft.elem, false)
	case tidMap:
		writeFieldType(b, ft.key, false)
		writeFieldType(b, ft.val, false)
	}
}

// ---- reading ----------------------------------------------------------

// remoteDef is a TypeDef read from the wire, cached by its bytes.
type remoteDef struct {
	raw        string // the TypeDef's bytes, header included
	cost       int64  // bytes it holds (see typeDefFieldCost)
	isStruct   bool
	compatible bool
	named      bool
	kindCode   byte // for non-struct TypeDefs
	ns, name   string
	userID     uint32
	fields     []remoteField

	target     *typeInfo // the local type the TypeDef names (see resolveDef)
	targetDone bool
	autoNames  int // the resolver's autoNames when target was looked up

	resolved bool
	local    *typeInfo // nil when no local type matches
	plan     []readStep
	same     bool      // the layout equals the local type's
	sameAs   *typeInfo // local when same, else nil: readOwnDef's one check

	walk     []*fieldType // the types of the fields that take bytes (see dataFields)
	walkDone bool
}

// Memory a parsed TypeDef holds, as charged to the decode budget and to
// the TypeDef cache: per field (remoteField, fieldType, name, readStep and
// their allocation rounding) and per byte of its body.
const (
	typeDefFieldCost = 192
	typeDefByteCost  = 8
)

type remoteField struct {
	name  string
	tagID int
	ft    *fieldType
}

func (rd *remoteDef) displayName() string {
	if rd.named {
		return joinName(rd.ns, rd.name)
	}
	return "#" + strconv.Itoa(int(rd.userID))
}

// readSharedDef reads a shared-meta marker and the TypeDef it announces or
// refers to.
func (d *decoder) readSharedDef() (*remoteDef, error) {
	m, err := d.buf.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	idx := int(m >> 1)
	if m&1 == 1 {
		if idx >= len(d.defsRead) {
			return nil, wrapf(ErrInvalidData, "type meta reference %d out of range", idx)
		}
		return d.defsRead[idx], nil
	}
	if idx != len(d.defsRead) {
		return nil, wrapf(ErrInvalidData, "type meta index %d, expected %d", idx, len(d.defsRead))
	}
	start := d.buf.ReaderIndex()
	header, err := d.buf.ReadUint64()
	if err != nil {
		return nil, err
	}
	if header&tdCompressedFlag != 0 {
		return nil, wrapf(ErrUnsupportedType, "compressed type meta")
	}
	size := int(header & tdSizeMask)
	if size == tdSizeMask {
		extra, err := d.buf.ReadVaruint32()
		if err != nil {
			return nil, err
		}
		if extra > maxTypeDefSize {
			return nil, wrapf(ErrTooLarge, "type meta of %d bytes", extra)
		}
		size += int(extra)
	}
	if err := d.buf.Skip(size); err != nil {
		return nil, err
	}
	raw := d.buf.Bytes()[start:d.buf.ReaderIndex()]
	// The header holds a hash of the body: a one-word key finds the
	// TypeDef seen before, and the byte comparison confirms it.
	rd, ok := d.r.remoteByHeader[header]
	if !ok || rd.raw != string(raw) {
		rd, ok = d.r.remotes[string(raw)]
	}
	if !ok {
		if rd, err = parseTypeDef(raw[len(raw)-size:], d); err != nil {
			if errors.Is(err, ErrTruncated) {
				// The body's size is in its header: a field that runs
				// past it is bad data, which no more input mends.
				err = wrapf(ErrInvalidData, "type meta body of %d bytes ends inside a field: %v", size, err)
			}
			return nil, err
		}
		rd.raw = string(raw)
		d.r.cacheRemote(header, rd)
	} else if err := d.chargeTypeDef(rd); err != nil {
		return nil, err
	}
	pushDef(&d.defsRead, rd)
	return rd, nil
}

// chargeTypeDef charges a TypeDef found in the cache what parsing it
// charged (parseTypeDef), so that whether a message fits a decode budget
// does not depend on the messages read before it.
func (d *decoder) chargeTypeDef(rd *remoteDef) error {
	return d.charge(1, uintptr(rd.cost), "a type meta")
}

// MaxCachedTypeDefBytes bounds the memory a Fury keeps for the TypeDefs
// it has read (parsed, with their read plans), counted as the decode
// budget counts them. When a new TypeDef would go over, the cache starts
// afresh; a TypeDef larger than the whole cap is used for its message and
// not kept.
const MaxCachedTypeDefBytes = 4 << 20

// typeDefCacheEntryCost is the per-entry cost of the two cache maps.
const typeDefCacheEntryCost = 128

func (r *resolver) cacheRemote(header uint64, rd *remoteDef) {
	cost := rd.cost + int64(len(rd.raw)) + typeDefCacheEntryCost
	if cost > MaxCachedTypeDefBytes {
		return
	}
	if r.remoteBytes+cost > MaxCachedTypeDefBytes {
		r.clearRemotes()
	}
	r.remotes[rd.raw] = rd
	r.remoteByHeader[header] = rd
	r.remoteBytes += cost
}

// clearRemotes empties the TypeDef cache. Maps are made anew, as a cleared
// Go map keeps its buckets.
func (r *resolver) clearRemotes() {
	r.remotes = map[string]*remoteDef{}
	r.remoteByHeader = map[uint64]*remoteDef{}
	r.remoteBytes = 0
}

func parseTypeDef(body []byte, d *decoder) (*remoteDef, error) {
	b := newBuffer(body)
	meta, err := b.ReadByte()
	if err != nil {
		return nil, err
	}
	rd := &remoteDef{}
	nfields := 0
	if meta&tdStructFlag != 0 {
		rd.isStruct = true
		rd.compatible = meta&tdCompatibleFlag != 0
		rd.named = meta&tdByNameFlag != 0
		nfields = int(meta & tdSmallFields)
		if nfields == tdSmallFields {
			extra, err := b.ReadVaruint32()
			if err != nil {
				return nil, err
			}
			if uint(extra) > uint(b.Remaining()) {
				return nil, wrapf(ErrInvalidData, "type meta declares %d fields in %d bytes", extra, b.Remaining())
			}
			nfields += int(extra)
		}
	} else {
		rd.kindCode = meta
		switch meta {
		case tdKindEnum, tdKindUnion:
		case tdKindEnum + 1, tdKindUnion + 1:
			rd.named = true
			rd.kindCode--
		default:
			return nil, wrapf(ErrUnsupportedType, "type meta of kind %d", meta)
		}
	}
	if rd.named {
		if rd.ns, err = readTDName(b, nsEncoder); err != nil {
			return nil, err
		}
		if rd.name, err = readTDName(b, typeNameEncoder); err != nil {
			return nil, err
		}
	} else if rd.userID, err = b.ReadVaruint32(); err != nil {
		return nil, err
	}
	if nfields > b.Remaining() {
		return nil, wrapf(ErrInvalidData, "type meta declares %d fields in %d bytes", nfields, b.Remaining())
	}
	// Charge what the parsed TypeDef and its read plan will hold: per
	// field its record, its type, its name and its plan step, and per
	// byte the nested field types and names it may still describe.
	rd.cost = int64(nfields)*typeDefFieldCost + int64(len(body))*typeDefByteCost
	if err := d.chargeTypeDef(rd); err != nil {
		return nil, err
	}
	rd.fields = make([]remoteField, nfields)
	for i := range rd.fields {
		if err := readTDField(b, &rd.fields[i]); err != nil {
			return nil, err
		}
	}
	if f, ok := duplicateTDField(rd.fields); ok {
		if f.tagID >= 0 {
			return nil, wrapf(ErrInvalidData, "type meta %s declares tag id %d twice", rd.displayName(), f.tagID)
		}
		return nil, wrapf(ErrInvalidData, "type meta %s declares field %q twice", rd.displayName(), f.name)
	}
	return rd, nil
}

// duplicateTDField returns a field of a TypeDef that declares its name
// (or tag id) twice, which parseTypeDef refuses: which of the two values
// a reader's field got (the last, it was) would be a guess, and the other
// would be lost without a word.
func duplicateTDField(fields []remoteField) (remoteField, bool) {
	same := func(a, b remoteField) bool {
		return a.tagID == b.tagID && (a.tagID >= 0 || a.name == b.name)
	}
	if len(fields) <= 16 {
		for i := 1; i < len(fields); i++ {
			for j := 0; j < i; j++ {
				if same(fields[i], fields[j]) {
					return fields[i], true
				}
			}
		}
		return remoteField{}, false
	}
	type key struct {
		name  string
		tagID int
	}
	seen := make(map[key]struct{}, len(fields))
	for _, f := range fields {
		k := key{tagID: f.tagID}
		if f.tagID < 0 {
			k.name = f.name
		}
		if _, ok := seen[k]; ok {
			return f, true
		}
		seen[k] = struct{}{}
	}
	return remoteField{}, false
}

func readTDName(b *buffer, me *metaEncoder) (string, error) {
	h, err := b.ReadByte()
	if err != nil {
		return "", err
	}
	n := int(h >> 2)
	if n == tdBigName {
		extra, err := b.ReadVaruint32()
		if err != nil {
			return "", err
		}
		if uint(extra) > uint(b.Remaining()) {
			return "", errTruncated
		}
		n += int(extra)
	}
	idx := int(h & 3)
	if idx >= len(me.td) {
		return "", wrapf(ErrInvalidData, "type meta name encoding %d", idx)
	}
	data, err := b.ReadBytes(n)
	if err != nil {
		return "", err
	}
	s, err := me.enc.Decode(data, me.td[idx])
	if err != nil {
		return "", wrapf(ErrInvalidData, "type meta name: %v", err)
	}
	return s, nil
}

func readTDField(b *buffer, f *remoteField) error {
	h, err := b.ReadByte()
	if err != nil {
		return err
	}
	enc := int(h >> 6)
	size := int(h>>2) & 0x0f
	if size == tdFieldNameSize {
		extra, err := b.ReadVaruint32()
		if err != nil {
			return err
		}
		// A name's length is bounded by the bytes left; a tag id is not a
		// length (ids up to 2^29 are valid), only bounded by the schema.
		if enc != tdEncTagID && uint(extra) > uint(b.Remaining()) || extra > 1<<29 {
			return errTruncated
		}
		size += int(extra)
	}
	ft, err := readFieldType(b, true, 0)
	if err != nil {
		return err
	}
	ft.ref = h&1 != 0
	ft.nullable = h&2 != 0
	f.ft = ft
	if enc == tdEncTagID {
		f.tagID = size
		return nil
	}
	f.tagID = -1
	data, err := b.ReadBytes(size + 1)
	if err != nil {
		return err
	}
	name, err := fieldEncoder.enc.Decode(data, metastring.FieldNameEncodings[enc])
	if err != nil {
		return wrapf(ErrInvalidData, "field name: %v", err)
	}
	f.name = name
	return nil
}

const maxFieldTypeDepth = 32

func readFieldType(b *buffer, top bool, depth int) (*fieldType, error) {
	if depth > maxFieldTypeDepth {
		return nil, wrapf(ErrDepthExceeded, "field type nests deeper than %d", maxFieldTypeDepth)
	}
	ft := &fieldType{}
	if top {
		v, err := b.ReadByte()
		if err != nil {
			return nil, err
		}
		ft.id = uint32(v)
	} else {
		v, err := b.ReadVaruint32()
		if err != nil {
			return nil, err
		}
		ft.id, ft.nullable, ft.ref = v>>2, v&2 != 0, v&1 != 0
	}
	if ft.id >= tidBound {
		return nil, wrapf(ErrInvalidData, "field type id %d", ft.id)
	}
	var err error
	switch ft.id {
	case tidList, tidSet:
		ft.elem, err = readFieldType(b, false, depth+1)
	case tidMap:
		if ft.key, err = readFieldType(b, false, depth+1); err == nil {
			ft.val, err = readFieldType(b, false, depth+1)
		}
	}
	return ft, err
}
