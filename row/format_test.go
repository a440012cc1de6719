package row_test

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

var updateFormat = flag.Bool("update-format", false, "rewrite testdata/format.golden")

type fmtLine struct {
	SKU   string
	Qty   int32
	Price float64
}

type fmtOrder struct {
	ID       int64
	Name     string
	Note     *string
	Paid     bool
	Small    int8
	Mid      int16
	Ratio    float32
	Blob     []byte
	Day      fury.Date
	At       time.Time
	Wait     time.Duration
	Lines    []fmtLine
	Tags     map[string]int64
	Nested   [][]int32
	Optional []*string
}

// TestFormatGolden holds the printed forms of rows, arrays and maps to
// testdata/format.golden (go test ./row -run TestFormatGolden
// -update-format rewrites it).
func TestFormatGolden(t *testing.T) {
	enc, err := row.NewEncoder[fmtOrder]()
	require.NoError(t, err)
	x := "x"
	o := fmtOrder{
		ID: 7, Name: "Ann \"A\"\n", Paid: true, Small: -8, Mid: 300, Ratio: 0.1,
		Blob: []byte{0x0a, 0xff}, Day: fury.Date{Year: 2024, Month: 5, Day: 1},
		At: time.Date(2024, 5, 1, 12, 0, 0, 123456000, time.UTC), Wait: 90 * time.Second,
		Lines:    []fmtLine{{"a-1", 2, 9.5}, {"b-2", 1, 20}},
		Tags:     map[string]int64{"rush": 1},
		Nested:   [][]int32{{1, 2}, {}, nil},
		Optional: []*string{&x, nil},
	}
	r, err := enc.ToRow(&o)
	require.NoError(t, err)
	s := enc.Schema()
	lines, err := r.Array(s.FieldIndex("lines"))
	require.NoError(t, err)
	tags, err := r.Map(s.FieldIndex("tags"))
	require.NoError(t, err)
	first, err := lines.Struct(0)
	require.NoError(t, err)
	empty, err := enc.ToRow(&fmtOrder{})
	require.NoError(t, err)
	nan, err := row.Build(row.NewSchema(row.Field{Name: "f", Type: row.Float64(), Nullable: true},
		row.Field{Name: "g", Type: row.Float32(), Nullable: true}), []any{math.Inf(-1), float32(math.NaN())})
	require.NoError(t, err)

	var sb strings.Builder
	for _, c := range []struct {
		name string
		v    any
	}{
		{"row", r}, {"array of structs", lines}, {"map", tags}, {"nested row", first},
		{"zero-valued row", empty}, {"floats", nan},
		{"zero Row", row.Row{}}, {"zero Array", row.Array{}}, {"zero Map", row.Map{}},
	} {
		for _, verb := range []string{"%v", "%+v", "%s", "%#v", "%d"} {
			fmt.Fprintf(&sb, "%s %s: "+verb+"\n", c.name, verb, c.v)
		}
	}
	got := sb.String()
	if *updateFormat {
		require.NoError(t, os.WriteFile("testdata/format.golden", []byte(got), 0o644))
	}
	want, err := os.ReadFile("testdata/format.golden")
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
	assert.Equal(t, fmt.Sprintf("%v", r), fmt.Sprint(r), "Sprint prints the %v form")
}

// TestFormatCorrupt: a row whose offsets point outside it still prints,
// the bad value as its error, and never panics.
func TestFormatCorrupt(t *testing.T) {
	s := row.NewSchema(row.Field{Name: "a", Type: row.Int32()}, row.Field{Name: "s", Type: row.String(), Nullable: true})
	r, err := row.Build(s, []any{int32(1), "hello"})
	require.NoError(t, err)
	b := append([]byte(nil), r.Bytes()...)
	b[8+8+4] = 0xff // the offset of field s
	bad, err := row.NewRow(s, b)
	require.NoError(t, err)
	assert.Equal(t, `{a: 1, s: <row: invalid data: field 1 "s": offset 255 and size 5 point outside the 32 bytes of its row>}`, fmt.Sprint(bad))
}

