// Package ferr holds the error values shared by package fury and package
// furyrt: the sentinels that every error of the module wraps, and the
// error type that carries a sentinel with its context.
package ferr

import (
	"errors"
	"fmt"
	"io"
	"strconv"
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
		return &Error{Sentinel: ErrInvalidData, Msg: Nested(err, ErrInvalidData), Path: name}
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

// Wrapf returns an error that wraps sentinel with a formatted context
// message. An error among args is formatted as Nested gives it, so that
// the message names the module ("fury: ") and each class once.
func Wrapf(sentinel error, format string, args ...any) error {
	copied := false
	for i, a := range args {
		if err, ok := a.(error); ok && err != nil {
			if !copied {
				args, copied = append([]any(nil), args...), true
			}
			args[i] = nested{err, sentinel}
		}
	}
	return &Error{Sentinel: sentinel, Msg: fmt.Sprintf(format, args...)}
}

// Error returns "fury: <class>: in <path>: <message>: <cause>", where the
// cause reads as Nested gives it.
func (e *Error) Error() string { return e.Sentinel.Error() + ": " + e.body() }

// body is the message without the sentinel: the path, the message and the
// cause.
func (e *Error) body() string {
	var s string
	if e.outer != "" {
		s = "in " + e.outer + "…" + e.Path + ": "
	} else if e.Path != "" {
		s = "in " + e.Path + ": "
	}
	s += e.Msg
	if e.Cause != nil {
		if c := Nested(e.Cause, e.Sentinel); c != "" {
			s += ": " + c
		}
	}
	return s
}

// Nested returns err's message as it reads inside the message of an error
// of class outer (a sentinel): without the "fury: " the outer message
// begins with, and without err's class when it is outer's. A Marker reads
// as nothing.
func Nested(err, outer error) string {
	switch e := err.(type) {
	case *Error:
		if e.Sentinel == outer {
			return e.body()
		}
		return strings.TrimPrefix(e.Sentinel.Error(), prefix) + ": " + e.body()
	case Marker:
		return ""
	}
	return strings.TrimPrefix(err.Error(), prefix)
}

// prefix begins the message of every sentinel.
const prefix = "fury: "

// nested formats an error argument of Wrapf as Nested gives it.
type nested struct{ err, outer error }

func (n nested) Format(f fmt.State, verb rune) {
	s := Nested(n.err, n.outer)
	if verb == 'q' {
		s = strconv.Quote(s)
	}
	_, _ = io.WriteString(f, s)
}

// Marker is an error value that marks an error for errors.Is (as the cause
// of an *Error) without adding to its message.
type Marker string

func (m Marker) Error() string { return string(m) }

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
