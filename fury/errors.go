package fury

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package wraps one of these, so
// callers can test for a class of failure with errors.Is while the message
// still says where it happened.
var (
	// ErrTruncated: the input ended before the value it describes.
	ErrTruncated = errors.New("fury: truncated input")
	// ErrInvalidData: the input is malformed (bad flag, bad header, bad
	// encoding, a length that cannot be right).
	ErrInvalidData = errors.New("fury: invalid data")
	// ErrUnknownType: the input names a type that is not registered here.
	ErrUnknownType = errors.New("fury: unknown type")
	// ErrUnsupportedType: the Go type (or the wire type) cannot be serialized
	// by this package (channels, funcs, complex numbers, ...).
	ErrUnsupportedType = errors.New("fury: unsupported type")
	// ErrTypeMismatch: the input holds a value of a type that cannot be
	// stored in the destination.
	ErrTypeMismatch = errors.New("fury: type mismatch")
	// ErrSchemaMismatch: in schema-consistent mode the writer's struct
	// layout (its hash) differs from the reader's.
	ErrSchemaMismatch = errors.New("fury: struct schema mismatch")
	// ErrDepthExceeded: the value nests deeper than the configured maximum
	// (see WithMaxDepth); also what a cycle without reference tracking gives.
	ErrDepthExceeded = errors.New("fury: maximum nesting depth exceeded")
	// ErrTooLarge: a length or count in the input exceeds what the remaining
	// input could hold, or a configured limit.
	ErrTooLarge = errors.New("fury: size exceeds limit")
	// ErrRegistration: a type registration is invalid or conflicts with an
	// earlier one.
	ErrRegistration = errors.New("fury: invalid registration")
	// ErrInvalidArgument: the caller passed something unusable, such as a
	// nil or non-pointer Unmarshal destination.
	ErrInvalidArgument = errors.New("fury: invalid argument")
)

// wrapf returns an error that wraps sentinel with a formatted context message.
func wrapf(sentinel error, format string, args ...any) error {
	return &furyError{sentinel: sentinel, msg: fmt.Sprintf(format, args...)}
}

type furyError struct {
	sentinel error
	msg      string
	cause    error
	path     string // struct field path where it happened, if any
}

func (e *furyError) Error() string {
	s := e.sentinel.Error() + ": "
	if e.path != "" {
		s += "in " + e.path + ": "
	}
	s += e.msg
	if e.cause != nil {
		s += ": " + e.cause.Error()
	}
	return s
}

func (e *furyError) Unwrap() []error {
	if e.cause != nil {
		return []error{e.sentinel, e.cause}
	}
	return []error{e.sentinel}
}

// errTruncated is shared by the buffer's hot read paths so that they do not
// allocate an error value on every failure.
var errTruncated = &furyError{sentinel: ErrTruncated, msg: "read past end of buffer"}