// TestGetterErrors pins the errors of failing getters: they name the field
// (index and name) or element, the bounds or both types, and wrap the
// sentinel for errors.Is.
func TestGetterErrors(t *testing.T) {
	s := row.NewSchema(
		row.Field{Name: "id", Type: row.Int64()},
		row.Field{Name: "name", Type: row.String(), Nullable: true},
		row.Field{Name: "xs", Type: row.ListOf(row.Int32())},
	)
	r, err := row.Build(s, []any{int64(1), nil, []any{int32(1), nil}})
	require.NoError(t, err)
	xs, err := r.Array(2)
	require.NoError(t, err)
	for _, c := range []struct {
		err      error
		sentinel error
		want     string
	}{
		{second(r.Int64(-1)), fury.ErrInvalidArgument, `row: invalid argument: field index -1 out of range [0,3) of struct<id: int64 not null, name: utf8, xs: list<int32> not null>`},
		{second(r.Int64(3)), fury.ErrInvalidArgument, `row: invalid argument: field index 3 out of range [0,3) of struct<id: int64 not null, name: utf8, xs: list<int32> not null>`},
		{second(r.Int32(0)), fury.ErrTypeMismatch, `row: type mismatch: field 0 "id" is int64, not int32`},
		{second(r.Map(2)), fury.ErrTypeMismatch, `row: type mismatch: field 2 "xs" is list<int32>, not map`},
		{second(r.String(1)), row.ErrNull, `row: value is null: field 1 "name"`},
		{second(xs.Int32(2)), fury.ErrInvalidArgument, `row: invalid argument: element index 2 out of range [0,2) of list<int32>`},
		{second(xs.Int64(0)), fury.ErrTypeMismatch, `row: type mismatch: element 0 of list<int32> is int32, not int64`},
		{second(xs.Int32(1)), row.ErrNull, `row: value is null: element 1`},
		{second(row.Row{}.Bool(0)), fury.ErrInvalidArgument, `row: invalid argument: field index 0 out of range [0,0) of struct<>`},
	} {
		require.Error(t, c.err)
		assert.ErrorIs(t, c.err, c.sentinel)
		assert.Equal(t, c.want, c.err.Error())
		assert.Equal(t, 1, strings.Count(c.err.Error(), "row: "))
		assert.NotContains(t, c.err.Error(), "fury: ")
	}
	// The null error is not a type mismatch, nor the others null.
	_, err = r.String(1)
	assert.False(t, errors.Is(err, fury.ErrTypeMismatch))
	_, err = r.Int32(0)
	assert.False(t, errors.Is(err, row.ErrNull))

	// A wide schema lists its first fields and counts the rest.
	fields := make([]row.Field, 40)
	for i := range fields {
		fields[i] = row.Field{Name: fmt.Sprintf("f%d", i), Type: row.Bool()}
	}
	wide, err := row.Build(row.NewSchema(fields...), make([]any, 40))
	require.NoError(t, err)
	_, err = wide.Bool(40)
	assert.Equal(t, `row: invalid argument: field index 40 out of range [0,40) of struct<f0: bool not null, f1: bool not null, f2: bool not null, f3: bool not null, f4: bool not null, f5: bool not null, f6: bool not null, f7: bool not null, `+
		`f8: bool not null, f9: bool not null, f10: bool not null, f11: bool not null, f12: bool not null, f13: bool not null, f14: bool not null, f15: bool not null, ... 24 more>`, err.Error())
}

func second[T any](_ T, err error) error { return err }

// TestRowErrorsNameRowOnce: errors of the row package, wrapped with
// context on their way out, begin "row: <class>: " and say it once.
func TestRowErrorsNameRowOnce(t *testing.T) {
	s := row.NewSchema(row.Field{Name: "a", Type: row.ListOf(nil)})
	err := s.Validate()
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	assert.Equal(t, `row: invalid argument: field "a": nil data type`, err.Error())

	_, err = row.Build(row.NewSchema(row.Field{Name: "xs", Type: row.ListOf(row.Int32())}), []any{[]any{"s"}})
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	assert.Equal(t, `row: type mismatch: field xs: element 0: string value for a int32`, err.Error())
}
