package furyrt

import (
	"encoding/binary"
	"time"

	"github.com/fury-go/fury/fury/internal/varint"
	"github.com/fury-go/fury/internal/asm"
)

// The Append functions append one value in its wire form to b and return
// the extended slice, as the standard library's append-style encoders do.
// Generated Write functions take the buffer's bytes once (Buffer.Bytes),
// append a run of fields to them, and hand the result back
// (Buffer.Commit) before anything else writes to the buffer: the slice
// stays in registers from one field to the next, instead of the buffer's
// length going to memory and back around each field.

// AppendVaruint32 appends v as a varuint32.
func AppendVaruint32(b []byte, v uint32) []byte {
	switch {
	case v < 1<<7:
		return append(b, byte(v))
	case v < 1<<14:
		return append(b, byte(v)|0x80, byte(v>>7))
	case v < 1<<21:
		return append(b, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14))
	case v < 1<<28:
		return append(b, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21))
	}
	return append(b, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28))
}

// AppendVarint32 appends v zigzag-encoded as a varuint32.
func AppendVarint32(b []byte, v int32) []byte {
	return AppendVaruint32(b, uint32(v<<1)^uint32(v>>31))
}

// AppendVaruint64 appends v as a varuint64.
func AppendVaruint64(b []byte, v uint64) []byte {
	if v < 1<<7 {
		return append(b, byte(v))
	}
	b = reserve(b, maxVarint64)
	l := len(b)
	return b[:l+asm.PutUvarint64Call(b[l:l+maxVarint64], v)]
}

// AppendVarint64 appends v zigzag-encoded as a varuint64.
func AppendVarint64(b []byte, v int64) []byte {
	return AppendVaruint64(b, uint64(v<<1)^uint64(v>>63))
}

// AppendTaggedInt64 appends v in the tagged int64 form (see PutTaggedInt64).
func AppendTaggedInt64(b []byte, v int64) []byte {
	b = reserve(b, 9)
	l := len(b)
	return b[:l+PutTaggedInt64(b[l:l+9], v)]
}

// AppendTaggedUint64 appends v in the tagged uint64 form (see
// PutTaggedUint64).
func AppendTaggedUint64(b []byte, v uint64) []byte {
	b = reserve(b, 9)
	l := len(b)
	return b[:l+PutTaggedUint64(b[l:l+9], v)]
}

// AppendString appends s as UTF-8: its header (length and encoding), then
// its bytes.
func AppendString(b []byte, s string) []byte {
	n := len(s)
	b = reserve(b, n+maxVarint64)
	l := len(b)
	if n < 32 {
		b = b[:l+1]
		b[l] = byte(n<<2 | strUTF8)
	} else {
		b = b[:l+varint.Put64(b[l:l+maxVarint64], uint64(n)<<2|strUTF8)]
	}
	return append(b, s...)
}

// AppendTime appends t as a timestamp (see PutTime).
func AppendTime(b []byte, t time.Time) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(t.Unix()))
	return binary.LittleEndian.AppendUint32(b, uint32(t.Nanosecond()))
}

// Extend returns b extended by n bytes, whose contents are unspecified
// (generated code stores a run of fixed-width fields into them).
func Extend(b []byte, n int) []byte {
	b = reserve(b, n)
	return b[:len(b)+n]
}

// Reserve returns b with room for n more bytes. Generated code reserves
// room for a run of varints before a bulk Put (PutVarint32s, ...).
func Reserve(b []byte, n int) []byte { return reserve(b, n) }

// reserve returns b with room for n more bytes.
func reserve(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	return grown(b, n)
}

// grown is reserve's slow path: a new array, at least doubling.
//
//go:noinline
func grown(b []byte, n int) []byte {
	c := 2*cap(b) + n
	if c < 64 {
		c = 64
	}
	nb := make([]byte, len(b), c)
	copy(nb, b)
	return nb
}

// Commit makes b the buffer's written bytes. b is what Bytes returned,
// with bytes appended (by the Append functions, or append): generated code
// takes the bytes, appends a run of fields and commits them before anything
// else writes to the buffer.
func (b *Buffer) Commit(p []byte) { b.data = p }

// maxVarint64 is the longest varuint64.
const maxVarint64 = 9
