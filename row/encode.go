package row

import (
	"math"
	"reflect"
	"sort"
	"strings"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury"
)

// writer appends rows to buf. Positions are indexes into buf (which moves
// as it grows); offsets written into slots are relative to the base of the
// row or array that holds the slot.
type writer struct {
	buf []byte
}

// grow appends n zero bytes and returns where they start.
func (w *writer) grow(n int) int {
	start := len(w.buf)
	if cap(w.buf)-start >= n {
		w.buf = w.buf[:start+n]
		clear(w.buf[start:])
	} else {
		w.buf = append(w.buf, make([]byte, n)...)
	}
	return start
}

func pad8(n int) int { return (n + 7) &^ 7 }

func setNull(b []byte, bitmap, i int) { b[bitmap+i>>3] |= 1 << (uint(i) & 7) }

// setOffsetAndSize points slot at the bytes from start to the end of buf,
// relative to base, and pads buf to 8 bytes.
func (w *writer) finishVar(base, slot, start int) error {
	size := len(w.buf) - start
	off := start - base
	if uint64(off) > math.MaxUint32 || uint64(size) > math.MaxUint32 {
		return errorf(errInvalidArgument, "value of %d bytes at offset %d exceeds the row format's 32-bit offsets", size, off)
	}
	le.PutUint64(w.buf[slot:], uint64(off)<<32|uint64(size))
	if p := pad8(size) - size; p > 0 {
		w.grow(p)
	}
	return nil
}

// writeRow appends the row of struct value v (not a pointer).
func (w *writer) writeRow(p *plan, v reflect.Value) error {
	base := len(w.buf)
	n := len(p.fields)
	bm := bitmapBytes(n)
	w.grow(bm + 8*n)
	if n == 0 {
		return nil
	}
	sp := addr(v)
	for i := range p.fields {
		f := &p.fields[i]
		fv := f.field(sp)
		if err := w.writeValue(f.p, fv, base, base, i, base+bm+8*i); err != nil {
			return err
		}
	}
	return nil
}

// writeValue writes value v of plan p as entry i of the row or array at
// base whose null bitmap is at bitmap and whose slot for i is at slot.
func (w *writer) writeValue(p *plan, v reflect.Value, base, bitmap, i, slot int) error {
	if p.ptr {
		if v.IsNil() {
			setNull(w.buf, bitmap, i)
			return nil
		}
		v = v.Elem()
	}
	b := w.buf
	switch p.t.id {
	case TypeBool:
		if v.Bool() {
			b[slot] = 1
		}
	case TypeInt8:
		b[slot] = byte(v.Int())
	case TypeInt16:
		le.PutUint16(b[slot:], uint16(v.Int()))
	case TypeInt32:
		le.PutUint32(b[slot:], uint32(v.Int()))
	case TypeInt64:
		le.PutUint64(b[slot:], uint64(v.Int()))
	case TypeFloat32:
		// The value's own bits: a float64 round trip (v.Float) would
		// quiet a signaling NaN's payload.
		le.PutUint32(b[slot:], *(*uint32)(addr(v)))
	case TypeFloat64:
		le.PutUint64(b[slot:], math.Float64bits(v.Float()))
	case TypeDate:
		d, err := daysOf(*(*fury.Date)(addr(v)))
		if err != nil {
			return err
		}
		le.PutUint32(b[slot:], uint32(d))
	case TypeTimestamp:
		us, err := microsOf(*(*time.Time)(addr(v)))
		if err != nil {
			return err
		}
		le.PutUint64(b[slot:], uint64(us))
	case TypeDuration:
		le.PutUint64(b[slot:], uint64(time.Duration(v.Int())/time.Microsecond))
	case TypeString:
		start := len(w.buf)
		w.buf = append(w.buf, v.String()...)
		return w.finishVar(base, slot, start)
	case TypeBinary:
		if v.IsNil() {
			setNull(b, bitmap, i)
			return nil
		}
		start := len(w.buf)
		w.buf = append(w.buf, v.Bytes()...)
		return w.finishVar(base, slot, start)
	case TypeStruct:
		start := len(w.buf)
		if err := w.writeRow(p, v); err != nil {
			return err
		}
		return w.finishVar(base, slot, start)
	case TypeList:
		if v.IsNil() {
			setNull(b, bitmap, i)
			return nil
		}
		start := len(w.buf)
		if err := w.writeList(p.elem, v); err != nil {
			return err
		}
		return w.finishVar(base, slot, start)
	case TypeMap:
		if v.IsNil() {
			setNull(b, bitmap, i)
			return nil
		}
		start := len(w.buf)
		if err := w.writeMap(p, v); err != nil {
			return err
		}
		return w.finishVar(base, slot, start)
	}
	return nil
}

// addr returns the address of v, which is addressable or was reached
// through a pointer, or a copy's address otherwise.
func addr(v reflect.Value) unsafe.Pointer {
	if v.CanAddr() {
		return v.Addr().UnsafePointer()
	}
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.UnsafePointer()
}

// arrayHeader appends an array header and zeroed element slots for n
// elements of type elem and returns the array's base.
func (w *writer) arrayHeader(elem *DataType, n int) (base int, err error) {
	if n > math.MaxInt32 {
		return 0, errorf(errInvalidArgument, "list of %d elements exceeds the row format's limit", n)
	}
	base = w.grow(8 + bitmapBytes(n) + pad8(n*elem.id.width()))
	le.PutUint64(w.buf[base:], uint64(n))
	return base, nil
}

