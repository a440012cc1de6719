package fury

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fury-go/fury/fury/internal/ferr"
)

// Sentinel errors. Every error returned by this package wraps one of these, so
// callers can test for a class of failure with errors.Is while the message
// still says where it happened.
//
// They fall in two classes. ErrTruncated alone says "this input is not
// complete yet": the input ends before the value it describes, and the
// same bytes followed by more could decode. Every other sentinel says
// "this input is bad, or does not fit here", which no amount of further
// input changes: malformed data (ErrInvalidData), a value the destination
// cannot hold (ErrTypeMismatch, ErrSchemaMismatch, ErrUnknownType,
// ErrUnsupportedType), or a limit of this reader (ErrTooLarge,
// ErrDepthExceeded). So a caller that buffers input waits for more only
// on ErrTruncated, and a Decoder (which finds a message's end before it
// decodes it) reports ErrTruncated only together with io.ErrUnexpectedEOF,
// for a stream that ends inside a message.
var (
	// ErrTruncated: the input ends before the value it describes: a read
	// past its end, or a length or count larger than the rest of the input
	// can hold. The only error more input can mend.
	ErrTruncated = ferr.ErrTruncated
	// ErrInvalidData: the input is malformed (bad flag, bad header, bad
	// encoding, a length that cannot be right, a value out of range for
	// its wire type).
	ErrInvalidData = ferr.ErrInvalidData
	// ErrUnknownType: the input names a type that is not registered here.
	ErrUnknownType = ferr.ErrUnknownType
	// ErrUnsupportedType: the Go type (or the wire type) cannot be serialized
	// by this package (channels, funcs, complex numbers, ...).
	ErrUnsupportedType = ferr.ErrUnsupportedType
	// ErrTypeMismatch: the input holds a value of a type that cannot be
	// stored in the destination.
	ErrTypeMismatch = ferr.ErrTypeMismatch
	// ErrSchemaMismatch: in schema-consistent mode the writer's struct
	// layout (its hash) differs from the reader's.
	ErrSchemaMismatch = ferr.ErrSchemaMismatch
	// ErrDepthExceeded: the value nests deeper than the configured maximum
	// (see WithMaxDepth); also what a cycle without reference tracking gives.
	ErrDepthExceeded = ferr.ErrDepthExceeded
	// ErrTooLarge: the input asks for more than a limit of this reader
	// allows: the decode memory budget (WithMaxDecodedBytes, computed from
	// the message's own length), the stream's message size
	// (WithMaxMessageSize), or a fixed bound named in the message (a
	// TypeDef's size, a power of ten for a big.Int). It is final for that
	// message: more input does not raise the limit.
	ErrTooLarge = ferr.ErrTooLarge
	// ErrRegistration: a type registration is invalid or conflicts with an
	// earlier one.
	ErrRegistration = ferr.ErrRegistration
	// ErrInvalidArgument: the caller passed something unusable, such as a
	// nil or non-pointer Unmarshal destination.
	ErrInvalidArgument = ferr.ErrInvalidArgument
)

// wrapf returns an error that wraps sentinel with a formatted context message.
func wrapf(sentinel error, format string, args ...any) error {
	return ferr.Wrapf(sentinel, format, args...)
}

type furyError = ferr.Error

// errTruncated is shared by the buffer's hot read paths so that they do not
// allocate an error value on every failure.
var errTruncated = ferr.ErrTruncatedRead

var errVarintOverflow = ferr.ErrVarintOverflow

// registeredAs says how the struct or enum type ti is known here, for an
// error naming what the reader expected: `registered as "ns.Name"`,
// `registered with id 7`, or, for an unregistered struct, the Go name it
// is read under. It is "" for other types.
func registeredAs(ti *typeInfo) string {
	w := ti.wire()
	switch {
	case w.st == nil && !w.isEnum:
		return ""
	case w.auto:
		return fmt.Sprintf("not registered: known by its Go name %q", joinName(w.ns, w.name))
	case w.named:
		return fmt.Sprintf("registered as %q", joinName(w.ns, w.name))
	default:
		return fmt.Sprintf("registered with id %d", w.userID)
	}
}

// destination names the type ti a decode stores into, with how it is
// registered ("main.Order (registered as \"example.Order\")").
func destination(ti *typeInfo) string {
	if r := registeredAs(ti); r != "" {
		return fmt.Sprintf("%v (%s)", ti.typ, r)
	}
	return ti.typ.String()
}

// dataHolds names the user type the data holds by what the data carries
// (its name or its id), with what it is here when this Fury knows it or
// when it is the Go name of the destination's type ti (its writer did not
// register it).
func dataHolds(wt wireType, ti *typeInfo) string {
	var ns, name string
	switch l, def := wt.local, wt.def; {
	case l != nil && l.named:
		ns, name = l.ns, l.name
	case l != nil:
		return fmt.Sprintf("with id %d (%v here)", l.userID, l.typ)
	case def != nil && def.named:
		ns, name = def.ns, def.name
	case def != nil:
		return fmt.Sprintf("with id %d", def.userID)
	default:
		return ""
	}
	s := strconv.Quote(joinName(ns, name))
	if w := ti.wire(); w.st != nil {
		if reg := autoRegistration(w.typ); reg.ns == ns && reg.name == name {
			return s + fmt.Sprintf(" (the Go name of %v: its writer did not register it)", w.typ)
		}
	}
	if l := wt.local; l != nil {
		s += fmt.Sprintf(" (%v here)", l.typ)
	}
	return s
}

// forDestination adds to an ErrUnknownType error for the data of a typed
// position what the position expected: its Go type and how it is
// registered.
func forDestination(err error, ti *typeInfo) error {
	fe, ok := err.(*furyError)
	if !ok || fe.Sentinel != ErrUnknownType || ti.isAny || registeredAs(ti) == "" {
		return err
	}
	n := *fe
	if w := ti.wire(); w.st != nil && !w.auto {
		// The data names the destination's type by its Go name: its
		// writer did not register it.
		reg := autoRegistration(w.typ)
		if q := strconv.Quote(joinName(reg.ns, reg.name)); strings.HasSuffix(n.Msg, q) {
			n.Msg += fmt.Sprintf(" (the Go name of %v: its writer did not register it)", w.typ)
		}
	}
	n.Msg += "; the destination is " + destination(ti)
	return &n
}
