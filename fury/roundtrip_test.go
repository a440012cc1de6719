package fury

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type AllTypes struct {
	B    bool
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	I    int
	U8   uint8
	U16  uint16
	U32  uint32
	U64  uint64
	U    uint
	F32  float32
	F64  float64
	FI32 FixedInt32
	FI64 FixedInt64
	FU32 FixedUint32
	FU64 FixedUint64
	TI64 TaggedInt64
	TU64 TaggedUint64
	S    string
	Bin  []byte
	Time time.Time
	Dur  time.Duration
	Day  Date
	Dec  Decimal
	PDec *Decimal

	PB   *bool
	PI32 *int32
	PS   *string
	PF   *float64

	BoolArr  []bool
	I8Arr    []int8
	I16Arr   []int16
	I32Arr   []int32
	I64Arr   []int64
	U16Arr   []uint16
	U32Arr   []uint32
	U64Arr   []uint64
	F32Arr   []float32
	F64Arr   []float64
	FixedArr [3]int16

	I16List Int16Slice
	I32List Int32Slice
	Strs    []string
	Nested  [][]string
	PtrList []*Foo
	Foos    []Foo
	Arr     [2]string

	M       map[string]int32
	MStruct map[int64]Foo
	MPtr    map[string]*Foo
	MList   map[string][]int64
	Set     Set[string]
	Set2    map[int32]struct{}

	Any     any
	AnyList []any
	AnyMap  map[string]any
	Inner   Foo
	PInner  *Foo
	Color   Color
}

func fullValue() AllTypes {
	return AllTypes{
		B: true, I8: -8, I16: -1600, I32: -320000, I64: math.MinInt64, I: 42,
		U8: 200, U16: 65000, U32: math.MaxUint32, U64: math.MaxUint64, U: 7,
		F32: 1.5, F64: math.Pi, FI32: -5, FI64: 1 << 40, FU32: 9, FU64: math.MaxUint64,
		TI64: 1 << 50, TU64: 12,
		S: "héllo 世界 🎉", Bin: []byte{0, 1, 2, 255},
		Time: time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC), Dur: -90 * time.Minute,
		Day: Date{1969, 12, 31}, Dec: mustDecimal("-98765432109876543210.0123456789"), PDec: ptr(NewDecimal(15, 1)),
		PB: ptr(false), PI32: ptr[int32](-1), PS: ptr(""), PF: ptr(math.Inf(-1)),
		BoolArr: []bool{true, false, true}, I8Arr: []int8{-1, 2}, I16Arr: []int16{-300, 300},
		I32Arr: []int32{math.MinInt32, 0, math.MaxInt32}, I64Arr: []int64{math.MaxInt64},
		U16Arr: []uint16{1, 65535}, U32Arr: []uint32{4}, U64Arr: []uint64{math.MaxUint64},
		F32Arr: []float32{1.25, -0}, F64Arr: []float64{math.MaxFloat64}, FixedArr: [3]int16{1, 2, 3},
		I16List: Int16Slice{-1, 4}, I32List: Int32Slice{5}, Strs: []string{"a", "", "c"},
		Nested:  [][]string{{"x"}, {}, {"y", "z"}},
		PtrList: []*Foo{{1, "a"}, nil, {2, "b"}}, Foos: []Foo{{3, "c"}}, Arr: [2]string{"p", "q"},
		M: map[string]int32{"one": 1, "two": 2}, MStruct: map[int64]Foo{9: {9, "nine"}},
		MPtr: map[string]*Foo{"n": nil, "f": {1, "f"}}, MList: map[string][]int64{"l": {1, 2}},
		Set: NewSet("a", "b"), Set2: map[int32]struct{}{1: {}, 2: {}},
		Any: "dyn", AnyList: []any{int64(1), "two", 3.0, nil, []any{true}},
		AnyMap: map[string]any{"k": int64(1), "n": nil}, Inner: Foo{5, "in"}, PInner: &Foo{6, "p"},
		Color: Blue,
	}
}

var cmpOpts = []cmp.Option{cmpopts.EquateEmpty(), cmpopts.EquateNaNs()}

func allModes() map[string][]Option {
	return map[string][]Option{
		"consistent":      {WithCompatible(false)},
		"compatible":      {WithCompatible(true)},
		"consistent+refs": {WithCompatible(false), WithRefTracking(true)},
		"compatible+refs": {WithCompatible(true), WithRefTracking(true)},
	}
}

