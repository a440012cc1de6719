package fury

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type mergeName string

// Sets are held to the rule maps are: elements distinct in Go but one on
// the wire would read back as one element, so Marshal refuses the set,
// naming both elements, whatever the element type (not only time.Time);
// elements distinct on the wire round-trip.
func TestSetElementsOneOnTheWire(t *testing.T) {
	utc := time.Date(2026, 11, 27, 8, 0, 0, 5, time.UTC)
	plus1 := utc.In(time.FixedZone("+01:00", 3600))
	type stamped struct {
		At   time.Time
		Name string
	}
	type boxed struct{ V any }
	for name, c := range map[string]struct {
		set  any
		a, b string
	}{
		"int and int64":        {NewSet[any](1, int64(1)), "1", "1"},
		"int8 beside int in":   {map[any]struct{}{int(7): {}, int64(7): {}, int8(7): {}}, "7", "7"},
		"string and named":     {NewSet[any]("a", mergeName("a")), "a", "a"},
		"interface times":      {NewSet[any](utc, plus1), "08:00", "09:00"},
		"struct with a time":   {NewSet(stamped{utc, "a"}, stamped{plus1, "a"}), "08:00", "09:00"},
		"struct with an any":   {NewSet(boxed{1}, boxed{int64(1)}), "{1}", "{1}"},
		"array of times":       {NewSet([1]time.Time{utc}, [1]time.Time{plus1}), "08:00", "09:00"},
		"set of instants":      {NewSet(utc, plus1), "08:00", "09:00"},
		"map[any]struct{} set": {map[any]struct{}{uint(3): {}, uint64(3): {}}, "3", "3"},
		"map time keys":        {map[time.Time]int{utc: 1, plus1: 2}, "08:00", "09:00"},
		"map struct keys":      {map[boxed]int{{utc}: 1, {plus1}: 2}, "08:00", "09:00"},
		"int pointers":         {NewSet[any](new(int), new(int)), "0x", "0x"},
		"int pointer map keys": {map[any]int{new(int): 1, new(int): 2}, "0x", "0x"},
	} {
		for _, f := range []*Fury{New(), New(WithCompatible(false)), New(WithRefTracking(true))} {
			_, err := f.Marshal(c.set)
			require.ErrorIs(t, err, ErrInvalidArgument, name)
			assert.ErrorContains(t, err, "same", name)
			assert.ErrorContains(t, err, c.a, name)
			assert.ErrorContains(t, err, c.b, name)
			// Inside a struct field and an interface{} too.
			_, err = f.Marshal([]any{c.set})
			require.ErrorIs(t, err, ErrInvalidArgument, name)
		}
	}

	// Distinct on the wire: these round-trip, element for element.
	nan := func() float64 { var z float64; return z / z }
	for name, c := range map[string]struct {
		set any
		n   int
	}{
		"int32 and int64":  {NewSet[any](int32(1), int64(1)), 2},
		"int8 and int16":   {NewSet[any](int8(1), int16(1)), 2},
		"two instants":     {NewSet[any](utc, utc.Add(1)), 2},
		"any NaNs":         {NewSet[any](nan(), nan(), 0.0), 3},
		"strings":          {NewSet[any]("a", "b", mergeName("c")), 3},
		"structs with any": {NewSet(boxed{int32(1)}, boxed{int64(1)}), 2},
		"nil and a value":  {NewSet[any](nil, 1), 2},
		"one element":      {NewSet[any](1), 1},
		"distinct stamped": {NewSet(stamped{utc, "a"}, stamped{plus1, "b"}), 2},
	} {
		for _, f := range []*Fury{New(), New(WithCompatible(false)), New(WithRefTracking(true))} {
			data, err := f.Marshal(c.set)
			require.NoError(t, err, name)
			out := reflect.New(reflect.TypeOf(c.set))
			require.NoError(t, f.Unmarshal(data, out.Interface()), name)
			assert.Equal(t, c.n, out.Elem().Len(), fmt.Sprint(name, " ", out.Elem()))
		}
	}
}

