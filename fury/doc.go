// Package fury serializes Go values in the Apache Fory xlang wire format,
// fast, and exchanges them with Python (pyfory), Java (fory-core) and
// Rust (the crate fory) programs byte for byte.
//
// # Quick start
//
//	type Person struct {
//		Name string
//		Age  int32
//		Tags []string
//	}
//
//	f := fury.New()                      // compatible mode, no reference tracking
//	f.RegisterTagType("example.Person", Person{}) // the name peers use
//	data, err := f.Marshal(&Person{Name: "Ann", Age: 30})
//	var p Person
//	err = f.Unmarshal(data, &p)
//
// The package-level Marshal and Unmarshal use pooled default instances and
// are safe for concurrent use; a *Fury is not (keep one per goroutine).
// Registering is safe at any time, even while the registry is in use:
// f.Register (and RegisterTagType, RegisterNamed) may be called from
// another goroutine while f works, and takes effect from f's next call.
// Register a type before its first use, though: a message written while
// the type was unregistered names it by its Go name, and a reader that
// has registered it since (under another name, or an id) does not read
// that message (ErrTypeMismatch in compatible mode, ErrUnknownType in
// schema-consistent mode); the writer and the reader of a message must
// register alike.
// The package-level Register, RegisterTagType and RegisterNamed register
// for the pooled instances behind Marshal and Unmarshal; a *Fury made
// with New has its own registrations and does not see them.
//
// # Modes
//
// Compatible mode (the default, as in the peers) sends each struct type's
// field names and types once per message (a TypeDef), so writer and reader
// may have different versions of a struct: unknown fields are skipped,
// missing ones stay zero (struct types without a name, a field declared
// struct{ ... }, evolve too). Schema-consistent mode (WithCompatible(false))
// sends only a 4-byte hash of the layout, which must match. There the peers
// write two things differently: pyfory writes type info before a struct
// field whose type is registered by name, and 47 as the hash of a struct
// without fields, where fory-core and Rust write no type info and the hash
// of the empty fingerprint. The writer follows the specification, which is
// with fory-core and Rust (a field's declared struct type is known to the
// reader, as for a type registered by id, where no peer writes type info;
// the hash is defined over the fingerprint, empty or not), and writes
// pyfory's forms under WithPythonForms(true). The reader takes both.
//
// # Reference tracking
//
// Reference tracking (WithRefTracking(true)) writes a
// pointer, map or slice reached twice in a tracked position only once, so
// shared values come back shared and cycles through tracked positions work.
// Which positions are tracked follows the xlang specification ("fields are
// not tracked by default; annotate them") and what the peers do (pyfory
// 1.7.7 pyfory.field(ref=True), fory-core 1.6 @Ref, the Rust crate's
// #[fory(ref)], foryc's `ref` modifier):
//
//   - a struct field is tracked only when tagged `fury:"ref"`; so is what it
//     holds (list elements, map keys and values, at any depth). An untagged
//     pointer field keeps its null flag (nullable) but carries no reference
//     id, as the peers' Optional/@Nullable fields do; a Go struct mirroring a
//     peer's type therefore needs a tag only where the peer's schema says ref;
//   - values outside struct fields are tracked by their type: the top-level
//     value, the elements of a top-level list or map, values inside
//     interface{} and union cases, when they are pointers, maps, list slices
//     or unions (as pyfory does with ref=True).
//
// Go-only graphs whose structs share pointers or point back at themselves
// have two ways to work: tag the fields that share (`fury:"ref"`), or add
// WithTrackAllFields(true), which tracks every pointer, slice, map and
// interface field and what it holds, and what every array field holds (`fury:"noref"` still opts a field
// out; it needs WithRefTracking(true), and without it New's Fury returns
// ErrInvalidArgument from every call). Without either, a cycle through
// fields is ErrDepthExceeded (its message says what is missing), never a
// hang, and a pointee reached twice through fields comes back as two
// copies. NewFury(true) is WithRefTracking(true) and
// WithTrackAllFields(true) at once, every position tracked, as the Fury
// design article's programs mean it. Both sides must agree: a tracked field carries a reference flag
// and counts in the schema hash (a field tagged ref counts as ref there
// even with tracking off, as pyfory hashes it).
//
// Two exceptions: []byte and the other slices sent as primitive arrays
// ([]int32, []float64, ...; see the table below) are values on the wire, so
// each use comes back as its own copy; and identity is that of the value a
// pointer, map or slice refers to as a whole, so a pointer into a struct
// field or a slice element (p := &v.Items, q := &v.Items[0]) is not matched
// with that field or element and comes back pointing at a copy. Empty
// slices share one address in Go, so each is written on its own, with a
// reference id as the peers give their empty lists, and reads back by the
// nil and empty rule below, never shared.
//
// # Go types and wire types
//
//	Go                                   wire type
//	bool                                 bool
//	int8, int16                          int8, int16
//	int32                                varint32
//	int64, int                           varint64
//	uint8, uint16                        uint8, uint16
//	uint32                               var_uint32
//	uint64, uint                         var_uint64
//	FixedInt32, FixedInt64               int32, int64 (fixed width)
//	FixedUint32, FixedUint64             uint32, uint64 (fixed width)
//	TaggedInt64, TaggedUint64            tagged_int64, tagged_uint64
//	float32, float64                     float32, float64
//	Float16, BFloat16                    float16, bfloat16 (their bits; Float16Of, Float32)
//	string                               string (UTF-8 on the wire; see Strings below)
//	[]byte                               binary
//	Uint8Array                           uint8_array (array<uint8>)
//	[]bool, []int8 ... []float64, [N]T   bool_array, int8_array, ... float64_array
//	[]Float16, []BFloat16                float16_array, bfloat16_array
//	BoolSlice, Uint8Slice, Int16Slice... list of bool, uint8, int16, ... (Float16Slice: list<float16>)
//	other []T and [N]T                   list
//	map[K]V                              map
//	map[K]struct{}, Set[K]               set
//	time.Time                            timestamp (read back in UTC)
//	time.Duration                        duration
//	Date                                 date
//	Decimal                              decimal
//	big.Int, *big.Int                    decimal of scale 0 (Java's BigInteger); reads whole decimals
//	*T                                   T, nullable (interface fields are not: a nil one is "none")
//	interface{}, error, any interface    the dynamic value's type (see Interfaces below)
//	registered struct                    struct / named_struct (compatible_* in compatible mode)
//	registered named integer type        enum / named_enum (the value is the ordinal)
//	registered union interface           union (field, element) / typed_union, named_union (root)
//
// Other kinds have no wire form and are refused with ErrUnsupportedType
// wherever they appear (field, element, key, pointee or root): uintptr,
// complex64 and complex128, chan, func and unsafe.Pointer, and a pointer to
// a pointer (**T, whose nil levels the wire's one null flag cannot tell
// apart). At the root, as in encoding/json, Marshal follows pointers to
// pointers to the value (Marshal(&p) for a p of type *T writes what p
// points to, and null when p is nil), and Unmarshal takes a **T
// destination, setting the *T.
//
// Unmarshal into a *interface{} gives these natural Go values:
//
//	wire type                    Go value
//	bool                         bool
//	int8, int16                  int8, int16
//	int32, varint32              int32
//	int64, varint64, tagged      int64
//	uint8 ... var_uint64         uint8, uint16, uint32, uint64
//	float16, bfloat16            Float16, BFloat16
//	float32                      float32
//	float64                      float64
//	string                       string
//	binary                       []byte
//	uint8_array                  Uint8Array
//	T_array                      []T ([]Float16, []BFloat16 for the half arrays)
//	list                         []any
//	set                          Set[any]
//	map                          map[any]any
//	timestamp                    time.Time (UTC)
//	duration                     time.Duration
//	date                         Date
//	decimal                      Decimal
//	none, null                   nil
//	registered struct            *T
//	registered enum              T
//	registered union             its case's wrapper (*Animal_Dog; see Unions)
//	union (unregistered, or in   UnionValue
//	a struct read as a map)
//	unregistered struct          *T when the destination's type mentions T (as a field, element,
//	                             key or pointee type, at any depth); otherwise map[string]any of
//	                             its fields (compatible mode; ErrUnknownType in schema-consistent
//	                             mode), even if this Fury has met T elsewhere
//
// Unmarshal into a typed destination converts where the value fits: a
// Python list of ints into []int32, a varint64 into an int32 field (with an
// overflow check), map[any]any into map[string]int64, and so on. Which
// unregistered structs a decode knows by their Go type depends on the
// destination's type alone, never on what this Fury marshalled or decoded
// before: in schema-consistent mode, the data of an unregistered struct
// that the destination's type does not mention is ErrUnknownType, whether
// or not this Fury has met that struct.
//
// # Struct fields
//
// Exported fields are serialized, promoted fields of embedded structs
// included (an embedded time.Time, big.Int, Decimal or Date is not
// flattened: it is one field named after its type, Time, Int, Decimal or
// Date, as in Go; so is an embedded pointer to a struct, *T, and an
// embedded struct with a fury tag: a field named after T, nullable for *T,
// written also when T is unexported, since Go promotes T's exported fields
// through it (an unexported T without exported fields is skipped, as
// encoding/json skips it); a struct whose fields are all unexported is refused with
// ErrUnsupportedType rather than written empty); the wire name of a field
// is its snake_case name (UserName is user_name, as Java's userName and
// Python's and Rust's user_name; see Field names below). Promoted fields follow Go's rule, by wire name, as
// encoding/json does: a shallower field hides a deeper one of the same
// name, and at the same depth a field named by a name= tag wins; a name
// that is still ambiguous is refused with ErrUnsupportedType (where json
// drops both fields silently). Fields are ordered on the wire as the peers
// order them, whatever their order in the Go source. A `fury` struct tag
// adjusts a field:
//
//	`fury:"-"`            skip the field
//	`fury:"name=x"`       wire name x
//	`fury:"id=3"`         identified by tag id 3 instead of its name
//	`fury:"nullable"`     nullable (a null flag precedes the value); pointer fields are by default
//	`fury:"notnull"`      not nullable
//	`fury:"ref"`, `fury:"noref"`   reference tracked or not (with WithRefTracking; see Reference tracking)
//	`fury:"elemref"`      a list's elements (a map's values) tracked, the field itself not
//	                      (a schema's list<ref T>, pyfory's List[Ref[T]])
//
// Options combine with commas; giving one both ways (nullable with notnull,
// ref or elemref with noref) is ErrInvalidArgument.
//
// A blank field _ struct{} with the tag `fury:"evolving=false"` marks the struct type as one
// that does not evolve (FDL [evolving=false], a FlatBuffers struct, Python
// @pyfory.dataclass(evolving=False)): it is written as a plain struct
// (struct, or named_struct with a TypeDef for its name) in compatible mode
// too, without the schema hash, as the peers write it; both sides must then
// have the same fields, as in schema-consistent mode.
//
// # Field names
//
// A field's wire name is its Go name in snake_case. A word starts at an
// upper-case letter that follows a lower-case letter or a digit, at the
// last upper-case letter of an acronym when a lower-case letter follows,
// and at an upper-case letter between a single upper-case letter and a
// digit; the letters are lower-cased, digits and underscores kept:
//
//	Go name        wire name     peers' names
//	UserName       user_name     Java userName, Python and Rust user_name
//	HTTPServer     http_server   Java httpServer
//	UserID         user_id       Java userId
//	MediaURI       media_uri     Java mediaUri
//	I8Min          i8_min        Java i8Min
//	OI32           o_i32         Java oI32, Rust o_i32
//	SF64           s_f64         Java sF64
//	POptI32        p_opt_i32     Java pOptI32
//	URL2           url2          an acronym keeps its digits
//	F_1            f_1           underscores kept
//
// This is pyfory's conversion of a name whose first letter is capitalized,
// and matches fory-core's (an underscore before each upper-case letter of
// the lowerCamel Java name) for Java names that capitalize to the Go name.
// A name the rule does not give (Java userID is user_i_d) takes a
// `fury:"name=..."` tag.
//
// # Registration
//
// Struct types are registered by id (Register) or by name
// (RegisterTagType). An unregistered struct is named after its Go package
// path and type name, which serves Go-to-Go use; cross-language use needs a
// registration matching the peers'. A struct type without a name (a field
// of type struct{ ... }, or one made with reflect.StructOf) is named after a
// hash of its Go spelling. Types declared inside functions can share a name
// (two func-local types T of one package): both are written under it, and a
// decode reads it as the one its destination's type mentions; an
// unregistered type whose name another type is registered under is
// ErrRegistration.
//
// # Decoding into Go values
//
// Unmarshal and Deserialize replace the destination, never merge into it:
// it is reset to its zero value first, so decoding into a used value gives
// what decoding into a zero one gives (fields the input lacks end zero;
// maps and slices are new; a destination pointer's old pointee is not
// written through). On error the destination's contents are unspecified.
// Unmarshal consumes its whole input: bytes after the value are
// ErrInvalidData. Deserialize reads one value and leaves the rest of the
// buffer, for streams.
//
// The bytes of a value are the same from call to call, and from one Fury to
// another with the same options, except for maps: their entries are written
// in Go's map iteration order, which varies, so a value holding a map with
// more than one entry has several encodings (all decoding to the same
// value). Compare decoded values, not bytes.
//
// Nil and empty slices and maps follow one rule, the same in all four
// modes (compatible or not, reference tracking or not):
//
//	position                                    nil comes back   empty comes back
//	struct field (slice, map, []byte, set)      nil              nil
//	struct field tagged `fury:"nullable"`       nil              empty, not nil
//	top-level value, list element, map value,
//	value inside an interface                   nil              empty, not nil
//
// A field that is not nullable has no null flag on the wire (the peers
// write nil as empty there), so both read as nil; generated code does the
// same. Where a null flag exists, nil and empty stay apart. A nil pointer
// field is null; a nil pointer at a `fury:"notnull"` position is written
// as its zero value. A pointer travels as its pointee, so a non-nil
// pointer to a nil slice or map (*[]T, *map[K]V) comes back as a pointer
// to an empty one: the pointee is not a field, and has no null flag of its
// own.
//
// # Unions
//
// A union (FDL union, proto oneof) is declared as protobuf-go declares a
// oneof: an interface with an unexported method, and a wrapper struct per
// case whose one exported field holds the case's value and carries the
// case id in its tag:
//
//	type Animal interface{ isAnimal() }
//
//	type Animal_Dog struct {
//		Dog *Dog `fury:"id=1"`
//	}
//	type Animal_Note struct {
//		Note string `fury:"id=2"`
//	}
//
//	func (*Animal_Dog) isAnimal()  {}
//	func (*Animal_Note) isAnimal() {}
//
//	f.RegisterUnion((*Animal)(nil), 100, (*Animal_Dog)(nil), (*Animal_Note)(nil))
//
// A field, element or map value of type Animal then travels as a union
// (the case id, then the case's value with its own flag and type info, as
// the peers write it); a root value or an interface{} holding an
// *Animal_Dog travels as the registered union (typed_union with its id, or
// named_union with RegisterNamedUnion). The case value's Go type decides
// its wire type as anywhere else (int32 is varint32, FixedInt32 int32,
// Int32Slice a list<int32>). A union field is required, as in the peers: a
// nil one is refused by Marshal (ErrInvalidArgument) unless the field is
// tagged nullable (FDL optional) or is reference tracked (tagged ref, or
// any field under WithTrackAllFields, with WithRefTracking): its reference
// flag carries the null. Reading, an unknown case id is
// ErrInvalidData and a value that does not fit the case an error too:
// never a silently wrong value. Unmarshal into interface{} gives the
// case's wrapper (*Animal_Dog); a union no Go type is registered for (in a
// struct read as a map of fields, or skipped) reads as a UnionValue.
//
// # Interfaces
//
// A field, element, map value or destination of any interface type
// (interface{}, error, fmt.Stringer, a Shape of your own) carries its
// dynamic value with that value's type. On reading, the decoded value is
// stored only if it implements the declared interface; otherwise the
// error wraps ErrTypeMismatch and names the field and both types. In an
// interface{} a registered struct comes back as *T; in a non-empty
// interface as the value T when T's own methods implement the interface
// (value receivers), else as *T (pointer receivers) — so a registered
// implementation comes back as the Go type it was written as in the usual
// cases (values of types with value receivers, pointers of types with
// pointer receivers). The wire has no typed nil: an interface holding a
// nil pointer, slice or map comes back as a nil interface. A pointer to an
// interface travels as the interface.
//
// Writing into a non-empty interface position accepts only values a reader
// can store there again: registered structs and enums, time.Time,
// time.Duration, Date and Decimal. Anything else (a named float with a
// String method, a named slice implementing Shape, an unregistered struct)
// would read back as its natural Go value, which has no methods, so
// Marshal refuses it with ErrUnsupportedType rather than write bytes that
// cannot be read back. An interface{} position takes any value.
//
// A nil error round-trips as nil. A non-nil error travels as its dynamic
// type, so an error type of your own with exported fields, registered for
// cross-language use, round-trips; errors made by errors.New or
// fmt.Errorf, whose state is unexported, are refused with
// ErrUnsupportedType.
//
// # Time values
//
// A time.Time travels as seconds and nanoseconds since the Unix epoch: it
// comes back as the same instant in UTC, without its location and monotonic
// reading (compare with Time.Equal). A Date carries no zone; a Date that is
// not a day of the calendar (February 30) is refused by Marshal
// (ErrInvalidArgument), and the zero Date comes back as the zero Date. A time.Duration travels
// exactly, its minimum and maximum included.
//
// # Strings
//
// The wire format has three string encodings: latin1, UTF-16 and UTF-8.
// Java and Python write latin1 or UTF-16 where they can, because that is
// how their strings are held in memory; a Go string is UTF-8, so this
// package writes every string as UTF-8 by default: its bytes are copied as
// they are, with no scan and no transcoding (a string holding invalid UTF-8
// keeps its bytes). pyfory and fory-core read UTF-8 strings, and for ASCII
// text (most identifiers, URLs, keys) the bytes are as many either way; a
// Java or Python reader of non-ASCII text transcodes it into its own form.
// WithCompactStrings(true) writes the peers' choice instead (latin1 when
// every character is <= U+00FF, else UTF-16 when all are in the Basic
// Multilingual Plane, else UTF-8), at the cost of a scan of every string
// and a transcoding of the non-ASCII ones; choose it when Java or Python
// readers handle mostly non-ASCII text (UTF-16 is also a third smaller than
// UTF-8 for CJK text). Readers, this package's included, accept all three
// encodings whatever the setting.
//
// # Out-of-band buffers
//
// Serialize appends a message to a Buffer; with a callback, it offers every
// []byte and primitive slice of the value to the callback as a
// SerializedObject, and those it returns false for are left out of the
// message (zero copy), their Bytes to be shipped separately and passed to
// Deserialize, in order, as its []*Buffer (NewBuffer of each received
// slice, which does not copy it; SerializedObject.ToBuffer in the same
// process). pyfory 1.7.7 sends only bytes out of band (primitive arrays stay
// in band there), fory-core also primitive arrays, as this package does.
//
// # Memory of decoded values
//
// Decoded values never alias the input, unless the Fury was made
// WithAliasInput(true) (zero-copy reads, below), and by default each owns
// its memory: every string, primitive slice, []byte and new bool or number
// pointee (such as a *int32 field's) a decode reads is an allocation of its
// own, of its exact size, as encoding/json, protobuf-go and msgp give them
// (on every path: Unmarshal, Deserialize, a Decoder, package furygrpc,
// generated code and reflection, interface{} destinations). Keeping any part of a decoded value (a string, a slice, a pointee, a
// nested struct) keeps alive that part and at most a small constant more,
// never memory of another message nor the other large parts of its own:
//
//   - a piece of 16 bytes or more keeps its own allocation (its length
//     rounded up to one of Go's allocation size classes);
//   - a piece under 16 bytes keeps at most a 16-byte block: the bool and
//     number pointees, primitive slices and strings of 2 to 8 bytes of one
//     decode share 16-byte blocks that hold only such pieces of that
//     decode, and a string of 9 to 15 bytes keeps the block Go's allocator
//     packs pointer-free allocations under 16 bytes into (it may hold other
//     small pieces, of this message or of the ones decoded next to it);
//   - a string that generated code read with the strings next to it, as
//     one copy of a run of consecutive string fields (and of the string
//     of a *string field right after them, whose pointee may then share
//     the run's allocation) or of the elements, keys and values of a
//     list, set or map, keeps that run, which is at most 64 bytes
//     (furyrt.RunMax) with its headers (and that pointee); longer ones are read
//     in several such runs (elements, keys and values) or string by string
//     (fields).
//
// So a kept piece keeps at most its own allocation or 64 bytes, whichever
// is more: keeping one 11-byte ID, a []int32{1, 2} or an *int64 of each of
// many decoded messages keeps about what encoding/json keeps for the same
// (16 to 48 bytes a message, whatever else the messages held), or 64
// bytes for a string that shares a run with its neighbours: in the worst
// case, a message of short strings side by side (eight of 7 bytes), that
// is 4x the 16 bytes encoding/json keeps, whose strings under 16 bytes
// share Go's tiny blocks (the reflection path, which copies string by
// string, keeps the same 16). Each piece has
// cap == len, so appending to a decoded slice copies it and never touches
// its neighbors.
//
// WithSharedBlocks(true) trades that bound for fewer allocations: the
// pieces are carved from shared blocks of at most 8 KiB, a block outlives
// its decode, and the next decode by the same Fury carves on from it, so a
// run of small messages takes one allocation for hundreds and a struct
// with twenty strings one or two instead of twenty. Decoded values stay
// valid and unchanged whatever later decodes read, but a block stays in
// memory while any piece of it is referenced: keeping one small string of
// each message keeps every message's strings and arrays (up to 8 KiB a
// kept piece; strings.Clone what must be kept alone). Measured on the
// benchmark's objects (bench/README.md, bench/PERFLOG.md), the option
// decodes MediaContent with 3 allocations and 4541 instructions instead of
// 9 and 5624, Sample with 1 and 3715 instead of 10 and 5885, SmallStruct
// with 1 allocation instead of 2, and keeping one field of each of 10,000
// decoded Samples keeps 368 bytes a message instead of 16 to 48. Use it
// for decode, consume and drop loops whose values, or parts of them, do
// not outlive the next few decodes.
//
// WithAliasInput(true) makes reads zero-copy: decoded strings and []byte
// (anywhere in the value: fields, elements, map keys and values, interface
// values) are the input's own bytes, neither allocated nor charged to the
// decode budget. The input must then outlive them and stay unchanged while
// they are in use; one retained string keeps the whole input in memory.
// Strings a peer wrote as latin1 (beyond ASCII) or UTF-16 are transcoded,
// so copied; other primitive slices are copied (they need alignment). For
// Deserialize the input is the Buffer's memory, which its next Write,
// Serialize or Reset may reuse, and the out-of-band buffers. A Decoder
// copies whatever the option says, as it reuses its buffer.
//
// # Errors and untrusted input
//
// Decoding never panics on bad input. Its errors wrap one of
// ErrTruncated, ErrInvalidData, ErrUnknownType, ErrUnsupportedType (a wire
// type or TypeDef form this package does not read, or a destination type
// it cannot fill), ErrTypeMismatch, ErrSchemaMismatch, ErrDepthExceeded,
// ErrTooLarge, ErrRegistration (the destination's plan needs an unregistered
// type's auto name that another type is registered under) or ErrInvalidArgument (a nil or non-pointer destination, or an invalid
// option: New keeps it and every call returns it) — test
// with errors.Is — and name the field where they happened, with
// generated code in use too (a decode that fails with it is read again
// without it to find the field: its errors are the reflection path's, word
// for word, and a decode that succeeds pays nothing for that). ErrTruncated
// alone means "not complete yet": the same bytes followed by more could
// decode, and every strict prefix of a message fails with it; every other
// class is final for that input (see the sentinels' documentation).
//
// Lengths are checked against the remaining input, nesting is bounded
// (WithMaxDepth, at most MaxDepthLimit levels, so that the goroutine stack
// a decode takes stays within tens of megabytes; an error from deep down
// names the outermost and innermost fields of its path, with an ellipsis
// between), and every allocation a decode makes is charged, before
// it is made, against a decode memory budget by what the destination
// costs (a list of n elements of a 2 KiB struct costs n × 2 KiB, however
// few bytes the input spends on them; maps count their entries, big.Int
// its words, interface{} values their boxes, TypeDefs their fields, in
// every message that carries them, read before or not, so that whether a
// message fits does not depend on what the Fury decoded earlier). The
// budget is DecodeBudgetFloor + DecodedBytesPerInputByte × the input
// length (256 KiB + 96 bytes an input byte; the input is the message's
// own bytes, also for Deserialize from a Buffer holding more messages
// after it) unless WithMaxDecodedBytes sets it, so by default what a decode allocates is bounded by the
// input's length, whatever it holds and whatever the destination; a
// decode that would exceed it fails with ErrTooLarge naming what it was
// asked to allocate. Maps and sets are pre-sized only to what the
// remaining input can fill.
//
// Data is checked against its destination before it is built: data whose
// type cannot convert to the destination's (a list read into an int32, a
// string into a map) fails with ErrTypeMismatch at once, and a
// compatible-mode field the reader's struct lacks, or has with a type the
// data does not convert to, is skipped without building anything (its
// bytes are walked and checked, its TypeDefs and reference ids kept). With
// reference tracking, a reference into a skipped value makes the decode
// start over reading skipped values, within what is left of the budget.
//
// The constant is chosen from the legitimate values (what Marshal writes)
// that cost the most memory per input byte, measured exactly
// (TestDecodeBudgetWorstCases, in every mode): per input byte, bytes
// allocated and bytes charged to the budget, for lists of
//
//	empty strings                                  16.4   33
//	one-byte strings                               12.3   17
//	nil interface values                           16.4   32
//	nil pointers                                    8.2   32
//	pointers to struct{ A int8 }                    9.2   33
//	map[uint16]bool entries                         4.6    9.3
//	empty slices                                   24.2   32
//	empty lists in interfaces                      40.4   56
//	pointers to empty slices                       32.2   56
//	empty maps, or structs holding one             56.2   80
//	pointers to empty maps, or to such structs     64.2   88
//
// Elements that take no input bytes (struct{}, empty structs in
// compatible mode, nil interface values of type none) are paid for by the
// floor: 8,192 of them fit. Beyond that, or for values whose Go type is
// far larger than what they write (a struct with a large array field
// tagged fury:"-", a decimal with a large exponent read into a big.Int),
// raise the budget with WithMaxDecodedBytes.
//
// Values that do not fit their destination are errors, never wrapped
// values: an enum ordinal beyond the Go type (300 into a uint8 enum), a
// duration beyond time.Duration, a date beyond ±2^39 days, a timestamp
// beyond time.Time, an integer that overflows the field it converts into
// (ErrInvalidData, or ErrTypeMismatch for a conversion); so is a map or
// set whose entries give fewer keys than it declares, a key that comes
// twice or two keys that are one in the destination (int32 1 and int64 1
// read into a map[int64]V), and a TypeDef that declares a field twice
// (ErrInvalidData: keeping one would lose the other). Conversely,
// Marshal refuses (ErrInvalidArgument) what would not read back: a Date
// that is not a day of the calendar (the zero Date{} excepted: it
// round-trips, which makes -0001-11-30 unwritable), a time before the
// wire's earliest second (math.MinInt64 seconds from 1970), and a map or
// a set (Set[T], map[T]struct{}) with two keys or elements that are
// distinct in Go but one value on the wire, which would read back as one
// entry; the error names both. They are: time.Time keys for one instant
// (in two locations, or with and without a monotonic reading: use t.UTC()
// or t.Round(0) for keys); in interface keys, values of Go types that
// share a wire type (int(1) and int64(1), both varint64; uint and
// uint64; a string and a named string type) and pointers to anything
// but a struct (an interface{} reads *int back as the int it points to,
// so new(int) and new(int) would merge); and structs or arrays holding
// such fields. Typed keys of any other type cannot collide and are not
// checked, with one exception: WithCompactStrings(true) writes invalid
// UTF-8 as U+FFFD, so typed string keys (or set elements) that differ
// only in their invalid bytes are written as one key twice, and reading
// the map back is ErrInvalidData (a key comes twice; interface keys
// holding them are refused as above); keep keys valid UTF-8 under that
// option. Keys that stay distinct do round-trip: NaN float keys (each
// reads back as a key of its own), typed pointer keys and pointers to
// structs (each reads back as a new pointer), int32(1) beside int64(1),
// int8(1) beside int16(1).
//
// What a Fury keeps between calls is bounded in bytes, whatever it is
// fed: the TypeDefs it has read (MaxCachedTypeDefBytes, 4 MiB) and the
// meta strings it has decoded (MaxCachedMetaStringBytes, 1 MiB); a cache
// that would go over starts afresh.
//
// Recursive types (type L []L, type M map[string]M, recursion through
// pointers, arrays and struct fields) are supported; their nesting is
// bounded by the max depth when writing and reading.
//
// # Streams
//
// NewEncoder writes messages back to back to an io.Writer, NewDecoder reads
// them from an io.Reader, with no framing of their own: the stream is what
// Marshal of each value, concatenated, would be, so a Decoder also reads
// what a peer's serialize calls into one buffer or file wrote.
//
//	enc := fury.NewEncoder(w)
//	enc.Fury().RegisterTagType("example.Order", Order{}) // as the reader does
//	err := enc.Encode(&order) // one Write per message
//
//	dec := fury.NewDecoder(r)
//	dec.Fury().RegisterTagType("example.Order", Order{})
//	for {
//		var o Order
//		if err := dec.Decode(&o); err == io.EOF {
//			break // the stream ended between messages
//		} else if err != nil {
//			return err // io.ErrUnexpectedEOF (and ErrTruncated): it ended inside one
//		}
//	}
//
// Since a message does not record its length, the Decoder finds its end
// first, by walking its structure without building anything (reading more
// input only while the bytes at hand end inside the message), then decodes
// exactly its bytes as Unmarshal does: same value, same error, same memory
// budget, whatever follows it; an error of a complete message leaves the
// stream at the next one. It starts no goroutine and keeps every byte it
// read and did not decode in Buffered (details in Decoder's
// documentation). WithMaxMessageSize bounds
// one message (64 MiB by default): a Decoder never buffers more than that for
// a message and fails with ErrTooLarge past it. Decoded values never alias
// the Decoder's buffer, even with WithAliasInput(true). For gRPC, package furygrpc is a codec built on this
// package.
//
// # Generated code
//
// cmd/furygen writes specialized code for chosen structs (go generate); the
// runtime picks it up automatically and it writes the same bytes as the
// reflection path, faster (Fury.GeneratedInUse tells whether a type's code
// is in use; WithGeneratedCode(false) turns it off). Generated code calls
// package furyrt, its runtime, which users do not call; regenerate after
// upgrading this module.
//
// # Names of the Fury design article
//
// The Go programs of the Fury design article compile and run as published,
// with the import path github.com/fury-go/fury/fury (and the slips of the
// text read as meant). The names they use
// beside today's are kept: NewFury (NewFury(true) tracks every position,
// see Reference tracking), ByteBuffer and NewByteBuffer (second names of
// Buffer and NewBuffer), SerializedObject.ToBuffer (an out-of-band object
// as a Buffer, for Deserialize) and MaxInt8 ... MaxInt64 with MinInt8 ...
// MinInt64 (deprecated for math's constants of the same names).
package fury