func TestRoundTripAllTypes(t *testing.T) {
	for name, opts := range allModes() {
		t.Run(name, func(t *testing.T) {
			f := New(opts...)
			require.NoError(t, f.RegisterTagType("example.Foo", Foo{}))
			require.NoError(t, f.RegisterTagType("example.Color", Color(0)))
			require.NoError(t, f.Register(AllTypes{}, 300))
			in := fullValue()
			data, err := f.Marshal(&in)
			require.NoError(t, err)
			var out AllTypes
			require.NoError(t, f.Unmarshal(data, &out))
			if diff := cmp.Diff(in, out, cmpOpts...); diff != "" {
				t.Fatalf("round trip (-in +out):\n%s", diff)
			}
			// Into interface{}: registered structs come back as pointers.
			var anyOut any
			require.NoError(t, f.Unmarshal(data, &anyOut))
			got, ok := anyOut.(*AllTypes)
			require.True(t, ok, "got %T", anyOut)
			require.Empty(t, cmp.Diff(in, *got, cmpOpts...))
			// The zero value too.
			data, err = f.Marshal(AllTypes{})
			require.NoError(t, err)
			var zero AllTypes
			require.NoError(t, f.Unmarshal(data, &zero))
			// Date{} is not a calendar date; it comes back normalized, as
			// time.Date would normalize it.
			require.Empty(t, cmp.Diff(AllTypes{}, zero, append(cmpOpts, cmpopts.IgnoreFields(AllTypes{}, "Day"))...))
		})
	}
}

func TestRoundTripTopLevel(t *testing.T) {
	values := []any{
		true, int8(-3), int16(300), int32(-70000), int64(1) << 60, uint8(9), uint16(9), uint32(9), uint64(1) << 63,
		float32(2.5), 0.1, "", "ascii", "ü", "日本", "🎉x", []byte{}, []byte{1},
		[]int32{1, -1}, []float64{math.NaN()}, []bool{true}, []string{"a"}, []any{nil, nil},
		map[string]string{"a": "b"}, map[int32][]string{1: {"x"}}, NewSet[int64](1, 2, 3),
		time.Unix(0, 0).UTC(), time.Duration(1), Date{2000, 2, 29}, NewDecimal(-5, 2), []Decimal{mustDecimal("1E+400"), {}},
		Foo{1, "x"}, &Foo{2, "y"},
		[]Foo{{1, "a"}}, map[string]Foo{"k": {1, "v"}}, Blue, []Color{Red, Blue},
		map[string]any{"nested": map[any]any{"deep": []any{int64(1)}}},
	}
	for name, opts := range allModes() {
		f := New(opts...)
		require.NoError(t, f.RegisterTagType("example.Foo", Foo{}))
		require.NoError(t, f.RegisterTagType("example.Color", Color(0)))
		for _, v := range values {
			data, err := f.Marshal(v)
			require.NoError(t, err, "%s %T", name, v)
			// Into the same Go type.
			dst := newOf(v)
			require.NoError(t, f.Unmarshal(data, dst.Interface()), "%s %T", name, v)
			require.Empty(t, cmp.Diff(v, dst.Elem().Interface(), cmpOpts...), "%s %T", name, v)
			// Into interface{}.
			var anyOut any
			require.NoError(t, f.Unmarshal(data, &anyOut), "%s %T", name, v)
		}
	}
}

func TestSchemaEvolution(t *testing.T) {
	type V1 struct {
		Name  string
		Age   int32
		Email string
	}
	type V2 struct {
		Name    string
		Age     int32
		Phone   string
		Scores  []int32
		Friends map[string]int64
		Extra   *Foo
	}
	w := New()
	require.NoError(t, w.RegisterTagType("example.Foo", Foo{}))
	require.NoError(t, w.RegisterTagType("example.Person", V2{}))
	r := New()
	require.NoError(t, r.RegisterTagType("example.Foo", Foo{}))
	require.NoError(t, r.RegisterTagType("example.Person", V1{}))

	data, err := w.Marshal(V2{Name: "ann", Age: 30, Phone: "555", Scores: []int32{1, 2},
		Friends: map[string]int64{"bob": 1}, Extra: &Foo{1, "x"}})
	require.NoError(t, err)
	var v1 V1
	require.NoError(t, r.Unmarshal(data, &v1))
	require.Equal(t, V1{Name: "ann", Age: 30}, v1)

	data, err = r.Marshal(V1{Name: "bo", Age: 5, Email: "e@x"})
	require.NoError(t, err)
	var v2 V2
	require.NoError(t, w.Unmarshal(data, &v2))
	require.Empty(t, cmp.Diff(V2{Name: "bo", Age: 5}, v2, cmpOpts...))

	// Schema-consistent mode refuses a different layout.
	wc := New(WithCompatible(false))
	require.NoError(t, wc.RegisterTagType("example.Person", V2{}))
	rc := New(WithCompatible(false))
	require.NoError(t, rc.RegisterTagType("example.Person", V1{}))
	data, err = wc.Marshal(V2{Name: "x"})
	require.NoError(t, err)
	err = rc.Unmarshal(data, &v1)
	require.ErrorIs(t, err, ErrSchemaMismatch)
	require.Contains(t, err.Error(), "V1")
}

