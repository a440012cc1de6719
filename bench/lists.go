package bench

// Named list types for code generators that need a named type to hang
// methods on (msgp). *[]Sample converts to *SampleListMsgp at no cost, so
// the msgp benchmarks serialize the very same lists as the others.
type (
	SampleListMsgp       []Sample
	MediaContentListMsgp []MediaContent
	StructListMsgp       []Struct
)
