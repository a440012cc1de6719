package rowarrow_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

// batchJSON builds a record batch of the given fields from JSON rows.
func batchJSON(t *testing.T, fields []arrow.Field, rows string) arrow.RecordBatch {
	t.Helper()
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	rec, _, err := array.RecordFromJSON(mem, arrow.NewSchema(fields, nil), strings.NewReader(rows))
	require.NoError(t, err)
	t.Cleanup(func() {
		rec.Release()
		mem.AssertSize(t, 0)
	})
	return rec
}

func fld(name string, dt arrow.DataType, nullable bool) arrow.Field {
	return arrow.Field{Name: name, Type: dt, Nullable: nullable}
}

// values reads every row back in Build's generic form.
func values(t *testing.T, rows []row.Row) [][]any {
	t.Helper()
	out := make([][]any, len(rows))
	for i, r := range rows {
		v, err := r.Values()
		require.NoError(t, err)
		out[i] = v
	}
	return out
}

var abs = row.NewSchema(
	row.Field{Name: "a", Type: row.Int64()},
	row.Field{Name: "b", Type: row.Int64()},
	row.Field{Name: "s", Type: row.String(), Nullable: true},
)

// TestFromRecordBatchReorderedByName: columns in another order than the
// row schema's are read by name (they used to be read by position, and
// a and b came back swapped).
func TestFromRecordBatchReorderedByName(t *testing.T) {
	rec := batchJSON(t, []arrow.Field{
		fld("b", arrow.PrimitiveTypes.Int64, false), fld("a", arrow.PrimitiveTypes.Int64, false), fld("s", arrow.BinaryTypes.String, true),
	}, `[{"b": 1000, "a": 0, "s": "x"}, {"b": 2000, "a": 1, "s": null}]`)
	rows, err := rowarrow.FromRecordBatch(abs, rec)
	require.NoError(t, err)
	assert.Equal(t, [][]any{{int64(0), int64(1000), "x"}, {int64(1), int64(2000), nil}}, values(t, rows))

	// Nested struct children too, inside a list and a map.
	inner := row.StructOf(row.Field{Name: "id", Type: row.Int32()}, row.Field{Name: "name", Type: row.String(), Nullable: true})
	s := row.NewSchema(
		row.Field{Name: "leaf", Type: inner},
		row.Field{Name: "leaves", Type: row.ListOf(inner), Nullable: true},
		row.Field{Name: "by", Type: row.MapOf(row.String(), inner), Nullable: true},
	)
	at := arrow.StructOf(fld("name", arrow.BinaryTypes.String, true), fld("id", arrow.PrimitiveTypes.Int32, true))
	rec = batchJSON(t, []arrow.Field{
		fld("by", arrow.MapOf(arrow.BinaryTypes.String, at), true),
		fld("leaves", arrow.ListOf(at), true),
		fld("leaf", at, true),
	}, `[{"leaf": {"name": "n", "id": 7}, "leaves": [{"name": null, "id": 8}], "by": [{"key": "k", "value": {"name": "v", "id": 9}}]}]`)
	rows, err = rowarrow.FromRecordBatch(s, rec)
	require.NoError(t, err)
	assert.Equal(t, [][]any{{
		[]any{int32(7), "n"},
		[]any{[]any{int32(8), nil}},
		row.MapValue{Keys: []any{"k"}, Values: []any{[]any{int32(9), "v"}}},
	}}, values(t, rows))
}

