package row

import (
	"math"
	"time"

	"github.com/fury-go/fury/fury"
)

// MapValue is a map in the generic value form of Build and Row.Values:
// parallel key and value lists (Keys[i] maps to Values[i]), in wire order.
type MapValue struct {
	Keys, Values []any
}

// Build writes a row of schema s from generic values, one per field in
// schema order, for callers without a Go struct (such as the Arrow
// converter). The value for a field of type
//
//	bool, int8 .. int64, float32, float64  is that Go type (int is accepted for int64)
//	string / binary                        is string / []byte
//	date32 / timestamp / duration          is fury.Date / time.Time / time.Duration
//	list                                   is []any
//	map                                    is MapValue
//	struct                                 is []any, one value per field
//
// and nil is null. A value of another type fails with an error wrapping
// fury.ErrTypeMismatch.
func Build(s *Schema, values []any) (Row, error) {
	b, err := AppendBuild(nil, s, values)
	if err != nil {
		return Row{}, err
	}
	return NewRow(s, b)
}

// AppendBuild is Build appending the row's bytes to dst; it returns the
// extended buffer (the row is its tail from len(dst) on).
func AppendBuild(dst []byte, s *Schema, values []any) ([]byte, error) {
	if err := s.Validate(); err != nil {
		return dst, err
	}
	w := writer{buf: dst}
	if err := w.buildRow(s, values); err != nil {
		return dst, err
	}
	return w.buf, nil
}

func (w *writer) buildRow(s *Schema, values []any) error {
	if len(values) != len(s.fields) {
		return errorf(errTypeMismatch, "%d values for %d fields", len(values), len(s.fields))
	}
	base := len(w.buf)
	n := len(s.fields)
	bm := bitmapBytes(n)
	w.grow(bm + 8*n)
	for i, f := range s.fields {
		if err := w.buildValue(f.Type, values[i], base, base, i, base+bm+8*i); err != nil {
			return wrapCtx(err, "field %s", f.Name)
		}
	}
	return nil
}

func mismatch(t *DataType, v any) error {
	return errorf(errTypeMismatch, "%T value for a %v", v, t)
}

func (w *writer) buildValue(t *DataType, v any, base, bitmap, i, slot int) error {
	if v == nil {
		setNull(w.buf, bitmap, i)
		return nil
	}
	b := w.buf
	ok := true
	switch t.id {
	case TypeBool:
		var x bool
		if x, ok = v.(bool); ok && x {
			b[slot] = 1
		}
	case TypeInt8:
		var x int8
		x, ok = v.(int8)
		b[slot] = byte(x)
	case TypeInt16:
		var x int16
		x, ok = v.(int16)
		le.PutUint16(b[slot:], uint16(x))
	case TypeInt32:
		var x int32
		x, ok = v.(int32)
		le.PutUint32(b[slot:], uint32(x))
	case TypeInt64:
		switch x := v.(type) {
		case int64:
			le.PutUint64(b[slot:], uint64(x))
		case int:
			le.PutUint64(b[slot:], uint64(x))
		default:
			ok = false
		}
	case TypeFloat32:
		var x float32
		x, ok = v.(float32)
		le.PutUint32(b[slot:], math.Float32bits(x))
	case TypeFloat64:
		var x float64
		x, ok = v.(float64)
		le.PutUint64(b[slot:], math.Float64bits(x))
	case TypeDate:
		var x fury.Date
		if x, ok = v.(fury.Date); ok {
			d, err := daysOf(x)
			if err != nil {
				return err
			}
			le.PutUint32(b[slot:], uint32(d))
		}
	case TypeTimestamp:
		var x time.Time
		if x, ok = v.(time.Time); ok {
			us, err := microsOf(x)
			if err != nil {
				return err
			}
			le.PutUint64(b[slot:], uint64(us))
		}
	case TypeDuration:
		var x time.Duration
		x, ok = v.(time.Duration)
		le.PutUint64(b[slot:], uint64(x/time.Microsecond))
	case TypeString:
		x, isStr := v.(string)
		if !isStr {
			return mismatch(t, v)
		}
		start := len(w.buf)
		w.buf = append(w.buf, x...)
		return w.finishVar(base, slot, start)
	case TypeBinary:
		x, isBytes := v.([]byte)
		if !isBytes {
			return mismatch(t, v)
		}
		start := len(w.buf)
		w.buf = append(w.buf, x...)
		return w.finishVar(base, slot, start)
	case TypeStruct:
		x, isList := v.([]any)
		if !isList {
			return mismatch(t, v)
		}
		start := len(w.buf)
		if err := w.buildRow(t.fields, x); err != nil {
			return err
		}
		return w.finishVar(base, slot, start)
	case TypeList:
		x, isList := v.([]any)
		if !isList {
			return mismatch(t, v)
		}
		start := len(w.buf)
		if err := w.buildArray(t.elem, x); err != nil {
			return err
		}
		return w.finishVar(base, slot, start)
	case TypeMap:
		x, isMap := v.(MapValue)
		if !isMap {
			if p, isPtr := v.(*MapValue); isPtr && p != nil {
				x, isMap = *p, true
			}
		}
		if !isMap {
			return mismatch(t, v)
		}
		if len(x.Keys) != len(x.Values) {
			return errorf(errInvalidArgument, "map with %d keys and %d values", len(x.Keys), len(x.Values))
		}
		start := w.grow(8)
		if err := w.buildArray(t.key, x.Keys); err != nil {
			return err
		}
		le.PutUint64(w.buf[start:], uint64(len(w.buf)-start-8))
		if err := w.buildArray(t.val, x.Values); err != nil {
			return err
		}
		return w.finishVar(base, slot, start)
	default:
		return errorf(errUnsupported, "type %v", t)
	}
	if !ok {
		return mismatch(t, v)
	}
	return nil
}