// Checking the elements allocates nothing once the set type was written.
func TestSetElementsCheckAllocs(t *testing.T) {
	f := New()
	s := NewSet[any](1, int32(2), "x", time.Unix(5, 0).UTC())
	buf := make([]byte, 0, 256)
	_, err := f.MarshalAppend(buf, s)
	require.NoError(t, err)
	assert.Zero(t, testing.AllocsPerRun(50, func() {
		if _, err := f.MarshalAppend(buf, s); err != nil {
			t.Fatal(err)
		}
	}))
}

// BenchmarkMarshalKeyed writes maps, sets and lists of 64 entries: typed
// keys that cannot collide (no check), interface keys (checked), and the
// lists that share the element writer with sets.
//
//	go test ./fury -run '^$' -bench MarshalKeyed -benchmem
func BenchmarkMarshalKeyed(b *testing.B) {
	ms, ma := map[string]int{}, map[any]int{}
	ss, sa := Set[string]{}, Set[any]{}
	var la []any
	var ls []string
	for i := range 64 {
		k := fmt.Sprint("key", i)
		ms[k], ma[k], ss[k], sa[k] = i, i, struct{}{}, struct{}{}
		la = append(la, k, int32(i))
		ls = append(ls, k)
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"map[string]int", ms}, {"map[any]int", ma}, {"Set[string]", ss}, {"Set[any]", sa}, {"[]any", la}, {"[]string", ls}} {
		b.Run(c.name, func(b *testing.B) {
			f := New()
			buf := make([]byte, 0, 4096)
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if buf, err = f.MarshalAppend(buf[:0], c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type mergeInner struct{ V any }

type mergeOuter struct {
	In mergeInner
	N  int
	P  *int
}

type mergeHolder struct {
	S Set[mergeOuter]
	P *int
}

// In compatible mode a struct field carries its type's TypeDef in full the
// first time in a message and a reference to it after, so two set elements
// (or map keys) one on the wire differed in the output: they are compared
// as a second writing has them (every TypeDef a reference), which is then
// dropped, reference ids and all.
func TestSetElementsOneOnTheWireNested(t *testing.T) {
	p := new(int)
	for _, opts := range [][]Option{{}, {WithCompatible(false)}, {WithRefTracking(true)}, {WithRefTracking(true), WithTrackAllFields(true)}} {
		f := New(opts...)
		require.NoError(t, f.RegisterTagType("x.inner", mergeInner{}))
		require.NoError(t, f.RegisterTagType("x.outer", mergeOuter{}))
		require.NoError(t, f.RegisterTagType("x.holder", mergeHolder{}))
		a, b := mergeOuter{In: mergeInner{1}, N: 2}, mergeOuter{In: mergeInner{int64(1)}, N: 2}
		for _, v := range []any{NewSet(a, b), map[mergeOuter]int{a: 1, b: 2}, map[any]int{a: 1, b: 2}} {
			_, err := f.Marshal(v)
			require.ErrorIs(t, err, ErrInvalidArgument, "%T", v)
			assert.ErrorContains(t, err, "same wire form", "%T", v)
		}

		// Distinct elements read back whole, and what follows the set
		// (a reference to a pointer inside it) reads as written.
		in := mergeHolder{S: NewSet(mergeOuter{In: mergeInner{1}, N: 2, P: p}, mergeOuter{In: mergeInner{int64(2)}, N: 2, P: p}), P: p}
		data, err := f.Marshal(&in)
		require.NoError(t, err)
		m := map[mergeOuter]*int{{In: mergeInner{1}}: p, {In: mergeInner{int64(2)}}: p}
		mdata, err := f.Marshal(m)
		require.NoError(t, err)
		var mout map[mergeOuter]*int
		require.NoError(t, f.Unmarshal(mdata, &mout))
		require.Len(t, mout, 2)
		var out mergeHolder
		require.NoError(t, f.Unmarshal(data, &out))
		require.Len(t, out.S, 2)
		for e := range out.S {
			require.NotNil(t, e.P)
			if len(opts) == 2 {
				require.Same(t, out.P, e.P, "the tracked pointer is shared")
			}
		}
	}
}