type Node struct {
	Name     string
	Next     *Node
	Children []*Node
	Attrs    map[string]string
	Same     map[string]string
}

func TestReferences(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := New(WithRefTracking(true), WithTrackAllFields(true), WithCompatible(compatible))
		require.NoError(t, f.RegisterTagType("example.Node", Node{}))
		attrs := map[string]string{"k": "v"}
		a := &Node{Name: "a", Attrs: attrs, Same: attrs}
		b := &Node{Name: "b", Next: a}
		a.Next = a // self cycle
		a.Children = []*Node{b, b, a}
		data, err := f.Marshal(a)
		require.NoError(t, err)
		var out *Node
		require.NoError(t, f.Unmarshal(data, &out))
		require.Equal(t, "a", out.Name)
		require.Same(t, out, out.Next)
		require.Len(t, out.Children, 3)
		require.Same(t, out.Children[0], out.Children[1])
		require.Same(t, out, out.Children[2])
		require.Same(t, out, out.Children[0].Next)
		out.Attrs["new"] = "x"
		require.Equal(t, "x", out.Same["new"], "shared map must come back as one map")

		var anyOut any
		require.NoError(t, f.Unmarshal(data, &anyOut))
		n := anyOut.(*Node)
		require.Same(t, n, n.Next)

		// Without reference tracking a cycle is an error, not a hang.
		g := New(WithCompatible(compatible))
		require.NoError(t, g.RegisterTagType("example.Node", Node{}))
		_, err = g.Marshal(a)
		require.ErrorIs(t, err, ErrDepthExceeded)
	}
}

func TestOutOfBand(t *testing.T) {
	f := New(WithRefTracking(true))
	list := []any{"str", make([]byte, 1000), []int32{1, 2, 3}, []float64{1.5}, []byte{}}
	buf := NewBuffer(nil)
	var objs []SerializedObject
	require.NoError(t, f.Serialize(buf, list, func(o SerializedObject) bool {
		objs = append(objs, o)
		return false
	}))
	require.Len(t, objs, 4)
	require.Less(t, buf.Len(), 100, "large buffers must not be in band")
	msg := append([]byte(nil), buf.Bytes()...)
	var buffers []*Buffer
	for _, o := range objs {
		buffers = append(buffers, o.ToBuffer())
		assert.Equal(t, o.Bytes(), buffers[len(buffers)-1].Bytes(), "ToBuffer holds the object's bytes")
	}
	buffers[3] = NewByteBuffer(nil) // an empty buffer received as nil is still empty
	var out []any
	require.NoError(t, f.Deserialize(buf, &out, buffers))
	require.Empty(t, cmp.Diff(list, out))
	assert.Equal(t, 0, buf.Len(), "Deserialize consumes the message")
	assert.Equal(t, 1000, buffers[0].Len(), "Deserialize leaves the out-of-band buffers as they were")

	// The received bytes, each in a Buffer, read the same; a Buffer's
	// unread part is the object.
	received := []*Buffer{NewBuffer(append([]byte(nil), objs[0].Bytes()...)), NewBuffer(nil), NewBuffer(nil), NewBuffer(nil)}
	require.NoError(t, f.Serialize(received[1], "read already", nil))
	_, _ = received[1].Write(objs[1].Bytes())
	var s string
	require.NoError(t, f.Deserialize(received[1], &s, nil))
	_, _ = received[2].Write(objs[2].Bytes())
	require.NoError(t, f.Deserialize(NewBuffer(append([]byte(nil), msg...)), &out, received))
	require.Empty(t, cmp.Diff(list, out))

	// Missing buffers are an error, and so is a nil one.
	err := f.Deserialize(NewBuffer(msg), &out, buffers[:2])
	require.ErrorIs(t, err, ErrInvalidData)
	assert.Contains(t, err.Error(), "out-of-band buffer 2, only 2 given")
	err = f.Deserialize(NewBuffer(msg), &out, []*Buffer{buffers[0], nil, buffers[2], buffers[3]})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), "out-of-band buffer 1 of 4 is nil")

	// ToBuffer does not let a Write reach past the object into the
	// value's memory.
	backing := make([]byte, 4, 8)
	var obj SerializedObject
	require.NoError(t, f.Serialize(NewBuffer(nil), []any{backing}, func(o SerializedObject) bool { obj = o; return false }))
	_, _ = obj.ToBuffer().Write([]byte{7, 7, 7, 7})
	assert.Equal(t, []byte{0, 0, 0, 0, 0, 0, 0, 0}, backing[:8])

	// A callback returning true keeps everything in band.
	buf2 := NewBuffer(nil)
	require.NoError(t, f.Serialize(buf2, list, func(SerializedObject) bool { return true }))
	require.NoError(t, f.Deserialize(buf2, &out, nil))
	require.Empty(t, cmp.Diff(list, out))
}