func (w *writer) buildArray(elem *DataType, xs []any) error {
	base, err := w.arrayHeader(elem, len(xs))
	if err != nil {
		return err
	}
	data := base + 8 + bitmapBytes(len(xs))
	width := elem.id.width()
	for i, x := range xs {
		if err := w.buildValue(elem, x, base, base+8, i, data+i*width); err != nil {
			return wrapCtx(err, "element %d", i)
		}
	}
	return nil
}

// Values returns the row's fields in the generic form Build takes (nil for
// null). Strings and binaries are copied. Like Decode it refuses a row
// whose values overlap so that materializing them would cost more than the
// row's size.
func (r Row) Values() ([]any, error) {
	d := newReader(len(r.v.b), 16)
	return d.anyRow(&r.v)
}

func (d *reader) anyRow(v *view) ([]any, error) {
	if err := d.charge(v.data + 8*v.n); err != nil {
		return nil, err
	}
	out := make([]any, v.n)
	for i := range out {
		x, err := d.anyAt(v, i)
		if err != nil {
			return nil, wrapCtx(err, "field %s", v.fields[i].Name)
		}
		out[i] = x
	}
	return out, nil
}

func (d *reader) anyArray(a *view) ([]any, error) {
	if err := d.charge(a.data + a.n*a.elem.id.width()); err != nil {
		return nil, err
	}
	out := make([]any, a.n)
	for i := range out {
		x, err := d.anyAt(a, i)
		if err != nil {
			return nil, wrapCtx(err, "element %d", i)
		}
		out[i] = x
	}
	return out, nil
}

func (d *reader) anyAt(v *view, i int) (any, error) {
	if v.isNullAt(i) {
		return nil, nil
	}
	t := v.typeAt(i)
	switch t.id {
	case TypeBool:
		return v.bool_(i)
	case TypeInt8:
		return v.int8_(i)
	case TypeInt16:
		return v.int16_(i)
	case TypeInt32:
		return v.int32_(i, TypeInt32)
	case TypeInt64:
		return v.int64_(i, TypeInt64)
	case TypeFloat32:
		return v.float32_(i)
	case TypeFloat64:
		return v.float64_(i)
	case TypeDate:
		return v.date(i)
	case TypeTimestamp:
		return v.timestamp(i)
	case TypeDuration:
		return v.duration(i)
	case TypeString:
		b, err := v.varBytes(i, TypeString)
		if err != nil {
			return nil, err
		}
		if err := d.charge(len(b)); err != nil {
			return nil, err
		}
		return string(b), nil
	case TypeBinary:
		b, err := v.varBytes(i, TypeBinary)
		if err != nil {
			return nil, err
		}
		if err := d.charge(len(b)); err != nil {
			return nil, err
		}
		return append([]byte{}, b...), nil
	case TypeStruct:
		r, err := v.strct(i)
		if err != nil {
			return nil, err
		}
		return d.anyRow(&r.v)
	case TypeList:
		a, err := v.array(i)
		if err != nil {
			return nil, err
		}
		return d.anyArray(&a.v)
	case TypeMap:
		m, err := v.mapAt(i)
		if err != nil {
			return nil, err
		}
		if err := d.charge(8); err != nil {
			return nil, err
		}
		keys, err := d.anyArray(&m.keys.v)
		if err != nil {
			return nil, err
		}
		vals, err := d.anyArray(&m.values.v)
		if err != nil {
			return nil, err
		}
		return MapValue{Keys: keys, Values: vals}, nil
	}
	return nil, errorf(errUnsupported, "type %v", t)
}
