package bench

import (
	"unsafe"

	"github.com/tinylib/msgp/msgp"
)

// msgp (tinylib/msgp): MessagePack with methods generated on the model
// types themselves (models_msgp.go, struct_gen_msgp.go, small_msgp.go,
// lists_msgp.go; see gen.go), so no conversion is needed, as with fury's
// generated code. msgp's default form: a struct is a map keyed by field
// name.
//   - msgp: MarshalMsg(nil) (a new []byte per call);
//   - msgp-reuse: MarshalMsg into a reused buffer;
//   - deserialize msgp: UnmarshalMsg into a new model value.

// msgpValue is a model type with msgp's generated methods on its pointer.
type msgpValue[T any] interface {
	*T
	msgp.Marshaler
	msgp.Unmarshaler
}

func msgpBenches[T any, P msgpValue[T]](object string, v P) ([]serBench, []deBench, error) {
	var reuse []byte
	ser := []serBench{
		{object, "msgp", "msgp", func() ([]byte, error) { return v.MarshalMsg(nil) }},
		{object, "msgp-reuse", "msgp", func() ([]byte, error) {
			var err error
			reuse, err = v.MarshalMsg(reuse[:0])
			return reuse, err
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{{object, "msgp", payload, true, func(data []byte) (any, error) {
		out := P(new(T))
		_, err := out.UnmarshalMsg(data)
		return (*T)(out), err
	}}}
	return ser, de, nil
}

// msgpListBenches is msgpBenches for a list, serialized through its named
// type (lists.go) and decoded into a new *[]E like the other libraries'.
func msgpListBenches[E any, L ~[]E, P msgpValue[L]](object string, v *[]E) ([]serBench, []deBench, error) {
	ser, de, err := msgpBenches[L, P](object, P((*L)(unsafe.Pointer(v)))) // same layout: L's underlying type is []E
	for i := range de {
		dec := de[i].decode
		de[i].decode = func(data []byte) (any, error) {
			out, err := dec(data)
			if err != nil {
				return nil, err
			}
			return (*[]E)(unsafe.Pointer(out.(*L))), nil
		}
	}
	return ser, de, err
}

func msgpSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.add(msgpBenches(objSample, o.sample))
	c.add(msgpBenches(objMediaContent, o.mediaContent))
	c.add(msgpBenches(objStruct, o.strct))
	c.add(msgpBenches(objSmallStruct, o.smallStruct))
	c.add(msgpListBenches[Sample, SampleListMsgp](objSampleList, o.sampleList))
	c.add(msgpListBenches[MediaContent, MediaContentListMsgp](objMediaContentList, o.mediaContentList))
	c.add(msgpListBenches[Struct, StructListMsgp](objStructList, o.structList))
	return c.ser, c.de, c.err
}