// TestFromRecordBatchSchemaMismatch: every way an Arrow schema can differ
// from the row schema is refused before a value is read, with an error
// naming the column path and both types; zero rows and all-null columns
// included.
func TestFromRecordBatchSchemaMismatch(t *testing.T) {
	i64, str := arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String
	leaf := row.NewSchema(row.Field{Name: "leaf", Type: row.StructOf(row.Field{Name: "id", Type: row.Int64()})})
	cases := []struct {
		name   string
		s      *row.Schema
		fields []arrow.Field
		rows   string
		want   string
	}{
		{"renamed", abs, []arrow.Field{fld("ident", i64, false), fld("b", i64, false), fld("s", str, true)}, `[{"ident": 1, "b": 2, "s": "x"}]`,
			"rowarrow: struct schema mismatch: column a: no Arrow field of that name for row type int64 not null (Arrow has ident: int64, b: int64, s: utf8)"},
		{"renamed nested", leaf, []arrow.Field{fld("leaf", arrow.StructOf(fld("ident", i64, false)), false)}, `[{"leaf": {"ident": 1}}]`,
			"rowarrow: struct schema mismatch: column leaf.id: no Arrow field of that name for row type int64 not null (Arrow has ident: int64)"},
		{"missing", abs, []arrow.Field{fld("a", i64, false), fld("b", i64, false)}, `[{"a": 1, "b": 2}]`,
			"rowarrow: struct schema mismatch: column s: no Arrow field of that name for row type utf8 (Arrow has a: int64, b: int64)"},
		{"extra", abs, []arrow.Field{fld("a", i64, false), fld("b", i64, false), fld("s", str, true), fld("t", str, true)}, `[]`,
			"rowarrow: struct schema mismatch: column t: Arrow type utf8, not in the row schema (row has a: int64 not null, b: int64 not null, s: utf8)"},
		{"duplicate", abs, []arrow.Field{fld("a", i64, false), fld("a", i64, false), fld("s", str, true)}, `[]`,
			"rowarrow: struct schema mismatch: column a: Arrow has two fields of that name"},
		{"mistyped", abs, []arrow.Field{fld("a", i64, false), fld("b", arrow.PrimitiveTypes.Int32, false), fld("s", str, true)}, `[{"a": 1, "b": 2, "s": "x"}]`,
			"rowarrow: struct schema mismatch: column b: Arrow type int32, row type int64 not null"},
		{"all-null wrong type", abs, []arrow.Field{fld("a", str, true), fld("b", i64, false), fld("s", str, true)}, `[{"a": null, "b": 2, "s": null}]`,
			"rowarrow: struct schema mismatch: column a: Arrow type utf8, row type int64 not null"},
		{"zero rows wrong types", abs, []arrow.Field{fld("a", str, true), fld("b", str, true), fld("s", i64, true)}, `[]`,
			"rowarrow: struct schema mismatch: column a: Arrow type utf8, row type int64 not null"},
		{"nested mistyped", leaf, []arrow.Field{fld("leaf", arrow.StructOf(fld("id", str, false)), false)}, `[]`,
			"rowarrow: struct schema mismatch: column leaf.id: Arrow type utf8, row type int64 not null"},
		{"list element", row.NewSchema(row.Field{Name: "l", Type: row.ListOf(row.Int32())}), []arrow.Field{fld("l", arrow.ListOf(i64), false)}, `[]`,
			"rowarrow: struct schema mismatch: column l[]: Arrow type int64, row type int32"},
		{"map value struct", row.NewSchema(row.Field{Name: "m", Type: row.MapOf(row.String(), leaf.Field(0).Type)}),
			[]arrow.Field{fld("m", arrow.MapOf(str, arrow.StructOf(fld("leaf", i64, false))), false)}, `[]`,
			"rowarrow: struct schema mismatch: column m[].value.id: no Arrow field of that name for row type int64 not null (Arrow has leaf: int64)"},
		{"list for struct", leaf, []arrow.Field{fld("leaf", arrow.ListOf(i64), false)}, `[]`,
			"rowarrow: struct schema mismatch: column leaf: Arrow type list<item: int64, nullable>, row type struct<id: int64 not null> not null"},
		{"null type for a non-nullable field", abs, []arrow.Field{fld("a", arrow.Null, true), fld("b", i64, false), fld("s", str, true)}, `[{"a": null, "b": 1, "s": null}]`,
			"rowarrow: struct schema mismatch: column a: Arrow type null (every value null), row type int64 not null"},
		{"dictionary of the wrong values", abs, []arrow.Field{fld("a", i64, false), fld("b", i64, false),
			fld("s", &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: i64}, true)}, `[]`,
			"rowarrow: struct schema mismatch: column s: Arrow type dictionary<values=int64, indices=int8, ordered=false>, row type utf8"},
		{"decimal", abs, []arrow.Field{fld("a", &arrow.Decimal128Type{Precision: 10, Scale: 2}, false), fld("b", i64, false), fld("s", str, true)}, `[]`,
			"rowarrow: struct schema mismatch: column a: Arrow type decimal(10, 2), row type int64 not null"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := batchJSON(t, c.fields, c.rows)
			_, err := rowarrow.FromRecordBatch(c.s, rec)
			require.ErrorIs(t, err, fury.ErrSchemaMismatch)
			require.EqualError(t, err, c.want)
			// A table and a reader of the same batch are refused alike.
			tbl := array.NewTableFromRecords(rec.Schema(), []arrow.RecordBatch{rec})
			defer tbl.Release()
			_, err = rowarrow.FromTable(c.s, tbl)
			require.EqualError(t, err, c.want)
		})
	}
}

