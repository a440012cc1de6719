package bench

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/fury-go/fury/fury"
)

// fury's wire, hand-written ("handwire" in the benchmarks): plain Go that
// appends exactly the bytes fury writes for the benchmark objects in
// schema-consistent mode with the ids of furyTypes, and reads them back. It
// is the limit of fury's own wire format, as ideal.go is the limit of a
// layout without framing: what a careful person writes by hand for these
// types, with nothing clever:
//   - append style, a varint one byte at a time, a string as its header and
//     a copy, arrays element by element;
//   - the framing (the root header, type info, struct hashes) taken once
//     from the registered types (newWireConsts) and appended as byte runs;
//   - the layout of the registered types as fury lays them out: fields
//     grouped and ordered by the spec's rules (fixed-width numbers by size,
//     then varints, then the rest by name), the Player and Size enums as
//     ordinals.
//
// The decoder checks every constant, length and count against the input
// left, so that short or malformed input is an error and never a panic or
// an allocation the input does not back, and copies the strings (as msgp
// does). It reads what fury writes for these types, not every form the wire
// allows (no latin1 or UTF-16 strings, no reference flags beyond null and
// not-null): it is the reader of the limit, not a fury decoder.
//
// wire_test.go holds both to fury's own output, byte for byte, on the
// reflection path and on the generated code.

// The wire's constants for these types.
const (
	wireNull      = 0xfd // reference flag: null
	wireNotNull   = 0xff // reference flag: a value follows
	wireStrUTF8   = 2    // low two bits of a string header
	wireListDecl  = 0x08 // list header of Images: elements of one struct type, type info once
	wireListDeclS = 0x0c // list header of Persons: elements of the declared type
)

// wireConsts holds the framing of the benchmark types, taken once from a
// Fury with the benchmark types registered.
type wireConsts struct {
	// root is what precedes the fields of a root value: the message
	// header, the not-null flag, the type info and the struct hash.
	smallRoot, sampleRoot, mediaContentRoot, structRoot []byte
	imageTypeInfo                                       []byte // before the Images list's elements
	imageHash, mediaHash                                [4]byte
}

// wirePrefix returns the framing fury writes before the fields of a root v:
// the root bytes, the type info in them and the struct hash.
func wirePrefix(f *fury.Fury, v any) (root, typeInfo []byte, hash [4]byte, err error) {
	b, err := f.Marshal(v)
	if err != nil {
		return nil, nil, hash, err
	}
	// header byte, not-null flag, struct kind, the registered id (a
	// varuint32), the 4-byte hash
	if len(b) < 3 || b[1] != wireNotNull {
		return nil, nil, hash, fmt.Errorf("%T: unexpected root %x", v, b)
	}
	_, k := binary.Uvarint(b[3:])
	if k <= 0 || len(b) < 3+k+4 {
		return nil, nil, hash, fmt.Errorf("%T: unexpected type info %x", v, b)
	}
	end := 3 + k
	copy(hash[:], b[end:end+4])
	return b[: end+4 : end+4], b[2:end:end], hash, nil
}

// newWireConsts takes the framing from the types registered with f, a
// Fury in schema-consistent mode.
func newWireConsts(f *fury.Fury) (*wireConsts, error) {
	var c wireConsts
	var err error
	if c.smallRoot, _, _, err = wirePrefix(f, &SmallStruct{}); err != nil {
		return nil, err
	}
	if c.sampleRoot, _, _, err = wirePrefix(f, &Sample{}); err != nil {
		return nil, err
	}
	if c.mediaContentRoot, _, _, err = wirePrefix(f, &MediaContent{}); err != nil {
		return nil, err
	}
	if c.structRoot, _, _, err = wirePrefix(f, &Struct{}); err != nil {
		return nil, err
	}
	if _, c.imageTypeInfo, c.imageHash, err = wirePrefix(f, &Image{}); err != nil {
		return nil, err
	}
	if _, _, c.mediaHash, err = wirePrefix(f, &Media{}); err != nil {
		return nil, err
	}
	return &c, nil
}

// ---- encoder ----

