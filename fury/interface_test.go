package fury

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Shape is a user interface with one implementation of value receivers
// (Circle) and one of pointer receivers (Square).
type Shape interface{ Area() float64 }

type Circle struct{ R float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }

type Square struct{ Side int32 }

func (s *Square) Area() float64 { return float64(s.Side * s.Side) }

// AppError is a user error type with exported fields.
type AppError struct {
	Code int32
	Msg  string
}

func (e *AppError) Error() string { return fmt.Sprintf("%d: %s", e.Code, e.Msg) }

// Hue is an enum with a String method (a fmt.Stringer).
type Hue int32

func (c Hue) String() string { return [...]string{"red", "green", "blue"}[c%3] }

type Shapes struct {
	One    Shape
	Nil    Shape
	List   []Shape
	Map    map[string]Shape
	Arr    [2]Shape
	Ptr    *Shape
	Err    error
	NilErr error
	Str    fmt.Stringer
	Strs   []fmt.Stringer
	Any    any
}

// modes are the four combinations of compatible mode and reference
// tracking.
var modes = []struct {
	name       string
	compatible bool
	ref        bool
}{
	{"compatible", true, false},
	{"compatible+ref", true, true},
	{"consistent", false, false},
	{"consistent+ref", false, true},
}

func newShapeFury(t testing.TB, compatible, ref bool, opts ...Option) *Fury {
	f := New(append([]Option{WithCompatible(compatible), WithRefTracking(ref)}, opts...)...)
	require.NoError(t, f.RegisterTagType("test.Shapes", Shapes{}))
	require.NoError(t, f.RegisterTagType("test.Circle", Circle{}))
	require.NoError(t, f.Register(Square{}, 301))
	require.NoError(t, f.RegisterTagType("test.AppError", AppError{}))
	require.NoError(t, f.Register(Hue(0), 302))
	return f
}

func TestInterfaceFields(t *testing.T) {
	var ptrTarget Shape = Circle{R: 4}
	in := Shapes{
		One:  Circle{R: 1.5},
		List: []Shape{Circle{R: 2}, &Square{Side: 3}, nil},
		Map:  map[string]Shape{"c": Circle{R: 1}, "s": &Square{Side: 2}, "nil": nil},
		Arr:  [2]Shape{&Square{Side: 7}, Circle{}},
		Ptr:  &ptrTarget,
		Err:  &AppError{Code: 7, Msg: "boom"},
		Str:  Hue(2),
		Strs: []fmt.Stringer{Hue(1), 3 * time.Second, time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC)},
		Any:  &Square{Side: 9},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := newShapeFury(t, m.compatible, m.ref)
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out Shapes
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Empty(t, cmp.Diff(in, out))
			// A used destination gives the same.
			used := Shapes{Nil: Circle{R: 9}, NilErr: errors.New("stale"), List: []Shape{Circle{}}}
			require.NoError(t, f.Unmarshal(data, &used))
			assert.Empty(t, cmp.Diff(in, used))
			// Through generated-code-free and generated paths alike.
			g := newShapeFury(t, m.compatible, m.ref, WithGeneratedCode(false))
			var out2 Shapes
			require.NoError(t, g.Unmarshal(data, &out2))
			assert.Empty(t, cmp.Diff(in, out2))
		})
	}
}

func TestInterfaceRoot(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := newShapeFury(t, m.compatible, m.ref)
			for _, v := range []Shape{Circle{R: 1}, &Square{Side: 2}} {
				data, err := f.Marshal(v)
				require.NoError(t, err)
				var s Shape = Circle{R: 99}
				require.NoError(t, f.Unmarshal(data, &s))
				assert.Equal(t, v, s)
			}
			data, err := f.Marshal([]Shape{Circle{R: 1}, nil, &Square{Side: 2}})
			require.NoError(t, err)
			var ss []Shape
			require.NoError(t, f.Unmarshal(data, &ss))
			assert.Equal(t, []Shape{Circle{R: 1}, nil, &Square{Side: 2}}, ss)

			// A value that does not implement the destination interface.
			data, err = f.Marshal(int32(5))
			require.NoError(t, err)
			var s Shape
			err = f.Unmarshal(data, &s)
			require.ErrorIs(t, err, ErrTypeMismatch)
			assert.Contains(t, err.Error(), "int32")
			assert.Contains(t, err.Error(), "fury.Shape")

			var e error
			data, err = f.Marshal(&e) // a nil error
			require.NoError(t, err)
			e = errors.New("stale")
			require.NoError(t, f.Unmarshal(data, &e))
			assert.Nil(t, e)
		})
	}
}

