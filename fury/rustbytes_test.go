package fury_test

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

func rustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	require.NoError(t, err)
	return b
}

// rustMapNulls mirrors the Rust peer's MapNulls (xlang_test/peers/rust):
// BTreeMap<String, Option<i32>> and BTreeMap<i32, Option<String>>.
type rustMapNulls struct {
	M map[string]*int32
	N map[int32]*string
}

// TestRustMapNullEntries reads the map entries with a null side that the
// Rust peer (crate fory 1.7.7) writes: the header's tracked bit of the
// non-null side is clear, so no reference flag precedes it (pyfory and
// fory-core set the bit and write the flag; both forms are the spec's).
func TestRustMapNullEntries(t *testing.T) {
	i32 := func(v int32) *int32 { return &v }
	str := func(v string) *string { return &v }
	i64 := func(v int64) *int64 { return &v }

	t.Run("null value, key with type info", func(t *testing.T) {
		// {"a": None, "b": 1}: 10 = value null, key neither tracked nor
		// declared: the key's type (15) and value follow, no flag.
		in := rustHex(t, "01 ff 18 02 10 15 06 61 00 01 15 07 06 62 02")
		var m map[string]*int64
		require.NoError(t, fury.New().Unmarshal(in, &m))
		assert.Equal(t, map[string]*int64{"a": nil, "b": i64(1)}, m)
		var dyn any
		require.NoError(t, fury.New().Unmarshal(in, &dyn))
		assert.Equal(t, map[any]any{"a": nil, "b": int64(1)}, dyn)
	})
	t.Run("null key, value with type info", func(t *testing.T) {
		// {None: 1, "a": 2}: 02 = key null, value neither tracked nor
		// declared.
		in := rustHex(t, "01 ff 18 02 02 07 02 00 01 15 07 06 61 04")
		var m map[any]int64
		require.NoError(t, fury.New().Unmarshal(in, &m))
		assert.Equal(t, map[any]int64{nil: 1, "a": 2}, m)
		var dyn any
		require.NoError(t, fury.New().Unmarshal(in, &dyn))
		assert.Equal(t, map[any]any{nil: int64(1), "a": int64(2)}, dyn)
	})
	t.Run("the issue's entry", func(t *testing.T) {
		// 18 01 10 15 06 6b: {"k": None}.
		var m map[string]*string
		require.NoError(t, fury.New().Unmarshal(rustHex(t, "01 ff 18 01 10 15 06 6b"), &m))
		assert.Equal(t, map[string]*string{"k": nil}, m)
	})
	t.Run("tracked form still read", func(t *testing.T) {
		// pyfory's {1: None}: 11 = value null, key tracked: flag ff first.
		var m map[int64]*int64
		require.NoError(t, fury.New().Unmarshal(rustHex(t, "01 ff 18 01 11 ff 07 02"), &m))
		assert.Equal(t, map[int64]*int64{1: nil}, m)
	})
	want := rustMapNulls{M: map[string]*int32{"a": nil, "b": i32(2)}, N: map[int32]*string{1: str("x"), 2: nil}}
	for _, tc := range []struct {
		name string
		sc   bool
		in   string
	}{
		// Struct fields: 14 = value null, key declared and not tracked:
		// the key's bytes alone.
		{"struct field schema-consistent", true,
			"01 ff 1b 80 01 54 e8 02 52 02 14 06 61 24 01 06 62 04 02 24 01 02 06 78 14 04"},
		{"struct field compatible", false,
			"01 ff 1c 00 0d f0 be 75 ac 50 51 26 c2 80 01 40 18 54 16 30 40 18 14 56 34 02 14 06 61 24 01 06 62 04 " +
				"02 24 01 02 06 78 14 04"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fury.New(fury.WithCompatible(!tc.sc))
			require.NoError(t, f.Register(rustMapNulls{}, 128))
			var got rustMapNulls
			require.NoError(t, f.Unmarshal(rustHex(t, tc.in), &got))
			assert.Empty(t, cmp.Diff(want, got))
			var dyn any
			require.NoError(t, f.Unmarshal(rustHex(t, tc.in), &dyn))
			assert.Empty(t, cmp.Diff(&want, dyn))
		})
	}
}

