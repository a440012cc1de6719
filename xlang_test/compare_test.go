package xlang_test

import (
	"math"
	"reflect"
	"time"

	"github.com/fury-go/fury/fury"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// cmpOpts compare values as the peers do: NaN equals NaN, -0.0 differs from
// 0.0, nil and empty slices and maps are equal (both travel as empty
// collections when the field is not nullable), times by instant.
var cmpOpts = cmp.Options{
	cmp.Comparer(func(a, b float64) bool { return floatEq(a, b) }),
	cmp.Comparer(func(a, b float32) bool { return floatEq(float64(a), float64(b)) }),
	cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) }),
	cmpopts.EquateEmpty(),
}

func floatEq(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}

// diff returns "" when want and got are equal, else a readable difference.
func diff(want, got any) string {
	return cmp.Diff(want, got, cmpOpts)
}

var (
	bytesType = reflect.TypeFor[[]byte]()
	timeType  = reflect.TypeFor[time.Time]()
	dateType  = reflect.TypeFor[fury.Date]()
	decType   = reflect.TypeFor[fury.Decimal]()
)

// natural maps a typed Go value to what Unmarshal into interface{} gives for
// its bytes: lists become []any, maps map[any]any, sets fury.Set[any],
// registered structs *T (with their typed fields), fixed/tagged integers
// their plain integer type, int int64; primitive arrays, []byte, scalars,
// enums, times and decimals stay as they are.
func natural(v any) any {
	if v == nil {
		return nil
	}
	return naturalValue(reflect.ValueOf(v))
}

func naturalValue(v reflect.Value) any {
	t := v.Type()
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return naturalValue(v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		if t.Elem().Kind() == reflect.Struct && t.Elem() != timeType && t.Elem() != dateType &&
			t.Elem() != decType {
			return v.Interface()
		}
		return naturalValue(v.Elem())
	case reflect.Struct:
		if t == timeType || t == dateType || t == decType {
			return v.Interface()
		}
		p := reflect.New(t)
		p.Elem().Set(v)
		return p.Interface()
	case reflect.Int:
		return v.Int()
	case reflect.Int32:
		if t == reflect.TypeFor[fury.FixedInt32]() {
			return int32(v.Int())
		}
	case reflect.Int64:
		switch t {
		case reflect.TypeFor[fury.FixedInt64](), reflect.TypeFor[fury.TaggedInt64]():
			return v.Int()
		}
	case reflect.Slice:
		if t == bytesType || (t.PkgPath() == "" && isPrimitiveElem(t.Elem())) {
			if v.IsNil() {
				return reflect.MakeSlice(t, 0, 0).Interface()
			}
			return v.Interface()
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = naturalValue(v.Index(i))
		}
		return out
	case reflect.Map:
		if t.Elem().Kind() == reflect.Struct && t.Elem().NumField() == 0 {
			s := fury.Set[any]{}
			for _, k := range v.MapKeys() {
				s[naturalValue(k)] = struct{}{}
			}
			return s
		}
		m := make(map[any]any, v.Len())
		it := v.MapRange()
		for it.Next() {
			m[naturalValue(it.Key())] = naturalValue(it.Value())
		}
		return m
	}
	return v.Interface()
}

func isPrimitiveElem(t reflect.Type) bool {
	if t.PkgPath() != "" {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