type withErr struct {
	Err error
}

func TestErrorValues(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := newShapeFury(t, m.compatible, m.ref)
			// errors.New and fmt.Errorf have no exported state: refused.
			for _, e := range []error{errors.New("x"), fmt.Errorf("y: %w", errors.New("x"))} {
				_, err := f.Marshal(withErr{Err: e})
				require.ErrorIs(t, err, ErrUnsupportedType)
				assert.Contains(t, err.Error(), "withErr.Err")
			}
			data, err := f.Marshal(withErr{})
			require.NoError(t, err)
			out := withErr{Err: errors.New("stale")}
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Nil(t, out.Err)

			data, err = f.Marshal(withErr{Err: &AppError{Code: 1, Msg: "m"}})
			require.NoError(t, err)
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Equal(t, &AppError{Code: 1, Msg: "m"}, out.Err)
			var target *AppError
			assert.True(t, errors.As(out.Err, &target))
		})
	}
}

type anyHolder struct{ V any }
type shapeHolder struct{ V Shape }

func TestInterfaceMismatch(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			w := New(WithCompatible(m.compatible), WithRefTracking(m.ref))
			r := New(WithCompatible(m.compatible), WithRefTracking(m.ref))
			require.NoError(t, w.RegisterTagType("test.Holder", anyHolder{}))
			require.NoError(t, r.RegisterTagType("test.Holder", shapeHolder{}))
			for _, f := range []*Fury{w, r} {
				require.NoError(t, f.RegisterTagType("test.AppError", AppError{}))
				require.NoError(t, f.RegisterTagType("test.Circle", Circle{}))
			}
			data, err := w.Marshal(anyHolder{V: &AppError{Code: 1}})
			require.NoError(t, err)
			var out shapeHolder
			err = r.Unmarshal(data, &out)
			if m.compatible {
				require.ErrorIs(t, err, ErrTypeMismatch)
				assert.Contains(t, err.Error(), "shapeHolder.V")
				assert.Contains(t, err.Error(), "AppError")
				assert.Contains(t, err.Error(), "fury.Shape")
			} else {
				// Schema-consistent mode sees the layouts differ first.
				require.Error(t, err)
			}
			data, err = w.Marshal(anyHolder{V: Circle{R: 2}})
			require.NoError(t, err)
			if m.compatible {
				require.NoError(t, r.Unmarshal(data, &out))
				assert.Equal(t, shapeHolder{V: Circle{R: 2}}, out)
			}
		})
	}
}

// TestTypedNilInInterface: the wire has no typed nil; an interface holding
// a nil pointer, slice or map comes back as a nil interface in every mode.
func TestTypedNilInInterface(t *testing.T) {
	type holder struct {
		A any
		L []any
		M map[string]any
		S Shape
	}
	in := holder{A: (*Square)(nil), L: []any{[]int32(nil), map[string]int32(nil), int32(1)},
		M: map[string]any{"x": (*Circle)(nil)}, S: (*Square)(nil)}
	want := holder{L: []any{nil, nil, int32(1)}, M: map[string]any{"x": nil}}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := newShapeFury(t, m.compatible, m.ref)
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out holder
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Empty(t, cmp.Diff(want, out))
		})
	}
}

type Pt struct{ X, Y int32 }

