// Package rowarrow converts between Fory rows (package row) and Apache Arrow
// record batches, with github.com/apache/arrow-go/v18. It lives apart from
// package row so that users of rows alone do not depend on Arrow.
//
// # Row to Arrow
//
// ToArrowSchema, ToArrowType and ToRecordBatch write one Arrow form per row
// type, the one pyfory's to_arrow_schema gives:
//
//	row type              Arrow type
//	bool, int8..int64     the same Arrow primitive
//	float32, float64      float32 (float), float64 (double)
//	string / binary       utf8 / binary
//	date32                date32
//	timestamp             timestamp[us] (no time zone)
//	duration              duration[us] (pyfory 1.7.7 has no Arrow form for it)
//	list<T>               list<item: T> (the element nullable)
//	map<K, V>             map<K, V> (keys not null, values nullable)
//	struct<...>           struct<...>
//
// Field names carry over, and so does nullability: a field the row schema
// says is not null is a non-nullable Arrow field, at the top level and in
// nested structs. pyfory marks every field it infers from a dataclass
// nullable, so its Arrow schemas differ from these wherever a Go field
// cannot be nil; the option PyforyNullability gives its Arrow schemas
// instead (every field nullable, map keys excepted), so that a batch from
// Go and one from pyfory's ArrowWriter have equal schemas and concatenate
// (pyarrow's concat_tables). It is not the default because it loses what
// the row schema knows: a reader of the batch could no longer tell which
// fields are never null. ToRecordBatch refuses a row with a null in a
// field its row schema says is not nullable, with an error wrapping
// fury.ErrInvalidData, whichever Arrow schema it writes.
//
// # Arrow to row
//
// FromRecordBatch, FromRecordReader and FromTable convert Arrow data to
// rows of a row schema (nil: the one FromArrowSchema gives for the Arrow
// schema). Before reading any value they check the Arrow schema against
// the row schema: fields are matched by name, at every level (the
// columns, and the children of every struct, also inside lists and maps),
// so columns in another order than the row schema's are read into the
// right fields; a row field without an Arrow field of its name, an Arrow
// field without a row field, two fields of one name, or an Arrow type the
// row type cannot be read from is an error wrapping fury.ErrSchemaMismatch
// that names the column path ("leaf.id", "items[].price",
// "by_id[].value.name") and both types. The check does not depend on the
// values, so a batch of zero rows or an all-null column of the wrong type
// is refused as well. A nullable Arrow field may feed a field the row
// schema says is not null (pyfory's schemas are all nullable), but a null
// there is refused, naming the row and the field path with element
// indexes ("row 3, field items[2].price"), with an error wrapping
// fury.ErrInvalidData. Each array is validated (array.ValidateFull) before
// it is read: a malformed one is an error wrapping fury.ErrInvalidData.
//
// The Arrow types accepted for each row type, the forms Arrow producers
// write (pandas, Parquet readers, query engines):
//
//	row type     Arrow types read
//	bool         bool
//	int8..int64  the same integer type (no widening: int32 does not feed int64)
//	float32/64   float32 / float64
//	string       utf8, large_utf8, string_view
//	binary       binary, large_binary, binary_view, fixed_size_binary
//	date32       date32
//	timestamp    timestamp in any unit, with or without a time zone (the instant, in UTC)
//	duration     duration in any unit
//	list<T>      list, large_list, list_view, large_list_view, fixed_size_list of T
//	map<K, V>    map<K, V>
//	struct<...>  struct of the same field names, in any order
//	any          dictionary<indices, X> for an X it accepts (pandas
//	             categoricals, Parquet dictionary pages)
//	any          null (every value null), for a nullable field, a list
//	             element or a map value
//
// FromArrowSchema and FromArrowType give the row type of the first column
// for each of these, so the schema-inferring path reads what the
// row-schema path reads; an Arrow null column has no row type of its own,
// so inferring fails on it (pass a row schema). Other Arrow types
// (unsigned integers, float16, decimals, date64, times, intervals, unions,
// run-end encoding, extension types) are errors wrapping
// fury.ErrUnsupportedType when inferring, fury.ErrSchemaMismatch when
// matched against a row type.
//
// Arrow input in nanoseconds is brought to the microseconds the row format
// stores as the row package does: a timestamp floored (as
// time.Time.UnixMicro), a duration truncated toward zero. A timestamp or
// duration in seconds or milliseconds whose microseconds overflow int64, or
// a duration beyond time.Duration's range, is an error wrapping
// fury.ErrInvalidData.
//
// # Untrusted input
//
// The checks above start from batches arrow-go has already built, and
// arrow-go's IPC readers (ipc.NewReader, ipc.NewFileReader) trust the
// metadata of the bytes they read. With arrow-go v18.8.0, a crafted stream
// of a few kilobytes whose schema message declares an enormous field count
// makes ipc.NewReader ask for hundreds of gigabytes, and the process ends
// with the runtime's fatal "out of memory", which recover does not catch.
// Read IPC bytes only from producers you trust, or in a process that may
// die.
package rowarrow

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

