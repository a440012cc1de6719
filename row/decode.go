package row

import (
	"math"
	"math/bits"
	"reflect"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury"
)

// reader materializes rows into Go values. budget bounds the bytes it may
// materialize: each row's slots, array's header and elements, and string's
// bytes are charged when read, so a hostile row whose slots all point at
// the same large value cannot make decoding cost more than the input's
// size in wire bytes.
//
// goBudget bounds the Go memory it allocates for slices, maps and
// pointees to factor times the input's size (plus a little), where factor
// is the most Go memory the destination type spends per wire byte at any
// one place (see memFactor): no honest row needs more, and a list of null
// elements of a large struct type cannot allocate more.
//
// The Go-memory arithmetic is in uint64, saturating: a destination type of
// huge elements (a big array field tagged `fury:"-"`) must not make a
// product wrap to a small number, least of all where int is 32 bits.
type reader struct {
	budget   int
	goBudget uint64
	factor   int
}

func newReader(inputLen, factor int) reader {
	return reader{budget: inputLen, goBudget: mulSat(uint64(factor), uint64(inputLen)) + 4096, factor: factor}
}

// maxGoAlloc bounds one allocation of decoded values: math.MaxInt32 where
// int is 32 bits, 2^47 bytes elsewhere (below the runtime's largest
// allocation, past which reflect panics rather than fail).
const maxGoAlloc = 1<<47*(bits.UintSize/64) + math.MaxInt32*(1-bits.UintSize/64)

// mulSat returns a*b, or math.MaxUint64 when that overflows.
func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// chargeGo charges n bytes of Go memory for a value of type what (n from
// mulSat, so never wrapped).
func (d *reader) chargeGo(n uint64, what reflect.Type) error {
	if n > maxGoAlloc {
		return errorf(errInvalidData, "decoding %v would allocate %d bytes, more than this platform can", what, n)
	}
	if n > d.goBudget {
		return errorf(fury.ErrTooLarge, "decoding %v would allocate %d bytes, over what is left of the decode memory budget (%d bytes; see WithMaxDecodedBytes)", what, n, d.goBudget)
	}
	d.goBudget -= n
	return nil
}

func (d *reader) charge(n int) error {
	d.budget -= n
	if d.budget < 0 {
		return errorf(errInvalidData, "values overlap: decoding would materialize more bytes than the input holds")
	}
	return nil
}

// readRow fills struct value dst (addressable, zeroed) from row r.
func (d *reader) readRow(p *plan, r *view, dst reflect.Value) error {
	if err := d.charge(r.data + 8*r.n); err != nil {
		return err
	}
	sp := dst.Addr().UnsafePointer()
	for i := range p.fields {
		f := &p.fields[i]
		fv := f.field(sp)
		if err := d.readValue(f.p, r, i, fv); err != nil {
			return wrapCtx(err, "field %s", f.goName)
		}
	}
	return nil
}