func wireVaruint32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func wireVarint32(b []byte, v int32) []byte { return wireVaruint32(b, uint32(v<<1^v>>31)) }

// wireVaruint64 is fury's varuint64: seven bits a byte, the ninth byte
// (if any) holding the last eight.
func wireVaruint64(b []byte, v uint64) []byte {
	for i := 0; v >= 0x80 && i < 8; i++ {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func wireVarint64(b []byte, v int64) []byte { return wireVaruint64(b, uint64(v<<1^v>>63)) }

func wireString(b []byte, s string) []byte {
	return append(wireVaruint64(b, uint64(len(s))<<2|wireStrUTF8), s...)
}

func wireBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

func wireFloat64(b []byte, v float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

func wireFloat32(b []byte, v float32) []byte {
	return binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
}

// wireTime appends a timestamp: Unix seconds, nanoseconds.
func wireTime(b []byte, t time.Time) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(t.Unix()))
	return binary.LittleEndian.AppendUint32(b, uint32(t.Nanosecond()))
}

// appendSmallStruct appends s as fury writes it. The append and read
// functions of a root value below are alike: the root's framing, then its
// fields with the function both modes share (wire_compatible.go writes the
// compatible mode's framing).
func (c *wireConsts) appendSmallStruct(b []byte, s *SmallStruct) []byte {
	return appendSmallStructFields(append(b, c.smallRoot...), s)
}

// appendSmallStructFields appends the fields of s.
func appendSmallStructFields(b []byte, s *SmallStruct) []byte {
	b = wireFloat64(b, s.Money)
	b = wireBool(b, s.Spouse)
	b = wireVarint64(b, s.Siblings)
	b = wireTime(b, s.BirthDay)
	b = wireString(b, s.Name)
	return wireString(b, s.Phone)
}

// appendSample appends s as fury writes it.
func (c *wireConsts) appendSample(b []byte, s *Sample) []byte {
	return appendSampleFields(append(b, c.sampleRoot...), s)
}

// appendSampleFields appends the fields of s.
func appendSampleFields(b []byte, s *Sample) []byte {
	b = wireFloat64(b, s.DoubleValue)
	b = wireFloat32(b, s.FloatValue)
	b = binary.LittleEndian.AppendUint16(b, uint16(s.ShortValue))
	b = binary.LittleEndian.AppendUint16(b, s.CharValue)
	b = wireBool(b, s.BooleanValue)
	b = wireVarint64(b, s.LongValue)
	b = wireVarint32(b, s.IntValue)

	if p := s.DoubleValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = wireFloat64(append(b, wireNotNull), *p)
	}
	if p := s.FloatValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = wireFloat32(append(b, wireNotNull), *p)
	}
	if p := s.ShortValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = binary.LittleEndian.AppendUint16(append(b, wireNotNull), uint16(*p))
	}
	if p := s.CharValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = binary.LittleEndian.AppendUint16(append(b, wireNotNull), *p)
	}
	if p := s.BooleanValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = wireBool(append(b, wireNotNull), *p)
	}
	if p := s.LongValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = wireVarint64(append(b, wireNotNull), *p)
	}
	if p := s.IntValueBoxed; p == nil {
		b = append(b, wireNull)
	} else {
		b = wireVarint32(append(b, wireNotNull), *p)
	}

	// Primitive arrays: the byte length, then the elements little-endian.
	b = wireVaruint32(b, uint32(len(s.BooleanArray)))
	for _, v := range s.BooleanArray {
		b = wireBool(b, v)
	}
	b = wireVaruint32(b, uint32(2*len(s.CharArray)))
	for _, v := range s.CharArray {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	b = wireVaruint32(b, uint32(8*len(s.DoubleArray)))
	for _, v := range s.DoubleArray {
		b = wireFloat64(b, v)
	}
	b = wireVaruint32(b, uint32(4*len(s.FloatArray)))
	for _, v := range s.FloatArray {
		b = wireFloat32(b, v)
	}
	b = wireVaruint32(b, uint32(4*len(s.IntArray)))
	for _, v := range s.IntArray {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	b = wireVaruint32(b, uint32(8*len(s.LongArray)))
	for _, v := range s.LongArray {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	b = wireVaruint32(b, uint32(2*len(s.ShortArray)))
	for _, v := range s.ShortArray {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	return wireString(b, s.String)
}

// appendMediaFields appends the fields of m.
func appendMediaFields(b []byte, m *Media) []byte {
	b = wireBool(b, m.HasBitrate)
	b = wireVarint64(b, m.Duration)
	b = wireVarint64(b, m.Size)
	b = wireVarint32(b, m.Bitrate)
	b = wireVarint32(b, m.Height)
	b = wireVarint32(b, m.Width)
	b = wireString(b, m.Copyright)
	b = wireString(b, m.Format)
	b = wireVaruint32(b, uint32(len(m.Persons)))
	if len(m.Persons) > 0 {
		b = append(b, wireListDeclS)
		for _, p := range m.Persons {
			b = wireString(b, p)
		}
	}
	b = wireVaruint32(b, uint32(m.Player))
	b = wireString(b, m.Title)
	return wireString(b, m.URI)
}

// appendImage appends the fields of im.
func (c *wireConsts) appendImage(b []byte, im *Image) []byte {
	b = wireVarint32(b, im.Height)
	b = wireVarint32(b, im.Width)
	if im.Media == nil {
		b = append(b, wireNull)
	} else {
		b = append(b, wireNotNull)
		b = append(b, c.mediaHash[:]...)
		b = appendMediaFields(b, im.Media)
	}
	b = wireVaruint32(b, uint32(im.Size))
	b = wireString(b, im.Title)
	return wireString(b, im.URI)
}

// appendMediaContent appends mc as fury writes it.
func (c *wireConsts) appendMediaContent(b []byte, mc *MediaContent) []byte {
	b = append(b, c.mediaContentRoot...)
	b = wireVaruint32(b, uint32(len(mc.Images)))
	if len(mc.Images) > 0 {
		b = append(b, wireListDecl)
		b = append(b, c.imageTypeInfo...)
		for i := range mc.Images {
			b = append(b, c.imageHash[:]...)
			b = c.appendImage(b, &mc.Images[i])
		}
	}
	b = append(b, c.mediaHash[:]...)
	return appendMediaFields(b, &mc.Media)
}

// ---- decoder ----

// Decoding errors.
var (
	errWireShort    = errors.New("bench: fury wire: unexpected end of input")
	errWireVarint   = errors.New("bench: fury wire: malformed varint")
	errWireConst    = errors.New("bench: fury wire: unexpected framing (type, hash, flag or header)")
	errWireTrailing = errors.New("bench: fury wire: trailing bytes after the value")
)

// wireReader reads fury's bytes with the sticky error of idealReader: the
// first error empties the input, later reads return zero values, and the
// caller checks once, with done.
type wireReader struct {
	b   []byte
	err error
	c   *wireConsts
}

func (r *wireReader) done() error {
	if r.err == nil && len(r.b) != 0 {
		return errWireTrailing
	}
	return r.err
}

func (r *wireReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *wireReader) take(n int) []byte {
	if n > len(r.b) {
		r.fail(errWireShort)
		return nil
	}
	p := r.b[:n:n]
	r.b = r.b[n:]
	return p
}

// expect consumes the constant p.
func (r *wireReader) expect(p []byte) {
	if !bytes.HasPrefix(r.b, p) {
		r.fail(errWireConst)
		return
	}
	r.b = r.b[len(p):]
}

func (r *wireReader) byte() byte {
	if len(r.b) < 1 {
		r.fail(errWireShort)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *wireReader) bool() bool { return r.byte() != 0 }

func (r *wireReader) uint16() uint16 {
	if len(r.b) < 2 {
		r.fail(errWireShort)
		return 0
	}
	v := binary.LittleEndian.Uint16(r.b)
	r.b = r.b[2:]
	return v
}

func (r *wireReader) uint32() uint32 {
	if len(r.b) < 4 {
		r.fail(errWireShort)
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

func (r *wireReader) uint64() uint64 {
	if len(r.b) < 8 {
		r.fail(errWireShort)
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *wireReader) float32() float32 { return math.Float32frombits(r.uint32()) }
func (r *wireReader) float64() float64 { return math.Float64frombits(r.uint64()) }

func (r *wireReader) varuint32() uint32 {
	var v uint32
	for i := 0; i < 5; i++ {
		if i >= len(r.b) {
			r.fail(errWireShort)
			return 0
		}
		c := r.b[i]
		if i == 4 && c > 0x0f {
			break
		}
		v |= uint32(c&0x7f) << (7 * i)
		if c < 0x80 {
			r.b = r.b[i+1:]
			return v
		}
	}
	r.fail(errWireVarint)
	return 0
}

func (r *wireReader) varint32() int32 {
	u := r.varuint32()
	return int32(u>>1) ^ -int32(u&1)
}

func (r *wireReader) varuint64() uint64 {
	var v uint64
	for i := 0; i < 9; i++ {
		if i >= len(r.b) {
			r.fail(errWireShort)
			return 0
		}
		c := r.b[i]
		if i == 8 {
			r.b = r.b[9:]
			return v | uint64(c)<<56
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			r.b = r.b[i+1:]
			return v
		}
	}
	return v // not reached
}

func (r *wireReader) varint64() int64 {
	u := r.varuint64()
	return int64(u>>1) ^ -int64(u&1)
}

func (r *wireReader) time() time.Time {
	s, ns := int64(r.uint64()), r.uint32()
	if ns >= 1e9 || s > math.MaxInt64-62135596800 {
		r.fail(errWireConst)
		return time.Time{}
	}
	return time.Unix(s, int64(ns)).UTC()
}

// string reads a UTF-8 string and copies it.
func (r *wireReader) string() string {
	h := r.varuint64()
	if h&3 != wireStrUTF8 {
		r.fail(errWireConst)
		return ""
	}
	if h>>2 > uint64(len(r.b)) {
		r.fail(errWireShort)
		return ""
	}
	return string(r.take(int(h >> 2)))
}

// count reads a list's element count, or a primitive array's byte length
// (elements of size bytes), and checks it against the input left, each
// element taking at least minSize bytes.
func (r *wireReader) count(minSize int) int {
	n := uint64(r.varuint32())
	if n*uint64(minSize) > uint64(len(r.b)) {
		r.fail(errWireShort)
		return 0
	}
	return int(n)
}

// array reads a primitive array's byte length, a multiple of size, and
// returns its bytes.
func (r *wireReader) array(size int) []byte {
	n := r.count(1)
	if n%size != 0 {
		r.fail(errWireConst)
		return nil
	}
	return r.take(n)
}

func (r *wireReader) enum() int32 {
	v := r.varuint32()
	if v > math.MaxInt32 {
		r.fail(errWireConst)
		return 0
	}
	return int32(v)
}

func (r *wireReader) readSmallStruct(s *SmallStruct) {
	r.expect(r.c.smallRoot)
	r.readSmallStructFields(s)
}

func (r *wireReader) readSmallStructFields(s *SmallStruct) {
	s.Money = r.float64()
	s.Spouse = r.bool()
	s.Siblings = r.varint64()
	s.BirthDay = r.time()
	s.Name = r.string()
	s.Phone = r.string()
}

// nullable reads a reference flag: false for null, true for a value.
func (r *wireReader) nullable() bool {
	switch r.byte() {
	case wireNull:
		return false
	case wireNotNull:
		return true
	}
	r.fail(errWireConst)
	return false
}

func (r *wireReader) readSample(s *Sample) {
	r.expect(r.c.sampleRoot)
	r.readSampleFields(s)
}

func (r *wireReader) readSampleFields(s *Sample) {
	s.DoubleValue = r.float64()
	s.FloatValue = r.float32()
	s.ShortValue = int16(r.uint16())
	s.CharValue = r.uint16()
	s.BooleanValue = r.bool()
	s.LongValue = r.varint64()
	s.IntValue = r.varint32()

	s.DoubleValueBoxed, s.FloatValueBoxed, s.ShortValueBoxed, s.CharValueBoxed = nil, nil, nil, nil
	s.BooleanValueBoxed, s.LongValueBoxed, s.IntValueBoxed = nil, nil, nil
	if r.nullable() {
		s.DoubleValueBoxed = ptr(r.float64())
	}
	if r.nullable() {
		s.FloatValueBoxed = ptr(r.float32())
	}
	if r.nullable() {
		s.ShortValueBoxed = ptr(int16(r.uint16()))
	}
	if r.nullable() {
		s.CharValueBoxed = ptr(r.uint16())
	}
	if r.nullable() {
		s.BooleanValueBoxed = ptr(r.bool())
	}
	if r.nullable() {
		s.LongValueBoxed = ptr(r.varint64())
	}
	if r.nullable() {
		s.IntValueBoxed = ptr(r.varint32())
	}

	s.BooleanArray = nil
	if p := r.array(1); len(p) > 0 {
		s.BooleanArray = make([]bool, len(p))
		for i, v := range p {
			s.BooleanArray[i] = v != 0
		}
	}
	s.CharArray = nil
	if p := r.array(2); len(p) > 0 {
		s.CharArray = make([]uint16, len(p)/2)
		for i := range s.CharArray {
			s.CharArray[i] = binary.LittleEndian.Uint16(p[2*i:])
		}
	}
	s.DoubleArray = nil
	if p := r.array(8); len(p) > 0 {
		s.DoubleArray = make([]float64, len(p)/8)
		for i := range s.DoubleArray {
			s.DoubleArray[i] = math.Float64frombits(binary.LittleEndian.Uint64(p[8*i:]))
		}
	}
	s.FloatArray = nil
	if p := r.array(4); len(p) > 0 {
		s.FloatArray = make([]float32, len(p)/4)
		for i := range s.FloatArray {
			s.FloatArray[i] = math.Float32frombits(binary.LittleEndian.Uint32(p[4*i:]))
		}
	}
	s.IntArray = nil
	if p := r.array(4); len(p) > 0 {
		s.IntArray = make([]int32, len(p)/4)
		for i := range s.IntArray {
			s.IntArray[i] = int32(binary.LittleEndian.Uint32(p[4*i:]))
		}
	}
	s.LongArray = nil
	if p := r.array(8); len(p) > 0 {
		s.LongArray = make([]int64, len(p)/8)
		for i := range s.LongArray {
			s.LongArray[i] = int64(binary.LittleEndian.Uint64(p[8*i:]))
		}
	}
	s.ShortArray = nil
	if p := r.array(2); len(p) > 0 {
		s.ShortArray = make([]int16, len(p)/2)
		for i := range s.ShortArray {
			s.ShortArray[i] = int16(binary.LittleEndian.Uint16(p[2*i:]))
		}
	}
	s.String = r.string()
}

func (r *wireReader) readMedia(m *Media) {
	m.HasBitrate = r.bool()
	m.Duration = r.varint64()
	m.Size = r.varint64()
	m.Bitrate = r.varint32()
	m.Height = r.varint32()
	m.Width = r.varint32()
	m.Copyright = r.string()
	m.Format = r.string()
	m.Persons = nil
	if n := r.count(2); n > 0 { // a header and at least n one-byte strings
		if r.byte() != wireListDeclS {
			r.fail(errWireConst)
			return
		}
		m.Persons = make([]string, n)
		for i := range m.Persons {
			m.Persons[i] = r.string()
		}
	}
	m.Player = Player(r.enum())
	m.Title = r.string()
	m.URI = r.string()
}

// imageWireMin is the least an Image element takes: its hash, two varints,
// a null flag, an enum and two empty strings.
const imageWireMin = 4 + 1 + 1 + 1 + 1 + 1 + 1

func (r *wireReader) readImage(im *Image) {
	im.Height = r.varint32()
	im.Width = r.varint32()
	im.Media = nil
	if r.nullable() {
		r.expect(r.c.mediaHash[:])
		im.Media = new(Media)
		r.readMedia(im.Media)
	}
	im.Size = Size(r.enum())
	im.Title = r.string()
	im.URI = r.string()
}

func (r *wireReader) readMediaContent(mc *MediaContent) {
	r.expect(r.c.mediaContentRoot)
	mc.Images = nil
	if n := r.count(imageWireMin); n > 0 {
		if r.byte() != wireListDecl {
			r.fail(errWireConst)
			return
		}
		r.expect(r.c.imageTypeInfo)
		mc.Images = make([]Image, n)
		for i := range mc.Images {
			r.expect(r.c.imageHash[:])
			r.readImage(&mc.Images[i])
			if r.err != nil {
				return
			}
		}
	}
	r.expect(r.c.mediaHash[:])
	r.readMedia(&mc.Media)
}

// decodeSmallStruct decodes data, which must hold exactly one SmallStruct
// written as fury writes it, into s. The decode functions below are alike:
// each reads with the wireReader method of its type, on a reader that
// stays on the stack.
func (c *wireConsts) decodeSmallStruct(data []byte, s *SmallStruct) error {
	r := wireReader{b: data, c: c}
	r.readSmallStruct(s)
	return r.done()
}

// decodeSmallStructRun is decodeSmallStruct with the two strings copied
// as one piece (their bytes and the header between them: one allocation
// for both), as fury's generated code copies a run of string fields with
// its default memory: the hand-written limit for the same allocations.
func (c *wireConsts) decodeSmallStructRun(data []byte, s *SmallStruct) error {
	r := wireReader{b: data, c: c}
	r.expect(c.smallRoot)
	s.Money = r.float64()
	s.Spouse = r.bool()
	s.Siblings = r.varint64()
	s.BirthDay = r.time()
	s.Name, s.Phone = r.stringPair()
	return r.done()
}

// stringPair reads two UTF-8 strings, copied as one piece when both have
// a header of one or two bytes and are whole in the input, else each by
// string (which reports what is wrong).
func (r *wireReader) stringPair() (string, string) {
	b := r.b
	s0, e0, ok0 := wireStringAt(b, 0)
	s1, e1, ok1 := wireStringAt(b, e0)
	if !ok0 || !ok1 {
		a := r.string()
		return a, r.string()
	}
	run := string(b[:e1])
	r.b = b[e1:]
	return run[s0:e0], run[s1:e1]
}

// wireStringAt locates the UTF-8 string whose header, of one or two bytes,
// starts at b[i]: its bytes are b[s:e], ok when b holds them.
func wireStringAt(b []byte, i int) (s, e int, ok bool) {
	if i >= len(b) {
		return 0, 0, false
	}
	h, s := int(b[i]), i+1
	if h >= 0x80 {
		if s >= len(b) || b[s] >= 0x80 {
			return 0, 0, false
		}
		h, s = h&0x7f|int(b[s])<<7, s+1
	}
	if h&3 != wireStrUTF8 {
		return 0, 0, false
	}
	e = s + h>>2
	return s, e, e <= len(b)
}

// decodeSample decodes data into s; see decodeSmallStruct.
func (c *wireConsts) decodeSample(data []byte, s *Sample) error {
	r := wireReader{b: data, c: c}
	r.readSample(s)
	return r.done()
}

// decodeMediaContent decodes data into mc; see decodeSmallStruct.
func (c *wireConsts) decodeMediaContent(data []byte, mc *MediaContent) error {
	r := wireReader{b: data, c: c}
	r.readMediaContent(mc)
	return r.done()
}

// appendStruct appends s as fury writes it (its fields: struct_gen_wire.go).
func (c *wireConsts) appendStruct(b []byte, s *Struct) []byte {
	return appendStructFields(append(b, c.structRoot...), s)
}

func (r *wireReader) readStruct(s *Struct) {
	r.expect(r.c.structRoot)
	r.readStructFields(s)
}

// decodeStruct decodes data into s; see decodeSmallStruct.
func (c *wireConsts) decodeStruct(data []byte, s *Struct) error {
	r := wireReader{b: data, c: c}
	r.readStruct(s)
	return r.done()
}
