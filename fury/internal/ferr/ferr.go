// Package ferr holds the error values shared by package fury and package
// furyrt: the sentinels that every error of the module wraps, and the
// error type that carries a sentinel with its context.
package ferr

import (
	"errors"
	"fmt"
	"strings"
)

// The sentinels. Package fury exports them under their user-facing names
// (ErrTruncated, ...) and documents them.
var (
	ErrTruncated       = errors.New("fury: truncated input")
	ErrInvalidData     = errors.New("fury: invalid data")
	ErrUnknownType     = errors.New("fury: unknown type")
	ErrUnsupportedType = errors.New("fury: unsupported type")
	ErrTypeMismatch    = errors.New("fury: type mismatch")
	ErrSchemaMismatch  = errors.New("fury: struct schema mismatch")
	ErrDepthExceeded   = errors.New("fury: maximum nesting depth exceeded")
	ErrTooLarge        = errors.New("fury: size exceeds limit")
	ErrRegistration    = errors.New("fury: invalid registration")
	ErrInvalidArgument = errors.New("fury: invalid argument")
)

// Error is an error wrapping a sentinel, with a message, an optional cause
// and the struct field path where it happened.
type Error struct {
	Sentinel error
	Msg      string
	Cause    error
	Path     string // struct field path where it happened, if any

	// outer holds the outermost fields of a path too deep to keep whole
	// (see InField): Path then keeps the innermost ones.
	outer string
}

// The longest field path an error spells out: the innermost pathInner
// segments and the outermost pathOuter, with an ellipsis for the levels in
// between. Without a bound, an error from deep nesting (a cycle written
// without reference tracking, or hostile input under a large WithMaxDepth)
// would cost time and memory quadratic in the depth.
const (
	pathInner = 12
	pathOuter = 4
)

// InField returns err with the struct field name (a "Type.Field" path
// segment) added to the outside of its path; typ is the name of the struct
// type, dropped from the front of err's path when it repeats there. An
// error other than an *Error gets a path and the sentinel ErrInvalidData.
func InField(err error, name, typ string) *Error {
	e, ok := err.(*Error)
	if !ok {
		return &Error{Sentinel: ErrInvalidData, Msg: err.Error(), Path: name}
	}
	n := *e
	switch {
	case n.Path == "":
		n.Path = name
	case n.outer == "" && strings.Count(n.Path, ".") < pathInner:
		n.Path = name + "." + trimType(n.Path, typ)
	case n.outer == "":
		n.outer, n.Path = name, trimType(n.Path, typ)
	default:
		n.outer = name + "." + trimType(n.outer, typ)
		if strings.Count(n.outer, ".") >= pathOuter {
			n.outer = n.outer[:strings.LastIndexByte(n.outer, '.')]
		}
	}
	return &n
}

func trimType(path, typ string) string {
	if typ == "" {
		return path
	}
	return strings.TrimPrefix(path, typ+".")
}

// Wrapf returns an error that wraps sentinel with a formatted context message.
func Wrapf(sentinel error, format string, args ...any) error {
	return &Error{Sentinel: sentinel, Msg: fmt.Sprintf(format, args...)}
}

func (e *Error) Error() string {
	s := e.Sentinel.Error() + ": "
	if e.outer != "" {
		s += "in " + e.outer + "…" + e.Path + ": "
	} else if e.Path != "" {
		s += "in " + e.Path + ": "
	}
	s += e.Msg
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the sentinel and the cause, if any.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Sentinel, e.Cause}
	}
	return []error{e.Sentinel}
}

// ErrTruncatedRead is shared by the hot read paths so that they do not
// allocate an error value on every failure.
var ErrTruncatedRead = &Error{Sentinel: ErrTruncated, Msg: "read past end of buffer"}

// ErrVarintOverflow is a varint too long for its type.
var ErrVarintOverflow = &Error{Sentinel: ErrInvalidData, Msg: "varint overflows its type"}
