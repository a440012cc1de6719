package fury

import (
	"encoding/binary"
	"math"
	"reflect"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury/furyrt"
	"github.com/fury-go/fury/fury/internal/varint"
)

// putScalar stores the scalar of kind k at p into dst (which has room for
// its maximum size) and returns the bytes used. Used for the inline
// primitive prefix of structs.
func putScalar(dst []byte, k kind, p unsafe.Pointer) int {
	switch k {
	case kBool:
		if *(*bool)(p) {
			dst[0] = 1
		} else {
			dst[0] = 0
		}
		return 1
	case kInt8, kUint8:
		dst[0] = *(*byte)(p)
		return 1
	case kInt16, kUint16, kFloat16, kBFloat16:
		binary.LittleEndian.PutUint16(dst, *(*uint16)(p))
		return 2
	case kInt32:
		v := *(*int32)(p)
		return varint.Put32(dst, uint32((v<<1)^(v>>31)))
	case kUint32:
		return varint.Put32(dst, *(*uint32)(p))
	case kInt64:
		v := *(*int64)(p)
		return varint.Put64(dst, uint64((v<<1)^(v>>63)))
	case kInt:
		v := int64(*(*int)(p))
		return varint.Put64(dst, uint64((v<<1)^(v>>63)))
	case kUint64:
		return varint.Put64(dst, *(*uint64)(p))
	case kUint:
		return varint.Put64(dst, uint64(*(*uint)(p)))
	case kFloat32, kFixedInt32, kFixedUint32:
		binary.LittleEndian.PutUint32(dst, *(*uint32)(p))
		return 4
	case kFloat64, kFixedInt64, kFixedUint64:
		binary.LittleEndian.PutUint64(dst, *(*uint64)(p))
		return 8
	case kTaggedInt64:
		return furyrt.PutTaggedInt64(dst, *(*int64)(p))
	case kTaggedUint64:
		return furyrt.PutTaggedUint64(dst, *(*uint64)(p))
	}
	return 0
}

// writeScalar appends the scalar of kind k at p.
func writeScalar(b *buffer, k kind, p unsafe.Pointer) {
	if k == kString {
		b.WriteString(*(*string)(p))
		return
	}
	b.Grow(9)
	n := putScalar(b.Tail()[:9], k, p)
	b.Advance(n)
}

// readScalar reads a scalar of kind k into p.
func readScalar(b *buffer, k kind, p unsafe.Pointer) error {
	switch k {
	case kBool:
		v, err := b.ReadByte()
		*(*bool)(p) = v != 0
		return err
	case kInt8, kUint8:
		v, err := b.ReadByte()
		*(*byte)(p) = v
		return err
	case kInt16, kUint16, kFloat16, kBFloat16:
		v, err := b.ReadUint16()
		*(*uint16)(p) = v
		return err
	case kInt32:
		v, err := b.ReadVarint32()
		*(*int32)(p) = v
		return err
	case kUint32:
		v, err := b.ReadVaruint32()
		*(*uint32)(p) = v
		return err
	case kInt64:
		v, err := b.ReadVarint64()
		*(*int64)(p) = v
		return err
	case kInt:
		v, err := b.ReadVarint64()
		if int64(int(v)) != v { // 32-bit platforms only
			return wrapf(ErrInvalidData, "%d overflows int", v)
		}
		*(*int)(p) = int(v)
		return err
	case kUint64:
		v, err := b.ReadVaruint64()
		*(*uint64)(p) = v
		return err
	case kUint:
		v, err := b.ReadVaruint64()
		if uint64(uint(v)) != v { // 32-bit platforms only
			return wrapf(ErrInvalidData, "%d overflows uint", v)
		}
		*(*uint)(p) = uint(v)
		return err
	case kFloat32, kFixedInt32, kFixedUint32:
		v, err := b.ReadUint32()
		*(*uint32)(p) = v
		return err
	case kFloat64, kFixedInt64, kFixedUint64:
		v, err := b.ReadUint64()
		*(*uint64)(p) = v
		return err
	case kTaggedInt64:
		v, err := b.ReadTaggedInt64()
		*(*int64)(p) = v
		return err
	case kTaggedUint64:
		v, err := b.ReadTaggedUint64()
		*(*uint64)(p) = v
		return err
	case kString:
		v, err := b.ReadString()
		*(*string)(p) = v
		return err
	}
	return wrapf(ErrUnsupportedType, "scalar kind %d", k)
}

