package fury

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

type (
	RecList  []RecList
	RecMap   map[string]RecMap
	RecPtr   []*RecPtr
	RecArr   [2][]RecArr
	RecIface []any
	RecA     []RecB
	RecB     map[int32]RecA
	RecKey   [1]*RecKey
	recNode  struct {
		Next *recNode
		Kids []recNode
		L    RecList
	}
	RecP   *RecP
	RecPS  *[]RecPS
	RecMK  map[*RecMK]bool
	RecF   func() RecF
	RecC   chan RecC
	RecSP  []*[]RecSP
	recStr struct {
		PS RecPS
		MK RecMK
		SP RecSP
	}
	recHolder struct {
		L  RecList
		M  RecMap
		P  RecPtr
		A  RecArr
		I  RecIface
		AB RecA
		LL []RecList
		MP map[string]*RecMap
		N  *recNode
	}
)

func TestRecursiveTypes(t *testing.T) {
	v := recHolder{
		L:  RecList{{}, {{}, {{}}}},
		M:  RecMap{"a": {"b": {"c": {}}}},
		P:  RecPtr{{{}}, nil},
		A:  RecArr{{{}}, nil},
		I:  RecIface{[]any{int64(1)}, nil},
		AB: RecA{{1: {{}}}},
		LL: []RecList{{{}}},
		MP: map[string]*RecMap{"x": {"y": {}}},
		N:  &recNode{Next: &recNode{}, Kids: []recNode{{L: RecList{{}}}}},
	}
	for name, opts := range allModes() {
		t.Run(name, func(t *testing.T) {
			f := New(opts...)
			data, err := f.Marshal(v)
			require.NoError(t, err)
			var got recHolder
			require.NoError(t, f.Unmarshal(data, &got))
			require.Empty(t, cmp.Diff(v, got, cmpopts.EquateEmpty())) // nil vs empty is issue 12's

			// A reader without the type gets the natural values.
			var a any
			if err := New(opts...).Unmarshal(data, &a); err != nil {
				require.ErrorIs(t, err, ErrUnknownType) // schema-consistent mode needs the type
			}

			for _, x := range []any{RecList{{}}, RecMap{"k": nil}, RecPtr{nil}, RecA{}, RecKey{}, &recNode{}} {
				data, err := f.Marshal(x)
				require.NoError(t, err, "%T", x)
				p := reflect.New(reflect.TypeOf(x))
				require.NoError(t, f.Unmarshal(data, p.Interface()), "%T", x)
			}
		})
	}
}

func TestRecursiveDepth(t *testing.T) {
	f := New()
	deep := RecList{}
	for i := 0; i < 150; i++ {
		deep = RecList{deep}
	}
	_, err := f.Marshal(deep)
	require.ErrorIs(t, err, ErrDepthExceeded)
	g := New(WithMaxDepth(1000))
	data, err := g.Marshal(recHolder{L: deep})
	require.NoError(t, err)
	var got recHolder
	require.ErrorIs(t, f.Unmarshal(data, &got), ErrDepthExceeded)
	require.NoError(t, g.Unmarshal(data, &got))
	require.Equal(t, deep, got.L)

	// Hostile input: lists nested without end into a recursive type.
	in := []byte{0x01, 0xff, 0x16}
	for i := 0; i < 5000; i++ {
		in = append(in, 0x01, 0x08, 0x16)
	}
	var l RecList
	require.ErrorIs(t, f.Unmarshal(in, &l), ErrDepthExceeded)
	m := RecMap{}
	require.Error(t, f.Unmarshal(in, &m))
}

func TestRecursiveStructOf(t *testing.T) {
	// Types built at run time reach the same plans.
	rl := reflect.TypeFor[RecList]()
	st := reflect.StructOf([]reflect.StructField{{Name: "L", Type: rl}, {Name: "M", Type: reflect.TypeFor[RecMap]()}})
	named := reflect.TypeFor[recHolder]()
	_ = named
	f := New()
	v := reflect.New(st)
	v.Elem().Field(0).Set(reflect.ValueOf(RecList{{}}))
	// Unnamed struct types work too, and planning them terminates.
	data, err := f.Marshal(v.Elem().Interface())
	require.NoError(t, err)
	back := reflect.New(st)
	require.NoError(t, f.Unmarshal(data, back.Interface()))
	require.Equal(t, v.Elem().Field(0).Interface(), back.Elem().Field(0).Interface())
	_, err = f.Marshal([]any{RecList{{}}, RecMap{}})
	require.NoError(t, err)
}

func TestRecursiveExotic(t *testing.T) {
	// Every Go type plans in finite time: supported, or ErrUnsupportedType.
	f := New()
	for _, v := range []any{new(RecP), RecP(nil), RecF(nil), RecC(nil), &struct{ P RecP }{}} {
		_, err := f.Marshal(v)
		require.ErrorIs(t, err, ErrUnsupportedType, "%T", v)
	}
	// A root pointer to a pointer is followed: new(RecPS) is a nil RecPS.
	data, err := f.Marshal(new(RecPS))
	require.NoError(t, err)
	null, err := f.Marshal(nil)
	require.NoError(t, err)
	require.Equal(t, null, data)
	inner := []RecPS{nil}
	v := recStr{PS: &inner, MK: RecMK{nil: true}, SP: RecSP{&[]RecSP{{}}}}
	for name, opts := range allModes() {
		f := New(opts...)
		data, err := f.Marshal(v)
		require.NoError(t, err, name)
		var got recStr
		require.NoError(t, f.Unmarshal(data, &got), name)
		require.Len(t, got.SP, 1, name)
	}
}
