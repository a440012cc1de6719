package fury

import (
	"reflect"

	"unsafe"

	"github.com/fury-go/fury/internal/asm"
)

// Binary ([]byte) and primitive arrays ([]int32, [4]float64, ...): a
// varuint32 byte length, then the little-endian elements, copied in bulk.
// With out-of-band buffers enabled, each is preceded by an in-band flag and
// may travel as a separate buffer instead.

var nativeLE = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// SerializedObject is what Serialize offers to its callback: a []byte or
// primitive slice of the value that may travel out of band. Its bytes
// alias the serialized value's memory (no copy).
type SerializedObject struct {
	data []byte
}

// Bytes returns the object's bytes (primitive elements little-endian, as
// on the wire): what travels out of band, for the receiver to pass to
// Deserialize, in order, each in a Buffer (NewBuffer of the bytes, or
// ToBuffer). They alias the value's memory, so ship or copy them before
// the value changes.
func (o SerializedObject) Bytes() []byte { return o.data }

// writeBufferObject writes raw bytes as a buffer object: in band, or out of
// band when the Serialize callback says so.
func (e *encoder) writeBufferObject(raw []byte) {
	if e.oob != nil {
		if !e.oob(SerializedObject{data: raw}) {
			e.buf.WriteBool(false)
			return
		}
		e.buf.WriteBool(true)
	}
	e.buf.WriteVaruint32(uint32(len(raw)))
	e.buf.WriteBytes(raw)
}

// readBufferObject returns the bytes of a buffer object. The result aliases
// the input (or the out-of-band buffer).
func (d *decoder) readBufferObject() ([]byte, error) {
	if d.oobOn {
		inBand, err := d.buf.ReadBool()
		if err != nil {
			return nil, err
		}
		if !inBand {
			if d.oobNext >= len(d.oobBufs) {
				return nil, wrapf(ErrInvalidData, "input refers to out-of-band buffer %d, only %d given", d.oobNext, len(d.oobBufs))
			}
			b := d.oobBufs[d.oobNext]
			d.oobNext++
			return b, nil
		}
	}
	n, err := d.buf.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	return d.buf.ReadBytes(int(n))
}

type bytesCodec struct{}

func (bytesCodec) write(e *encoder, p unsafe.Pointer) error {
	e.writeBufferObject(*(*[]byte)(p))
	return nil
}

func (bytesCodec) read(d *decoder, p unsafe.Pointer) error {
	raw, err := d.readBufferObject()
	if err != nil {
		return err
	}
	if a, ok := d.buf.Alias(raw); ok { // zero copy (WithAliasInput)
		*(*[]byte)(p) = a
		return nil
	}
	// Copy, so the result does not pin or alias the caller's input.
	*(*[]byte)(p) = d.buf.AllocCopy(raw)
	return nil
}

// arrayCodec handles slices and Go arrays of fixed-width primitives.
type arrayCodec struct {
	typ      reflect.Type
	isArray  bool // Go array [N]T rather than a slice
	n        int  // Go array length
	elemSize int
	id       uint32
	isBool   bool
	elemType reflect.Type
	elemWord unsafe.Pointer
}

func newArrayCodec(t reflect.Type, id uint32) *arrayCodec {
	c := &arrayCodec{typ: t, id: id, elemType: t.Elem(), elemSize: int(t.Elem().Size()), elemWord: typeWord(t.Elem())}
	c.isArray = t.Kind() == reflect.Array
	if c.isArray {
		c.n = t.Len()
	}
	c.isBool = t.Elem().Kind() == reflect.Bool
	return c
}

// raw returns the elements at p as bytes (native order).
func (c *arrayCodec) raw(p unsafe.Pointer) []byte {
	if c.isArray {
		return unsafe.Slice((*byte)(p), c.n*c.elemSize)
	}
	h := (*sliceHeader)(p)
	if h.len == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(h.data), h.len*c.elemSize)
}

func (c *arrayCodec) write(e *encoder, p unsafe.Pointer) error {
	raw := c.raw(p)
	if nativeLE || c.elemSize == 1 {
		e.writeBufferObject(raw)
		return nil
	}
	e.writeBufferObject(swapBytes(raw, c.elemSize))
	return nil
}

func (c *arrayCodec) read(d *decoder, p unsafe.Pointer) error {
	raw, err := d.readBufferObject()
	if err != nil {
		return err
	}
	if len(raw)%c.elemSize != 0 {
		return wrapf(ErrInvalidData, "%d bytes is not a whole number of %d-byte elements", len(raw), c.elemSize)
	}
	n := len(raw) / c.elemSize
	var dst []byte
	if c.isArray {
		if n != c.n {
			return wrapf(ErrTypeMismatch, "array of %d elements cannot fill %v", n, c.typ)
		}
		dst = unsafe.Slice((*byte)(p), len(raw))
		copy(dst, raw)
	} else {
		h := (*sliceHeader)(p)
		if c.elemSize == 1 && !c.isBool {
			// Bytes need no alignment nor byte swap: zero copy (WithAliasInput).
			if a, ok := d.buf.Alias(raw); ok {
				*h = sliceHeader{data: unsafe.Pointer(unsafe.SliceData(a)), len: n, cap: n}
				return nil
			}
		}
		dst = d.buf.AllocCopy(raw)
		*h = sliceHeader{data: unsafe.Pointer(unsafe.SliceData(dst)), len: n, cap: n}
	}
	if !nativeLE && c.elemSize > 1 {
		copy(dst, swapBytes(dst, c.elemSize))
	}
	if c.isBool && !asm.ValidBools(dst) {
		// Peers write 0 and 1; read any other byte as true.
		for i, b := range dst {
			if b > 1 {
				dst[i] = 1
			}
		}
	}
	return nil
}

// swapBytes returns a copy of raw with each elemSize-byte element reversed
// (for big-endian hosts).
func swapBytes(raw []byte, elemSize int) []byte {
	out := make([]byte, len(raw))
	for i := 0; i+elemSize <= len(raw); i += elemSize {
		for j := 0; j < elemSize; j++ {
			out[i+j] = raw[i+elemSize-1-j]
		}
	}
	return out
}