// readValue sets dst (settable, zero) from entry i of v.
func (d *reader) readValue(p *plan, v *view, i int, dst reflect.Value) error {
	if uint(i) >= uint(v.n) {
		return v.errIndex(i)
	}
	if v.isNull(i) {
		if p.nullable() {
			return nil // dst stays nil
		}
		return errorf(errTypeMismatch, "null value for Go type %v, which cannot hold null (use a pointer)", p.typ)
	}
	if p.ptr {
		if err := d.chargeGo(uint64(p.base.Size()), p.base); err != nil {
			return err
		}
		nv := reflect.New(p.base)
		dst.Set(nv)
		dst = nv.Elem()
	}
	switch p.t.id {
	case TypeBool:
		x, err := v.bool_(i)
		if err != nil {
			return err
		}
		dst.SetBool(x)
	case TypeInt8:
		x, err := v.int8_(i)
		if err != nil {
			return err
		}
		dst.SetInt(int64(x))
	case TypeInt16:
		x, err := v.int16_(i)
		if err != nil {
			return err
		}
		dst.SetInt(int64(x))
	case TypeInt32:
		x, err := v.int32_(i, TypeInt32)
		if err != nil {
			return err
		}
		dst.SetInt(int64(x))
	case TypeInt64:
		x, err := v.int64_(i, TypeInt64)
		if err != nil {
			return err
		}
		if dst.OverflowInt(x) {
			return errorf(errTypeMismatch, "%d overflows %v", x, p.base)
		}
		dst.SetInt(x)
	case TypeFloat32:
		x, err := v.float32_(i)
		if err != nil {
			return err
		}
		if dst.Kind() == reflect.Float32 && dst.CanAddr() {
			// Its bits as they are: SetFloat goes through a float64,
			// which would quiet a signaling NaN.
			*(*float32)(dst.Addr().UnsafePointer()) = x
		} else {
			dst.SetFloat(float64(x))
		}
	case TypeFloat64:
		x, err := v.float64_(i)
		if err != nil {
			return err
		}
		dst.SetFloat(x)
	case TypeDate:
		x, err := v.date(i)
		if err != nil {
			return err
		}
		*(*fury.Date)(dst.Addr().UnsafePointer()) = x
	case TypeTimestamp:
		x, err := v.timestamp(i)
		if err != nil {
			return err
		}
		*(*time.Time)(dst.Addr().UnsafePointer()) = x
	case TypeDuration:
		x, err := v.duration(i)
		if err != nil {
			return err
		}
		dst.SetInt(int64(x))
	case TypeString:
		b, err := v.varBytes(i, TypeString)
		if err != nil {
			return err
		}
		if err := d.charge(len(b)); err != nil {
			return err
		}
		dst.SetString(string(b))
	case TypeBinary:
		b, err := v.varBytes(i, TypeBinary)
		if err != nil {
			return err
		}
		if err := d.charge(len(b)); err != nil {
			return err
		}
		if len(b) == 0 {
			dst.Set(reflect.MakeSlice(p.base, 0, 0)) // empty, not nil
		} else {
			dst.Grow(len(b))
			dst.SetLen(len(b))
			copy(dst.Bytes(), b)
		}
	case TypeStruct:
		r, err := v.strct(i)
		if err != nil {
			return err
		}
		return d.readRow(p, &r.v, dst)
	case TypeList:
		a, err := v.array(i)
		if err != nil {
			return err
		}
		return d.readList(p, &a.v, dst)
	case TypeMap:
		m, err := v.mapAt(i)
		if err != nil {
			return err
		}
		return d.readMap(p, &m, dst)
	default:
		return errorf(errUnsupported, "type %v", p.t)
	}
	return nil
}

func (d *reader) readList(p *plan, a *view, dst reflect.Value) error {
	n := a.n
	if err := d.charge(a.data + n*a.elem.id.width()); err != nil {
		return err
	}
	if n == 0 {
		dst.Set(reflect.MakeSlice(p.base, 0, 0)) // empty, not nil
		return nil
	}
	if err := d.chargeGo(mulSat(uint64(n), uint64(p.base.Elem().Size())), p.base); err != nil {
		return err
	}
	// dst is a nil slice: growing it in place allocates only the elements.
	dst.Grow(n)
	dst.SetLen(n)
	if !p.elem.ptr && bulkRead(p.elem, a, dst) {
		return nil
	}
	for j := 0; j < n; j++ {
		if err := d.readValue(p.elem, a, j, dst.Index(j)); err != nil {
			return wrapCtx(err, "element %d", j)
		}
	}
	return nil
}

