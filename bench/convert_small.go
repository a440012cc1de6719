package bench

import (
	"time"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/fury-go/fury/bench/fb"
	"github.com/fury-go/fury/bench/pb"
)

// Conversions of SmallStruct to and from the protobuf message and the
// flatbuffers table; the birthday travels as Unix nanoseconds in both.

func smallStructToPB(s *SmallStruct) *pb.SmallStruct {
	return &pb.SmallStruct{
		Name:     s.Name,
		BirthDay: s.BirthDay.UnixNano(),
		Phone:    s.Phone,
		Siblings: s.Siblings,
		Spouse:   s.Spouse,
		Money:    s.Money,
	}
}

func smallStructFromPB(m *pb.SmallStruct, s *SmallStruct) {
	*s = SmallStruct{
		Name:     m.Name,
		BirthDay: time.Unix(0, m.BirthDay).UTC(),
		Phone:    m.Phone,
		Siblings: m.Siblings,
		Spouse:   m.Spouse,
		Money:    m.Money,
	}
}

func buildSmallStructFB(b *flatbuffers.Builder, s *SmallStruct) flatbuffers.UOffsetT {
	name := b.CreateString(s.Name)
	phone := b.CreateString(s.Phone)
	fb.SmallStructStart(b)
	fb.SmallStructAddName(b, name)
	fb.SmallStructAddBirthDay(b, s.BirthDay.UnixNano())
	fb.SmallStructAddPhone(b, phone)
	fb.SmallStructAddSiblings(b, s.Siblings)
	fb.SmallStructAddSpouse(b, s.Spouse)
	fb.SmallStructAddMoney(b, s.Money)
	return fb.SmallStructEnd(b)
}

func smallStructFromFB(t *fb.SmallStruct, s *SmallStruct) {
	*s = SmallStruct{
		Name:     string(t.Name()),
		BirthDay: time.Unix(0, t.BirthDay()).UTC(),
		Phone:    string(t.Phone()),
		Siblings: t.Siblings(),
		Spouse:   t.Spouse(),
		Money:    t.Money(),
	}
}

func touchSmallStructFB(t *fb.SmallStruct) uint64 {
	return uint64(len(t.Name())) + uint64(t.BirthDay()) + uint64(len(t.Phone())) + uint64(t.Siblings()) +
		b2u(t.Spouse()) + uint64(t.Money())
}
