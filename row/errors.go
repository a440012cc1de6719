package row

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fury-go/fury/fury"
)

// ErrNull is wrapped by the error of a getter asked for the value of a
// null field or element; check IsNullAt first, or test for it with
// errors.Is.
var ErrNull = errors.New("row: value is null")

var (
	errInvalidData     = fury.ErrInvalidData
	errTruncated       = fury.ErrTruncated
	errTypeMismatch    = fury.ErrTypeMismatch
	errUnsupported     = fury.ErrUnsupportedType
	errInvalidArgument = fury.ErrInvalidArgument
	errSchemaMismatch  = fury.ErrSchemaMismatch
)

// rowError wraps one of fury's sentinel errors (or ErrNull) with context,
// and the error it was made from, if any.
type rowError struct {
	sentinel error
	msg      string
	cause    error
}

// Error returns "row: <class>: <message>", the class being the sentinel's
// message without its package prefix ("fury: ", "row: "), so that the
// message names each once.
func (e *rowError) Error() string { return "row: " + class(e.sentinel) + ": " + e.msg }

func (e *rowError) Unwrap() []error {
	if e.cause != nil {
		return []error{e.sentinel, e.cause}
	}
	return []error{e.sentinel}
}

// class is a sentinel's message without its package prefix.
func class(sentinel error) string {
	s := sentinel.Error()
	if t, ok := strings.CutPrefix(s, "fury: "); ok {
		return t
	}
	return strings.TrimPrefix(s, "row: ")
}

// sentinels are the classes a row error falls in.
var sentinels = []error{ErrNull, errTruncated, errInvalidData, errTypeMismatch, errUnsupported, errInvalidArgument, errSchemaMismatch,
	fury.ErrUnknownType, fury.ErrDepthExceeded, fury.ErrTooLarge, fury.ErrRegistration}

// classOf returns the sentinel err wraps (ErrInvalidData if none).
func classOf(err error) error {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return s
		}
	}
	return errInvalidData
}

func errorf(sentinel error, format string, args ...any) error {
	return &rowError{sentinel: sentinel, msg: fmt.Sprintf(format, args...)}
}

// Errors of the read paths that need no detail, allocated once.
var (
	errShortRow   = &rowError{sentinel: fury.ErrTruncated, msg: "row shorter than its null bitmap and field slots"}
	errShortArray = &rowError{sentinel: fury.ErrTruncated, msg: "array shorter than its header and element slots"}
	errBadMap     = &rowError{sentinel: fury.ErrInvalidData, msg: "map key-array size out of range"}
	errMapCounts  = &rowError{sentinel: fury.ErrInvalidData, msg: "map key and value arrays differ in length"}
)

// wrapCtx prefixes err's message with where it happened (a field, an
// element), keeping the sentinel it wraps; a null where a value is needed
// becomes a type mismatch. An error of another package (fury's) keeps its
// message without its "fury: <class>: " and stays in the chain.
func wrapCtx(err error, format string, args ...any) error {
	ctx := fmt.Sprintf(format, args...)
	if errors.Is(err, ErrNull) {
		return &rowError{sentinel: fury.ErrTypeMismatch, msg: ctx + ": unexpected null"}
	}
	if e, ok := err.(*rowError); ok {
		return &rowError{sentinel: e.sentinel, msg: ctx + ": " + e.msg, cause: e.cause}
	}
	s := classOf(err)
	msg := err.Error()
	if t, ok := strings.CutPrefix(msg, s.Error()+": "); ok {
		msg = t
	} else {
		msg = strings.TrimPrefix(msg, "fury: ")
	}
	return &rowError{sentinel: s, msg: ctx + ": " + msg, cause: err}
}