type scalarCodec struct{ k kind }

func (c scalarCodec) write(e *encoder, p unsafe.Pointer) error {
	writeScalar(e.buf, c.k, p)
	return nil
}

func (c scalarCodec) read(d *decoder, p unsafe.Pointer) error { return readScalar(d.buf, c.k, p) }

var scalarCodecs = func() (t [kBFloat16 + 1]codec) {
	for k := kBool; k <= kBFloat16; k++ {
		t[k] = scalarCodec{k}
	}
	return
}()

// ---- pointers ----------------------------------------------------------

type ptrCodec struct {
	elem    *typeInfo
	ptrType reflect.Type
	scalar  bool // the pointee is a bool or number: new ones come from Buffer.Alloc
}

// scalarPointee returns memory for a new bool or number a pointer will
// point to: size bytes from Buffer.Alloc (they hold no pointers), of
// their own or, with shared blocks on, from the decode's block.
func scalarPointee(b *buffer, size int) unsafe.Pointer {
	return unsafe.Pointer(unsafe.SliceData(b.Alloc(size)))
}

// isScalarKind reports whether values of kind k hold no pointers and need
// at most 8-byte alignment (bools and numbers).
func isScalarKind(k reflect.Kind) bool {
	return k >= reflect.Bool && k <= reflect.Complex128
}

func (c *ptrCodec) write(e *encoder, p unsafe.Pointer) error {
	q := *(*unsafe.Pointer)(p)
	if q == nil {
		// A nil pointer at a non-nullable position: write the zero value.
		q = unsafeNew(c.elem.typ)
	}
	if c.elem.isAny {
		// A pointer to an interface is a level of nesting (see
		// writeFullC): an interface holding a pointer to itself must end
		// at the depth bound.
		if err := e.enter(); err != nil {
			return err
		}
		err := c.elem.codec.write(e, q)
		e.depth--
		return err
	}
	return c.elem.codec.write(e, q)
}

func (c *ptrCodec) read(d *decoder, p unsafe.Pointer) error {
	q := *(*unsafe.Pointer)(p)
	if q == nil {
		if c.scalar {
			q = scalarPointee(d.buf, int(c.elem.typ.Size()))
		} else {
			if size := c.elem.typ.Size(); !d.take(1, size) {
				if err := d.chargeSlow(1, size, c.ptrType); err != nil {
					return err
				}
			}
			q = unsafeNew(c.elem.typ)
		}
		*(*unsafe.Pointer)(p) = q
	}
	if d.pending >= 0 {
		d.claim(packAny(c.ptrType, p))
	}
	return c.elem.codec.read(d, q)
}

// ---- time --------------------------------------------------------------

type timestampCodec struct{}

// The wire holds a timestamp as int64 seconds since 1970 and nanoseconds;
// furyrt.PutTime and GetTime check the ranges the two sides can hold (the
// generated code uses them too).

func (timestampCodec) write(e *encoder, p unsafe.Pointer) error {
	t := (*time.Time)(p)
	e.buf.Grow(12)
	if !furyrt.PutTime(e.buf.Tail(), *t) {
		return wrapf(ErrInvalidArgument, "time %v is before the earliest timestamp the wire holds", t)
	}
	e.buf.Advance(12)
	return nil
}

func (timestampCodec) read(d *decoder, p unsafe.Pointer) error {
	u := d.buf.Unread()
	if t, ok := furyrt.GetTime(u); ok {
		*(*time.Time)(p) = t
		return d.buf.Skip(12)
	}
	if t, ok := furyrt.DecodeTime(u); ok { // GetTime declined the layout of time.Time
		*(*time.Time)(p) = t
		return d.buf.Skip(12)
	}
	if len(u) < 12 {
		return errTruncated
	}
	if ns := binary.LittleEndian.Uint32(u[8:]); ns >= 1e9 {
		return wrapf(ErrInvalidData, "timestamp nanoseconds %d", ns)
	}
	return wrapf(ErrInvalidData, "timestamp of %d seconds is beyond time.Time's range", int64(binary.LittleEndian.Uint64(u)))
}

type durationCodec struct{}

func (durationCodec) write(e *encoder, p unsafe.Pointer) error {
	// Seconds round down, so the nanoseconds are in [0, 1e9) as the peers
	// require: -1.5s is -2s + 500000000ns.
	v := *(*time.Duration)(p)
	s, ns := int64(v/time.Second), int32(v%time.Second)
	if ns < 0 {
		s--
		ns += int32(time.Second)
	}
	e.buf.WriteVarint64(s)
	e.buf.WriteInt32(ns)
	return nil
}