// TestFromRecordBatchNullInNonNullable: a null where the row schema says
// not null is refused by FromRecordBatch, naming the row and the field
// path, at the top level, in nested structs, in list elements and map
// values; a null child of a null struct is no null of its own.
func TestFromRecordBatchNullInNonNullable(t *testing.T) {
	inner := row.StructOf(row.Field{Name: "id", Type: row.Int32()})
	s := row.NewSchema(
		row.Field{Name: "a", Type: row.Int64()},
		row.Field{Name: "in", Type: inner, Nullable: true},
		row.Field{Name: "l", Type: row.ListOf(inner), Nullable: true},
		row.Field{Name: "m", Type: row.MapOf(row.String(), inner), Nullable: true},
	)
	// pyfory's Arrow schemas: every field nullable.
	at := arrow.StructOf(fld("id", arrow.PrimitiveTypes.Int32, true))
	fields := []arrow.Field{fld("a", arrow.PrimitiveTypes.Int64, true), fld("in", at, true), fld("l", arrow.ListOf(at), true),
		fld("m", arrow.MapOf(arrow.BinaryTypes.String, at), true)}
	ok := `{"a": 1, "in": {"id": 1}, "l": [{"id": 2}, null], "m": [{"key": "k", "value": {"id": 3}}, {"key": "n", "value": null}]}`
	rows, err := rowarrow.FromRecordBatch(s, batchJSON(t, fields, `[`+ok+`, {"a": 2, "in": null, "l": null, "m": null}]`))
	require.NoError(t, err)
	require.Len(t, rows, 2)
	for _, c := range []struct{ row, want string }{
		{`{"a": null, "in": null, "l": null, "m": null}`, "field a: null"},
		{`{"a": 1, "in": {"id": null}, "l": null, "m": null}`, "field in.id: null"},
		{`{"a": 1, "in": null, "l": [{"id": 1}, {"id": null}], "m": null}`, "field l[1].id: null"},
		{`{"a": 1, "in": null, "l": null, "m": [{"key": "k", "value": {"id": 1}}, {"key": "j", "value": {"id": null}}]}`, "field m[1].value.id: null"},
	} {
		_, err := rowarrow.FromRecordBatch(s, batchJSON(t, fields, `[`+ok+`, `+c.row+`]`))
		require.ErrorIs(t, err, fury.ErrInvalidData, c.row)
		require.EqualError(t, err, "rowarrow: invalid data: row 1, "+c.want+", but the row schema says not null")
	}
}

