package bench

import (
	"google.golang.org/protobuf/proto"

	"github.com/fury-go/fury/bench/pb"
)

// protobuf-go, timed as an application uses it:
//   - protobuf: convert the model to the generated message, proto.Marshal;
//   - protobuf-reuse: the same, marshalling into a reused buffer with
//     MarshalOptions.MarshalAppend;
//   - protobuf-msgonly(-reuse): marshal a message built beforehand (the
//     figure protobuf's own benchmarks give);
//   - deserialize protobuf: proto.Unmarshal into a new message, then convert
//     into a new model value; protobuf-msgonly stops at the message.

func protobufBenches[T any, M proto.Message](object string, v *T, to func(*T) M, from func(M, *T), newMsg func() M) ([]serBench, []deBench, error) {
	var reuse, reuseMsg []byte
	msg := to(v)
	ser := []serBench{
		{object, "protobuf", "protobuf", func() ([]byte, error) {
			return proto.Marshal(to(v))
		}},
		{object, "protobuf-reuse", "protobuf", func() ([]byte, error) {
			var err error
			reuse, err = proto.MarshalOptions{}.MarshalAppend(reuse[:0], to(v))
			return reuse, err
		}},
		{object, "protobuf-msgonly", "protobuf", func() ([]byte, error) {
			return proto.Marshal(msg)
		}},
		{object, "protobuf-msgonly-reuse", "protobuf", func() ([]byte, error) {
			var err error
			reuseMsg, err = proto.MarshalOptions{}.MarshalAppend(reuseMsg[:0], msg)
			return reuseMsg, err
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{
		{object, "protobuf", payload, true, func(data []byte) (any, error) {
			m := newMsg()
			if err := proto.Unmarshal(data, m); err != nil {
				return nil, err
			}
			out := new(T)
			from(m, out)
			return out, nil
		}},
		{object, "protobuf-msgonly", payload, false, func(data []byte) (any, error) {
			m := newMsg()
			return m, proto.Unmarshal(data, m)
		}},
	}
	return ser, de, nil
}

func protobufSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.add(protobufBenches(objSample, o.sample, sampleToPB, sampleFromPB,
		func() *pb.Sample { return new(pb.Sample) }))
	c.add(protobufBenches(objMediaContent, o.mediaContent, mediaContentToPB, mediaContentFromPB,
		func() *pb.MediaContent { return new(pb.MediaContent) }))
	c.add(protobufBenches(objStruct, o.strct, structToPB, structFromPB,
		func() *pb.Struct { return new(pb.Struct) }))
	c.add(protobufBenches(objSmallStruct, o.smallStruct, smallStructToPB, smallStructFromPB,
		func() *pb.SmallStruct { return new(pb.SmallStruct) }))
	c.add(protobufBenches(objSampleList, o.sampleList, sampleListToPB, sampleListFromPB,
		func() *pb.SampleList { return new(pb.SampleList) }))
	c.add(protobufBenches(objMediaContentList, o.mediaContentList, mediaContentListToPB, mediaContentListFromPB,
		func() *pb.MediaContentList { return new(pb.MediaContentList) }))
	c.add(protobufBenches(objStructList, o.structList, structListToPB, structListFromPB,
		func() *pb.StructList { return new(pb.StructList) }))
	return c.ser, c.de, c.err
}