func (durationCodec) read(d *decoder, p unsafe.Pointer) error {
	s, err := d.buf.ReadVarint64()
	if err != nil {
		return err
	}
	ns, err := d.buf.ReadInt32()
	if err != nil {
		return err
	}
	v, ok := durationOf(s, ns)
	if !ok {
		return wrapf(ErrInvalidData, "duration of %d s %d ns is out of time.Duration's range", s, ns)
	}
	*(*time.Duration)(p) = v
	return nil
}

// durationOf returns s seconds + ns nanoseconds as a time.Duration, or
// false when that is out of its range. ns may be any int32 (the peers
// write it in [0, 1e9)).
func durationOf(s int64, ns int32) (time.Duration, bool) {
	const sec = int64(time.Second)
	// Bring ns into [0, 1e9), moving whole seconds to s.
	carry := int64(ns) / sec
	rem := int64(ns) % sec
	if rem < 0 {
		rem += sec
		carry--
	}
	if (carry > 0 && s > math.MaxInt64-carry) || (carry < 0 && s < math.MinInt64-carry) {
		return 0, false
	}
	s += carry
	if s >= 0 {
		if s > math.MaxInt64/sec || s*sec > math.MaxInt64-rem {
			return 0, false
		}
		return time.Duration(s*sec + rem), true
	}
	// s*sec + rem == (s+1)*sec - (sec-rem), without overflowing on the way.
	if s+1 < math.MinInt64/sec || (s+1)*sec < math.MinInt64+(sec-rem) {
		return 0, false
	}
	return time.Duration((s+1)*sec - (sec - rem)), true
}

type dateCodec struct{}

func (dateCodec) write(e *encoder, p unsafe.Pointer) error {
	days, err := (*Date)(p).epochDays()
	if err != nil {
		return err
	}
	e.buf.WriteVarint64(days)
	return nil
}

func (dateCodec) read(d *decoder, p unsafe.Pointer) error {
	days, err := d.buf.ReadVarint64()
	if err != nil {
		return err
	}
	if days > maxDateDays || days < -maxDateDays {
		return wrapf(ErrInvalidData, "date %d days from the epoch is out of range (at most ±%d)", days, int64(maxDateDays))
	}
	*(*Date)(p) = dateFromEpochDays(days)
	return nil
}

// ---- enums -------------------------------------------------------------

// enumCodec writes a registered named integer type as its ordinal.
type enumCodec struct {
	typ    reflect.Type
	size   uintptr
	signed bool
	max    uint64 // the largest ordinal the Go type holds
}

func newEnumCodec(t reflect.Type) *enumCodec {
	k := t.Kind()
	c := &enumCodec{typ: t, size: t.Size(), signed: k >= reflect.Int && k <= reflect.Int64}
	c.max = 1<<(8*c.size) - 1
	if c.size >= 8 {
		c.max = math.MaxUint64
	}
	if c.signed {
		c.max >>= 1
	}
	return c
}

func (c *enumCodec) write(e *encoder, p unsafe.Pointer) error {
	var v int64
	switch c.size {
	case 1:
		v = int64(*(*uint8)(p))
		if c.signed {
			v = int64(*(*int8)(p))
		}
	case 2:
		v = int64(*(*uint16)(p))
		if c.signed {
			v = int64(*(*int16)(p))
		}
	case 4:
		v = int64(*(*uint32)(p))
		if c.signed {
			v = int64(*(*int32)(p))
		}
	default:
		v = *(*int64)(p)
	}
	if v < 0 || v > math.MaxUint32 {
		return wrapf(ErrInvalidArgument, "enum value %d is not a valid ordinal", v)
	}
	e.buf.WriteVaruint32(uint32(v))
	return nil
}

func (c *enumCodec) read(d *decoder, p unsafe.Pointer) error {
	v, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	if uint64(v) > c.max {
		return wrapf(ErrInvalidData, "enum ordinal %d out of range of %v (at most %d)", v, c.typ, c.max)
	}
	switch c.size {
	case 1:
		*(*uint8)(p) = uint8(v)
	case 2:
		*(*uint16)(p) = uint16(v)
	case 4:
		*(*uint32)(p) = v
	default:
		*(*uint64)(p) = uint64(v)
	}
	return nil
}