// TestFromRecordBatchForms: every Arrow form the package documents reads
// as the canonical one does, through the row schema and through the
// schema FromArrowSchema infers (the same schema the canonical form gives).
func TestFromRecordBatchForms(t *testing.T) {
	i64, str := arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String
	dict := func(idx, v arrow.DataType) arrow.DataType { return &arrow.DictionaryType{IndexType: idx, ValueType: v} }
	lists := `[{"x": [1, 2]}, {"x": null}, {"x": [3, null]}]`
	strs := `[{"x": "a"}, {"x": null}, {"x": "b"}, {"x": "a"}]`
	bins := `[{"x": "YQ=="}, {"x": null}, {"x": "YmI="}]`
	cases := []struct {
		name        string
		canon, form arrow.DataType
		rows        string
		formRows    string // the rows in the form's JSON, if it differs
	}{
		{"dictionary int8 utf8", str, dict(arrow.PrimitiveTypes.Int8, str), strs, ""},
		{"dictionary int32 utf8", str, dict(arrow.PrimitiveTypes.Int32, str), strs, ""},
		{"dictionary uint16 utf8", str, dict(arrow.PrimitiveTypes.Uint16, str), strs, ""},
		{"dictionary binary", arrow.BinaryTypes.Binary, dict(arrow.PrimitiveTypes.Int16, arrow.BinaryTypes.Binary), bins, ""},
		{"dictionary int64", i64, dict(arrow.PrimitiveTypes.Int8, i64), `[{"x": 5}, {"x": null}, {"x": 5}]`, ""},
		{"string_view", str, arrow.BinaryTypes.StringView, `[{"x": "a"}, {"x": null}, {"x": "a string longer than twelve bytes"}]`, ""},
		{"binary_view", arrow.BinaryTypes.Binary, arrow.BinaryTypes.BinaryView, bins, ""},
		{"large_utf8", str, arrow.BinaryTypes.LargeString, strs, ""},
		{"large_binary", arrow.BinaryTypes.Binary, arrow.BinaryTypes.LargeBinary, bins, ""},
		{"fixed_size_binary", arrow.BinaryTypes.Binary, &arrow.FixedSizeBinaryType{ByteWidth: 1}, `[{"x": "YQ=="}, {"x": null}]`, ""},
		{"large_list", arrow.ListOf(i64), arrow.LargeListOf(i64), lists, ""},
		{"list_view", arrow.ListOf(i64), arrow.ListViewOf(i64), lists, ""},
		{"large_list_view", arrow.ListOf(i64), arrow.LargeListViewOf(i64), lists, ""},
		{"fixed_size_list", arrow.ListOf(i64), arrow.FixedSizeListOf(2, i64), `[{"x": [1, 2]}, {"x": null}, {"x": [3, null]}]`, ""},
		{"list of dictionary", arrow.ListOf(str), arrow.ListViewOf(dict(arrow.PrimitiveTypes.Int8, str)), `[{"x": ["a", "b", "a"]}, {"x": null}]`, ""},
		{"timestamp ns with time zone", &arrow.TimestampType{Unit: arrow.Microsecond},
			&arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "Europe/Paris"}, `[{"x": 1709210096789012}, {"x": null}]`,
			`[{"x": 1709210096789012000}, {"x": null}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, err := rowarrow.FromRecordBatch(nil, batchJSON(t, []arrow.Field{fld("x", c.canon, true)}, c.rows))
			require.NoError(t, err)
			if c.formRows == "" {
				c.formRows = c.rows
			}
			rec := batchJSON(t, []arrow.Field{fld("x", c.form, true)}, c.formRows)
			inferred, err := rowarrow.FromArrowSchema(rec.Schema())
			require.NoError(t, err)
			require.True(t, inferred.Equal(want[0].Schema()), "%v != %v", inferred, want[0].Schema())
			for _, s := range []*row.Schema{want[0].Schema(), nil} {
				got, err := rowarrow.FromRecordBatch(s, rec)
				require.NoError(t, err)
				require.Len(t, got, len(want))
				for i := range want {
					assert.Equal(t, want[i].Bytes(), got[i].Bytes(), "row %d", i)
				}
			}
		})
	}

	// The null type: all null, for a nullable field (only with a row
	// schema: it has no row type to infer).
	rec := batchJSON(t, []arrow.Field{fld("a", i64, false), fld("b", i64, false), fld("s", arrow.Null, true)}, `[{"a": 1, "b": 2, "s": null}]`)
	rows, err := rowarrow.FromRecordBatch(abs, rec)
	require.NoError(t, err)
	assert.Equal(t, [][]any{{int64(1), int64(2), nil}}, values(t, rows))
	_, err = rowarrow.FromRecordBatch(nil, rec)
	require.ErrorIs(t, err, fury.ErrUnsupportedType)
	require.EqualError(t, err, "rowarrow: unsupported type: field s: Arrow type null has no row type (every value is null): pass a row schema that gives the field a type")
}

// TestFromTableAndRecordReader: chunked input (a table whose columns are
// chunked differently, an IPC stream of several batches whose dictionary
// changes between batches) gives the rows of all its batches in order.
func TestFromTableAndRecordReader(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	fields := []arrow.Field{fld("a", arrow.PrimitiveTypes.Int64, false), fld("b", arrow.PrimitiveTypes.Int64, false),
		fld("s", &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, true)}
	as := arrow.NewSchema(fields, nil)
	b1 := batchJSON(t, fields, `[{"a": 1, "b": 10, "s": "x"}, {"a": 2, "b": 20, "s": null}]`)
	b2 := batchJSON(t, fields, `[{"a": 3, "b": 30, "s": "y"}]`)
	want := [][]any{{int64(1), int64(10), "x"}, {int64(2), int64(20), nil}, {int64(3), int64(30), "y"}}

	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(as), ipc.WithAllocator(mem))
	require.NoError(t, w.Write(b1))
	require.NoError(t, w.Write(b2))
	require.NoError(t, w.Close())
	rdr, err := ipc.NewReader(bytes.NewReader(buf.Bytes()), ipc.WithAllocator(mem))
	require.NoError(t, err)
	rows, err := rowarrow.FromRecordReader(abs, rdr)
	rdr.Release()
	require.NoError(t, err)
	assert.Equal(t, want, values(t, rows))

	// A table whose columns are chunked at different rows.
	col := func(i int, chunks ...arrow.Array) arrow.Column {
		ch := arrow.NewChunked(fields[i].Type, chunks)
		defer ch.Release()
		return *arrow.NewColumn(fields[i], ch)
	}
	a, b, s := b1.Column(0), b1.Column(1), b1.Column(2)
	a2, b2c, s2 := b2.Column(0), b2.Column(1), b2.Column(2)
	sa1, sa2 := array.NewSlice(a, 0, 1), array.NewSlice(a, 1, 2)
	defer sa1.Release()
	defer sa2.Release()
	cols := []arrow.Column{col(0, sa1, sa2, a2), col(1, b, b2c), col(2, s, s2)}
	tbl := array.NewTable(as, cols, 3)
	for i := range cols {
		cols[i].Release()
	}
	defer tbl.Release()
	rows, err = rowarrow.FromTable(abs, tbl)
	require.NoError(t, err)
	assert.Equal(t, want, values(t, rows))
	rows, err = rowarrow.FromTable(nil, tbl)
	require.NoError(t, err)
	require.Len(t, rows, 3)

	_, err = rowarrow.FromRecordReader(abs, nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = rowarrow.FromTable(abs, nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
}

// TestPyforyNullability: the option gives pyfory's Arrow nullability
// (every field nullable, nested struct children in lists and maps
// included; map keys not null) and still refuses nulls the row schema
// does not allow.
func TestPyforyNullability(t *testing.T) {
	inner := row.StructOf(row.Field{Name: "id", Type: row.Int32()})
	s := row.NewSchema(
		row.Field{Name: "a", Type: row.Int64()},
		row.Field{Name: "in", Type: inner},
		row.Field{Name: "l", Type: row.ListOf(inner)},
		row.Field{Name: "m", Type: row.MapOf(row.String(), inner)},
	)
	as, err := rowarrow.ToArrowSchema(s, rowarrow.PyforyNullability())
	require.NoError(t, err)
	assert.Equal(t, `schema:
  fields: 4
    - a: type=int64, nullable
    - in: type=struct<id: int32 nullable>, nullable
    - l: type=list<item: struct<id: int32 nullable>, nullable>, nullable
    - m: type=map<utf8, struct<id: int32 nullable>, items_nullable>, nullable`, as.String())
	key := as.Field(3).Type.(*arrow.MapType).KeyField()
	assert.False(t, key.Nullable)
	def, err := rowarrow.ToArrowSchema(s)
	require.NoError(t, err)
	assert.Equal(t, `schema:
  fields: 4
    - a: type=int64
    - in: type=struct<id: int32>
    - l: type=list<item: struct<id: int32>, nullable>
    - m: type=map<utf8, struct<id: int32>, items_nullable>`, def.String())

	r, err := row.Build(s, []any{int64(1), []any{int32(2)}, []any{[]any{int32(3)}}, row.MapValue{Keys: []any{"k"}, Values: []any{[]any{int32(4)}}}})
	require.NoError(t, err)
	rec, err := rowarrow.ToRecordBatch(nil, s, []row.Row{r}, rowarrow.PyforyNullability())
	require.NoError(t, err)
	defer rec.Release()
	assert.True(t, rec.Schema().Equal(as))
	back, err := rowarrow.FromRecordBatch(s, rec)
	require.NoError(t, err)
	assert.Equal(t, r.Bytes(), back[0].Bytes())

	bad, err := row.Build(s, []any{int64(1), []any{nil}, nil, nil})
	require.NoError(t, err)
	_, err = rowarrow.ToRecordBatch(nil, s, []row.Row{bad}, rowarrow.PyforyNullability())
	require.ErrorIs(t, err, fury.ErrInvalidData)
}

// TestFromRecordBatchMalformed: an array whose offsets point outside its
// values is an error, not a panic.
func TestFromRecordBatchMalformed(t *testing.T) {
	mem := memory.NewGoAllocator()
	vals, _, err := array.FromJSON(mem, arrow.PrimitiveTypes.Int64, strings.NewReader(`[1, 2]`))
	require.NoError(t, err)
	defer vals.Release()
	offsets := memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{0, 5}))
	data := array.NewData(arrow.ListOf(arrow.PrimitiveTypes.Int64), 1, []*memory.Buffer{nil, offsets}, []arrow.ArrayData{vals.Data()}, 0, 0)
	defer data.Release()
	l := array.MakeFromData(data)
	defer l.Release()
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{fld("l", l.DataType(), true)}, nil), []arrow.Array{l}, 1)
	defer rec.Release()
	s := row.NewSchema(row.Field{Name: "l", Type: row.ListOf(row.Int64()), Nullable: true})
	require.NotPanics(t, func() {
		_, err = rowarrow.FromRecordBatch(s, rec)
	})
	require.ErrorIs(t, err, fury.ErrInvalidData)
	require.Contains(t, err.Error(), "rowarrow: invalid data: column l: malformed Arrow array")
}

// TestFromRecordReaderNullColumnIPC: a null-type column read back from an
// IPC stream (whose arrays carry no buffer, which arrow-go's validator
// expects), at the top level and as a struct's child, reads as nulls.
func TestFromRecordReaderNullColumnIPC(t *testing.T) {
	fields := []arrow.Field{fld("a", arrow.PrimitiveTypes.Int64, false), fld("n", arrow.Null, true),
		fld("st", arrow.StructOf(fld("x", arrow.Null, true), fld("y", arrow.BinaryTypes.String, true)), true)}
	rec := batchJSON(t, fields, `[{"a": 1, "n": null, "st": {"x": null, "y": "v"}}, {"a": 2, "n": null, "st": null}]`)
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(rec.Schema()))
	require.NoError(t, w.Write(rec))
	require.NoError(t, w.Close())
	rdr, err := ipc.NewReader(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	defer rdr.Release()
	s := row.NewSchema(
		row.Field{Name: "a", Type: row.Int64()},
		row.Field{Name: "n", Type: row.String(), Nullable: true},
		row.Field{Name: "st", Type: row.StructOf(
			row.Field{Name: "x", Type: row.Int32(), Nullable: true},
			row.Field{Name: "y", Type: row.String(), Nullable: true}), Nullable: true},
	)
	rows, err := rowarrow.FromRecordReader(s, rdr)
	require.NoError(t, err)
	assert.Equal(t, [][]any{{int64(1), nil, []any{nil, "v"}}, {int64(2), nil, nil}}, values(t, rows))
}

// batches is a RecordReader over given batches, whose schemas may differ
// from the reader's.
type batches struct {
	schema *arrow.Schema
	recs   []arrow.RecordBatch
	cur    arrow.RecordBatch
}

func (b *batches) Retain()                        {}
func (b *batches) Release()                       {}
func (b *batches) Schema() *arrow.Schema          { return b.schema }
func (b *batches) RecordBatch() arrow.RecordBatch { return b.cur }
func (b *batches) Record() arrow.RecordBatch      { return b.cur }
func (b *batches) Err() error                     { return nil }
func (b *batches) Next() bool {
	if len(b.recs) == 0 {
		return false
	}
	b.cur, b.recs = b.recs[0], b.recs[1:]
	return true
}

// TestFromRecordReaderBatchSchemas: a batch whose columns are in another
// order than the reader's schema is read by name too; one that lacks a
// column is refused, naming the batch.
func TestFromRecordReaderBatchSchemas(t *testing.T) {
	i64, str := arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String
	first := batchJSON(t, []arrow.Field{fld("a", i64, false), fld("b", i64, false), fld("s", str, true)}, `[{"a": 1, "b": 10, "s": "x"}]`)
	swapped := batchJSON(t, []arrow.Field{fld("s", str, true), fld("b", i64, false), fld("a", i64, false)}, `[{"a": 2, "b": 20, "s": null}]`)
	rows, err := rowarrow.FromRecordReader(abs, &batches{schema: first.Schema(), recs: []arrow.RecordBatch{first, swapped}})
	require.NoError(t, err)
	assert.Equal(t, [][]any{{int64(1), int64(10), "x"}, {int64(2), int64(20), nil}}, values(t, rows))

	short := batchJSON(t, []arrow.Field{fld("a", i64, false), fld("b", i64, false)}, `[{"a": 3, "b": 30}]`)
	_, err = rowarrow.FromRecordReader(abs, &batches{schema: first.Schema(), recs: []arrow.RecordBatch{first, short}})
	require.ErrorIs(t, err, fury.ErrSchemaMismatch)
	require.EqualError(t, err, "rowarrow: struct schema mismatch: batch 1: column s: no Arrow field of that name for row type utf8 (Arrow has a: int64, b: int64)")
}

// TestFromRecordBatchSliced: a slice of a batch (offsets into its
// structs, lists, maps and dictionaries) reads as the same rows of the
// whole batch.
func TestFromRecordBatchSliced(t *testing.T) {
	at := arrow.StructOf(fld("id", arrow.PrimitiveTypes.Int32, true), fld("name", arrow.BinaryTypes.String, true))
	fields := []arrow.Field{
		fld("d", &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}, true),
		fld("in", at, true), fld("l", arrow.ListViewOf(at), true), fld("m", arrow.MapOf(arrow.BinaryTypes.String, at), true),
	}
	rec := batchJSON(t, fields, `[
		{"d": "a", "in": {"id": 1, "name": "x"}, "l": [{"id": 2, "name": null}], "m": [{"key": "k", "value": {"id": 3, "name": "y"}}]},
		{"d": null, "in": null, "l": null, "m": null},
		{"d": "b", "in": {"id": 4, "name": null}, "l": [], "m": []},
		{"d": "a", "in": {"id": 5, "name": "z"}, "l": [{"id": 6, "name": "w"}, null], "m": [{"key": "j", "value": null}]}]`)
	whole, err := rowarrow.FromRecordBatch(nil, rec)
	require.NoError(t, err)
	part := rec.NewSlice(1, 4)
	defer part.Release()
	got, err := rowarrow.FromRecordBatch(nil, part)
	require.NoError(t, err)
	require.Len(t, got, 3)
	for i := range got {
		assert.Equal(t, whole[i+1].Bytes(), got[i].Bytes(), "row %d", i)
	}
}

// TestSchemaMismatchWideList: the fields an error lists are bounded.
func TestSchemaMismatchWideList(t *testing.T) {
	fields := make([]arrow.Field, 40)
	for i := range fields {
		fields[i] = fld(fmt.Sprintf("f%d", i), arrow.FixedWidthTypes.Boolean, true)
	}
	_, err := rowarrow.FromRecordBatch(abs, batchJSON(t, fields, `[]`))
	require.ErrorIs(t, err, fury.ErrSchemaMismatch)
	require.True(t, strings.HasSuffix(err.Error(), "f15: bool, ... 24 more)"), err.Error())
}