// TestRustNullEntryGenerated holds generated code to the reflection path on
// the Rust form of a null map value: the generated reader does not take
// the header 14 itself and hands the field to the runtime, which reads it.
func TestRustNullEntryGenerated(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		gen, twin := fury.New(fury.WithCompatible(compatible)), fury.New(fury.WithCompatible(compatible))
		require.NoError(t, gen.Register(gentest.Collections{}, 260))
		require.NoError(t, twin.Register(gentest.CollectionsR{}, 260))
		v := gentest.Collections{Scores: map[string][]float64{"a": nil}}
		data, err := gen.Marshal(&v)
		require.NoError(t, err)
		// Go's form of the entry: 15 (value null, key declared and
		// tracked), the flag ff, the key "a". Rust's: 14 and the key.
		goForm, rustForm := []byte{0x15, 0xff, 0x06, 0x61}, []byte{0x14, 0x06, 0x61}
		require.Equal(t, 1, bytes.Count(data, goForm), "Go's null entry in % x", data)
		in := bytes.Replace(data, goForm, rustForm, 1)
		var got gentest.Collections
		require.NoError(t, gen.Unmarshal(in, &got))
		var gotTwin gentest.CollectionsR
		require.NoError(t, twin.Unmarshal(in, &gotTwin))
		for _, m := range []map[string][]float64{got.Scores, gotTwin.Scores} {
			s, ok := m["a"]
			assert.True(t, ok && s == nil && len(m) == 1, "compatible=%v: scores %v", compatible, m)
		}
	}
}

// TestCollectionHeaderBits checks the header bits a reader must honor.
func TestCollectionHeaderBits(t *testing.T) {
	t.Run("declared without same type", func(t *testing.T) {
		// 04 alone: every element is of the declared type, without type
		// info of its own (the spec's is_decl_elem_type).
		var s []string
		require.NoError(t, fury.New().Unmarshal(rustHex(t, "01 ff 16 02 04 06 61 06 62"), &s))
		assert.Equal(t, []string{"a", "b"}, s)
		var dyn any
		err := fury.New().Unmarshal(rustHex(t, "01 ff 16 02 04 06 61 06 62"), &dyn)
		assert.ErrorIs(t, err, fury.ErrInvalidData, "a declared element type an interface{} reader cannot know")
	})
	t.Run("Rust's list of nulls", func(t *testing.T) {
		// Vec<Option<String>> [None, None]: 0a = same type, has null; the
		// element type (15, string) once, then the null flags.
		in := rustHex(t, "01 ff 16 02 0a 15 fd fd")
		var s []*string
		require.NoError(t, fury.New().Unmarshal(in, &s))
		assert.Equal(t, []*string{nil, nil}, s)
		var dyn any
		require.NoError(t, fury.New().Unmarshal(in, &dyn))
		assert.Equal(t, []any{nil, nil}, dyn)
	})
	t.Run("reserved map header bits", func(t *testing.T) {
		for _, h := range []string{"40", "80"} {
			var m map[string]int64
			err := fury.New().Unmarshal(rustHex(t, "01 ff 18 01 "+h+" 01 15 07 06 61 02"), &m)
			assert.ErrorIs(t, err, fury.ErrInvalidData, "header %s", h)
			var dyn any
			err = fury.New().Unmarshal(rustHex(t, "01 ff 18 01 "+h+" 01 15 07 06 61 02"), &dyn)
			assert.ErrorIs(t, err, fury.ErrInvalidData, "header %s", h)
		}
	})
	t.Run("declared null entry into interface{}", func(t *testing.T) {
		// 14: the key declared, which a map[any]... reader cannot know.
		var m map[any]*int64
		err := fury.New().Unmarshal(rustHex(t, "01 ff 18 01 14 06 61"), &m)
		assert.Error(t, err)
	})
}

// TestFieldNamesOnTheWire checks the wire names of acronym-and-digit Go
// field names (the rule in doc.go, "Field names") through a reader whose
// fields carry the snake_case names as tags, as a Rust or Python struct has
// them.
func TestFieldNamesOnTheWire(t *testing.T) {
	type goSide struct {
		OI32       int32
		SF64       float64
		UserID     int64
		HTTPServer string
		I8Min      int8
		URL2       string
	}
	type peerSide struct {
		A int32   `fury:"name=o_i32"`
		B float64 `fury:"name=s_f64"`
		C int64   `fury:"name=user_id"`
		D string  `fury:"name=http_server"`
		E int8    `fury:"name=i8_min"`
		F string  `fury:"name=url2"`
	}
	for _, compatible := range []bool{true, false} {
		w, r := fury.New(fury.WithCompatible(compatible)), fury.New(fury.WithCompatible(compatible))
		require.NoError(t, w.RegisterTagType("t.Names", goSide{}))
		require.NoError(t, r.RegisterTagType("t.Names", peerSide{}))
		data, err := w.Marshal(goSide{1, 2.5, 3, "h", -4, "u"})
		require.NoError(t, err)
		var got peerSide
		require.NoError(t, r.Unmarshal(data, &got), "compatible=%v", compatible)
		assert.Equal(t, peerSide{1, 2.5, 3, "h", -4, "u"}, got, "compatible=%v", compatible)
	}
}