// TestInterfaceDecodeDoesNotPoisonTyped: what decoding into interface{}
// saw must not change what a typed destination receives, on one Fury and
// on the pool.
func TestInterfaceDecodeDoesNotPoisonTyped(t *testing.T) {
	data, err := New().Marshal(Pt{X: 1, Y: 2})
	require.NoError(t, err)
	f := New()
	for i := 0; i < 3; i++ {
		var v any
		require.NoError(t, f.Unmarshal(data, &v))
		assert.Equal(t, map[string]any{"x": int32(1), "y": int32(2)}, v)
		var p Pt
		require.NoError(t, f.Unmarshal(data, &p))
		assert.Equal(t, Pt{X: 1, Y: 2}, p)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if (i+g)%2 == 0 {
					var v any
					if err := Unmarshal(data, &v); err != nil {
						t.Error(err)
						return
					}
					if _, ok := v.(map[string]any); !ok {
						t.Errorf("interface{} got %T", v)
						return
					}
				} else {
					var p Pt
					if err := Unmarshal(data, &p); err != nil || p != (Pt{X: 1, Y: 2}) {
						t.Errorf("typed got %v, %v", p, err)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
}

type nilEmpty struct {
	S    []string
	B    []byte
	I    []int32
	M    map[string]int32
	Set  map[int32]struct{}
	Ptrs []*Pt
	NS   []string         `fury:"nullable"`
	NB   []byte           `fury:"nullable"`
	NI   []int32          `fury:"nullable"`
	NM   map[string]int32 `fury:"nullable"`
	L    [][]int32
	LM   map[string][]string
	A    any
}

// TestNilEmptyRule checks the documented rule in all four modes: fields
// that are not nullable read empty as nil; nullable fields, list elements,
// map values and interface values keep nil and empty apart.
func TestNilEmptyRule(t *testing.T) {
	empty := nilEmpty{
		S: []string{}, B: []byte{}, I: []int32{}, M: map[string]int32{}, Set: map[int32]struct{}{}, Ptrs: []*Pt{},
		NS: []string{}, NB: []byte{}, NI: []int32{}, NM: map[string]int32{},
		L: [][]int32{nil, {}}, LM: map[string][]string{"nil": nil, "empty": {}}, A: []int32{},
	}
	wantEmpty := nilEmpty{
		NS: []string{}, NB: []byte{}, NI: []int32{}, NM: map[string]int32{},
		L: [][]int32{nil, {}}, LM: map[string][]string{"nil": nil, "empty": {}}, A: []int32{},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			for _, gen := range []bool{true, false} {
				f := New(WithCompatible(m.compatible), WithRefTracking(m.ref), WithGeneratedCode(gen))
				for _, c := range []struct{ in, want nilEmpty }{{nilEmpty{}, nilEmpty{}}, {empty, wantEmpty}} {
					data, err := f.Marshal(c.in)
					require.NoError(t, err)
					var out nilEmpty
					require.NoError(t, f.Unmarshal(data, &out))
					assert.Empty(t, cmp.Diff(c.want, out))
				}
				// Top-level values keep nil and empty apart.
				for _, v := range []any{[]int32(nil), []int32{}, []string(nil), []string{}, map[string]int32(nil), map[string]int32{}, []byte(nil), []byte{}} {
					data, err := f.Marshal(v)
					require.NoError(t, err)
					out := reflectNew(v)
					require.NoError(t, f.Unmarshal(data, out.Interface()))
					assert.Empty(t, cmp.Diff(v, out.Elem().Interface()), "%#v", v)
				}
			}
		})
	}
}

type v1 struct {
	A int32
	B string
}

type v2 struct {
	A     int32
	B     string
	Extra []string
	M     map[string]int32
	P     *Pt
	Arr   [2]int32
}

// TestReplaceNotMerge: decoding into a used value equals decoding into a
// zero one.
func TestReplaceNotMerge(t *testing.T) {
	for _, m := range modes[:2] { // compatible: v1 bytes read as v2
		t.Run(m.name, func(t *testing.T) {
			w := New(WithCompatible(true), WithRefTracking(m.ref))
			r := New(WithCompatible(true), WithRefTracking(m.ref))
			require.NoError(t, w.RegisterTagType("test.V", v1{}))
			require.NoError(t, r.RegisterTagType("test.V", v2{}))
			data, err := w.Marshal(v1{A: 1, B: "b"})
			require.NoError(t, err)
			used := v2{A: 9, B: "old", Extra: []string{"stale"}, M: map[string]int32{"k": 1}, P: &Pt{X: 3}, Arr: [2]int32{4, 5}}
			keep := used.P
			require.NoError(t, r.Unmarshal(data, &used))
			assert.Equal(t, v2{A: 1, B: "b"}, used)
			assert.Equal(t, Pt{X: 3}, *keep, "the old pointee is not written through")
		})
	}
	for _, m := range modes {
		t.Run("same/"+m.name, func(t *testing.T) {
			f := New(WithCompatible(m.compatible), WithRefTracking(m.ref))
			in := v2{A: 1, M: map[string]int32{"a": 1}, P: &Pt{Y: 1}}
			data, err := f.Marshal(in)
			require.NoError(t, err)
			used := v2{B: "x", Extra: []string{"s"}, M: map[string]int32{"b": 2}, P: &Pt{X: 5}, Arr: [2]int32{1, 1}}
			require.NoError(t, f.Unmarshal(data, &used))
			assert.Equal(t, in, used)
			// Root pointer and interface destinations.
			pp := &v2{B: "stale"}
			require.NoError(t, f.Unmarshal(data, &pp))
			assert.Equal(t, in, *pp)
			// An unregistered struct in an interface{}: a map in compatible
			// mode, ErrUnknownType in schema-consistent mode, whatever
			// this Fury has seen.
			var a any = "stale"
			err = f.Unmarshal(data, &a)
			if m.compatible {
				require.NoError(t, err)
				assert.IsType(t, map[string]any{}, a)
			} else {
				require.ErrorIs(t, err, ErrUnknownType)
			}
		})
	}
}

func TestTrailingBytes(t *testing.T) {
	f := New()
	data, err := f.Marshal(Pt{X: 1})
	require.NoError(t, err)
	var p Pt
	err = f.Unmarshal(append(data, 0, 0), &p)
	require.ErrorIs(t, err, ErrInvalidData)
	assert.Contains(t, err.Error(), fmt.Sprintf("offset %d", len(data)))
	err = Unmarshal(append(data, 1), &p)
	require.ErrorIs(t, err, ErrInvalidData)

	// Deserialize reads one value at a time from a stream.
	buf := NewBuffer(nil)
	for i := int32(0); i < 3; i++ {
		require.NoError(t, f.Serialize(buf, Pt{X: i}, nil))
	}
	in := NewBuffer(buf.Bytes())
	for i := int32(0); i < 3; i++ {
		var q Pt
		require.NoError(t, f.Deserialize(in, &q, nil))
		assert.Equal(t, Pt{X: i}, q)
	}
}

func TestInvalidOptions(t *testing.T) {
	for _, opt := range []Option{WithMaxDepth(0), WithMaxDepth(-3), WithMaxDepth(MaxDepthLimit + 1), WithMaxDepth(math.MaxInt), nil} {
		f := New(WithCompatible(true), opt)
		_, err := f.Marshal(1)
		require.ErrorIs(t, err, ErrInvalidArgument)
		assert.True(t, strings.Contains(err.Error(), "WithMaxDepth") || opt == nil, err.Error())
		var v any
		require.ErrorIs(t, f.Unmarshal([]byte{2, 0}, &v), ErrInvalidArgument)
		require.ErrorIs(t, f.Register(Pt{}, 1), ErrInvalidArgument)
		require.ErrorIs(t, f.RegisterTagType("a.B", Pt{}), ErrInvalidArgument)
		_, err = f.MarshalAppend(nil, 1)
		require.ErrorIs(t, err, ErrInvalidArgument)
		require.ErrorIs(t, f.Serialize(NewBuffer(nil), 1, nil), ErrInvalidArgument)
		require.ErrorIs(t, f.Deserialize(NewBuffer([]byte{2, 0}), &v, nil), ErrInvalidArgument)
	}
	for _, n := range []int{1, MaxDepthLimit} {
		f := New(WithMaxDepth(n))
		_, err := f.Marshal(Pt{})
		require.NoError(t, err)
	}
}

// TestMaxDepthLimitStack: values nested to MaxDepthLimit levels are written
// and read back in every mode, on a goroutine whose stack is capped at 64
// MB (the limit's documented cost is a few tens of megabytes), and one
// level more is ErrDepthExceeded.
func TestMaxDepthLimitStack(t *testing.T) {
	type node struct {
		V    int32
		Next *node
	}
	root := &node{}
	cur := root
	for i := 1; i < MaxDepthLimit; i++ { // MaxDepthLimit structs
		cur.Next = &node{V: int32(i)}
		cur = cur.Next
	}
	var list any = int32(1) // MaxDepthLimit nested []any
	for i := 1; i < MaxDepthLimit; i++ {
		list = []any{list}
	}
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	for _, opts := range [][]Option{{WithCompatible(false)}, {WithCompatible(true)}, {WithRefTracking(true)}} {
		f := New(append(opts, WithMaxDepth(MaxDepthLimit))...)
		done := make(chan struct{})
		go func() { // a fresh goroutine: its stack starts small
			defer close(done)
			data, err := f.Marshal(root)
			require.NoError(t, err)
			var back node
			require.NoError(t, f.Unmarshal(data, &back))
			last := &back
			for last.Next != nil {
				last = last.Next
			}
			assert.Equal(t, int32(MaxDepthLimit-1), last.V)
			data, err = f.Marshal(list)
			require.NoError(t, err)
			var l any
			require.NoError(t, f.Unmarshal(data, &l))

			cur.Next = &node{}
			defer func() { cur.Next = nil }()
			_, err = f.Marshal(root)
			require.ErrorIs(t, err, ErrDepthExceeded)
		}()
		<-done
	}
}

// TestUnnamedStructs: struct types without a name (declared inline or
// made with reflect.StructOf) serialize Go to Go.
func TestUnnamedStructs(t *testing.T) {
	type outer struct {
		In  struct{ A, B int32 }
		Ins []struct{ S string }
	}
	in := outer{Ins: []struct{ S string }{{S: "x"}}}
	in.In.A = 3
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := New(WithCompatible(m.compatible), WithRefTracking(m.ref))
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out outer
			require.NoError(t, New(WithCompatible(m.compatible), WithRefTracking(m.ref)).Unmarshal(data, &out))
			assert.Equal(t, in, out)
			data, err = f.Marshal(struct{ X []int32 }{X: []int32{1}})
			require.NoError(t, err)
			var anon struct{ X []int32 }
			require.NoError(t, f.Unmarshal(data, &anon))
			assert.Equal(t, []int32{1}, anon.X)
		})
	}
}