// arrowError wraps one of fury's sentinel errors with context. Its message
// is "rowarrow: <class>: <message>", the class being the sentinel's message
// without its "fury: " prefix, so that the package is named once.
type arrowError struct {
	sentinel error
	msg      string
}

func (e *arrowError) Error() string {
	return "rowarrow: " + strings.TrimPrefix(e.sentinel.Error(), "fury: ") + ": " + e.msg
}

func (e *arrowError) Unwrap() error { return e.sentinel }

func errorf(sentinel error, format string, args ...any) error {
	return &arrowError{sentinel: sentinel, msg: fmt.Sprintf(format, args...)}
}

// wrapCtx puts where err happened (a field, a row, a batch) before its
// message: after the package and class for an error of this package, so
// that they stay first, and before the message of another package's
// (row's, whose errors name their package too).
func wrapCtx(err error, format string, args ...any) error {
	ctx := fmt.Sprintf(format, args...)
	if e, ok := err.(*arrowError); ok {
		return &arrowError{sentinel: e.sentinel, msg: ctx + ": " + e.msg}
	}
	return fmt.Errorf("%s: %w", ctx, err)
}

// An Option changes the Arrow schema ToArrowSchema, ToArrowType and
// ToRecordBatch write.
type Option func(*options)

type options struct {
	allNullable bool
}

func optionsOf(opts []Option) options {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// PyforyNullability makes every Arrow field nullable (the columns, the
// fields of nested structs, list elements and map values; map keys stay
// non-nullable, as Arrow requires), which is what pyfory 1.7.7's
// to_arrow_schema gives for a schema it inferred from a dataclass. A batch
// written with it and one written by pyfory's ArrowWriter for the same
// schema have equal Arrow schemas, so pyarrow concatenates them. The row
// schema's nullability still holds for the values: a null in a field it
// says is not null is refused.
func PyforyNullability() Option { return func(o *options) { o.allNullable = true } }

// ToArrowSchema converts a row schema to an Arrow schema (see the package
// documentation for the types and the nullability).
func ToArrowSchema(s *row.Schema, opts ...Option) (*arrow.Schema, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	fields, err := toArrowFields(s, optionsOf(opts))
	if err != nil {
		return nil, err
	}
	return arrow.NewSchema(fields, nil), nil
}

func toArrowFields(s *row.Schema, o options) ([]arrow.Field, error) {
	out := make([]arrow.Field, s.NumFields())
	for i := range out {
		f := s.Field(i)
		t, err := toArrowType(f.Type, o)
		if err != nil {
			return nil, wrapCtx(err, "field %s", f.Name)
		}
		out[i] = arrow.Field{Name: f.Name, Type: t, Nullable: f.Nullable || o.allNullable}
	}
	return out, nil
}

// ToArrowType converts a row data type to an Arrow data type.
func ToArrowType(t *row.DataType, opts ...Option) (arrow.DataType, error) {
	return toArrowType(t, optionsOf(opts))
}

func toArrowType(t *row.DataType, o options) (arrow.DataType, error) {
	if t == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil row data type")
	}
	switch t.ID() {
	case row.TypeBool:
		return arrow.FixedWidthTypes.Boolean, nil
	case row.TypeInt8:
		return arrow.PrimitiveTypes.Int8, nil
	case row.TypeInt16:
		return arrow.PrimitiveTypes.Int16, nil
	case row.TypeInt32:
		return arrow.PrimitiveTypes.Int32, nil
	case row.TypeInt64:
		return arrow.PrimitiveTypes.Int64, nil
	case row.TypeFloat32:
		return arrow.PrimitiveTypes.Float32, nil
	case row.TypeFloat64:
		return arrow.PrimitiveTypes.Float64, nil
	case row.TypeString:
		return arrow.BinaryTypes.String, nil
	case row.TypeBinary:
		return arrow.BinaryTypes.Binary, nil
	case row.TypeDate:
		return arrow.FixedWidthTypes.Date32, nil
	case row.TypeTimestamp:
		return &arrow.TimestampType{Unit: arrow.Microsecond}, nil
	case row.TypeDuration:
		return &arrow.DurationType{Unit: arrow.Microsecond}, nil
	case row.TypeList:
		e, err := toArrowType(t.Elem(), o)
		if err != nil {
			return nil, err
		}
		return arrow.ListOf(e), nil
	case row.TypeMap:
		k, err := toArrowType(t.Key(), o)
		if err != nil {
			return nil, err
		}
		v, err := toArrowType(t.Value(), o)
		if err != nil {
			return nil, err
		}
		return arrow.MapOf(k, v), nil
	case row.TypeStruct:
		fs, err := toArrowFields(t.Schema(), o)
		if err != nil {
			return nil, err
		}
		return arrow.StructOf(fs...), nil
	}
	return nil, errorf(fury.ErrUnsupportedType, "row type %v", t)
}