// bulkRead fills a slice of fixed-width numbers without per-element
// reflection when no element is null; it reports false otherwise.
func bulkRead(ep *plan, a *view, s reflect.Value) bool {
	n := a.n
	if n == 0 || ep.t.id == TypeDuration {
		return n == 0
	}
	for k := 0; k < bitmapBytes(n); k++ {
		if a.b[a.bitmap+k] != 0 {
			return false
		}
	}
	b := a.b[a.data:]
	switch ep.base.Kind() {
	case reflect.Bool:
		out := unsafe.Slice((*bool)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = b[i] != 0
		}
		return true
	case reflect.Int8:
		copy(unsafe.Slice((*byte)(s.UnsafePointer()), n), b[:n])
		return true
	case reflect.Int16:
		out := unsafe.Slice((*int16)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = int16(le.Uint16(b[2*i:]))
		}
		return true
	case reflect.Int32:
		out := unsafe.Slice((*int32)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = int32(le.Uint32(b[4*i:]))
		}
		return true
	case reflect.Int64:
		out := unsafe.Slice((*int64)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = int64(le.Uint64(b[8*i:]))
		}
		return true
	case reflect.Int:
		if ep.base.Size() != 8 {
			return false
		}
		out := unsafe.Slice((*int)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = int(le.Uint64(b[8*i:]))
		}
		return true
	case reflect.Float32:
		out := unsafe.Slice((*float32)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = math.Float32frombits(le.Uint32(b[4*i:]))
		}
		return true
	case reflect.Float64:
		out := unsafe.Slice((*float64)(s.UnsafePointer()), n)
		for i := range out {
			out[i] = math.Float64frombits(le.Uint64(b[8*i:]))
		}
		return true
	}
	return false
}

func (d *reader) readMap(p *plan, m *Map, dst reflect.Value) error {
	n := m.Len()
	if err := d.charge(8 + m.keys.v.data + n*m.keys.v.elem.id.width() + m.values.v.data + n*m.values.v.elem.id.width()); err != nil {
		return err
	}
	if err := d.chargeGo(mulSat(2*uint64(n), uint64(p.key.typ.Size())+uint64(p.val.typ.Size())), p.base); err != nil {
		return err
	}
	out := reflect.MakeMapWithSize(p.base, n)
	// One key and one value are read into and reset for every entry
	// (SetMapIndex copies them): a fresh pair per entry would allocate,
	// for large value types, as much again as the map itself, beyond what
	// chargeGo counted.
	k := reflect.New(p.key.typ).Elem()
	val := reflect.New(p.val.typ).Elem()
	for j := 0; j < n; j++ {
		if j > 0 {
			k.SetZero()
			val.SetZero()
		}
		if m.keys.v.isNull(j) {
			return errorf(errInvalidData, "map key %d is null", j)
		}
		if err := d.readValue(p.key, &m.keys.v, j, k); err != nil {
			return wrapCtx(err, "map key %d", j)
		}
		if err := d.readValue(p.val, &m.values.v, j, val); err != nil {
			return wrapCtx(err, "map value %d", j)
		}
		out.SetMapIndex(k, val)
	}
	dst.Set(out)
	return nil
}

// memFactor is the largest ratio, over the places in p where decoding
// allocates, of the Go bytes allocated to the wire bytes of the slot that
// causes it (at least 16).
func memFactor(p *plan, seen map[*plan]bool) int {
	f := 16
	if seen[p] {
		return f
	}
	seen[p] = true
	ratio := func(goSize uint64, wire int) {
		r := goSize/uint64(wire) + 1
		if r > math.MaxInt {
			r = math.MaxInt
		}
		f = max(f, int(r))
	}
	if p.ptr {
		ratio(uint64(p.base.Size()), p.t.id.width())
	}
	switch p.t.id {
	case TypeList:
		ratio(uint64(p.base.Elem().Size()), p.elem.t.id.width())
		f = max(f, memFactor(p.elem, seen))
	case TypeMap:
		ratio(2*(uint64(p.key.typ.Size())+uint64(p.val.typ.Size())), p.key.t.id.width()+p.val.t.id.width())
		f = max(f, memFactor(p.key, seen), memFactor(p.val, seen))
	case TypeStruct:
		for i := range p.fields {
			f = max(f, memFactor(p.fields[i].p, seen))
		}
	}
	return f
}
