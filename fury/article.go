package fury

import "math"

// The names the Fury design article's Go programs use, kept so that those
// programs compile as written. Each is defined by today's API; the
// documentation of each says whether another call is preferred.

// NewFury returns a Fury with the defaults (compatible mode) and, when
// refTracking is true, reference tracking in every position: every
// pointer, map, slice and interface field of every struct is tracked, with
// what it holds, as are values outside fields. It is the constructor of the
// Fury design article, whose programs rely on that meaning (a struct whose
// untagged pointer field points back at the struct round-trips):
//
//	NewFury(false)  is  New()
//	NewFury(true)   is  New(WithRefTracking(true), WithTrackAllFields(true))
//
// NewFury is not deprecated: it is the short way to track a Go-only graph
// whole. Use New with options for anything else, in particular
// New(WithRefTracking(true)) alone to track only the fields tagged
// `fury:"ref"` (and values outside fields), which is what a type
// mirroring a peer's schema needs (see "Reference tracking" in the package
// documentation, WithRefTracking and WithTrackAllFields).
func NewFury(refTracking bool) *Fury {
	if refTracking {
		return New(WithRefTracking(true), WithTrackAllFields(true))
	}
	return New()
}

// ByteBuffer is the Fury design article's name for Buffer: the two names
// are one type, interchangeable everywhere, and neither is deprecated.
type ByteBuffer = Buffer

// NewByteBuffer is NewBuffer under the Fury design article's name: it
// returns a Buffer holding data (nil for an empty one, to Serialize into).
func NewByteBuffer(data []byte) *ByteBuffer { return NewBuffer(data) }

// ToBuffer returns a Buffer holding the object's bytes, without copying
// them (Bytes of the result is o.Bytes()), for passing to Deserialize
// among its out-of-band buffers. Like Bytes, it aliases the serialized
// value's memory; a Write to the Buffer appends after the object's bytes
// without touching the value's memory beyond them. To ship the object to
// another process, send o.Bytes(); the receiver wraps what it received
// with NewBuffer (or NewByteBuffer).
func (o SerializedObject) ToBuffer() *ByteBuffer {
	return NewBuffer(o.data[:len(o.data):len(o.data)])
}

// The limits of Go's signed integer types, under the names the Fury design
// article's programs use.
//
// Deprecated: use the same constants of package math (math.MaxInt8,
// math.MinInt64, ...), Go's usual names; these have the same values and
// are kept so that the article's programs compile.
const (
	MaxInt8  = math.MaxInt8
	MaxInt16 = math.MaxInt16
	MaxInt32 = math.MaxInt32
	MaxInt64 = math.MaxInt64
	MinInt8  = math.MinInt8
	MinInt16 = math.MinInt16
	MinInt32 = math.MinInt32
	MinInt64 = math.MinInt64
)
