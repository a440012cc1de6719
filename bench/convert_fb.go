package bench

import (
	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/fury-go/fury/bench/fb"
)

// The builders write a model value into a flatbuffers.Builder (children
// first, as the format requires) and return the root table's offset. The
// *FromFB functions convert a table fully into the model, allocating its
// strings and slices; the touch*FB functions read every field once without
// building a model value (flatbuffers' lazy access).

// offsets is a scratch array for the child offsets of one vector; vectors of
// the benchmark objects have at most ListLen elements, so it stays on the
// stack.
type offsets [2 * ListLen]flatbuffers.UOffsetT

func vecInt32(b *flatbuffers.Builder, s []int32) flatbuffers.UOffsetT {
	b.StartVector(4, len(s), 4)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependInt32(s[i])
	}
	return b.EndVector(len(s))
}

func vecInt64(b *flatbuffers.Builder, s []int64) flatbuffers.UOffsetT {
	b.StartVector(8, len(s), 8)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependInt64(s[i])
	}
	return b.EndVector(len(s))
}

func vecFloat32(b *flatbuffers.Builder, s []float32) flatbuffers.UOffsetT {
	b.StartVector(4, len(s), 4)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependFloat32(s[i])
	}
	return b.EndVector(len(s))
}

func vecFloat64(b *flatbuffers.Builder, s []float64) flatbuffers.UOffsetT {
	b.StartVector(8, len(s), 8)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependFloat64(s[i])
	}
	return b.EndVector(len(s))
}

func vecInt16(b *flatbuffers.Builder, s []int16) flatbuffers.UOffsetT {
	b.StartVector(2, len(s), 2)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependInt16(s[i])
	}
	return b.EndVector(len(s))
}

func vecUint16(b *flatbuffers.Builder, s []uint16) flatbuffers.UOffsetT {
	b.StartVector(2, len(s), 2)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependUint16(s[i])
	}
	return b.EndVector(len(s))
}

func vecBool(b *flatbuffers.Builder, s []bool) flatbuffers.UOffsetT {
	b.StartVector(1, len(s), 1)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependBool(s[i])
	}
	return b.EndVector(len(s))
}

func vecOffsets(b *flatbuffers.Builder, s []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	b.StartVector(4, len(s), 4)
	for i := len(s) - 1; i >= 0; i-- {
		b.PrependUOffsetT(s[i])
	}
	return b.EndVector(len(s))
}

// fbOptString writes s unless it is empty (absent); 0 means "no field".
func fbOptString(b *flatbuffers.Builder, s string) flatbuffers.UOffsetT {
	if s == "" {
		return 0
	}
	return b.CreateString(s)
}

func buildSampleFB(b *flatbuffers.Builder, s *Sample) flatbuffers.UOffsetT {
	ints := vecInt32(b, s.IntArray)
	longs := vecInt64(b, s.LongArray)
	floats := vecFloat32(b, s.FloatArray)
	doubles := vecFloat64(b, s.DoubleArray)
	shorts := vecInt16(b, s.ShortArray)
	chars := vecUint16(b, s.CharArray)
	bools := vecBool(b, s.BooleanArray)
	str := b.CreateString(s.String)
	fb.SampleStart(b)
	fb.SampleAddIntValue(b, s.IntValue)
	fb.SampleAddLongValue(b, s.LongValue)
	fb.SampleAddFloatValue(b, s.FloatValue)
	fb.SampleAddDoubleValue(b, s.DoubleValue)
	fb.SampleAddShortValue(b, s.ShortValue)
	fb.SampleAddCharValue(b, s.CharValue)
	fb.SampleAddBooleanValue(b, s.BooleanValue)
	fb.SampleAddIntValueBoxed(b, deref(s.IntValueBoxed))
	fb.SampleAddLongValueBoxed(b, deref(s.LongValueBoxed))
	fb.SampleAddFloatValueBoxed(b, deref(s.FloatValueBoxed))
	fb.SampleAddDoubleValueBoxed(b, deref(s.DoubleValueBoxed))
	fb.SampleAddShortValueBoxed(b, deref(s.ShortValueBoxed))
	fb.SampleAddCharValueBoxed(b, deref(s.CharValueBoxed))
	fb.SampleAddBooleanValueBoxed(b, deref(s.BooleanValueBoxed))
	fb.SampleAddIntArray(b, ints)
	fb.SampleAddLongArray(b, longs)
	fb.SampleAddFloatArray(b, floats)
	fb.SampleAddDoubleArray(b, doubles)
	fb.SampleAddShortArray(b, shorts)
	fb.SampleAddCharArray(b, chars)
	fb.SampleAddBooleanArray(b, bools)
	fb.SampleAddString(b, str)
	return fb.SampleEnd(b)
}

