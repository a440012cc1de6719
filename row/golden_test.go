package row_test

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/row"
)

type goldenCase struct {
	Name    string `json:"name"`
	Schema  string `json:"schema"`
	Hash    int64  `json:"hash"`
	Encoded string `json:"encoded"`
	Row     string `json:"row"`
}

func loadGolden(t testing.TB) map[string]goldenCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/pyfory_golden.json")
	require.NoError(t, err)
	var f struct {
		Pyfory string       `json:"pyfory"`
		Cases  []goldenCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(raw, &f))
	require.Equal(t, "1.7.7", f.Pyfory)
	out := map[string]goldenCase{}
	for _, c := range f.Cases {
		out[c.Name] = c
	}
	return out
}

// schemaText prints a schema as pyfory does (pyfory marks every inferred
// field nullable, so nullability is left out, nested fields' too).
func schemaText(s *row.Schema) string {
	lines := make([]string, s.NumFields())
	for i := range lines {
		f := s.Field(i)
		lines[i] = f.Name + ": " + strings.ReplaceAll(f.Type.String(), " not null", "")
	}
	return strings.Join(lines, "\n")
}

func width(id row.TypeID) int {
	switch id {
	case row.TypeBool, row.TypeInt8:
		return 1
	case row.TypeInt16:
		return 2
	case row.TypeInt32, row.TypeFloat32, row.TypeDate:
		return 4
	}
	return 8
}

// zeroNullSlots clears the slots of null fields and elements in place:
// pyfory leaves whatever the buffer held there (the format leaves them
// undefined), the Go encoder writes zeros.
func zeroNullSlots(t testing.TB, r row.Row) {
	t.Helper()
	b := r.Bytes()
	bm := (r.NumFields() + 63) / 64 * 8
	for i := 0; i < r.NumFields(); i++ {
		if r.IsNullAt(i) {
			clear(b[bm+8*i : bm+8*i+8])
			continue
		}
		zeroNullIn(t, r.Schema().Field(i).Type, func() (row.Row, error) { return r.Struct(i) },
			func() (row.Array, error) { return r.Array(i) }, func() (row.Map, error) { return r.Map(i) })
	}
}

func zeroNullIn(t testing.TB, dt *row.DataType, st func() (row.Row, error), ar func() (row.Array, error), mp func() (row.Map, error)) {
	switch dt.ID() {
	case row.TypeStruct:
		s, err := st()
		require.NoError(t, err)
		zeroNullSlots(t, s)
	case row.TypeList:
		a, err := ar()
		require.NoError(t, err)
		zeroNullArray(t, a)
	case row.TypeMap:
		m, err := mp()
		require.NoError(t, err)
		zeroNullArray(t, m.Keys())
		zeroNullArray(t, m.Values())
	}
}

func zeroNullArray(t testing.TB, a row.Array) {
	b := a.Bytes()
	w := width(a.Elem().ID())
	data := 8 + (a.Len()+63)/64*8
	for i := 0; i < a.Len(); i++ {
		if a.IsNullAt(i) {
			clear(b[data+w*i : data+w*i+w])
			continue
		}
		zeroNullIn(t, a.Elem(), func() (row.Row, error) { return a.Struct(i) },
			func() (row.Array, error) { return a.Array(i) }, func() (row.Map, error) { return a.Map(i) })
	}
}

func checkGolden[T any](t *testing.T, c goldenCase, v T) {
	t.Helper()
	enc, err := row.NewEncoder[T]()
	require.NoError(t, err)
	require.Equal(t, c.Schema, schemaText(enc.Schema()), "field order and types as pyfory infers them")
	want, err := hex.DecodeString(c.Encoded + c.Row)
	require.NoError(t, err)
	var got []byte
	if c.Encoded != "" {
		require.Equal(t, c.Hash, enc.Schema().Hash(), "schema hash")
		got, err = enc.Encode(&v)
		require.NoError(t, err)
		r, err := row.NewRow(enc.Schema(), want[row.HashSize:])
		require.NoError(t, err)
		zeroNullSlots(t, r)
		dec, err := enc.Decode(want)
		require.NoError(t, err)
		require.Empty(t, cmp.Diff(&v, dec), "decoding pyfory's bytes")
	} else {
		r, err := enc.ToRow(&v)
		require.NoError(t, err)
		got = r.Bytes()
		pr, err := row.NewRow(enc.Schema(), want)
		require.NoError(t, err)
		zeroNullSlots(t, pr)
		dec, err := enc.FromRow(pr)
		require.NoError(t, err)
		require.Empty(t, cmp.Diff(&v, dec), "decoding pyfory's row")
	}
	require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), "bytes as pyfory writes them")
}

func TestRowGoldenPyfory(t *testing.T) {
	g := loadGolden(t)
	t.Run("all_types", func(t *testing.T) { checkGolden(t, g["all_types"], allTypes()) })
	t.Run("all_types_nulls", func(t *testing.T) { checkGolden(t, g["all_types_nulls"], allTypesNulls()) })
	t.Run("edge", func(t *testing.T) { checkGolden(t, g["edge"], edge()) })
	t.Run("large", func(t *testing.T) { checkGolden(t, g["large"], large()) })
	t.Run("nested", func(t *testing.T) { checkGolden(t, g["nested"], nested()) })
}
