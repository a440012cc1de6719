package bench

import (
	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/fury-go/fury/bench/fb"
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

func flatbuffersBenches[T, R any](object string, v *T,
	build func(*flatbuffers.Builder, *T) flatbuffers.UOffsetT,
	root func([]byte, flatbuffers.UOffsetT) *R,
	full func(*R, *T),
	touch func(*R) uint64,
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
	de := []deBench{
		{object, "flatbuffers-lazy", payload, false, func(data []byte) (any, error) {
			lazySink += touch(root(data, 0))
			return nil, nil
		}},
		{object, "flatbuffers-full", payload, true, func(data []byte) (any, error) {
			out := new(T)
			full(root(data, 0), out)
			return out, nil
		}},
	}
	return []serBench{ser}, de, nil
}

func flatbuffersSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.add(flatbuffersBenches(objSample, o.sample, buildSampleFB, fb.GetRootAsSample, sampleFromFB, touchSampleFB))
	c.add(flatbuffersBenches(objMediaContent, o.mediaContent, buildMediaContentFB, fb.GetRootAsMediaContent,
		mediaContentFromFB, touchMediaContentFB))
	c.add(flatbuffersBenches(objStruct, o.strct, buildStructFB, fb.GetRootAsStruct, structFromFB, touchStructFB))
	c.add(flatbuffersBenches(objSampleList, o.sampleList, buildSampleListFB, fb.GetRootAsSampleList,
		sampleListFromFB, touchSampleListFB))
	c.add(flatbuffersBenches(objMediaContentList, o.mediaContentList, buildMediaContentListFB,
		fb.GetRootAsMediaContentList, mediaContentListFromFB, touchMediaContentListFB))
	c.add(flatbuffersBenches(objStructList, o.structList, buildStructListFB, fb.GetRootAsStructList,
		structListFromFB, touchStructListFB))
	return c.ser, c.de, c.err
}
