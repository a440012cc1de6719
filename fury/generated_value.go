package fury

import (
	"encoding/binary"
	"time"
	"unsafe"
)

// Hooks for generated code that writes and reads maps, nested lists and
// time values inline.
//
// Generated code handles the wire shapes the runtime writes for declared
// key, value and element types without reference tracking, and gives
// anything else back to the runtime: a writer checks up front (RefTracking,
// CanNest, DirectArrays), or drops what it wrote (Rewind: an enum value that
// is no ordinal), and calls WriteField; a reader moves back to where the
// field began (ByteBuffer.SetReaderIndex) and calls ReadField, which then
// reads the field, or reports the error, exactly as the reflection path
// does.

// CanNest reports whether k more nesting levels fit under the depth limit.
// Generated code checks a field's static nesting once and leaves deeper
// fields to the runtime, which reports ErrDepthExceeded where it applies.
func (w *GenWriter) CanNest(k int) bool { return w.depth+k <= w.maxDepth }

// Rewind truncates the buffer to n bytes, dropping what generated code
// wrote of a field it then leaves to WriteField.
func (w *GenWriter) Rewind(n int) { w.buf.data = w.buf.data[:n] }

// CanNest reports whether k more nesting levels fit under the depth limit.
func (r *GenReader) CanNest(k int) bool { return r.depth+k <= r.maxDepth }

// RefTracking reports whether reference tracking is on.
func (r *GenReader) RefTracking() bool { return r.r.refTracking }

// CountOK reports whether a collection or map of n elements may be
// decoded (see the runtime's bounds on counts the input cannot back).
func (r *GenReader) CountOK(n uint32) bool { return checkCount((*decoder)(r), n) == nil }

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
func (c *MapChunk) Add(b *ByteBuffer) {
	if c.pos < 0 || c.n == maxChunk {
		c.Close(b)
		b.data = append(b.data, c.header, 0)
		c.pos = len(b.data) - 1
	}
	c.n++
}

// Close stores the open chunk's size.
func (c *MapChunk) Close(b *ByteBuffer) {
	if c.pos >= 0 {
		b.data[c.pos] = byte(c.n)
		c.pos, c.n = -1, 0
	}
}

// PutTime stores t as a timestamp (int64 seconds, uint32 nanoseconds) into
// dst (at least 12 bytes).
func PutTime(dst []byte, t time.Time) {
	binary.LittleEndian.PutUint64(dst, uint64(t.Unix()))
	binary.LittleEndian.PutUint32(dst[8:], uint32(t.Nanosecond()))
}

// GetTime decodes a timestamp from src; ok is false when src is shorter
// than 12 bytes or the nanoseconds are out of range.
func GetTime(src []byte) (t time.Time, ok bool) {
	if len(src) < 12 {
		return time.Time{}, false
	}
	s, ns := int64(binary.LittleEndian.Uint64(src)), binary.LittleEndian.Uint32(src[8:])
	if ns >= 1e9 {
		return time.Time{}, false
	}
	return time.Unix(s, int64(ns)).UTC(), true
}

// WriteDuration writes a time.Duration as the runtime does.
func (w *GenWriter) WriteDuration(d *time.Duration) {
	_ = durationCodec{}.write((*encoder)(w), unsafe.Pointer(d))
}

// ReadDuration reads time.Duration field i as the runtime does.
func (r *GenReader) ReadDuration(i int, d *time.Duration) error {
	return r.check(i, durationCodec{}.read((*decoder)(r), unsafe.Pointer(d)))
}

// WriteDate writes a Date as the runtime does.
func (w *GenWriter) WriteDate(d *Date) { _ = dateCodec{}.write((*encoder)(w), unsafe.Pointer(d)) }

// ReadDate reads Date field i as the runtime does.
func (r *GenReader) ReadDate(i int, d *Date) error {
	return r.check(i, dateCodec{}.read((*decoder)(r), unsafe.Pointer(d)))
}

// WriteDecimal writes Decimal field i as the runtime does.
func (w *GenWriter) WriteDecimal(i int, d *Decimal) error {
	if err := (decimalCodec{}).write((*encoder)(w), unsafe.Pointer(d)); err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// ReadDecimal reads Decimal field i as the runtime does.
func (r *GenReader) ReadDecimal(i int, d *Decimal) error {
	return r.check(i, decimalCodec{}.read((*decoder)(r), unsafe.Pointer(d)))
}

func (r *GenReader) check(i int, err error) error {
	if err != nil {
		return r.wrap(i, err)
	}
	return nil
}
