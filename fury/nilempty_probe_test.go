package fury_test

// Nil and empty values, checked against the table in the package
// documentation ("Nil and empty slices and maps follow one rule, the same
// in all four modes"), with generated code on and off; and the zero, nil
// and empty inputs a newcomer may pass to the exported API.

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

type neFields struct {
	S   []string
	M   map[string]int32
	B   []byte
	Set fury.Set[string]
	I   []int32

	NS  []string         `fury:"nullable"`
	NM  map[string]int32 `fury:"nullable"`
	NB  []byte           `fury:"nullable"`
	NSe fury.Set[string] `fury:"nullable"`

	P  *neLeaf
	NN *neLeaf `fury:"notnull"`
	PS *[]string
	PM *map[string]int32

	Any  any
	Anys []any
	L    [][]string
	MV   map[string][]int32
}

type neLeaf struct{ N int32 }

// isNil reports whether v (a slice, map or pointer) is nil, and whether
// it is a non-nil empty slice or map.
func neState(v any) string {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return "nil interface"
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Map, reflect.Pointer:
		if rv.IsNil() {
			return "nil"
		}
		if rv.Kind() != reflect.Pointer && rv.Len() == 0 {
			return "empty"
		}
	}
	return "value"
}

var neModes = []struct {
	name string
	opts []fury.Option
}{
	{"compatible", nil},
	{"compatible+ref", []fury.Option{fury.WithRefTracking(true)}},
	{"consistent", []fury.Option{fury.WithCompatible(false)}},
	{"consistent+ref", []fury.Option{fury.WithCompatible(false), fury.WithRefTracking(true)}},
}

func neRoundTrip[T any](t *testing.T, f *fury.Fury, v T) T {
	t.Helper()
	data, err := f.Marshal(v)
	require.NoError(t, err)
	var out T
	require.NoError(t, f.Unmarshal(data, &out))
	return out
}

// TestNilEmptyFields: struct fields, nil and empty, in all four modes.
func TestNilEmptyFields(t *testing.T) {
	for _, mode := range neModes {
		t.Run(mode.name, func(t *testing.T) {
			f := fury.New(mode.opts...)
			require.NoError(t, f.Register(neFields{}, 1))
			require.NoError(t, f.Register(neLeaf{}, 2))
			var nilS []string
			var nilM map[string]int32
			nilV := neRoundTrip(t, f, neFields{PS: &nilS, PM: &nilM})
			emptyV := neRoundTrip(t, f, neFields{
				S: []string{}, M: map[string]int32{}, B: []byte{}, Set: fury.Set[string]{}, I: []int32{},
				NS: []string{}, NM: map[string]int32{}, NB: []byte{}, NSe: fury.Set[string]{},
				PS: &[]string{}, PM: &map[string]int32{},
				Any: []string{}, Anys: []any{[]string{}, map[string]int32{}, nil}, L: [][]string{{}, nil},
				MV: map[string][]int32{"e": {}, "n": nil},
			})
			// Plain fields: nil and empty both read as nil.
			for name, got := range map[string][2]any{
				"S": {nilV.S, emptyV.S}, "M": {nilV.M, emptyV.M}, "B": {nilV.B, emptyV.B},
				"Set": {nilV.Set, emptyV.Set}, "I": {nilV.I, emptyV.I},
			} {
				assert.Equal(t, "nil", neState(got[0]), "field %s, nil", name)
				assert.Equal(t, "nil", neState(got[1]), "field %s, empty", name)
			}
			// Nullable fields: nil and empty stay apart.
			for name, got := range map[string][2]any{
				"NS": {nilV.NS, emptyV.NS}, "NM": {nilV.NM, emptyV.NM}, "NB": {nilV.NB, emptyV.NB},
				"NSe": {nilV.NSe, emptyV.NSe},
			} {
				assert.Equal(t, "nil", neState(got[0]), "nullable field %s, nil", name)
				assert.Equal(t, "empty", neState(got[1]), "nullable field %s, empty", name)
			}
			// A nil pointer field is null; a nil notnull pointer is its zero value.
			assert.Nil(t, nilV.P)
			require.NotNil(t, nilV.NN)
			assert.Equal(t, neLeaf{}, *nilV.NN)
			// A non-nil pointer to a nil slice or map comes back pointing
			// to an empty one.
			require.NotNil(t, nilV.PS)
			assert.Equal(t, "empty", neState(*nilV.PS), "*[]string to nil")
			require.NotNil(t, nilV.PM)
			assert.Equal(t, "empty", neState(*nilV.PM), "*map to nil")
			// Interface values, list elements, map values keep nil and empty apart.
			assert.Equal(t, "nil interface", neState(nilV.Any))
			assert.Equal(t, "empty", neState(emptyV.Any), "empty slice in an interface field")
			require.Len(t, emptyV.Anys, 3)
			assert.Equal(t, "empty", neState(emptyV.Anys[0]), "empty slice in []any")
			assert.Equal(t, "empty", neState(emptyV.Anys[1]), "empty map in []any")
			assert.Equal(t, "nil interface", neState(emptyV.Anys[2]))
			require.Len(t, emptyV.L, 2)
			assert.Equal(t, "empty", neState(emptyV.L[0]), "empty list element")
			assert.Equal(t, "nil", neState(emptyV.L[1]), "nil list element")
			assert.Equal(t, "empty", neState(emptyV.MV["e"]), "empty map value")
			assert.Equal(t, "nil", neState(emptyV.MV["n"]), "nil map value")
		})
	}
}

