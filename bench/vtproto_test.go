package bench

import (
	"google.golang.org/protobuf/proto"

	"github.com/fury-go/fury/bench/pb"
)

// vtprotobuf: the same messages as protobuf (pb/*.proto), with the
// MarshalVT/UnmarshalVT/SizeVT methods protoc-gen-go-vtproto generates
// (pb/*_vtproto.pb.go), timed as the protobuf entries are:
//   - vtprotobuf: convert the model to the message, MarshalVT (a new
//     []byte per call);
//   - vtprotobuf-reuse: the same, into a reused buffer (SizeVT, then
//     MarshalToSizedBufferVT);
//   - vtprotobuf-msgonly(-reuse): a message built beforehand;
//   - deserialize vtprotobuf: UnmarshalVT into a new message, then convert
//     into a new model value; vtprotobuf-msgonly stops at the message.

// vtMessage is what protoc-gen-go-vtproto adds to a message.
type vtMessage interface {
	proto.Message
	MarshalVT() ([]byte, error)
	SizeVT() int
	MarshalToSizedBufferVT([]byte) (int, error)
	UnmarshalVT([]byte) error
}

// marshalVTAppend appends m to buf[:0], reusing buf's memory.
func marshalVTAppend(buf []byte, m vtMessage) ([]byte, error) {
	n := m.SizeVT()
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	_, err := m.MarshalToSizedBufferVT(buf)
	return buf, err
}

func vtprotobufBenches[T any, M vtMessage](object string, v *T, to func(*T) M, from func(M, *T), newMsg func() M) ([]serBench, []deBench, error) {
	var reuse, reuseMsg []byte
	msg := to(v)
	ser := []serBench{
		{object, "vtprotobuf", "vtprotobuf", func() ([]byte, error) {
			return to(v).MarshalVT()
		}},
		{object, "vtprotobuf-reuse", "vtprotobuf", func() ([]byte, error) {
			var err error
			reuse, err = marshalVTAppend(reuse, to(v))
			return reuse, err
		}},
		{object, "vtprotobuf-msgonly", "vtprotobuf", func() ([]byte, error) {
			return msg.MarshalVT()
		}},
		{object, "vtprotobuf-msgonly-reuse", "vtprotobuf", func() ([]byte, error) {
			var err error
			reuseMsg, err = marshalVTAppend(reuseMsg, msg)
			return reuseMsg, err
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{
		{object, "vtprotobuf", payload, true, func(data []byte) (any, error) {
			m := newMsg()
			if err := m.UnmarshalVT(data); err != nil {
				return nil, err
			}
			out := new(T)
			from(m, out)
			return out, nil
		}},
		{object, "vtprotobuf-msgonly", payload, false, func(data []byte) (any, error) {
			m := newMsg()
			return m, m.UnmarshalVT(data)
		}},
	}
	return ser, de, nil
}

func vtprotobufSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.add(vtprotobufBenches(objSample, o.sample, sampleToPB, sampleFromPB,
		func() *pb.Sample { return new(pb.Sample) }))
	c.add(vtprotobufBenches(objMediaContent, o.mediaContent, mediaContentToPB, mediaContentFromPB,
		func() *pb.MediaContent { return new(pb.MediaContent) }))
	c.add(vtprotobufBenches(objStruct, o.strct, structToPB, structFromPB,
		func() *pb.Struct { return new(pb.Struct) }))
	c.add(vtprotobufBenches(objSmallStruct, o.smallStruct, smallStructToPB, smallStructFromPB,
		func() *pb.SmallStruct { return new(pb.SmallStruct) }))
	c.add(vtprotobufBenches(objSampleList, o.sampleList, sampleListToPB, sampleListFromPB,
		func() *pb.SampleList { return new(pb.SampleList) }))
	c.add(vtprotobufBenches(objMediaContentList, o.mediaContentList, mediaContentListToPB, mediaContentListFromPB,
		func() *pb.MediaContentList { return new(pb.MediaContentList) }))
	c.add(vtprotobufBenches(objStructList, o.structList, structListToPB, structListFromPB,
		func() *pb.StructList { return new(pb.StructList) }))
	return c.ser, c.de, c.err
}
