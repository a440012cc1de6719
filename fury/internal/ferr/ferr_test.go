package ferr

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNestedMessages: an error inside another's message or cause reads
// without "fury: " and without its class when the outer error has it.
func TestNestedMessages(t *testing.T) {
	inner := Wrapf(ErrUnsupportedType, "chan int")
	other := Wrapf(ErrTruncated, "read past end")
	foreign := fmt.Errorf("fury: made elsewhere")
	marker := Marker("mark")
	for _, c := range []struct {
		err  error
		want string
	}{
		{Wrapf(ErrUnsupportedType, "field T.C: %v", inner), "fury: unsupported type: field T.C: chan int"},
		{Wrapf(ErrInvalidData, "skipping field: %v", other), "fury: invalid data: skipping field: truncated input: read past end"},
		{Wrapf(ErrInvalidData, "name %q: %v", "x", foreign), `fury: invalid data: name "x": made elsewhere`},
		{Wrapf(ErrInvalidData, "quoted %q", inner), `fury: invalid data: quoted "unsupported type: chan int"`},
		{Wrapf(ErrInvalidData, "plain: %v", errors.New("io failure")), "fury: invalid data: plain: io failure"},
		{&Error{Sentinel: ErrTypeMismatch, Msg: "no fit", Cause: marker}, "fury: type mismatch: no fit"},
		{&Error{Sentinel: ErrTypeMismatch, Msg: "outer", Cause: Wrapf(ErrTypeMismatch, "inner")}, "fury: type mismatch: outer: inner"},
		{InField(inner, "T.C", "T"), "fury: unsupported type: in T.C: chan int"},
		{InField(Wrapf(ErrInvalidData, "x: %v", inner), "T.C", "T"), "fury: invalid data: in T.C: x: unsupported type: chan int"},
		{InField(fmt.Errorf("wrapped: %w", inner), "T.C", "T"), "fury: invalid data: in T.C: wrapped: fury: unsupported type: chan int"},
	} {
		assert.Equal(t, c.want, c.err.Error())
	}
	e := &Error{Sentinel: ErrTypeMismatch, Msg: "no fit", Cause: marker}
	assert.ErrorIs(t, e, marker)
	assert.ErrorIs(t, e, ErrTypeMismatch)
	args := []any{inner}
	_ = Wrapf(ErrInvalidData, "%v", args...)
	assert.Equal(t, inner, args[0], "Wrapf leaves the caller's arguments alone")
}