// FromArrowSchema converts an Arrow schema to a row schema, keeping the
// field order.
func FromArrowSchema(s *arrow.Schema) (*row.Schema, error) {
	if s == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil Arrow schema")
	}
	fs, err := fromArrowFields(s.Fields(), 0)
	if err != nil {
		return nil, err
	}
	return row.NewSchema(fs...), nil
}

func fromArrowFields(afs []arrow.Field, depth int) ([]row.Field, error) {
	out := make([]row.Field, len(afs))
	for i, f := range afs {
		t, err := fromArrowType(f.Type, depth)
		if err != nil {
			return nil, wrapCtx(err, "field %s", f.Name)
		}
		out[i] = row.Field{Name: f.Name, Type: t, Nullable: f.Nullable}
	}
	return out, nil
}

// FromArrowType converts an Arrow data type to a row data type: each
// Arrow type the package documentation lists, nested, to the row type it
// is read as.
func FromArrowType(t arrow.DataType) (*row.DataType, error) {
	return fromArrowType(t, 0)
}

func fromArrowType(t arrow.DataType, depth int) (*row.DataType, error) {
	if depth > maxDepth {
		return nil, errorf(fury.ErrDepthExceeded, "Arrow type nests deeper than %d", maxDepth)
	}
	if k, _, ok := arrowLeafKind(t); ok {
		return leafRowTypes[k], nil
	}
	switch t := t.(type) {
	case *arrow.MapType:
		k, err := fromArrowType(t.KeyType(), depth+1)
		if err != nil {
			return nil, err
		}
		v, err := fromArrowType(t.ItemType(), depth+1)
		if err != nil {
			return nil, err
		}
		return row.MapOf(k, v), nil
	case *arrow.DictionaryType:
		return fromArrowType(t.ValueType, depth+1)
	case *arrow.NullType:
		return nil, errorf(fury.ErrUnsupportedType, "Arrow type null has no row type (every value is null): pass a row schema that gives the field a type")
	case *arrow.StructType:
		fs, err := fromArrowFields(t.Fields(), depth+1)
		if err != nil {
			return nil, err
		}
		return row.StructOf(fs...), nil
	}
	if ef, ok := listElem(t); ok {
		e, err := fromArrowType(ef.Type, depth+1)
		if err != nil {
			return nil, err
		}
		return row.ListOf(e), nil
	}
	if t == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil Arrow type")
	}
	return nil, errorf(fury.ErrUnsupportedType, "Arrow type %v has no row type", t)
}