func sampleFromFB(t *fb.Sample, s *Sample) {
	*s = Sample{
		IntValue:          t.IntValue(),
		LongValue:         t.LongValue(),
		FloatValue:        t.FloatValue(),
		DoubleValue:       t.DoubleValue(),
		ShortValue:        t.ShortValue(),
		CharValue:         t.CharValue(),
		BooleanValue:      t.BooleanValue(),
		IntValueBoxed:     ptr(t.IntValueBoxed()),
		LongValueBoxed:    ptr(t.LongValueBoxed()),
		FloatValueBoxed:   ptr(t.FloatValueBoxed()),
		DoubleValueBoxed:  ptr(t.DoubleValueBoxed()),
		ShortValueBoxed:   ptr(t.ShortValueBoxed()),
		CharValueBoxed:    ptr(t.CharValueBoxed()),
		BooleanValueBoxed: ptr(t.BooleanValueBoxed()),
		String:            string(t.String()),
	}
	if n := t.IntArrayLength(); n > 0 {
		s.IntArray = make([]int32, n)
		for i := range s.IntArray {
			s.IntArray[i] = t.IntArray(i)
		}
	}
	if n := t.LongArrayLength(); n > 0 {
		s.LongArray = make([]int64, n)
		for i := range s.LongArray {
			s.LongArray[i] = t.LongArray(i)
		}
	}
	if n := t.FloatArrayLength(); n > 0 {
		s.FloatArray = make([]float32, n)
		for i := range s.FloatArray {
			s.FloatArray[i] = t.FloatArray(i)
		}
	}
	if n := t.DoubleArrayLength(); n > 0 {
		s.DoubleArray = make([]float64, n)
		for i := range s.DoubleArray {
			s.DoubleArray[i] = t.DoubleArray(i)
		}
	}
	if n := t.ShortArrayLength(); n > 0 {
		s.ShortArray = make([]int16, n)
		for i := range s.ShortArray {
			s.ShortArray[i] = t.ShortArray(i)
		}
	}
	if n := t.CharArrayLength(); n > 0 {
		s.CharArray = make([]uint16, n)
		for i := range s.CharArray {
			s.CharArray[i] = t.CharArray(i)
		}
	}
	if n := t.BooleanArrayLength(); n > 0 {
		s.BooleanArray = make([]bool, n)
		for i := range s.BooleanArray {
			s.BooleanArray[i] = t.BooleanArray(i)
		}
	}
}

