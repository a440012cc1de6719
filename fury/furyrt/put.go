package furyrt

import (
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury/internal/ferr"
	"github.com/fury-go/fury/fury/internal/varint"
	"github.com/fury-go/fury/internal/asm"
)

// ---- buffer access for generated code ------------------------------------

// Tail returns the spare capacity after the written bytes (call Grow first);
// generated code stores into it and then calls Advance.
func (b *Buffer) Tail() []byte { return b.data[len(b.data):cap(b.data)] }

// Advance marks n more bytes, stored through Tail, as written.
func (b *Buffer) Advance(n int) { b.data = b.data[:len(b.data)+n] }

// Unread returns the bytes not yet read (aliasing the buffer); generated
// code loads from it and then calls Skip.
func (b *Buffer) Unread() []byte { return b.data[b.off:] }

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
func WriteArray[T ArrayElem](b *Buffer, s []T) {
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
func ReadArray[T ArrayElem](b *Buffer, dst *[]T) error {
	// The usual case in one step: a one-byte length of more than
	// smallPiece bytes, the input holding them, memory of its own (what
	// the steps below come to without shared blocks or aliasing, whose
	// slab is then empty: Alloc's charge, a new array of the bytes).
	if o := b.off; o < len(b.data) && !b.share && !b.alias {
		size := int(unsafe.Sizeof(*new(T)))
		if n := int(b.data[o]); n < 0x80 && n > smallPiece && n%size == 0 && len(b.data)-o-1 >= n {
			s := make([]T, n/size)
			copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n), b.data[o+1:o+1+n])
			b.budget -= int64((n + 7) &^ 7)
			b.off = o + 1 + n
			normalizeBools(s)
			*dst = s
			return nil
		}
	}
	raw, err := readArrayBytes[T](b)
	if err != nil {
		return err
	}
	n := len(raw) / int(unsafe.Sizeof(*new(T)))
	if b.alias && isByte[T]() {
		if p, ok := b.Alias(raw); ok { // bytes as they are in the input (see SetAliasing)
			*dst = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(p))), n)
			return nil
		}
	}
	s := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b.AllocCopy(raw)))), n)
	normalizeBools(s)
	*dst = s
	return nil
}

// ReadFixedArray reads an in-band primitive array into the Go array dst
// (as dst[:]); the element count must match.
func ReadFixedArray[T ArrayElem](b *Buffer, dst []T) error {
	raw, err := readArrayBytes[T](b)
	if err != nil {
		return err
	}
	if n := len(raw) / int(unsafe.Sizeof(*new(T))); n != len(dst) {
		return ferr.Wrapf(ferr.ErrTypeMismatch, "array of %d elements cannot fill [%d]%T", n, len(dst), *new(T))
	}
	copyArray(dst, raw)
	return nil
}

func readArrayBytes[T ArrayElem](b *Buffer) ([]byte, error) {
	n, err := b.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	raw, err := b.ReadBytes(int(n))
	if err != nil {
		return nil, err
	}
	if size := int(unsafe.Sizeof(*new(T))); len(raw)%size != 0 {
		return nil, ferr.Wrapf(ferr.ErrInvalidData, "%d bytes is not a whole number of %d-byte elements", len(raw), size)
	}
	return raw, nil
}

// isByte reports whether T is a one-byte integer type, whose slices can
// alias the input (bools cannot: a read normalizes their bytes).
func isByte[T ArrayElem]() bool {
	k := reflect.TypeFor[T]().Kind()
	return k == reflect.Uint8 || k == reflect.Int8
}

func copyArray[T ArrayElem](dst []T, raw []byte) {
	if len(dst) == 0 {
		return
	}
	d := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(raw))
	copy(d, raw)
	normalizeBools(dst)
}

// normalizeBools makes the bytes of s 0 and 1 when T is bool (Bools are
// bytes 0 and 1 in memory; normalize like the runtime. Only plain bool:
// slices of named element types are lists.)
func normalizeBools[T ArrayElem](s []T) {
	var zero T
	if any(zero) == any(false) && len(s) > 0 {
		d := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
		for i, c := range d {
			if c > 1 {
				d[i] = 1
			}
		}
	}
}

// NewScalar returns a new zero T for a pointer field being decoded, from
// Alloc like decoded strings and primitive slices: memory of its own, or,
// with shared blocks on (SetSharedBlocks), carved from the decode's block.
func NewScalar[T ArrayElem](b *Buffer) *T {
	return (*T)(unsafe.Pointer(unsafe.SliceData(b.Alloc(int(unsafe.Sizeof(*new(T)))))))
}