// ToRecordBatch appends rows (all of schema s) to one Arrow record batch
// with the schema ToArrowSchema(s, opts...). mem may be nil for the
// default allocator. The caller releases the batch.
//
// What the batch costs follows the schema's width, not the rows' size:
// Arrow gives a null struct (or a null element of a list of structs) a slot
// in every child column, so a few bytes of rows holding nulls of a struct
// of a thousand fields take a thousand slots each. Bound the rows (or the
// schemas) you accept from untrusted sources accordingly.
func ToRecordBatch(mem memory.Allocator, s *row.Schema, rows []row.Row, opts ...Option) (arrow.RecordBatch, error) {
	if mem == nil {
		mem = memory.DefaultAllocator
	}
	as, err := ToArrowSchema(s, opts...)
	if err != nil {
		return nil, err
	}
	b := array.NewRecordBuilder(mem, as)
	defer b.Release()
	for ri, r := range rows {
		if r.Schema() == nil || r.Schema().Hash() != s.Hash() || r.NumFields() != s.NumFields() {
			return nil, errorf(fury.ErrSchemaMismatch, "row %d does not have the batch's schema", ri)
		}
		vals, err := r.Values()
		if err != nil {
			return nil, wrapCtx(err, "row %d", ri)
		}
		for i, v := range vals {
			f := s.Field(i)
			if err := appendValue(b.Field(i), f.Type, f.Nullable, v); err != nil {
				return nil, wrapCtx(err, "row %d, field %s", ri, f.Name)
			}
		}
	}
	rec := b.NewRecordBatch()
	if s.NumFields() == 0 && len(rows) > 0 {
		// Without columns the builder cannot count the rows.
		rec.Release()
		rec = array.NewRecordBatch(as, nil, int64(len(rows)))
	}
	return rec, nil
}

// appendValue appends v, a value of row type t in Build's generic form, to
// b; nullable says whether the Arrow field b builds may hold nulls (a null
// there is an error, as the batch would contradict its schema).
func appendValue(b array.Builder, t *row.DataType, nullable bool, v any) (err error) {
	if v == nil {
		if !nullable {
			return errorf(fury.ErrInvalidData, "null value for a field that is not nullable")
		}
		b.AppendNull()
		return nil
	}
	ok := true
	switch bb := b.(type) {
	case *array.BooleanBuilder:
		var x bool
		x, ok = v.(bool)
		bb.Append(x)
	case *array.Int8Builder:
		var x int8
		x, ok = v.(int8)
		bb.Append(x)
	case *array.Int16Builder:
		var x int16
		x, ok = v.(int16)
		bb.Append(x)
	case *array.Int32Builder:
		var x int32
		x, ok = v.(int32)
		bb.Append(x)
	case *array.Int64Builder:
		var x int64
		x, ok = v.(int64)
		bb.Append(x)
	case *array.Float32Builder:
		var x float32
		x, ok = v.(float32)
		bb.Append(x)
	case *array.Float64Builder:
		var x float64
		x, ok = v.(float64)
		bb.Append(x)
	case *array.StringBuilder:
		var x string
		x, ok = v.(string)
		bb.Append(x)
	case *array.BinaryBuilder:
		var x []byte
		x, ok = v.([]byte)
		bb.Append(x)
	case *array.Date32Builder:
		var x fury.Date
		x, ok = v.(fury.Date)
		bb.Append(arrow.Date32FromTime(x.Time()))
	case *array.TimestampBuilder:
		var x time.Time
		x, ok = v.(time.Time)
		bb.Append(arrow.Timestamp(x.UnixMicro()))
	case *array.DurationBuilder:
		var x time.Duration
		x, ok = v.(time.Duration)
		bb.Append(arrow.Duration(x / time.Microsecond))
	case *array.MapBuilder:
		m, isMap := v.(row.MapValue)
		if !isMap {
			return errorf(fury.ErrTypeMismatch, "value of Go type %T for row type %v", v, t)
		}
		bb.Append(true)
		for i := range m.Keys {
			if m.Keys[i] == nil {
				return errorf(fury.ErrInvalidData, "null map key")
			}
			if err := appendValue(bb.KeyBuilder(), t.Key(), false, m.Keys[i]); err != nil {
				return err
			}
			if err := appendValue(bb.ItemBuilder(), t.Value(), true, m.Values[i]); err != nil {
				return err
			}
		}
	case *array.ListBuilder:
		xs, isList := v.([]any)
		if !isList {
			return errorf(fury.ErrTypeMismatch, "value of Go type %T for row type %v", v, t)
		}
		bb.Append(true)
		for _, x := range xs {
			if err := appendValue(bb.ValueBuilder(), t.Elem(), true, x); err != nil {
				return err
			}
		}
	case *array.StructBuilder:
		xs, isList := v.([]any)
		if !isList || len(xs) != bb.NumField() {
			return errorf(fury.ErrTypeMismatch, "value of Go type %T for row type %v", v, t)
		}
		bb.Append(true)
		for i, x := range xs {
			f := t.Schema().Field(i)
			if err := appendValue(bb.FieldBuilder(i), f.Type, f.Nullable, x); err != nil {
				return wrapCtx(err, "field %s", f.Name)
			}
		}
	default:
		return errorf(fury.ErrUnsupportedType, "row type %v has no Arrow column builder", t)
	}
	if !ok {
		return errorf(fury.ErrTypeMismatch, "value of Go type %T for row type %v", v, t)
	}
	return nil
}

