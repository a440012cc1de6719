package fury

import (
	"reflect"
	"unsafe"
)

var unionValueType = reflect.TypeFor[UnionValue]()

// unionValueCodec writes a UnionValue as what it was read from: a union
// without its identity (wire type union), its case id, then the case's
// value with its flag and type info. So a value decoded into interface{}
// that holds a UnionValue (a union field of a struct read as a map of
// fields) marshals to a union again and reads back as the same UnionValue,
// instead of as an unregistered struct named fury.UnionValue.
type unionValueCodec struct{}

func (unionValueCodec) write(e *encoder, p unsafe.Pointer) error {
	uv := (*UnionValue)(p)
	vti, err := e.r.typeInfoOf(anyType)
	if err != nil {
		return err
	}
	if err := e.enter(); err != nil {
		return err
	}
	e.buf.WriteVaruint32(uv.Case)
	err = e.writeFull(vti, unsafe.Pointer(&uv.Value), true, true, true)
	e.depth--
	return err
}

func (unionValueCodec) read(d *decoder, p unsafe.Pointer) error {
	v, err := d.readUnionValue()
	if err != nil {
		return err
	}
	*(*UnionValue)(p) = v.(UnionValue)
	return nil
}
