package row

import (
	"errors"
	"fmt"

	"github.com/fury-go/fury/fury"
)

// ErrNull is returned by a getter asked for the value of a null field or
// element; check IsNullAt first, or test for it with errors.Is.
var ErrNull = errors.New("row: value is null")

var (
	errInvalidData     = fury.ErrInvalidData
	errTruncated       = fury.ErrTruncated
	errTypeMismatch    = fury.ErrTypeMismatch
	errUnsupported     = fury.ErrUnsupportedType
	errInvalidArgument = fury.ErrInvalidArgument
	errSchemaMismatch  = fury.ErrSchemaMismatch
)

// rowError wraps one of fury's sentinel errors with context.
type rowError struct {
	sentinel error
	msg      string
}

func (e *rowError) Error() string { return "row: " + e.sentinel.Error() + ": " + e.msg }
func (e *rowError) Unwrap() error { return e.sentinel }

func errorf(sentinel error, format string, args ...any) error {
	return &rowError{sentinel: sentinel, msg: fmt.Sprintf(format, args...)}
}

// Errors of the hot read paths, allocated once so a failing getter does not
// allocate.
var (
	errIndex      = &rowError{sentinel: fury.ErrInvalidArgument, msg: "index out of range"}
	errKind       = &rowError{sentinel: fury.ErrTypeMismatch, msg: "getter does not match the field's type"}
	errOutOfRange = &rowError{sentinel: fury.ErrInvalidData, msg: "offset and size point outside the enclosing value"}
	errShortRow   = &rowError{sentinel: fury.ErrTruncated, msg: "row shorter than its null bitmap and field slots"}
	errShortArray = &rowError{sentinel: fury.ErrTruncated, msg: "array shorter than its header and element slots"}
	errBadMap     = &rowError{sentinel: fury.ErrInvalidData, msg: "map key-array size out of range"}
	errMapCounts  = &rowError{sentinel: fury.ErrInvalidData, msg: "map key and value arrays differ in length"}
)

// wrapCtx prefixes err's message with where it happened (a field, an
// element), keeping the sentinel it wraps.
func wrapCtx(err error, format string, args ...any) error {
	ctx := fmt.Sprintf(format, args...)
	if e, ok := err.(*rowError); ok {
		return &rowError{sentinel: e.sentinel, msg: ctx + ": " + e.msg}
	}
	if err == ErrNull {
		return &rowError{sentinel: fury.ErrTypeMismatch, msg: ctx + ": unexpected null"}
	}
	return fmt.Errorf("%s: %w", ctx, err)
}
