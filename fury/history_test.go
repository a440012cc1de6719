package fury

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// Two unregistered structs: bytes of one read into the other.
type histA struct {
	X int32
	S string
}

type histB struct{ Y int64 }

// errClass names the sentinels an error wraps.
func errClass(err error) []error {
	var out []error
	for _, s := range []error{ErrTruncated, ErrInvalidData, ErrUnknownType, ErrUnsupportedType, ErrTypeMismatch,
		ErrSchemaMismatch, ErrDepthExceeded, ErrTooLarge, ErrInvalidArgument} {
		if errors.Is(err, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestTypedResultIndependentOfHistory reads the bytes of an unregistered
// struct (as a root, in a list and as map values) into a different struct
// type, with a fresh Fury and with one that has already decoded the first
// type into itself: the result must not depend on that history.
func TestTypedResultIndependentOfHistory(t *testing.T) {
	a := histA{X: 1, S: "a"}
	cases := []struct {
		name     string
		src, dst any // dst: a pointer to a zero destination, made anew per read
		own      func() any
	}{
		{"root", a, new(histB), func() any { return new(histA) }},
		{"list", []histA{a, a}, new([]histB), func() any { return new([]histA) }},
		{"map values", map[string]histA{"k": a}, new(map[string]histB), func() any { return new(map[string]histA) }},
		{"root into a map", a, new(map[string]any), func() any { return new(histA) }},
		{"list into maps", []histA{a}, new([]map[string]any), func() any { return new([]histA) }},
	}
	for _, compatible := range []bool{false, true} {
		for _, c := range cases {
			data, err := New(WithCompatible(compatible)).Marshal(c.src)
			require.NoError(t, err)

			fresh := New(WithCompatible(compatible))

			outFresh := newLike(c.dst)
			errFresh := fresh.Unmarshal(data, outFresh)

			// A Fury that has met the type by decoding into it, and one
			// that has only marshalled it.
			seen := New(WithCompatible(compatible))
			require.NoError(t, seen.Unmarshal(data, c.own()), "%s: the type's own destination", c.name)
			wrote := New(WithCompatible(compatible))
			_, err = wrote.Marshal(c.src)
			require.NoError(t, err)
			for _, g := range []*Fury{seen, wrote} {
				out := newLike(c.dst)
				errSeen := g.Unmarshal(data, out)
				require.Equal(t, errFresh == nil, errSeen == nil, "compatible=%v %s: fresh %v, after its own type %v",
					compatible, c.name, errFresh, errSeen)
				require.Equal(t, errClass(errFresh), errClass(errSeen), "compatible=%v %s: fresh %v, after its own type %v",
					compatible, c.name, errFresh, errSeen)
				require.Equal(t, outFresh, out, "compatible=%v %s", compatible, c.name)
			}
		}
	}
}

// newLike returns a new zero value of the type p points to, as a pointer.
func newLike(p any) any { return reflect.New(reflect.TypeOf(p).Elem()).Interface() }

type refNode struct{ V int64 }

type refAnyFirst struct {
	A any
	B *refNode
}

type refAnyLast struct {
	B *refNode
	A any
}

// TestSharedUnregisteredInInterface shares a pointer to an unregistered
// struct between an interface field and a typed field, under reference
// tracking: the destination's type mentions the struct, so the interface
// field gets the *T too (not a map of its fields), in either field order,
// and the two fields come back shared.
func TestSharedUnregisteredInInterface(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		n := &refNode{V: 1}
		f := New(WithCompatible(compatible), WithRefTracking(true), WithTrackAllFields(true))
		data, err := f.Marshal(&refAnyFirst{A: n, B: n})
		require.NoError(t, err)
		var first refAnyFirst
		require.NoError(t, New(WithCompatible(compatible), WithRefTracking(true), WithTrackAllFields(true)).Unmarshal(data, &first))
		require.Equal(t, n, first.B)
		require.Same(t, first.B, first.A, "compatible=%v", compatible)

		data, err = f.Marshal(&refAnyLast{A: n, B: n})
		require.NoError(t, err)
		var last refAnyLast
		require.NoError(t, New(WithCompatible(compatible), WithRefTracking(true), WithTrackAllFields(true)).Unmarshal(data, &last))
		require.Same(t, last.B, last.A, "compatible=%v", compatible)
	}
}

// TestCrossTypeIndependentOfHistory reads the bytes of values holding
// unregistered structs into unrelated destinations, fresh and after the
// Fury has met the written types: the error class (or value) must agree.
func TestCrossTypeIndependentOfHistory(t *testing.T) {
	a := histA{X: 1, S: "a"}
	srcs := []any{a, []histA{a}, [2]histA{a, a}, map[string]histA{"k": a}, &a, refAnyFirst{A: int64(1), B: &refNode{V: 2}}}
	dsts := []any{new(histB), new(string), new([]histB), new(map[string]any), new([]any), new(any), new(refAnyLast)}
	for _, compatible := range []bool{false, true} {
		for _, src := range srcs {
			data, err := New(WithCompatible(compatible)).Marshal(src)
			require.NoError(t, err)
			for _, dst := range dsts {
				outFresh := newLike(dst)
				errFresh := New(WithCompatible(compatible)).Unmarshal(data, outFresh)
				seen := New(WithCompatible(compatible))
				for _, s := range srcs {
					_, err := seen.Marshal(s)
					require.NoError(t, err)
				}
				out := newLike(dst)
				errSeen := seen.Unmarshal(data, out)
				require.Equal(t, errClass(errFresh), errClass(errSeen), "compatible=%v %T into %T: fresh %v, after history %v",
					compatible, src, dst, errFresh, errSeen)
				require.Equal(t, outFresh, out, "compatible=%v %T into %T", compatible, src, dst)
			}
		}
	}
}

func localA() any {
	type T struct{ A int64 }
	return T{A: 1}
}

func localB() any {
	type T struct{ B string }
	return T{B: "x"}
}

// TestSameAutoName: two types declared inside functions have the same auto
// name. A Fury writes both, whichever it met first, and reads each into its
// own type; the package-level API (a pool of Furys) behaves the same
// whatever the pool's history.
func TestSameAutoName(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := New(WithCompatible(compatible))
		for round := 0; round < 2; round++ {
			for _, v := range []any{localA(), localB()} {
				data, err := f.Marshal(v)
				require.NoError(t, err, "compatible=%v %T", compatible, v)
				out := reflect.New(reflect.TypeOf(v))
				require.NoError(t, f.Unmarshal(data, out.Interface()), "compatible=%v %T", compatible, v)
				require.Equal(t, v, out.Elem().Interface())

				data2, err := Marshal(v) // pooled
				require.NoError(t, err)
				out = reflect.New(reflect.TypeOf(v))
				require.NoError(t, Unmarshal(data2, out.Interface()))
				require.Equal(t, v, out.Elem().Interface())
			}
		}
	}
}
