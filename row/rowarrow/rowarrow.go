// Package rowarrow converts between Fory rows (package row) and Apache Arrow
// record batches, with github.com/apache/arrow-go/v18. It lives apart from
// package row so that users of rows alone do not depend on Arrow.
//
// Type mapping (row ↔ Arrow):
//
//	bool, int8..int64, float32, float64 ↔ the same Arrow primitive
//	string / binary                     ↔ utf8 / binary (large_utf8, large_binary accepted on input)
//	date32                              ↔ date32
//	timestamp                           ↔ timestamp[us] (no time zone, as pyfory's to_arrow_schema; other units accepted on input)
//	duration                            ↔ duration[us] (other units accepted on input)
//	list<T>                             ↔ list<T> (large_list accepted on input)
//	map<K, V>                           ↔ map<K, V>
//	struct<...>                         ↔ struct<...>
//
// Field names and nullability carry over both ways; ToRecordBatch refuses
// a row with a null in a field (or nested struct field) its schema says is
// not nullable, with an error wrapping fury.ErrInvalidData, rather than
// build a batch that contradicts its schema. Arrow input in nanoseconds is
// brought to the microseconds the row format stores as the row package
// does: a timestamp floored (as time.Time.UnixMicro), a duration truncated
// toward zero. A timestamp or duration in seconds or milliseconds whose
// microseconds overflow int64, or a duration beyond time.Duration's range,
// is an error wrapping fury.ErrInvalidData.
package rowarrow