// TestBuffer holds Buffer to bytes.Buffer's contract: Serialize and Write
// append, Deserialize consumes one message, Bytes and Len are the unread
// portion, a fully read buffer reuses its memory, and a failed Serialize
// leaves the buffer as it was.
func TestBuffer(t *testing.T) {
	f := New()
	var buf Buffer // the zero Buffer is ready to use
	require.NoError(t, f.Serialize(&buf, int32(7), nil))
	one, err := f.Marshal(int32(7))
	require.NoError(t, err)
	assert.Equal(t, one, buf.Bytes())
	require.NoError(t, f.Serialize(&buf, "x", nil))
	rest, err := f.Marshal("x")
	require.NoError(t, err)
	assert.Equal(t, append(append([]byte(nil), one...), rest...), buf.Bytes())
	assert.Equal(t, len(one)+len(rest), buf.Len())

	var i int32
	require.NoError(t, f.Deserialize(&buf, &i, nil))
	assert.Equal(t, int32(7), i)
	assert.Equal(t, rest, buf.Bytes(), "Bytes is the unread portion")

	for _, bad := range []any{make(chan int), []any{"abc", 1, make(chan int)}} {
		err = f.Serialize(&buf, bad, nil)
		require.ErrorIs(t, err, ErrUnsupportedType)
		assert.Equal(t, rest, buf.Bytes(), "a failed Serialize leaves the buffer as it was")
	}

	var s string
	require.NoError(t, f.Deserialize(&buf, &s, nil))
	assert.Equal(t, "x", s)
	assert.Equal(t, 0, buf.Len())
	require.ErrorIs(t, f.Deserialize(&buf, &s, nil), ErrTruncated)

	// A fully read buffer starts afresh on the next write: its memory is
	// reused, not grown.
	n, err := buf.Write(one)
	require.NoError(t, err)
	assert.Equal(t, len(one), n)
	assert.Equal(t, one, buf.Bytes())
	require.NoError(t, f.Deserialize(&buf, &i, nil))
	allocs := testing.AllocsPerRun(50, func() {
		if err := f.Serialize(&buf, int32(7), nil); err != nil {
			t.Fatal(err)
		}
		if err := f.Deserialize(&buf, &i, nil); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)

	// A failed Deserialize leaves the message unread: a truncated one
	// reads once the rest is written.
	long, err := f.Marshal([]string{"abc", "defgh"})
	require.NoError(t, err)
	part := NewBuffer(append([]byte(nil), long[:5]...))
	var ss []string
	require.ErrorIs(t, f.Deserialize(part, &ss, nil), ErrTruncated)
	assert.Equal(t, long[:5], part.Bytes())
	_, _ = part.Write(long[5:])
	require.NoError(t, f.Deserialize(part, &ss, nil))
	assert.Equal(t, []string{"abc", "defgh"}, ss)

	b := NewBuffer(append([]byte(nil), one...))
	buf.Reset()
	assert.Equal(t, 0, buf.Len())
	require.NoError(t, f.Deserialize(b, &i, nil))
	assert.Equal(t, int32(7), i)
}

func TestCompatibleConversions(t *testing.T) {
	type W struct {
		Nums  Int32Slice // a list of int32
		Small int32
		Any   []string
		Gone  string
	}
	type R struct {
		Nums  []int32 // an int32 array: converted from the list
		Small int64   // widened
		Any   any     // receives the declared list as []any
		Gone  int32   // string -> int32 does not convert: left zero
	}
	w, r := New(), New()
	require.NoError(t, w.RegisterTagType("example.Conv", W{}))
	require.NoError(t, r.RegisterTagType("example.Conv", R{}))
	data, err := w.Marshal(W{Nums: Int32Slice{1, 2}, Small: -7, Any: []string{"a"}, Gone: "x"})
	require.NoError(t, err)
	var got R
	require.NoError(t, r.Unmarshal(data, &got))
	require.Empty(t, cmp.Diff(R{Nums: []int32{1, 2}, Small: -7, Any: []any{"a"}}, got))
}
