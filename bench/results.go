package bench

// ResultAllocs is, per benchmark object name, the number of heap allocations
// that a value decoded into new memory owns: the value itself (a *T; for the
// lists also the slice's backing array) and each non-empty string, slice and
// pointer inside it. A deserializer that allocates nothing beyond its result
// reports exactly this many allocs/op.
//
//   - Sample: 1 struct + 7 boxed pointers + 7 slices + 1 string = 16.
//   - MediaContent: 1 struct; Media: uri, format, copyright, persons slice and
//     its 2 strings = 6; the images slice = 1; 3 image uris + 1 image title
//     = 4; total 12.
//   - Struct: 1.
//   - SmallStruct: 1 struct + 2 strings = 3 (a UTC time.Time holds no
//     pointer).
//   - Lists of 20: the slice header and its backing array (2) plus 20 times
//     the element's own allocations less the struct itself: 2+20*15 = 302,
//     2+20*11 = 222, 2.
//
// TestResultAllocs checks these numbers against the flatbuffers full
// conversion, which copies everything out of the buffer and nothing more.
var ResultAllocs = map[string]int{
	"Sample":           16,
	"MediaContent":     12,
	"Struct":           1,
	"SmallStruct":      3,
	"SampleList":       302,
	"MediaContentList": 222,
	"StructList":       2,
}