// FromRecordBatch converts each row of rec to a row of schema s (nil: the
// schema FromArrowSchema gives for rec's schema). rec's Arrow schema is
// checked against s first, its columns matched to s's fields by name (not
// by position) at every level, as the package documentation describes; a
// null where s says not null is an error naming the row and the field.
// The rows share one buffer.
func FromRecordBatch(s *row.Schema, rec arrow.RecordBatch) ([]row.Row, error) {
	if rec == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil record batch")
	}
	p, err := planFor(s, rec.Schema())
	if err != nil {
		return nil, err
	}
	buf, ends, err := p.appendRows(nil, make([]int, 0, rec.NumRows()), rec)
	if err != nil {
		return nil, err
	}
	return rowsOf(p.s, buf, ends)
}

// FromRecordReader converts every batch rdr gives (an IPC stream's
// through ipc.NewReader, a table's through array.NewTableReader) to rows of schema s (nil: the
// schema FromArrowSchema gives for rdr's schema), checked as
// FromRecordBatch checks one batch. The rows, in the batches' order, share
// one buffer. It does not release rdr; an error rdr reports is returned.
func FromRecordReader(s *row.Schema, rdr array.RecordReader) ([]row.Row, error) {
	if rdr == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil record reader")
	}
	p, err := planFor(s, rdr.Schema())
	if err != nil {
		return nil, err
	}
	var buf []byte
	var ends []int
	for batch := 0; rdr.Next(); batch++ {
		rec := rdr.RecordBatch()
		bp := p
		if rs := rec.Schema(); rs != p.as && !rs.Equal(p.as) {
			// A batch whose schema differs from the reader's is checked
			// on its own (its columns may be in another order).
			if bp, err = planFor(p.s, rs); err != nil {
				return nil, wrapCtx(err, "batch %d", batch)
			}
		}
		if buf, ends, err = bp.appendRows(buf, ends, rec); err != nil {
			return nil, wrapCtx(err, "batch %d", batch)
		}
	}
	if err := rdr.Err(); err != nil {
		return nil, err
	}
	return rowsOf(p.s, buf, ends)
}

// FromTable converts every row of tbl, whose columns may be chunked
// differently (an IPC file's batches: array.NewTableFromRecords of
// ipc.FileReader's RecordBatchAt), to rows of schema s (nil: the schema
// FromArrowSchema gives for tbl's schema), checked as FromRecordBatch
// checks one batch.
func FromTable(s *row.Schema, tbl arrow.Table) ([]row.Row, error) {
	if tbl == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil table")
	}
	tr := array.NewTableReader(tbl, -1)
	defer tr.Release()
	return FromRecordReader(s, tr)
}

// unitMicros converts v in unit u to microseconds: a finer unit is floored
// (a timestamp, as time.Time.UnixMicro does) or truncated toward zero (a
// duration, as time.Duration division does); a coarser one that would
// overflow int64 microseconds is an error.
func unitMicros(u arrow.TimeUnit, v int64, floor bool) (int64, error) {
	var per int64
	switch u {
	case arrow.Second:
		per = 1_000_000
	case arrow.Millisecond:
		per = 1_000
	case arrow.Nanosecond:
		us := v / 1_000
		if floor && v%1_000 < 0 {
			us--
		}
		return us, nil
	default:
		return v, nil
	}
	if v > math.MaxInt64/per || v < math.MinInt64/per {
		return 0, errorf(fury.ErrInvalidData, "%d%s overflows int64 microseconds", v, u)
	}
	return v * per, nil
}
