package fury_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

type msgT struct{ A int32 }
type msgU struct{ B string }

// A struct's data read into a destination it does not convert to names
// the struct the data holds, not the map of fields it was read as.
func TestStructMismatchNamesTheStruct(t *testing.T) {
	w := fury.New()
	require.NoError(t, w.RegisterTagType("ex.U", msgU{}))
	data, err := w.Marshal(msgU{B: "x"})
	require.NoError(t, err)

	r := fury.New()
	require.NoError(t, r.RegisterTagType("ex.T", msgT{}))
	err = r.Unmarshal(data, new(msgT))
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	assert.Equal(t, `fury: type mismatch: the data holds struct "ex.U", which does not convert to fury_test.msgT (registered as "ex.T"): `+
		`the writer and the reader must register the type under the same name or id`, err.Error())

	err = r.Unmarshal(data, new(string))
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	assert.Equal(t, `fury: type mismatch: the data holds struct "ex.U", which does not convert to string`, err.Error())
}

type Order struct{ ID int64 }

// TestMismatchNamesBothSides pins the messages for a writer and a reader
// that register a struct differently: each names what the data holds (its
// name or id, and that it is the Go name of an unregistered type) and what
// the reader expected (the Go type and its registered name or id).
func TestMismatchNamesBothSides(t *testing.T) {
	const goName = `"github.com/fury-go/fury/fury_test.Order"`
	const hint = ": the writer and the reader must register the type under the same name or id"
	writer := func(compat bool, reg func(*fury.Fury) error) []byte {
		f := fury.New(fury.WithCompatible(compat))
		if reg != nil {
			require.NoError(t, reg(f))
		}
		data, err := f.Marshal(&Order{ID: 1})
		require.NoError(t, err)
		return data
	}
	byName := func(f *fury.Fury) error { return f.RegisterTagType("example.Order", Order{}) }
	byID := func(f *fury.Fury) error { return f.Register(Order{}, 7) }
	other := func(f *fury.Fury) error { return f.RegisterTagType("other.Order", Order{}) }
	for _, c := range []struct {
		compat         bool
		writer, reader func(*fury.Fury) error
		sentinel       error
		want           string
	}{
		{true, nil, byName, fury.ErrTypeMismatch, `fury: type mismatch: the data holds struct ` + goName +
			` (the Go name of fury_test.Order: its writer did not register it), which does not convert to fury_test.Order (registered as "example.Order")` + hint},
		{false, nil, byName, fury.ErrUnknownType, `fury: unknown type: no type registered as ` + goName +
			` (the Go name of fury_test.Order: its writer did not register it); the destination is fury_test.Order (registered as "example.Order")`},
		{true, nil, byID, fury.ErrTypeMismatch, `fury: type mismatch: the data holds struct ` + goName +
			` (the Go name of fury_test.Order: its writer did not register it), which does not convert to fury_test.Order (registered with id 7)` + hint},
		{true, byID, byName, fury.ErrTypeMismatch, `fury: type mismatch: the data holds struct with id 7, which does not convert to fury_test.Order (registered as "example.Order")` + hint},
		{false, byID, byName, fury.ErrUnknownType, `fury: unknown type: no type registered with id 7 (wire type 27); the destination is fury_test.Order (registered as "example.Order")`},
		{true, other, byName, fury.ErrTypeMismatch, `fury: type mismatch: the data holds struct "other.Order", which does not convert to fury_test.Order (registered as "example.Order")` + hint},
		{false, other, byName, fury.ErrUnknownType, `fury: unknown type: no type registered as "other.Order"; the destination is fury_test.Order (registered as "example.Order")`},
		{true, other, nil, fury.ErrTypeMismatch, `fury: type mismatch: the data holds struct "other.Order", which does not convert to fury_test.Order (not registered: known by its Go name ` + goName + `)` + hint},
		{false, other, nil, fury.ErrUnknownType, `fury: unknown type: no type registered as "other.Order"; the destination is fury_test.Order (not registered: known by its Go name ` + goName + `)`},
	} {
		r := fury.New(fury.WithCompatible(c.compat))
		if c.reader != nil {
			require.NoError(t, c.reader(r))
		}
		var o Order
		err := r.Unmarshal(writer(c.compat, c.writer), &o)
		require.ErrorIs(t, err, c.sentinel)
		assert.Equal(t, c.want, err.Error())
	}
}

type WithChan struct{ C chan int }

type withNested struct {
	Name  string
	Inner struct{ F func() }
}

// TestErrorsNameTheModuleOnce: an error wrapping another names "fury: "
// and each class once, and keeps its sentinel for errors.Is.
func TestErrorsNameTheModuleOnce(t *testing.T) {
	f := fury.New()
	_, err := f.Marshal(WithChan{})
	require.ErrorIs(t, err, fury.ErrUnsupportedType)
	assert.Equal(t, "fury: unsupported type: field fury_test.WithChan.C: chan int (kind chan)", err.Error())
	_, err = f.Marshal(&withNested{})
	require.ErrorIs(t, err, fury.ErrUnsupportedType)
	assert.Equal(t, 1, strings.Count(err.Error(), "fury: "), err.Error())
	assert.Equal(t, 1, strings.Count(err.Error(), "unsupported type"), err.Error())
	assert.Contains(t, err.Error(), "func()")
}

// TestErrorPrefixOnce decodes every truncation and many corruptions of
// messages with nested structs, lists and maps, in both modes: however an
// error is wrapped on its way out, it begins with "fury: " and says it once.
func TestErrorPrefixOnce(t *testing.T) {
	type leaf struct {
		S string
		M map[string][]int32
	}
	type root struct {
		A  []leaf
		B  map[string]leaf
		C  any
		D  *leaf
		E  []any
		ID int64
	}
	v := root{
		A:  []leaf{{S: "a", M: map[string][]int32{"x": {1, 2}}}},
		B:  map[string]leaf{"k": {S: "b"}},
		C:  leaf{S: "c"},
		D:  &leaf{S: "d", M: map[string][]int32{"y": nil}},
		E:  []any{int32(1), "s", []byte{1}, leaf{}},
		ID: 9,
	}
	seen := 0
	for _, compat := range []bool{true, false} {
		f := fury.New(fury.WithCompatible(compat))
		data, err := f.Marshal(&v)
		require.NoError(t, err)
		check := func(in []byte) {
			var out root
			err := f.Unmarshal(in, &out)
			if err == nil {
				return
			}
			seen++
			msg := err.Error()
			require.True(t, strings.HasPrefix(msg, "fury: "), msg)
			require.Equal(t, 1, strings.Count(msg, "fury: "), msg)
			var sentinel bool
			for _, s := range []error{fury.ErrTruncated, fury.ErrInvalidData, fury.ErrUnknownType, fury.ErrUnsupportedType,
				fury.ErrTypeMismatch, fury.ErrSchemaMismatch, fury.ErrDepthExceeded, fury.ErrTooLarge} {
				sentinel = sentinel || errors.Is(err, s)
			}
			require.True(t, sentinel, msg)
		}
		for n := range data {
			check(data[:n])
		}
		for i := range data {
			for _, b := range []byte{0x00, 0x7f, 0x80, 0xff} {
				in := append([]byte(nil), data...)
				in[i] ^= b
				check(in)
			}
		}
	}
	require.Greater(t, seen, 100)
}