func (w *writer) writeList(ep *plan, v reflect.Value) error {
	n := v.Len()
	base, err := w.arrayHeader(ep.t, n)
	if err != nil {
		return err
	}
	if !ep.ptr && w.bulk(ep, v, base+8+bitmapBytes(n)) {
		return nil
	}
	data := base + 8 + bitmapBytes(n)
	width := ep.t.id.width()
	for i := 0; i < n; i++ {
		if err := w.writeValue(ep, v.Index(i), base, base+8, i, data+i*width); err != nil {
			return err
		}
	}
	return nil
}

// bulk writes the elements of a slice of fixed-width numbers without
// per-element reflection; it reports false for other slices.
func (w *writer) bulk(ep *plan, v reflect.Value, data int) bool {
	n := v.Len()
	if n == 0 || ep.t.id == TypeDuration {
		return false
	}
	b := w.buf[data:]
	switch ep.base.Kind() {
	case reflect.Int8, reflect.Bool:
		copy(b, unsafe.Slice((*byte)(v.UnsafePointer()), n))
		return true
	case reflect.Int16:
		for i, x := range unsafe.Slice((*int16)(v.UnsafePointer()), n) {
			le.PutUint16(b[2*i:], uint16(x))
		}
		return true
	case reflect.Int32:
		for i, x := range unsafe.Slice((*int32)(v.UnsafePointer()), n) {
			le.PutUint32(b[4*i:], uint32(x))
		}
		return true
	case reflect.Int64:
		for i, x := range unsafe.Slice((*int64)(v.UnsafePointer()), n) {
			le.PutUint64(b[8*i:], uint64(x))
		}
		return true
	case reflect.Int:
		if ep.base.Size() != 8 {
			return false
		}
		for i, x := range unsafe.Slice((*int)(v.UnsafePointer()), n) {
			le.PutUint64(b[8*i:], uint64(x))
		}
		return true
	case reflect.Float32:
		for i, x := range unsafe.Slice((*float32)(v.UnsafePointer()), n) {
			le.PutUint32(b[4*i:], math.Float32bits(x))
		}
		return true
	case reflect.Float64:
		for i, x := range unsafe.Slice((*float64)(v.UnsafePointer()), n) {
			le.PutUint64(b[8*i:], math.Float64bits(x))
		}
		return true
	}
	return false
}

func (w *writer) writeMap(p *plan, v reflect.Value) error {
	// MapRange rather than MapKeys+MapIndex: a NaN key cannot be looked up.
	n := v.Len()
	keys := make([]reflect.Value, 0, n)
	vals := make([]reflect.Value, 0, n)
	for it := v.MapRange(); it.Next(); {
		keys = append(keys, it.Key())
		vals = append(vals, it.Value())
	}
	sortKeys(p.key, keys, vals)
	start := w.grow(8)
	kbase, err := w.arrayHeader(p.key.t, len(keys))
	if err != nil {
		return err
	}
	kdata := kbase + 8 + bitmapBytes(len(keys))
	kw := p.key.t.id.width()
	for i, k := range keys {
		if err := w.writeValue(p.key, k, kbase, kbase+8, i, kdata+i*kw); err != nil {
			return err
		}
	}
	le.PutUint64(w.buf[start:], uint64(len(w.buf)-kbase))
	vbase, err := w.arrayHeader(p.val.t, len(vals))
	if err != nil {
		return err
	}
	vdata := vbase + 8 + bitmapBytes(len(vals))
	vw := p.val.t.id.width()
	for i, x := range vals {
		if err := w.writeValue(p.val, x, vbase, vbase+8, i, vdata+i*vw); err != nil {
			return err
		}
	}
	return nil
}

type kvSorter struct {
	keys, vals []reflect.Value
	less       func(a, b reflect.Value) bool
}

func (s kvSorter) Len() int           { return len(s.keys) }
func (s kvSorter) Less(i, j int) bool { return s.less(s.keys[i], s.keys[j]) }
func (s kvSorter) Swap(i, j int) {
	s.keys[i], s.keys[j] = s.keys[j], s.keys[i]
	s.vals[i], s.vals[j] = s.vals[j], s.vals[i]
}

// sortKeys orders map entries by key so that equal maps encode to equal
// bytes (NaN keys, which compare false, keep an unspecified order).
func sortKeys(kp *plan, keys, vals []reflect.Value) {
	var less func(a, b reflect.Value) bool
	switch kp.t.id {
	case TypeBool:
		less = func(a, b reflect.Value) bool { return !a.Bool() && b.Bool() }
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		less = func(a, b reflect.Value) bool { return a.Int() < b.Int() }
	case TypeFloat32, TypeFloat64:
		less = func(a, b reflect.Value) bool { return a.Float() < b.Float() }
	case TypeString:
		less = func(a, b reflect.Value) bool { return strings.Compare(a.String(), b.String()) < 0 }
	case TypeDate:
		less = func(a, b reflect.Value) bool { return dateValue(a).Time().Before(dateValue(b).Time()) }
	default:
		return
	}
	sort.Sort(kvSorter{keys: keys, vals: vals, less: less})
}

// dateValue reads a fury.Date held in a reflect.Value without copying it
// to the heap.
func dateValue(v reflect.Value) fury.Date {
	return fury.Date{Year: int(v.Field(0).Int()), Month: time.Month(v.Field(1).Int()), Day: int(v.Field(2).Int())}
}