type evolveW struct{ P any }
type evolveR struct{ P Pt }

// TestAnyFieldReadAsStruct: a field written as interface{} and read as a
// struct converts, whether or not the reader has decoded into interface{}
// before.
func TestAnyFieldReadAsStruct(t *testing.T) {
	w, r := New(), New()
	require.NoError(t, w.RegisterTagType("test.E", evolveW{}))
	require.NoError(t, r.RegisterTagType("test.E", evolveR{}))
	data, err := w.Marshal(evolveW{P: Pt{X: 1}})
	require.NoError(t, err)
	var v any
	require.NoError(t, r.Unmarshal(data, &v))
	var out evolveR
	require.NoError(t, r.Unmarshal(data, &out))
	assert.Equal(t, evolveR{P: Pt{X: 1}}, out)
}

// FuzzUnmarshalInterfaces decodes arbitrary bytes into structs with fields
// of non-empty interface types, in all four modes.
func FuzzUnmarshalInterfaces(f *testing.F) {
	var fs []*Fury
	for _, m := range modes {
		fy := newShapeFury(f, m.compatible, m.ref)
		fs = append(fs, fy)
		var e error = &AppError{Code: 1}
		data, err := fy.Marshal(Shapes{One: Circle{R: 1}, List: []Shape{&Square{Side: 2}, nil}, Ptr: new(Shape),
			Err: e, Str: Hue(1), Map: map[string]Shape{"a": Circle{}}})
		require.NoError(f, err)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fy := range fs {
			var s Shapes
			_ = fy.Unmarshal(data, &s)
			var sh Shape
			_ = fy.Unmarshal(data, &sh)
			var e error
			_ = fy.Unmarshal(data, &e)
		}
	})
}

