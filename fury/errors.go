package fury

import "github.com/fury-go/fury/fury/internal/ferr"

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
