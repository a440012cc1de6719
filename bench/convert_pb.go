package bench

import "github.com/fury-go/fury/bench/pb"

// The converters below are what an application using protobuf-go writes to
// move between its own structs and the generated messages. Slices whose
// element types match are shared, not copied; int16/uint16 slices must be
// widened to the int32 that proto3 offers.

func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

func widen[T int16 | uint16](s []T) []int32 {
	if s == nil {
		return nil
	}
	out := make([]int32, len(s))
	for i, v := range s {
		out[i] = int32(v)
	}
	return out
}

func narrow[T int16 | uint16](s []int32) []T {
	if len(s) == 0 {
		return nil
	}
	out := make([]T, len(s))
	for i, v := range s {
		out[i] = T(v)
	}
	return out
}

func optString(s *string) *string {
	if *s == "" {
		return nil
	}
	return s
}

func sampleToPB(s *Sample) *pb.Sample {
	return &pb.Sample{
		IntValue:          s.IntValue,
		LongValue:         s.LongValue,
		FloatValue:        s.FloatValue,
		DoubleValue:       s.DoubleValue,
		ShortValue:        int32(s.ShortValue),
		CharValue:         int32(s.CharValue),
		BooleanValue:      s.BooleanValue,
		IntValueBoxed:     deref(s.IntValueBoxed),
		LongValueBoxed:    deref(s.LongValueBoxed),
		FloatValueBoxed:   deref(s.FloatValueBoxed),
		DoubleValueBoxed:  deref(s.DoubleValueBoxed),
		ShortValueBoxed:   int32(deref(s.ShortValueBoxed)),
		CharValueBoxed:    int32(deref(s.CharValueBoxed)),
		BooleanValueBoxed: deref(s.BooleanValueBoxed),
		IntArray:          s.IntArray,
		LongArray:         s.LongArray,
		FloatArray:        s.FloatArray,
		DoubleArray:       s.DoubleArray,
		ShortArray:        widen(s.ShortArray),
		CharArray:         widen(s.CharArray),
		BooleanArray:      s.BooleanArray,
		String_:           s.String,
	}
}

func sampleFromPB(m *pb.Sample, s *Sample) {
	*s = Sample{
		IntValue:          m.IntValue,
		LongValue:         m.LongValue,
		FloatValue:        m.FloatValue,
		DoubleValue:       m.DoubleValue,
		ShortValue:        int16(m.ShortValue),
		CharValue:         uint16(m.CharValue),
		BooleanValue:      m.BooleanValue,
		IntValueBoxed:     ptr(m.IntValueBoxed),
		LongValueBoxed:    ptr(m.LongValueBoxed),
		FloatValueBoxed:   ptr(m.FloatValueBoxed),
		DoubleValueBoxed:  ptr(m.DoubleValueBoxed),
		ShortValueBoxed:   ptr(int16(m.ShortValueBoxed)),
		CharValueBoxed:    ptr(uint16(m.CharValueBoxed)),
		BooleanValueBoxed: ptr(m.BooleanValueBoxed),
		IntArray:          m.IntArray,
		LongArray:         m.LongArray,
		FloatArray:        m.FloatArray,
		DoubleArray:       m.DoubleArray,
		ShortArray:        narrow[int16](m.ShortArray),
		CharArray:         narrow[uint16](m.CharArray),
		BooleanArray:      m.BooleanArray,
		String:            m.String_,
	}
}

func mediaToPB(s *Media) *pb.Media {
	return &pb.Media{
		Uri:        s.URI,
		Title:      optString(&s.Title),
		Width:      s.Width,
		Height:     s.Height,
		Format:     s.Format,
		Duration:   s.Duration,
		Size:       s.Size,
		Bitrate:    s.Bitrate,
		HasBitrate: s.HasBitrate,
		Persons:    s.Persons,
		Player:     pb.Player(s.Player),
		Copyright:  s.Copyright,
	}
}

func mediaFromPB(m *pb.Media, s *Media) {
	*s = Media{
		URI:        m.Uri,
		Title:      m.GetTitle(),
		Width:      m.Width,
		Height:     m.Height,
		Format:     m.Format,
		Duration:   m.Duration,
		Size:       m.Size,
		Bitrate:    m.Bitrate,
		HasBitrate: m.HasBitrate,
		Persons:    m.Persons,
		Player:     Player(m.Player),
		Copyright:  m.Copyright,
	}
}

func imageToPB(s *Image) *pb.Image {
	m := &pb.Image{
		Uri:    s.URI,
		Title:  optString(&s.Title),
		Width:  s.Width,
		Height: s.Height,
		Size:   pb.Size(s.Size),
	}
	if s.Media != nil {
		m.Media = mediaToPB(s.Media)
	}
	return m
}

func imageFromPB(m *pb.Image, s *Image) {
	*s = Image{
		URI:    m.Uri,
		Title:  m.GetTitle(),
		Width:  m.Width,
		Height: m.Height,
		Size:   Size(m.Size),
	}
	if m.Media != nil {
		s.Media = new(Media)
		mediaFromPB(m.Media, s.Media)
	}
}

func mediaContentToPB(s *MediaContent) *pb.MediaContent {
	m := &pb.MediaContent{Media: mediaToPB(&s.Media)}
	if s.Images != nil {
		m.Images = make([]*pb.Image, len(s.Images))
		for i := range s.Images {
			m.Images[i] = imageToPB(&s.Images[i])
		}
	}
	return m
}

func mediaContentFromPB(m *pb.MediaContent, s *MediaContent) {
	*s = MediaContent{}
	if m.Media != nil {
		mediaFromPB(m.Media, &s.Media)
	}
	if len(m.Images) > 0 {
		s.Images = make([]Image, len(m.Images))
		for i, im := range m.Images {
			imageFromPB(im, &s.Images[i])
		}
	}
}

func sampleListToPB(l *[]Sample) *pb.SampleList {
	m := &pb.SampleList{Items: make([]*pb.Sample, len(*l))}
	for i := range *l {
		m.Items[i] = sampleToPB(&(*l)[i])
	}
	return m
}

func sampleListFromPB(m *pb.SampleList, l *[]Sample) {
	*l = make([]Sample, len(m.Items))
	for i, it := range m.Items {
		sampleFromPB(it, &(*l)[i])
	}
}

func mediaContentListToPB(l *[]MediaContent) *pb.MediaContentList {
	m := &pb.MediaContentList{Items: make([]*pb.MediaContent, len(*l))}
	for i := range *l {
		m.Items[i] = mediaContentToPB(&(*l)[i])
	}
	return m
}

func mediaContentListFromPB(m *pb.MediaContentList, l *[]MediaContent) {
	*l = make([]MediaContent, len(m.Items))
	for i, it := range m.Items {
		mediaContentFromPB(it, &(*l)[i])
	}
}

func structListToPB(l *[]Struct) *pb.StructList {
	m := &pb.StructList{Items: make([]*pb.Struct, len(*l))}
	for i := range *l {
		m.Items[i] = structToPB(&(*l)[i])
	}
	return m
}

func structListFromPB(m *pb.StructList, l *[]Struct) {
	*l = make([]Struct, len(m.Items))
	for i, it := range m.Items {
		structFromPB(it, &(*l)[i])
	}
}