// GetVaruint32 decodes a varuint32 from the start of src, returning the
// value and the bytes used; n <= 0 means src is malformed or too short.
func GetVaruint32(src []byte) (v uint32, n int) {
	return varint.Get32(src) // inlines: one call whatever the length
}

// GetVarint32 decodes a zigzag varint32 (see GetVaruint32).
func GetVarint32(src []byte) (int32, int) {
	u, n := varint.Get32(src) // one call whatever the length
	return int32(u>>1) ^ -int32(u&1), n
}

// GetVaruint64 decodes Fory's varuint64 (see GetVaruint32).
func GetVaruint64(src []byte) (uint64, int) {
	return varint.Get64(src) // inlines: one call whatever the length
}

// GetVarint64 decodes a zigzag varint64 (see GetVaruint32).
func GetVarint64(src []byte) (int64, int) {
	u, n := varint.Get64(src) // one call whatever the length
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

// MaxMapChunk is the most entries a map chunk holds.
const MaxMapChunk = 255

// MapChunk tracks the open chunk of a map being written by generated code:
// call Add before each entry and Close after the last (and before an entry
// written as its own null chunk).
type MapChunk struct {
	pos    int // offset of the open chunk's size byte, or -1
	n      int
	header byte
}

// NewMapChunk starts the chunks of a map whose chunks all carry header.
func NewMapChunk(header byte) MapChunk { return MapChunk{pos: -1, header: header} }

// Add opens a chunk when none is open or the open one is full, and counts
// the entry about to be written.
func (c *MapChunk) Add(b *Buffer) {
	if c.pos < 0 || c.n == MaxMapChunk {
		c.Close(b)
		b.data = append(b.data, c.header, 0)
		c.pos = len(b.data) - 1
	}
	c.n++
}

// Close stores the open chunk's size.
func (c *MapChunk) Close(b *Buffer) {
	if c.pos >= 0 {
		b.data[c.pos] = byte(c.n)
		c.pos, c.n = -1, 0
	}
}

// PutString stores s in its UTF-8 form (what WriteString writes when
// CompactStrings is off) at the start of dst, which must have room for
// len(s)+9 bytes, and returns the number of bytes stored. Generated code
// writes a run of strings with one capacity check this way. (WriteString
// writes the same bytes with its own copy of these lines: calling PutString,
// which does not inline, cost the reflection path 8% more instructions on
// MediaContent.)
func PutString(dst []byte, s string) int {
	if n := len(s); n < 32 {
		dst[0] = byte(n<<2 | strUTF8)
		return 1 + copy(dst[1:], s)
	}
	k := varint.Put64(dst, uint64(len(s))<<2|strUTF8)
	return k + copy(dst[k:], s)
}

// The wire holds a timestamp as int64 seconds since 1970; time.Time holds
// int64 seconds since year 1. Seconds beyond maxTimestampSec have no
// time.Time, and a time.Time whose Unix seconds overflow int64 (before
// time.Unix(math.MinInt64, 0)) has no wire form: its Unix() wraps to a value
// above maxTimestampSec, which no other time.Time gives.
const maxTimestampSec = math.MaxInt64 - 62135596800

// PutTime stores t as a timestamp (int64 seconds, uint32 nanoseconds) into
// dst (at least 12 bytes). It reports false, leaving dst's contents
// unspecified, when t is too early for the wire (the runtime reports that
// as an error).
func PutTime(dst []byte, t time.Time) bool {
	s := t.Unix()
	binary.LittleEndian.PutUint64(dst, uint64(s))
	binary.LittleEndian.PutUint32(dst[8:], uint32(t.Nanosecond()))
	return s <= maxTimestampSec
}

// GetTime decodes a timestamp from src; ok is false when src is shorter
// than 12 bytes, the nanoseconds are out of range or the seconds are beyond
// what a time.Time holds (the runtime reports those as errors), and when
// this Go's time.Time is not laid out as GetTime builds it (timeWordsOK;
// the runtime then reads the timestamp).
func GetTime(src []byte) (t time.Time, ok bool) {
	if len(src) < 12 {
		return time.Time{}, false
	}
	s, ns := int64(binary.LittleEndian.Uint64(src)), binary.LittleEndian.Uint32(src[8:])
	if ns >= 1e9 || s > maxTimestampSec || !timeWordsOK {
		return time.Time{}, false
	}
	// What time.Unix(s, ns).UTC() returns, built in line (GetTime is
	// inlined in generated code; time.Unix is not).
	*(*timeWords)(unsafe.Pointer(&t)) = timeWords{wall: uint64(ns), ext: s + unixToInternal}
	return t, true
}

// DecodeTime is GetTime through time.Unix, whatever the layout of
// time.Time: ok is false only when src is shorter than 12 bytes, the
// nanoseconds are out of range or the seconds are beyond what a time.Time
// holds. The runtime's read of a timestamp uses it where GetTime declines.
func DecodeTime(src []byte) (t time.Time, ok bool) {
	if len(src) < 12 {
		return time.Time{}, false
	}
	s, ns := int64(binary.LittleEndian.Uint64(src)), binary.LittleEndian.Uint32(src[8:])
	if ns >= 1e9 || s > maxTimestampSec {
		return time.Time{}, false
	}
	return unixUTC(s, ns), true
}

// unixUTC is time.Unix(s, ns).UTC().
func unixUTC(s int64, ns uint32) time.Time { return time.Unix(s, int64(ns)).UTC() }

// timeWords is the layout of a time.Time (package time, Go 1.9 on): wall
// holds the nanoseconds (and no monotonic reading: its top bit clear), ext
// the seconds since January 1, year 1, and loc the location, nil for UTC.
type timeWords struct {
	wall uint64
	ext  int64
	loc  *time.Location
}

// unixToInternal: the seconds from January 1, year 1 to the Unix epoch.
const unixToInternal = 62135596800

// timeWordsOK: a time.Time is laid out as timeWords says, checked against
// time.Unix at start-up (GetTime declines when it is not).
var timeWordsOK = checkTimeWords()

func checkTimeWords() bool {
	if unsafe.Sizeof(time.Time{}) != unsafe.Sizeof(timeWords{}) {
		return false
	}
	for _, c := range [...]struct {
		s  int64
		ns uint32
	}{{0, 0}, {1, 999999999}, {-1, 1}, {1700000000, 123456789}, {-62135596800, 0}, {maxTimestampSec, 5}, {math.MinInt64, 7}} {
		var t time.Time
		*(*timeWords)(unsafe.Pointer(&t)) = timeWords{wall: uint64(c.ns), ext: c.s + unixToInternal}
		if u := unixUTC(c.s, c.ns); t != u || t.Location() != time.UTC || t.Unix() != c.s || t.Nanosecond() != int(c.ns) {
			return false
		}
	}
	return true
}

// PutShortString stores s, of fewer than 32 bytes, as a UTF-8 string at
// b[n:] (at least 1+len(s) bytes): its one-byte header, then its bytes,
// with one bounds check for both; a string of 8 to 16 bytes is copied as
// CopyString copies it. It returns n+1+len(s), where the next value goes.
// Generated code calls it for the strings of a write run, whose room it
// grew. Its inlining cost is the inliner's budget (80, go build
// -gcflags=-m=2): anything added to it puts a call on every string.
func PutShortString(b []byte, n int, s string) int {
	k := len(s)
	_ = b[n+k] // room for the header and the bytes
	b[n] = byte(k<<2 | strUTF8)
	h, p := unsafe.Pointer(&b[n]), unsafe.Pointer(unsafe.StringData(s))
	if unalignedOK && uint(k-8) <= 8 { // 8 to 16 bytes
		*(*uint64)(unsafe.Add(h, 1)) = *(*uint64)(p)
		*(*uint64)(unsafe.Add(h, k-7)) = *(*uint64)(unsafe.Add(p, k-8))
	} else if k != 0 { // (then h+1 is in b)
		copy(unsafe.Slice((*byte)(unsafe.Add(h, 1)), k), s)
	}
	return n + 1 + k
}

// CopyString is copy(dst, s) for generated code's string stores: a string
// of 8 to 16 bytes (dst having room for it) is copied with two word loads
// and two word stores that overlap, in line, rather than through a call
// to memmove; any other is copied by copy. It returns the number of bytes
// copied, as copy does.
func CopyString(dst []byte, s string) int {
	if k := len(s); unalignedOK && k >= 8 && k <= 16 && k <= len(dst) {
		d, p := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.StringData(s))
		w0, w1 := *(*uint64)(p), *(*uint64)(unsafe.Add(p, k-8))
		*(*uint64)(d) = w0
		*(*uint64)(unsafe.Add(d, k-8)) = w1
		return k
	}
	return copy(dst, s)
}