func b2u(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// touchSampleFB reads every field of t once and folds it into a checksum.
func touchSampleFB(t *fb.Sample) uint64 {
	h := uint64(t.IntValue()) + uint64(t.LongValue()) + uint64(t.FloatValue()) + uint64(t.DoubleValue()) +
		uint64(t.ShortValue()) + uint64(t.CharValue()) + b2u(t.BooleanValue()) +
		uint64(t.IntValueBoxed()) + uint64(t.LongValueBoxed()) + uint64(t.FloatValueBoxed()) +
		uint64(t.DoubleValueBoxed()) + uint64(t.ShortValueBoxed()) + uint64(t.CharValueBoxed()) +
		b2u(t.BooleanValueBoxed())
	for i, n := 0, t.IntArrayLength(); i < n; i++ {
		h += uint64(t.IntArray(i))
	}
	for i, n := 0, t.LongArrayLength(); i < n; i++ {
		h += uint64(t.LongArray(i))
	}
	for i, n := 0, t.FloatArrayLength(); i < n; i++ {
		h += uint64(t.FloatArray(i))
	}
	for i, n := 0, t.DoubleArrayLength(); i < n; i++ {
		h += uint64(t.DoubleArray(i))
	}
	for i, n := 0, t.ShortArrayLength(); i < n; i++ {
		h += uint64(t.ShortArray(i))
	}
	for i, n := 0, t.CharArrayLength(); i < n; i++ {
		h += uint64(t.CharArray(i))
	}
	for i, n := 0, t.BooleanArrayLength(); i < n; i++ {
		h += b2u(t.BooleanArray(i))
	}
	return h + uint64(len(t.String()))
}

func buildMediaFB(b *flatbuffers.Builder, s *Media) flatbuffers.UOffsetT {
	uri := b.CreateString(s.URI)
	title := fbOptString(b, s.Title)
	format := b.CreateString(s.Format)
	var scratch offsets
	persons := scratch[:0]
	for _, p := range s.Persons {
		persons = append(persons, b.CreateString(p))
	}
	personsVec := vecOffsets(b, persons)
	copyright := fbOptString(b, s.Copyright)
	fb.MediaStart(b)
	fb.MediaAddUri(b, uri)
	if title != 0 {
		fb.MediaAddTitle(b, title)
	}
	fb.MediaAddWidth(b, s.Width)
	fb.MediaAddHeight(b, s.Height)
	fb.MediaAddFormat(b, format)
	fb.MediaAddDuration(b, s.Duration)
	fb.MediaAddSize(b, s.Size)
	fb.MediaAddBitrate(b, s.Bitrate)
	fb.MediaAddHasBitrate(b, s.HasBitrate)
	fb.MediaAddPersons(b, personsVec)
	fb.MediaAddPlayer(b, fb.Player(s.Player))
	if copyright != 0 {
		fb.MediaAddCopyright(b, copyright)
	}
	return fb.MediaEnd(b)
}

func mediaFromFB(t *fb.Media, s *Media) {
	*s = Media{
		URI:        string(t.Uri()),
		Title:      string(t.Title()),
		Width:      t.Width(),
		Height:     t.Height(),
		Format:     string(t.Format()),
		Duration:   t.Duration(),
		Size:       t.Size(),
		Bitrate:    t.Bitrate(),
		HasBitrate: t.HasBitrate(),
		Player:     Player(t.Player()),
		Copyright:  string(t.Copyright()),
	}
	if n := t.PersonsLength(); n > 0 {
		s.Persons = make([]string, n)
		for i := range s.Persons {
			s.Persons[i] = string(t.Persons(i))
		}
	}
}

func touchMediaFB(t *fb.Media) uint64 {
	h := uint64(len(t.Uri())) + uint64(len(t.Title())) + uint64(t.Width()) + uint64(t.Height()) +
		uint64(len(t.Format())) + uint64(t.Duration()) + uint64(t.Size()) + uint64(t.Bitrate()) +
		b2u(t.HasBitrate()) + uint64(t.Player()) + uint64(len(t.Copyright()))
	for i, n := 0, t.PersonsLength(); i < n; i++ {
		h += uint64(len(t.Persons(i)))
	}
	return h
}

func buildImageFB(b *flatbuffers.Builder, s *Image) flatbuffers.UOffsetT {
	uri := b.CreateString(s.URI)
	title := fbOptString(b, s.Title)
	var media flatbuffers.UOffsetT
	if s.Media != nil {
		media = buildMediaFB(b, s.Media)
	}
	fb.ImageStart(b)
	fb.ImageAddUri(b, uri)
	if title != 0 {
		fb.ImageAddTitle(b, title)
	}
	fb.ImageAddWidth(b, s.Width)
	fb.ImageAddHeight(b, s.Height)
	fb.ImageAddSize(b, fb.Size(s.Size))
	if media != 0 {
		fb.ImageAddMedia(b, media)
	}
	return fb.ImageEnd(b)
}

func imageFromFB(t *fb.Image, s *Image) {
	*s = Image{
		URI:    string(t.Uri()),
		Title:  string(t.Title()),
		Width:  t.Width(),
		Height: t.Height(),
		Size:   Size(t.Size()),
	}
	var m fb.Media
	if t.Media(&m) != nil {
		s.Media = new(Media)
		mediaFromFB(&m, s.Media)
	}
}

func touchImageFB(t *fb.Image) uint64 {
	h := uint64(len(t.Uri())) + uint64(len(t.Title())) + uint64(t.Width()) + uint64(t.Height()) + uint64(t.Size())
	var m fb.Media
	if t.Media(&m) != nil {
		h += touchMediaFB(&m)
	}
	return h
}

func buildMediaContentFB(b *flatbuffers.Builder, s *MediaContent) flatbuffers.UOffsetT {
	media := buildMediaFB(b, &s.Media)
	var scratch offsets
	images := scratch[:0]
	for i := range s.Images {
		images = append(images, buildImageFB(b, &s.Images[i]))
	}
	imagesVec := vecOffsets(b, images)
	fb.MediaContentStart(b)
	fb.MediaContentAddMedia(b, media)
	fb.MediaContentAddImages(b, imagesVec)
	return fb.MediaContentEnd(b)
}

func mediaContentFromFB(t *fb.MediaContent, s *MediaContent) {
	*s = MediaContent{}
	var m fb.Media
	if t.Media(&m) != nil {
		mediaFromFB(&m, &s.Media)
	}
	if n := t.ImagesLength(); n > 0 {
		s.Images = make([]Image, n)
		var im fb.Image
		for i := range s.Images {
			t.Images(&im, i)
			imageFromFB(&im, &s.Images[i])
		}
	}
}

func touchMediaContentFB(t *fb.MediaContent) uint64 {
	var h uint64
	var m fb.Media
	if t.Media(&m) != nil {
		h += touchMediaFB(&m)
	}
	var im fb.Image
	for i, n := 0, t.ImagesLength(); i < n; i++ {
		t.Images(&im, i)
		h += touchImageFB(&im)
	}
	return h
}

func buildSampleListFB(b *flatbuffers.Builder, l *[]Sample) flatbuffers.UOffsetT {
	var scratch offsets
	items := scratch[:0]
	for i := range *l {
		items = append(items, buildSampleFB(b, &(*l)[i]))
	}
	vec := vecOffsets(b, items)
	fb.SampleListStart(b)
	fb.SampleListAddItems(b, vec)
	return fb.SampleListEnd(b)
}

func sampleListFromFB(t *fb.SampleList, l *[]Sample) {
	*l = make([]Sample, t.ItemsLength())
	var it fb.Sample
	for i := range *l {
		t.Items(&it, i)
		sampleFromFB(&it, &(*l)[i])
	}
}

func touchSampleListFB(t *fb.SampleList) uint64 {
	var h uint64
	var it fb.Sample
	for i, n := 0, t.ItemsLength(); i < n; i++ {
		t.Items(&it, i)
		h += touchSampleFB(&it)
	}
	return h
}

func buildMediaContentListFB(b *flatbuffers.Builder, l *[]MediaContent) flatbuffers.UOffsetT {
	var scratch offsets
	items := scratch[:0]
	for i := range *l {
		items = append(items, buildMediaContentFB(b, &(*l)[i]))
	}
	vec := vecOffsets(b, items)
	fb.MediaContentListStart(b)
	fb.MediaContentListAddItems(b, vec)
	return fb.MediaContentListEnd(b)
}

func mediaContentListFromFB(t *fb.MediaContentList, l *[]MediaContent) {
	*l = make([]MediaContent, t.ItemsLength())
	var it fb.MediaContent
	for i := range *l {
		t.Items(&it, i)
		mediaContentFromFB(&it, &(*l)[i])
	}
}

func touchMediaContentListFB(t *fb.MediaContentList) uint64 {
	var h uint64
	var it fb.MediaContent
	for i, n := 0, t.ItemsLength(); i < n; i++ {
		t.Items(&it, i)
		h += touchMediaContentFB(&it)
	}
	return h
}

func buildStructListFB(b *flatbuffers.Builder, l *[]Struct) flatbuffers.UOffsetT {
	var scratch offsets
	items := scratch[:0]
	for i := range *l {
		items = append(items, buildStructFB(b, &(*l)[i]))
	}
	vec := vecOffsets(b, items)
	fb.StructListStart(b)
	fb.StructListAddItems(b, vec)
	return fb.StructListEnd(b)
}

func structListFromFB(t *fb.StructList, l *[]Struct) {
	*l = make([]Struct, t.ItemsLength())
	var it fb.Struct
	for i := range *l {
		t.Items(&it, i)
		structFromFB(&it, &(*l)[i])
	}
}

func touchStructListFB(t *fb.StructList) uint64 {
	var h uint64
	var it fb.Struct
	for i, n := 0, t.ItemsLength(); i < n; i++ {
		t.Items(&it, i)
		h += touchStructFB(&it)
	}
	return h
}