type shapeKeys struct {
	ByShape map[Shape]int32
	Set     map[Shape]struct{}
	Errs    []error
	Named   map[string]fmt.Stringer
}

func TestInterfaceKeysAndSets(t *testing.T) {
	in := shapeKeys{
		ByShape: map[Shape]int32{Circle{R: 1}: 1, &Square{Side: 2}: 2},
		Set:     map[Shape]struct{}{Circle{R: 3}: {}},
		Errs:    []error{nil, &AppError{Code: 4}},
		Named:   map[string]fmt.Stringer{"d": time.Second, "nil": nil},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := newShapeFury(t, m.compatible, m.ref)
			require.NoError(t, f.RegisterTagType("test.shapeKeys", shapeKeys{}))
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out shapeKeys
			require.NoError(t, f.Unmarshal(data, &out))
			// Pointer keys come back as new pointers: compare by value.
			assert.Equal(t, int32(1), out.ByShape[Circle{R: 1}])
			require.Len(t, out.ByShape, 2)
			for k, v := range out.ByShape {
				if sq, ok := k.(*Square); ok {
					assert.Equal(t, Square{Side: 2}, *sq)
					assert.Equal(t, int32(2), v)
				}
			}
			assert.Equal(t, in.Set, out.Set)
			assert.Equal(t, in.Errs, out.Errs)
			assert.Equal(t, in.Named, out.Named)
		})
	}
}

