package xlang_test

import (
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/fury-go/fury/fury"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCore holds peer-free regression tests for the core problems the
// cross-language matrix found, each with bytes written by a real peer
// (pyfory 1.7.7 or fory-core 1.6.0). They need no Python or Java.
func TestCore(t *testing.T) {
	unhex := func(t *testing.T, s string) []byte {
		b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
		require.NoError(t, err)
		return b
	}
	hexOf := func(b []byte) string { return hex.EncodeToString(b) }

	t.Run("empty", func(t *testing.T) {
		// An empty collection read back must stay empty when written again.
		f := fury.New()
		check := func(t *testing.T, in string, dst any, get func() any) {
			require.NoError(t, f.Unmarshal(unhex(t, in), dst))
			out, err := f.Marshal(get())
			require.NoError(t, err)
			assert.Equal(t, hexOf(unhex(t, in)), hexOf(out), "read then written again")
		}
		t.Run("binary", func(t *testing.T) {
			var v []byte
			check(t, "01 ff 29 00", &v, func() any { return v })
		})
		t.Run("list", func(t *testing.T) {
			var v []string
			check(t, "01 ff 16 00", &v, func() any { return v })
		})
		t.Run("map", func(t *testing.T) {
			var v map[string]int64
			check(t, "01 ff 18 00", &v, func() any { return v })
		})
		t.Run("int32_array", func(t *testing.T) {
			var v []int32
			check(t, "01 ff 2e 00", &v, func() any { return v })
		})
		t.Run("nested_list", func(t *testing.T) {
			var v []fury.Int64Slice
			check(t, "01 ff 16 02 08 16 01 08 07 06 00", &v, func() any { return v })
		})
	})

	t.Run("duration_negative", func(t *testing.T) {
		// Both peers: seconds -2, nanos 500000000.
		out, err := fury.New().Marshal(-1500 * time.Millisecond)
		require.NoError(t, err)
		assert.Equal(t, "01ff25030065cd1d", hexOf(out))
	})

	t.Run("any_field_hash", func(t *testing.T) {
		// pyfory and fory-core bytes for PAny{V: "str"} (id 325), schema-consistent.
		f := fury.New(fury.WithCompatible(false))
		require.NoError(t, f.Register(PAny{}, 325))
		var v PAny
		require.NoError(t, f.Unmarshal(unhex(t, "01 ff 1b c5 02 32 fc be ee 15 0c 73 74 72"), &v))
		assert.Equal(t, PAny{V: "str"}, v)
	})

	t.Run("binary_into_int8", func(t *testing.T) {
		// fory-core's int8 array (byte[]) is binary.
		var v []int8
		require.NoError(t, fury.New().Unmarshal(unhex(t, "01 ff 29 03 80 00 7f"), &v))
		assert.Equal(t, []int8{-128, 0, 127}, v)
	})

	t.Run("list_struct_declared", func(t *testing.T) {
		// fory-core: list header 0c (declared element type + same type).
		f := fury.New(fury.WithCompatible(false))
		require.NoError(t, f.Register(PListStruct{}, 318))
		require.NoError(t, f.Register(Point{}, 102))
		var v PListStruct
		require.NoError(t, f.Unmarshal(unhex(t, "01 ff 1b be 02 30 b5 3a 85 02 0c 68 60 8b 24 02 04 68 60 8b 24 06 08"), &v))
		assert.Equal(t, PListStruct{V: []Point{{1, 2}, {3, 4}}}, v)
	})

	t.Run("all_null_list_java", func(t *testing.T) {
		// fory-core: element type named struct java.lang.Object with a TypeDef.
		var v any
		require.NoError(t, fury.New().Unmarshal(unhex(t,
			"01 ff 16 02 0a 1d 00 0d e0 49 39 85 bf 00 14 a0 19 24 15 06 96 06 98 13 38 29 20 a6 fd fd"), &v))
		assert.Equal(t, []any{nil, nil}, v)
	})

	t.Run("empty_struct_hash_java", func(t *testing.T) {
		// fory-core's hash of a struct without fields (pyfory writes 47).
		f := fury.New(fury.WithCompatible(false))
		require.NoError(t, f.Register(PEmpty{}, 326))
		var v PEmpty
		require.NoError(t, f.Unmarshal(unhex(t, "01 ff 1b c6 02 3a a1 e9 0b"), &v))
	})
}