// TestNilEmptyTopLevel: top-level values keep nil and empty apart, in all
// four modes, into a typed destination and into interface{}.
func TestNilEmptyTopLevel(t *testing.T) {
	for _, mode := range neModes {
		t.Run(mode.name, func(t *testing.T) {
			f := fury.New(mode.opts...)
			check := func(name string, v, dst any, want string) {
				t.Helper()
				data, err := f.Marshal(v)
				require.NoError(t, err, name)
				require.NoError(t, f.Unmarshal(data, dst), name)
				assert.Equal(t, want, neState(reflect.ValueOf(dst).Elem().Interface()), name)
			}
			check("nil []string", []string(nil), new([]string), "nil")
			check("empty []string", []string{}, new([]string), "empty")
			check("nil []byte", []byte(nil), new([]byte), "nil")
			check("empty []byte", []byte{}, new([]byte), "empty")
			check("nil []int32", []int32(nil), new([]int32), "nil")
			check("empty []int32", []int32{}, new([]int32), "empty")
			check("nil map", map[string]int32(nil), new(map[string]int32), "nil")
			check("empty map", map[string]int32{}, new(map[string]int32), "empty")
			check("nil set", fury.Set[int32](nil), new(fury.Set[int32]), "nil")
			check("empty set", fury.Set[int32]{}, new(fury.Set[int32]), "empty")
			check("nil []string into any", []string(nil), new(any), "nil interface")
			check("empty []string into any", []string{}, new(any), "empty")
			check("empty map into any", map[string]int32{}, new(any), "empty")
			check("empty []byte into any", []byte{}, new(any), "empty")
			check("Marshal(nil) into any", nil, new(any), "nil interface")
			check("Marshal(nil) into *T", nil, new(*neLeaf), "nil")
			check("typed nil pointer", (*neLeaf)(nil), new(*neLeaf), "nil")
			check("typed nil pointer into any", (*neLeaf)(nil), new(any), "nil interface")
		})
	}
}

// TestNilEmptyGenerated: generated code treats nil and empty fields as the
// reflection path does (the package documentation: "generated code does the
// same").
func TestNilEmptyGenerated(t *testing.T) {
	for _, mode := range neModes {
		t.Run(mode.name, func(t *testing.T) {
			for _, gen := range []bool{true, false} {
				f := fury.New(append(mode.opts[:len(mode.opts):len(mode.opts)], fury.WithGeneratedCode(gen))...)
				require.Equal(t, gen, f.GeneratedInUse(&gentest.Tagged{}))
				empty := gentest.Tagged{Names: []string{}, Counts: []int64{}}
				got := neRoundTrip(t, f, empty)
				assert.Equal(t, "empty", neState(got.Names), "gen=%v nullable Names", gen)
				assert.Equal(t, "empty", neState(got.Counts), "gen=%v nullable Counts", gen)
				got = neRoundTrip(t, f, gentest.Tagged{})
				assert.Equal(t, "nil", neState(got.Names), "gen=%v nil Names", gen)
				c := neRoundTrip(t, f, gentest.Containers{Map: map[string]int32{}, Inners: []gentest.Inner{}, Anys: []any{}})
				assert.Equal(t, "nil", neState(c.Map), "gen=%v empty map field", gen)
				assert.Equal(t, "nil", neState(c.Inners), "gen=%v empty slice field", gen)
				assert.Equal(t, "nil", neState(c.Anys), "gen=%v empty []any field", gen)
			}
		})
	}
}