// Celsius is a named float with a method: it satisfies fmt.Stringer but
// reads back as a float64, which does not.
type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

// Polygon is a named slice implementing Shape.
type Polygon []Circle

func (p Polygon) Area() float64 { return float64(len(p)) }

// unregisteredShape implements Shape but is not registered.
type unregisteredShape struct{ A float64 }

func (u unregisteredShape) Area() float64 { return u.A }

// TestInterfaceUnreadableRefused: a value whose type the reader cannot
// give back is refused when written into a non-empty interface position
// (ErrUnsupportedType), instead of marshalling into bytes that then fail
// to read. Values that do read back (registered types, enums, the time
// types) still pass, and empty interfaces take anything as before.
func TestInterfaceUnreadableRefused(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			f := newShapeFury(t, m.compatible, m.ref)
			for _, in := range []Shapes{
				{Str: Celsius(21.5)},
				{One: Polygon{{R: 1}}},
				{One: unregisteredShape{A: 2}},
				{List: []Shape{Circle{R: 1}, Polygon{}}},
				{Strs: []fmt.Stringer{Celsius(1)}},
			} {
				_, err := f.Marshal(in)
				require.ErrorIs(t, err, ErrUnsupportedType, "%+v", in)
				assert.Contains(t, err.Error(), "would not read back")
			}
			// What does read back is accepted and round-trips.
			in := Shapes{Str: 90 * time.Minute, Strs: []fmt.Stringer{Hue(1), Date{Year: 2024, Month: 2, Day: 29}}}
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out Shapes
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Empty(t, cmp.Diff(in, out))
			// Empty interfaces are not affected: a named float travels as
			// its natural value.
			data, err = f.Marshal(anyHolder{V: Celsius(3)})
			require.NoError(t, err)
			require.NotEmpty(t, data)
		})
	}
}
