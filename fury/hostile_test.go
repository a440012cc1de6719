package fury

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/fury-go/fury/internal/alloctest"
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

// TestHostileIssue13 holds one case for each numbered finding of the
// second hostile-input review; the full tests are in budget_test.go,
// limits_test.go, rec_test.go and registry_test.go.
func TestHostileIssue13(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	// A 4 MiB budget keeps the test fast under -race; TestDecodeBudgetBombs
	// feeds the same bombs under the default budget.
	const limit = 4 << 20
	measure := func(t *testing.T, in []byte, v any) error {
		var err error
		n := allocated(func() { err = New(WithMaxDecodedBytes(limit)).Unmarshal(in, v) })
		require.Less(t, n, uint64(limit+2*len(in)+1<<20))
		return err
	}
	b := bombs()
	t.Run("1 amplification by elements that cost nothing", func(t *testing.T) {
		require.ErrorIs(t, measure(t, b["nones into *[]Mat"].in, new([]Mat)), ErrTooLarge)
		require.ErrorIs(t, measure(t, b["lists of none into *any"].in, new(any)), ErrTooLarge)
		require.ErrorIs(t, measure(t, b["lists of none into *[][]int64"].in, new([][]int64)), ErrTooLarge)
		_ = measure(t, b["set pre-sized to its count"].in, new(Set[string]))
	})
	t.Run("2 decimals into big.Int", func(t *testing.T) {
		require.ErrorIs(t, measure(t, b["1E+10000 into []big.Int"].in, new([]big.Int)), ErrTooLarge)
	})
	t.Run("3 TypeDefs", func(t *testing.T) {
		require.ErrorIs(t, measure(t, b["typedef of 500000 fields"].in, new(any)), ErrTooLarge)
		f := New()
		for i := 0; i < 64; i++ {
			_ = f.Unmarshal(typeDefMessage(16000, uint32(i)), new(any))
		}
		require.LessOrEqual(t, f.r.remoteBytes, int64(MaxCachedTypeDefBytes))
	})
	t.Run("4 values out of range", func(t *testing.T) {
		f := enumFury(t)
		var s Small
		require.ErrorIs(t, f.Unmarshal(enumBytes(90, 300), &s), ErrInvalidData)
		var c Color
		require.ErrorIs(t, f.Unmarshal(enumBytes(91, math.MaxUint32), &c), ErrInvalidData)
		_, ok := durationOf(math.MaxInt64, 0)
		require.False(t, ok)
	})
	t.Run("5 round trips", func(t *testing.T) {
		f := New()
		for _, v := range []any{time.Duration(math.MinInt64), time.Duration(math.MaxInt64), Date{}} {
			data, err := f.Marshal(v)
			require.NoError(t, err)
			p := reflect.New(reflect.TypeOf(v))
			require.NoError(t, f.Unmarshal(data, p.Interface()))
			require.Equal(t, v, p.Elem().Interface())
		}
	})
	t.Run("6 recursive named types", func(t *testing.T) {
		type holder struct {
			L RecList
			M RecMap
		}
		data, err := New().Marshal(holder{L: RecList{{}}, M: RecMap{"a": nil}})
		require.NoError(t, err)
		require.NoError(t, New().Unmarshal(data, new(holder)))
	})
	t.Run("7 registering while in use", func(t *testing.T) {
		f := New()
		done := make(chan struct{})
		go func() {
			defer close(done)
			for i := 0; i < 32; i++ {
				_ = f.Register(reflect.New(runtimeStruct(1000+i)).Elem().Interface(), uint32(5000+i))
			}
		}()
		for i := 0; i < 200; i++ {
			data, err := f.Marshal(&Node{Name: "n"})
			require.NoError(t, err)
			require.NoError(t, f.Unmarshal(data, new(Node)))
		}
		<-done
	})
	t.Run("8 ErrUnsupportedType is documented", func(t *testing.T) {
		var v any
		require.ErrorIs(t, New().Unmarshal([]byte{0x01, 0xff, byte(tidExt)}, &v), ErrUnsupportedType)
		for _, path := range []string{"doc.go", "../README.md"} {
			doc, err := os.ReadFile(path)
			require.NoError(t, err)
			for _, e := range []string{"ErrTruncated", "ErrInvalidData", "ErrUnknownType", "ErrUnsupportedType",
				"ErrTypeMismatch", "ErrSchemaMismatch", "ErrDepthExceeded", "ErrTooLarge", "ErrRegistration", "ErrInvalidArgument"} {
				require.Contains(t, string(doc), e, path)
			}
		}
	})
}

// TestHugeIndexes checks that counts and indexes above math.MaxInt32 are
// refused by comparisons that hold on 32-bit platforms too (where int(u)
// of such a uint32 is negative): a reference id, a type meta's extra size.
func TestHugeIndexes(t *testing.T) {
	big := []byte{0x81, 0x80, 0x80, 0x80, 0x08} // varuint32 0x80000001
	for _, opts := range allModes() {
		f := newHostileFury(opts...)
		msg := append([]byte{headerXlang, 0xfe}, big...) // 0xfe: the reference flag (-2)
		var v any
		require.ErrorIs(t, f.Unmarshal(msg, &v), ErrInvalidData)
		var s []int32
		require.ErrorIs(t, f.Unmarshal(msg, &s), ErrInvalidData)
		var n Node
		require.Error(t, f.Unmarshal(msg, &n))
	}
}
