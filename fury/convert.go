package fury

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/fury-go/fury/fury/internal/ferr"
)

// convertInto stores the natural value v into the t-typed location at p,
// converting where the wire type differs from the Go type but the value
// fits (a Python list of ints into []int32, a varint64 into an int32
// field, map[any]any into map[string]int64, ...).
func convertInto(d *decoder, t reflect.Type, p unsafe.Pointer, v any) error {
	dst := reflect.NewAt(t, p).Elem()
	if err := convertValue(d, dst, v); err != nil {
		return err
	}
	return nil
}

func mismatch(v any, t reflect.Type) error {
	return &furyError{Sentinel: ErrTypeMismatch, Msg: fmt.Sprintf("cannot store %T in %v", v, t), Cause: errNoConversion}
}

// firstFit is how a container's conversion weighs its elements' errors,
// so that the result does not depend on the order it meets them in (a
// map's is random): an element whose type does not convert at all makes
// the whole container not convert (err is returned at once, as is any
// error other than a mismatch); of the values that convert but do not fit,
// the first is kept in fit and reported after the other elements are seen.
func firstFit(fit, err error) (error, error) {
	if errors.Is(err, errNoConversion) || !errors.Is(err, ErrTypeMismatch) {
		return fit, err
	}
	if fit == nil {
		fit = err
	}
	return fit, nil
}

// errNoConversion marks a value whose type does not convert to the
// destination at all (as opposed to one that converts but does not fit):
// in compatible mode a struct field whose type changed that way reads as
// missing.
var errNoConversion error = ferr.Marker("no conversion")

// New memory for the destination is charged to d's budget.
func convertValue(d *decoder, dst reflect.Value, v any) error {
	t := dst.Type()
	if v == nil {
		dst.SetZero()
		return nil
	}
	sv := reflect.ValueOf(v)
	st := sv.Type()
	if st.AssignableTo(t) {
		dst.Set(sv)
		return nil
	}
	if t == float16Type || t == bfloat16Type {
		// Bits of one form are not numbers of another: only the same
		// type fills them (a float32 would need rounding).
		return mismatch(v, t)
	}
	if f, ok := halfFloat(v); ok && (t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64) {
		dst.SetFloat(float64(f)) // exact
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		if st.Kind() == reflect.Pointer && st.Elem() == t.Elem() {
			dst.Set(sv)
			return nil
		}
		if err := d.charge(1, t.Elem().Size(), t); err != nil {
			return err
		}
		nv := reflect.New(t.Elem())
		if st.Kind() == reflect.Pointer {
			sv = sv.Elem()
			v = sv.Interface()
		}
		if err := convertValue(d, nv.Elem(), v); err != nil {
			return err
		}
		dst.Set(nv)
		return nil
	case reflect.Struct:
		if st.Kind() == reflect.Pointer && st.Elem() == t {
			dst.Set(sv.Elem())
			return nil
		}
	case reflect.Bool:
		if st.Kind() == reflect.Bool {
			dst.SetBool(sv.Bool())
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		switch st.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			x := sv.Int()
			if dst.OverflowInt(x) {
				return wrapf(ErrTypeMismatch, "%d overflows %v", x, t)
			}
			dst.SetInt(x)
			return nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			x := sv.Uint()
			if x > 1<<63-1 || dst.OverflowInt(int64(x)) {
				return wrapf(ErrTypeMismatch, "%d overflows %v", x, t)
			}
			dst.SetInt(int64(x))
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		switch st.Kind() {
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			x := sv.Uint()
			if dst.OverflowUint(x) {
				return wrapf(ErrTypeMismatch, "%d overflows %v", x, t)
			}
			dst.SetUint(x)
			return nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			x := sv.Int()
			if x < 0 || dst.OverflowUint(uint64(x)) {
				return wrapf(ErrTypeMismatch, "%d overflows %v", x, t)
			}
			dst.SetUint(uint64(x))
			return nil
		}
	case reflect.Float32, reflect.Float64:
		switch st.Kind() {
		case reflect.Float32, reflect.Float64:
			x := sv.Float()
			if dst.OverflowFloat(x) {
				return wrapf(ErrTypeMismatch, "%g overflows %v", x, t)
			}
			dst.SetFloat(x)
			return nil
		}
	case reflect.String:
		if st.Kind() == reflect.String {
			dst.SetString(sv.String())
			return nil
		}
	case reflect.Slice, reflect.Array:
		if st.Kind() != reflect.Slice && st.Kind() != reflect.Array {
			break
		}
		n := sv.Len()
		if t.Kind() == reflect.Array {
			if n != t.Len() {
				return wrapf(ErrTypeMismatch, "%d elements cannot fill %v", n, t)
			}
		} else {
			// Empty stays empty (not nil); struct fields apply the nil
			// and empty rule after conversion.
			if err := d.charge(n, t.Elem().Size(), t); err != nil {
				return err
			}
			dst.Set(reflect.MakeSlice(t, n, n))
		}
		var fit error
		for i := 0; i < n; i++ {
			if err := convertValue(d, dst.Index(i), sv.Index(i).Interface()); err != nil {
				if fit, err = firstFit(fit, err); err != nil {
					return err
				}
			}
		}
		return fit
	case reflect.Map:
		if st.Kind() != reflect.Map {
			break
		}
		if err := d.chargeMap(sv.Len(), t.Key(), t.Elem()); err != nil {
			return err
		}
		m := reflect.MakeMapWithSize(t, sv.Len())
		k := reflect.New(t.Key()).Elem()
		e := reflect.New(t.Elem()).Elem()
		it := sv.MapRange()
		var fit error
		for it.Next() {
			err := convertValue(d, k, it.Key().Interface())
			if err == nil && (t.Elem().Size() > 0 || st.Elem().Size() > 0) {
				err = convertValue(d, e, it.Value().Interface())
			}
			if err != nil {
				if fit, err = firstFit(fit, err); err != nil {
					return err
				}
				continue
			}
			m.SetMapIndex(k, e)
		}
		if fit != nil {
			return fit
		}
		if m.Len() != sv.Len() { // two keys the data tells apart are one here
			return duplicateKeys("map", sv.Len(), m.Len())
		}
		dst.Set(m)
		return nil
	case reflect.Interface:
		return assignInterface(dst, sv)
	}
	if st.ConvertibleTo(t) && st.Kind() == t.Kind() {
		dst.Set(sv.Convert(t))
		return nil
	}
	return mismatch(v, t)
}
