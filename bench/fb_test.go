package bench

import (
	flatbuffers "github.com/google/flatbuffers/go"
)

// flatbuffers-go:
//   - serialize flatbuffers: build the buffer from the model with a reused
//     Builder (Reset), Finish, FinishedBytes (which aliases the Builder);
//   - deserialize flatbuffers-lazy: read every field once through the
//     generated accessors, without building a model value;
//   - deserialize flatbuffers-full: convert the whole buffer into a new model
//     value (strings and slices copied out), the job the other libraries do.

// lazySink keeps lazy reads from being optimized away.
var lazySink uint64

// table is implemented by the pointer of every generated table type.
type table[R any] interface {
	*R
	Init([]byte, flatbuffers.UOffsetT)
}

// root initializes a table value in place from a finished buffer: what
// GetRootAs* does, without its heap allocation.
func root[R any, P table[R]](data []byte, r P) P {
	r.Init(data, flatbuffers.GetUOffsetT(data))
	return r
}

func flatbuffersBenches[T, R any, P table[R]](object string, v *T,
	build func(*flatbuffers.Builder, *T) flatbuffers.UOffsetT,
	full func(P, *T),
	touch func(P) uint64,
) ([]serBench, []deBench, error) {
	builder := flatbuffers.NewBuilder(1024)
	ser := serBench{object, "flatbuffers", "flatbuffers-full", func() ([]byte, error) {
		builder.Reset()
		builder.Finish(build(builder, v))
		return builder.FinishedBytes(), nil
	}}
	payload, err := payloadOf(ser.marshal)
	if err != nil {
		return nil, nil, err
	}
	// The table accessors are reused across calls, as a reader loop would.
	lazyTable, fullTable := new(R), new(R)
	de := []deBench{
		{object, "flatbuffers-lazy", payload, false, func(data []byte) (any, error) {
			lazySink += touch(root(data, P(lazyTable)))
			return nil, nil
		}},
		{object, "flatbuffers-full", payload, true, func(data []byte) (any, error) {
			out := new(T)
			full(root(data, P(fullTable)), out)
			return out, nil
		}},
	}
	return []serBench{ser}, de, nil
}

func flatbuffersSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.add(flatbuffersBenches(objSample, o.sample, buildSampleFB, sampleFromFB, touchSampleFB))
	c.add(flatbuffersBenches(objMediaContent, o.mediaContent, buildMediaContentFB,
		mediaContentFromFB, touchMediaContentFB))
	c.add(flatbuffersBenches(objStruct, o.strct, buildStructFB, structFromFB, touchStructFB))
	c.add(flatbuffersBenches(objSmallStruct, o.smallStruct, buildSmallStructFB, smallStructFromFB, touchSmallStructFB))
	c.add(flatbuffersBenches(objSampleList, o.sampleList, buildSampleListFB,
		sampleListFromFB, touchSampleListFB))
	c.add(flatbuffersBenches(objMediaContentList, o.mediaContentList, buildMediaContentListFB,
		mediaContentListFromFB, touchMediaContentListFB))
	c.add(flatbuffersBenches(objStructList, o.structList, buildStructListFB,
		structListFromFB, touchStructListFB))
	return c.ser, c.de, c.err
}
