package fury

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func init() { recoverPanics = false }

// corpus returns valid payloads in every mode, used as fuzz seeds and for
// the truncation tests.
func corpus(t testing.TB) [][]byte {
	var out [][]byte
	for _, opts := range allModes() {
		f := newHostileFury(opts...)
		v := fullValue()
		for _, x := range []any{&v, []any{int64(1), "a", nil}, map[string]any{"k": []any{1.5}}, Blue,
			&Node{Name: "n", Attrs: map[string]string{"a": "b"}}, []Foo{{1, "a"}}, NewSet[int32](1)} {
			b, err := f.Marshal(x)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
	}
	return out
}

func newHostileFury(opts ...Option) *Fury {
	f := New(opts...)
	_ = f.RegisterTagType("example.Foo", Foo{})
	_ = f.RegisterTagType("example.Color", Color(0))
	_ = f.RegisterTagType("example.Node", Node{})
	_ = f.Register(AllTypes{}, 300)
	return f
}

func TestTruncatedInputs(t *testing.T) {
	for _, opts := range allModes() {
		f := newHostileFury(opts...)
		for _, full := range corpus(t) {
			for n := 0; n < len(full); n++ {
				var v any
				err := f.Unmarshal(full[:n], &v)
				if err == nil {
					continue // a prefix can be a complete value of another mode
				}
				require.True(t, errors.Is(err, ErrTruncated) || errors.Is(err, ErrInvalidData) ||
					errors.Is(err, ErrUnknownType) || errors.Is(err, ErrSchemaMismatch) ||
					errors.Is(err, ErrTypeMismatch) || errors.Is(err, ErrUnsupportedType) ||
					errors.Is(err, ErrTooLarge), "unexpected error class: %v", err)
				var typed AllTypes
				_ = f.Unmarshal(full[:n], &typed)
			}
		}
	}
}

func TestHostileLengths(t *testing.T) {
	f := New()
	cases := map[string][]byte{
		"huge list":        {0x01, 0xff, 0x16, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x08, 0x07},
		"huge map":         {0x01, 0xff, 0x18, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00},
		"huge set":         {0x01, 0xff, 0x17, 0xff, 0xff, 0xff, 0x7f},
		"huge string":      {0x01, 0xff, 0x15, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x61},
		"huge binary":      {0x01, 0xff, 0x29, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x61},
		"huge int32 array": {0x01, 0xff, 0x2e, 0xfc, 0xff, 0xff, 0xff, 0x0f},
		"odd array":        {0x01, 0xff, 0x2e, 0x03, 0x01, 0x02, 0x03},
		"huge typedef":     {0x01, 0xff, 0x1e, 0x00, 0xff, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"bad header":       {0x05, 0xff},
		"fury 0.x magic":   {0xd4, 0x62, 0x00},
		"bad flag":         {0x01, 0x7f, 0x07, 0x02},
		"dangling ref":     {0x01, 0xfe, 0x05},
		"bad type id":      {0x01, 0xff, 0x7f},
		"unknown user id":  {0x01, 0xff, 0x1b, 0x64},
		"empty":            {},
		"varint overflow":  {0x01, 0xff, 0x05, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			var v any
			err := f.Unmarshal(in, &v)
			require.Error(t, err)
			t.Log(err)
		})
	}
}

func TestDeepNesting(t *testing.T) {
	f := New()
	// 10000 nested lists: 16 01 00 16 01 00 ...
	var in bytes.Buffer
	in.Write([]byte{0x01, 0xff})
	for i := 0; i < 10000; i++ {
		in.Write([]byte{0x16, 0x01, 0x00})
	}
	var v any
	require.ErrorIs(t, f.Unmarshal(in.Bytes(), &v), ErrDepthExceeded)

	// Writing too deep a value fails the same way.
	var deep any = int64(1)
	for i := 0; i < 200; i++ {
		deep = []any{deep}
	}
	_, err := f.Marshal(deep)
	require.ErrorIs(t, err, ErrDepthExceeded)
	g := New(WithMaxDepth(500))
	data, err := g.Marshal(deep)
	require.NoError(t, err)
	require.ErrorIs(t, f.Unmarshal(data, &v), ErrDepthExceeded)
	require.NoError(t, g.Unmarshal(data, &v))
}

func FuzzUnmarshalAny(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(b)
	}
	fs := []*Fury{newHostileFury(WithCompatible(false)), newHostileFury(), newHostileFury(WithRefTracking(true))}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fy := range fs {
			var v any
			_ = fy.Unmarshal(data, &v)
		}
	})
}

func FuzzUnmarshalTyped(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(b)
	}
	fs := []*Fury{newHostileFury(WithCompatible(false)), newHostileFury(), newHostileFury(WithRefTracking(true))}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fy := range fs {
			var a AllTypes
			_ = fy.Unmarshal(data, &a)
			var n *Node
			_ = fy.Unmarshal(data, &n)
			var m map[string][]Foo
			_ = fy.Unmarshal(data, &m)
		}
	})
}
