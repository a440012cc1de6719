package bench

import (
	"time"

	"github.com/mus-format/mus-go"
	"github.com/mus-format/mus-go/ord"
	"github.com/mus-format/mus-go/raw"
	"github.com/mus-format/mus-go/unsafe"
	"github.com/mus-format/mus-go/varint"
)

// mus (github.com/mus-format/mus-go), on SmallStruct only: the fastest
// entry of go_serialization_benchmarks' public table. mus-go has no
// generated code of its own for structs here; its README has users write
// a mus.Serializer per struct from its primitives, which is what
// smallStructMUS does, field by field in declaration order (BirthDay as
// Unix nanoseconds, read back in UTC). There is no framing: both sides
// know the type.
//   - mus: Size, then Marshal into a new []byte of that size;
//   - mus-reuse: Size, then Marshal into a reused buffer;
//   - deserialize mus: Unmarshal into a new SmallStruct, strings copied;
//   - deserialize mus-unsafe: the same with mus-go's unsafe package, the
//     strings aliasing the input (not what the other entries do).

func init() { suites = append(suites, musSuite) }

// smallStructMUS serializes a SmallStruct with mus-go's ord and raw
// primitives (strings copied on decode), as its README's example does.
type smallStructMUS struct{}

func (smallStructMUS) Marshal(v SmallStruct, bs []byte) (n int) {
	n = ord.String.Marshal(v.Name, bs)
	n += raw.TimeUnixNanoUTC.Marshal(v.BirthDay, bs[n:])
	n += ord.String.Marshal(v.Phone, bs[n:])
	n += varint.Int64.Marshal(v.Siblings, bs[n:])
	n += ord.Bool.Marshal(v.Spouse, bs[n:])
	return n + raw.Float64.Marshal(v.Money, bs[n:])
}

func (smallStructMUS) Unmarshal(bs []byte) (v SmallStruct, n int, err error) {
	var k int
	if v.Name, n, err = ord.String.Unmarshal(bs); err != nil {
		return
	}
	if v.BirthDay, k, err = raw.TimeUnixNanoUTC.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	if v.Phone, k, err = ord.String.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	if v.Siblings, k, err = varint.Int64.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	if v.Spouse, k, err = ord.Bool.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	v.Money, k, err = raw.Float64.Unmarshal(bs[n:])
	return v, n + k, err
}

func (smallStructMUS) Size(v SmallStruct) int {
	return ord.String.Size(v.Name) + raw.TimeUnixNanoUTC.Size(v.BirthDay) + ord.String.Size(v.Phone) +
		varint.Int64.Size(v.Siblings) + ord.Bool.Size(v.Spouse) + raw.Float64.Size(v.Money)
}

// smallStructMUSUnsafe reads the same bytes with mus-go's unsafe package:
// the decoded strings alias the input.
type smallStructMUSUnsafe struct{}

func (smallStructMUSUnsafe) Unmarshal(bs []byte) (v SmallStruct, n int, err error) {
	var k int
	if v.Name, n, err = unsafe.String.Unmarshal(bs); err != nil {
		return
	}
	if v.BirthDay, k, err = unsafe.TimeUnixNanoUTC.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	if v.Phone, k, err = unsafe.String.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	if v.Siblings, k, err = varint.Int64.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	if v.Spouse, k, err = unsafe.Bool.Unmarshal(bs[n:]); err != nil {
		return
	}
	n += k
	v.Money, k, err = unsafe.Float64.Unmarshal(bs[n:])
	return v, n + k, err
}

var (
	_ mus.Serializer[time.Time] = raw.TimeUnixNanoUTC
	_ interface {
		Marshal(SmallStruct, []byte) int
		Unmarshal([]byte) (SmallStruct, int, error)
		Size(SmallStruct) int
	} = smallStructMUS{}
)

func musSuite(o objects) ([]serBench, []deBench, error) {
	v := o.smallStruct
	var reuse []byte
	ser := []serBench{
		{objSmallStruct, "mus", "mus", func() ([]byte, error) {
			bs := make([]byte, smallStructMUS{}.Size(*v))
			smallStructMUS{}.Marshal(*v, bs)
			return bs, nil
		}},
		{objSmallStruct, "mus-reuse", "mus", func() ([]byte, error) {
			n := smallStructMUS{}.Size(*v)
			if cap(reuse) < n {
				reuse = make([]byte, n)
			}
			reuse = reuse[:n]
			smallStructMUS{}.Marshal(*v, reuse)
			return reuse, nil
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{
		{objSmallStruct, "mus", payload, true, func(data []byte) (any, error) {
			out := new(SmallStruct)
			var err error
			*out, _, err = smallStructMUS{}.Unmarshal(data)
			return out, err
		}},
		{objSmallStruct, "mus-unsafe", payload, true, func(data []byte) (any, error) {
			out := new(SmallStruct)
			var err error
			*out, _, err = smallStructMUSUnsafe{}.Unmarshal(data)
			return out, err
		}},
	}
	return ser, de, nil
}
