package fury

import "github.com/fury-go/fury/fury/internal/ferr"

// Sentinel errors. Every error returned by this package wraps one of these, so
// callers can test for a class of failure with errors.Is while the message
// still says where it happened.
var (
	// ErrTruncated: the input ended before the value it describes.
	ErrTruncated = ferr.ErrTruncated
	// ErrInvalidData: the input is malformed (bad flag, bad header, bad
	// encoding, a length that cannot be right).
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
	// ErrTooLarge: a length or count in the input exceeds what the remaining
	// input could hold, or a configured limit.
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