import (
	"errors"
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

// ToArrowSchema converts a row schema to an Arrow schema.
func ToArrowSchema(s *row.Schema) (*arrow.Schema, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	fields, err := toArrowFields(s)
	if err != nil {
		return nil, err
	}
	return arrow.NewSchema(fields, nil), nil
}

func toArrowFields(s *row.Schema) ([]arrow.Field, error) {
	out := make([]arrow.Field, s.NumFields())
	for i := range out {
		f := s.Field(i)
		t, err := ToArrowType(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
		out[i] = arrow.Field{Name: f.Name, Type: t, Nullable: f.Nullable}
	}
	return out, nil
}

// ToArrowType converts a row data type to an Arrow data type.
func ToArrowType(t *row.DataType) (arrow.DataType, error) {
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
		e, err := ToArrowType(t.Elem())
		if err != nil {
			return nil, err
		}
		return arrow.ListOf(e), nil
	case row.TypeMap:
		k, err := ToArrowType(t.Key())
		if err != nil {
			return nil, err
		}
		v, err := ToArrowType(t.Value())
		if err != nil {
			return nil, err
		}
		return arrow.MapOf(k, v), nil
	case row.TypeStruct:
		fs, err := toArrowFields(t.Schema())
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
	fs, err := fromArrowFields(s.Fields())
	if err != nil {
		return nil, err
	}
	return row.NewSchema(fs...), nil
}

func fromArrowFields(afs []arrow.Field) ([]row.Field, error) {
	out := make([]row.Field, len(afs))
	for i, f := range afs {
		t, err := FromArrowType(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
		out[i] = row.Field{Name: f.Name, Type: t, Nullable: f.Nullable}
	}
	return out, nil
}

// FromArrowType converts an Arrow data type to a row data type.
func FromArrowType(t arrow.DataType) (*row.DataType, error) {
	switch t := t.(type) {
	case *arrow.BooleanType:
		return row.Bool(), nil
	case *arrow.Int8Type:
		return row.Int8(), nil
	case *arrow.Int16Type:
		return row.Int16(), nil
	case *arrow.Int32Type:
		return row.Int32(), nil
	case *arrow.Int64Type:
		return row.Int64(), nil
	case *arrow.Float32Type:
		return row.Float32(), nil
	case *arrow.Float64Type:
		return row.Float64(), nil
	case *arrow.StringType, *arrow.LargeStringType:
		return row.String(), nil
	case *arrow.BinaryType, *arrow.LargeBinaryType:
		return row.Binary(), nil
	case *arrow.Date32Type:
		return row.Date(), nil
	case *arrow.TimestampType:
		return row.Timestamp(), nil
	case *arrow.DurationType:
		return row.Duration(), nil
	case *arrow.MapType:
		k, err := FromArrowType(t.KeyType())
		if err != nil {
			return nil, err
		}
		v, err := FromArrowType(t.ItemType())
		if err != nil {
			return nil, err
		}
		return row.MapOf(k, v), nil
	case *arrow.ListType:
		e, err := FromArrowType(t.Elem())
		if err != nil {
			return nil, err
		}
		return row.ListOf(e), nil
	case *arrow.LargeListType:
		e, err := FromArrowType(t.Elem())
		if err != nil {
			return nil, err
		}
		return row.ListOf(e), nil
	case *arrow.StructType:
		fs, err := fromArrowFields(t.Fields())
		if err != nil {
			return nil, err
		}
		return row.StructOf(fs...), nil
	}
	return nil, errorf(fury.ErrUnsupportedType, "arrow type %v", t)
}

// ToRecordBatch appends rows (all of schema s) to one Arrow record batch
// with the schema ToArrowSchema(s). mem may be nil for the default
// allocator. The caller releases the batch.
//
// What the batch costs follows the schema's width, not the rows' size:
// Arrow gives a null struct (or a null element of a list of structs) a slot
// in every child column, so a few bytes of rows holding nulls of a struct
// of a thousand fields take a thousand slots each. Bound the rows (or the
// schemas) you accept from untrusted sources accordingly.
func ToRecordBatch(mem memory.Allocator, s *row.Schema, rows []row.Row) (arrow.RecordBatch, error) {
	if mem == nil {
		mem = memory.DefaultAllocator
	}
	as, err := ToArrowSchema(s)
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
			return nil, fmt.Errorf("row %d: %w", ri, err)
		}
		for i, v := range vals {
			f := s.Field(i)
			if err := appendValue(b.Field(i), f.Type, f.Nullable, v); err != nil {
				return nil, fmt.Errorf("row %d, field %s: %w", ri, f.Name, err)
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

var errValue = errors.New("value does not match its type")

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
			return errorf(fury.ErrTypeMismatch, "%T for a map", v)
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
			return errorf(fury.ErrTypeMismatch, "%T for a list", v)
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
			return errorf(fury.ErrTypeMismatch, "%T for a struct of %d fields", v, bb.NumField())
		}
		bb.Append(true)
		for i, x := range xs {
			f := t.Schema().Field(i)
			if err := appendValue(bb.FieldBuilder(i), f.Type, f.Nullable, x); err != nil {
				return fmt.Errorf("field %s: %w", f.Name, err)
			}
		}
	default:
		return errorf(fury.ErrUnsupportedType, "arrow builder %T", b)
	}
	if !ok {
		return errorf(fury.ErrTypeMismatch, "%T for %v: %v", v, t, errValue)
	}
	return nil
}

// FromRecordBatch converts each row of rec to a row of schema s (nil: the
// schema FromArrowSchema gives for rec's schema). The rows share one
// buffer.
func FromRecordBatch(s *row.Schema, rec arrow.RecordBatch) ([]row.Row, error) {
	if rec == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil record batch")
	}
	if s == nil {
		var err error
		if s, err = FromArrowSchema(rec.Schema()); err != nil {
			return nil, err
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if int(rec.NumCols()) != s.NumFields() {
		return nil, errorf(fury.ErrSchemaMismatch, "record batch has %d columns, schema %d fields", rec.NumCols(), s.NumFields())
	}
	n := int(rec.NumRows())
	var buf []byte
	offsets := make([]int, 0, n+1)
	vals := make([]any, s.NumFields())
	for ri := 0; ri < n; ri++ {
		for c := range vals {
			v, err := valueAt(rec.Column(c), s.Field(c).Type, ri)
			if err != nil {
				return nil, fmt.Errorf("row %d, column %s: %w", ri, s.Field(c).Name, err)
			}
			vals[c] = v
		}
		offsets = append(offsets, len(buf))
		var err error
		if buf, err = row.AppendBuild(buf, s, vals); err != nil {
			return nil, fmt.Errorf("row %d: %w", ri, err)
		}
	}
	offsets = append(offsets, len(buf))
	rows := make([]row.Row, n)
	for i := range rows {
		r, err := row.NewRow(s, buf[offsets[i]:offsets[i+1]:offsets[i+1]])
		if err != nil {
			return nil, err
		}
		rows[i] = r
	}
	return rows, nil
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

// valueAt returns element i of arr in row's generic value form.
func valueAt(arr arrow.Array, t *row.DataType, i int) (any, error) {
	if arr.IsNull(i) {
		return nil, nil
	}
	switch a := arr.(type) {
	case *array.Boolean:
		return a.Value(i), nil
	case *array.Int8:
		return a.Value(i), nil
	case *array.Int16:
		return a.Value(i), nil
	case *array.Int32:
		return a.Value(i), nil
	case *array.Int64:
		return a.Value(i), nil
	case *array.Float32:
		return a.Value(i), nil
	case *array.Float64:
		return a.Value(i), nil
	case *array.String:
		return a.Value(i), nil
	case *array.LargeString:
		return a.Value(i), nil
	case *array.Binary:
		return append([]byte{}, a.Value(i)...), nil
	case *array.LargeBinary:
		return append([]byte{}, a.Value(i)...), nil
	case *array.Date32:
		return fury.DateOf(a.Value(i).ToTime()), nil
	case *array.Timestamp:
		us, err := unitMicros(a.DataType().(*arrow.TimestampType).Unit, int64(a.Value(i)), true)
		if err != nil {
			return nil, err
		}
		return time.UnixMicro(us).UTC(), nil
	case *array.Duration:
		us, err := unitMicros(a.DataType().(*arrow.DurationType).Unit, int64(a.Value(i)), false)
		if err != nil {
			return nil, err
		}
		if us > math.MaxInt64/1_000 || us < math.MinInt64/1_000 {
			return nil, errorf(fury.ErrInvalidData, "duration of %d microseconds overflows time.Duration", us)
		}
		return time.Duration(us) * time.Microsecond, nil
	case *array.Map:
		if t.ID() != row.TypeMap {
			return nil, errorf(fury.ErrTypeMismatch, "arrow map for row type %v", t)
		}
		start, end := a.ValueOffsets(i)
		m := row.MapValue{Keys: make([]any, 0, end-start), Values: make([]any, 0, end-start)}
		for j := start; j < end; j++ {
			k, err := valueAt(a.Keys(), t.Key(), int(j))
			if err != nil {
				return nil, err
			}
			v, err := valueAt(a.Items(), t.Value(), int(j))
			if err != nil {
				return nil, err
			}
			m.Keys = append(m.Keys, k)
			m.Values = append(m.Values, v)
		}
		return m, nil
	case array.ListLike:
		if t.ID() != row.TypeList {
			return nil, errorf(fury.ErrTypeMismatch, "arrow list for row type %v", t)
		}
		start, end := a.ValueOffsets(i)
		xs := make([]any, 0, end-start)
		for j := start; j < end; j++ {
			x, err := valueAt(a.ListValues(), t.Elem(), int(j))
			if err != nil {
				return nil, err
			}
			xs = append(xs, x)
		}
		return xs, nil
	case *array.Struct:
		if t.ID() != row.TypeStruct || t.Schema().NumFields() != a.NumField() {
			return nil, errorf(fury.ErrTypeMismatch, "arrow struct for row type %v", t)
		}
		xs := make([]any, a.NumField())
		for f := range xs {
			x, err := valueAt(a.Field(f), t.Schema().Field(f).Type, i)
			if err != nil {
				return nil, err
			}
			xs[f] = x
		}
		return xs, nil
	}
	return nil, errorf(fury.ErrUnsupportedType, "arrow array %T", arr)
}