// TestZeroInputs: the zero, nil and empty inputs a newcomer may pass give
// errors that wrap the documented sentinels and say what to do, never a
// panic.
func TestZeroInputs(t *testing.T) {
	data, err := fury.Marshal(int32(1))
	require.NoError(t, err)
	var x int32

	t.Run("nil and zero Fury", func(t *testing.T) {
		for _, f := range []*fury.Fury{nil, new(fury.Fury)} {
			_, err := f.Marshal(1)
			require.ErrorIs(t, err, fury.ErrInvalidArgument)
			assert.Contains(t, err.Error(), "fury.New")
			out, err := f.MarshalAppend([]byte("keep"), 1)
			require.ErrorIs(t, err, fury.ErrInvalidArgument)
			assert.Equal(t, "keep", string(out))
			require.ErrorIs(t, f.Unmarshal(data, &x), fury.ErrInvalidArgument)
			require.ErrorIs(t, f.Register(neLeaf{}, 1), fury.ErrInvalidArgument)
			require.ErrorIs(t, f.RegisterTagType("a.B", neLeaf{}), fury.ErrInvalidArgument)
			require.ErrorIs(t, f.RegisterNamed(neLeaf{}, "a", "B"), fury.ErrInvalidArgument)
			require.ErrorIs(t, f.Serialize(fury.NewBuffer(nil), 1, nil), fury.ErrInvalidArgument)
			require.ErrorIs(t, f.Deserialize(fury.NewBuffer(data), &x, nil), fury.ErrInvalidArgument)
			assert.False(t, f.GeneratedInUse(&gentest.Tagged{}))
		}
	})
	t.Run("nil and empty data", func(t *testing.T) {
		f := fury.New()
		for _, in := range [][]byte{nil, {}} {
			err := f.Unmarshal(in, &x)
			require.ErrorIs(t, err, fury.ErrTruncated)
			assert.Contains(t, err.Error(), "empty input")
			require.ErrorIs(t, fury.Unmarshal(in, &x), fury.ErrTruncated)
			var v any
			require.ErrorIs(t, f.Unmarshal(in, &v), fury.ErrTruncated)
		}
	})
	t.Run("bad destinations", func(t *testing.T) {
		f := fury.New()
		for name, dst := range map[string]any{
			"nil": nil, "typed nil pointer": (*int32)(nil), "non-pointer": x, "nil *any": (*any)(nil),
		} {
			err := f.Unmarshal(data, dst)
			require.ErrorIs(t, err, fury.ErrInvalidArgument, name)
			assert.Contains(t, err.Error(), "non-nil pointer", name)
			require.ErrorIs(t, fury.Unmarshal(data, dst), fury.ErrInvalidArgument, name)
			// The destination is the first mistake reported, also with no data.
			require.ErrorIs(t, f.Unmarshal(nil, dst), fury.ErrInvalidArgument, name)
		}
	})
	t.Run("nil buffers and registrations", func(t *testing.T) {
		f := fury.New()
		require.ErrorIs(t, f.Serialize(nil, 1, nil), fury.ErrInvalidArgument)
		require.ErrorIs(t, f.Deserialize(nil, &x, nil), fury.ErrInvalidArgument)
		require.ErrorIs(t, f.Register(nil, 1), fury.ErrRegistration)
		require.ErrorIs(t, f.RegisterTagType("a.B", nil), fury.ErrRegistration)
		require.ErrorIs(t, fury.Register(nil, 1), fury.ErrRegistration)
		require.ErrorIs(t, fury.RegisterTagType("a.B", nil), fury.ErrRegistration)
		require.ErrorIs(t, fury.RegisterNamed(nil, "a", "B"), fury.ErrRegistration)
		require.ErrorIs(t, f.RegisterTagType("", neLeaf{}), fury.ErrRegistration)
		// A non-struct, non-integer type cannot be registered.
		require.ErrorIs(t, f.Register("s", 1), fury.ErrRegistration)
		// A nil Option is reported by every call.
		_, err := fury.New(nil).Marshal(1)
		require.ErrorIs(t, err, fury.ErrInvalidArgument)
	})
	t.Run("Marshal of nil values", func(t *testing.T) {
		f := fury.New()
		for _, v := range []any{nil, (*neLeaf)(nil), []int32(nil), map[string]int32(nil)} {
			a, err := f.Marshal(v)
			require.NoError(t, err, "%T", v)
			b, err := fury.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, a, b)
		}
		// MarshalAppend to a nil dst allocates; to a used one appends.
		a, err := f.MarshalAppend(nil, int32(1))
		require.NoError(t, err)
		b, err := f.MarshalAppend([]byte("x"), int32(1))
		require.NoError(t, err)
		assert.Equal(t, append([]byte("x"), a...), b)
	})
	t.Run("streams", func(t *testing.T) {
		// An empty stream is a clean end.
		dec := fury.NewDecoder(bytes.NewReader(nil))
		require.ErrorIs(t, dec.Decode(&x), io.EOF)
		// A nil destination is an argument error, not a stream error.
		var buf bytes.Buffer
		enc := fury.NewEncoder(&buf)
		require.NoError(t, enc.Encode(int32(3)))
		dec = fury.NewDecoder(&buf)
		err := dec.Decode(nil)
		require.ErrorIs(t, err, fury.ErrInvalidArgument)
		require.NotNil(t, enc.Fury())
		require.NotNil(t, dec.Fury())
	})
	t.Run("Buffer", func(t *testing.T) {
		f := fury.New()
		buf := fury.NewBuffer(nil)
		require.NoError(t, f.Serialize(buf, []int32{}, nil))
		var out []int32
		require.NoError(t, f.Deserialize(buf, &out, nil))
		assert.Equal(t, "empty", neState(out))
		// A second value is not there: truncated.
		require.ErrorIs(t, f.Deserialize(buf, &out, nil), fury.ErrTruncated)
	})
	t.Run("messages say what to do", func(t *testing.T) {
		_, err := fury.New().Marshal(make(chan int))
		require.ErrorIs(t, err, fury.ErrUnsupportedType)
		assert.Contains(t, err.Error(), "chan")
		err = fury.New().Unmarshal(data, new(string))
		require.Error(t, err)
		assert.True(t, errors.Is(err, fury.ErrTypeMismatch), "%v", err)
		assert.True(t, strings.Contains(err.Error(), "string"), "%v", err)
	})
	_ = cmp.Diff
}
