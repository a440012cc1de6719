package fury_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// TestUnmarshalShortWay holds Unmarshal's short way (a destination type
// whose last decode read a constant prefix with generated code) to its
// general way: the same value or the same error for intact, truncated,
// extended and corrupted messages, used destinations, messages of another
// root type, and a registration in between. The reference Fury decodes
// into another type before each message, so that it takes the general way.
func TestUnmarshalShortWay(t *testing.T) {
	for _, c := range []genConfig{{}, {enums: true}, {compatible: true}, {compatible: true, byName: true},
		{alias: true}, {compatible: true, alias: true}, {maxDecoded: 1}} {
		t.Run(c.String(), func(t *testing.T) {
			short, ref := newGenFury(t, c, false), newGenFury(t, c, false)
			var other int
			general := func(data []byte, out any) error {
				_ = ref.Unmarshal([]byte{2}, &other) // another destination type
				require.False(t, fury.ShortWayReady(ref))
				return ref.Unmarshal(data, out)
			}
			r := rand.New(rand.NewPCG(7, 8))
			for _, p := range []genPair{pairOf[gentest.MediaContent, gentest.MediaContentR](), pairOf[gentest.Team, gentest.TeamR](),
				pairOf[gentest.Scalars, gentest.ScalarsR](), pairOf[gentest.Node, gentest.NodeR](), pairOf[gentest.Flat, gentest.FlatR]()} {
				v := reflect.New(p.gen).Elem()
				fillRandom(r, v, 0, "")
				data, err := short.Marshal(v.Interface())
				require.NoError(t, err)
				same := func(what string, in []byte, used bool) {
					t.Helper()
					sv, gv := reflect.New(p.gen), reflect.New(p.gen)
					if used { // a used destination: the result must not depend on it
						fillRandom(r, sv.Elem(), 0, "")
					}
					errS, errG := short.Unmarshal(in, sv.Interface()), general(in, gv.Interface())
					if errG != nil || errS != nil {
						require.Error(t, errS, "%s %v: general %v", what, p.gen, errG)
						require.Error(t, errG, "%s %v: short %v", what, p.gen, errS)
						require.Equal(t, errG.Error(), errS.Error(), "%s %v", what, p.gen)
						return
					}
					if diff := cmp.Diff(gv.Interface(), sv.Interface(), genCmp...); diff != "" {
						t.Fatalf("%s %v: short way differs (-general +short):\n%s", what, p.gen, diff)
					}
				}
				// Twice intact: the second takes the short way (unless a
				// budget of one byte stops the first).
				same("intact", data, false)
				same("intact", data, true)
				if c.maxDecoded == 0 {
					require.True(t, fury.ShortWayReady(short), "%v", p.gen)
				}
				same("trailing byte", append(append([]byte(nil), data...), 0), true)
				for cut := 0; cut < len(data); cut += 1 + cut/8 {
					same("truncated", data[:cut], false)
					same("intact", data, true)
				}
				for m := 0; m < 200; m++ {
					bad := append([]byte(nil), data...)
					for k := 1 + r.IntN(3); k > 0; k-- {
						bad[r.IntN(len(bad))] = byte(r.Uint32())
					}
					same("corrupted", bad, m%2 == 0)
				}
				other, err := short.Marshal(gentest.Image{URI: "x"})
				require.NoError(t, err)
				same("another root", other, true)
				same("intact", data, false)
				require.NoError(t, short.Register(struct{ A int }{}, 999)) // the registry changes
				same("after a registration", data, true)
			}
		})
	}
}

// TestUnmarshalShortWayBudget: the short way keeps the decode budget.
func TestUnmarshalShortWayBudget(t *testing.T) {
	small := gentest.MediaContent{Media: gentest.Media{URI: "u", Persons: []string{"a", "b"}}}
	big := gentest.MediaContent{Media: gentest.Media{URI: string(make([]byte, 9000)), Persons: []string{"a", "b"}}}
	for _, compatible := range []bool{false, true} {
		f := fury.New(fury.WithCompatible(compatible), fury.WithMaxDecodedBytes(8192))
		require.NoError(t, f.Register(gentest.Media{}, 1))
		require.NoError(t, f.Register(gentest.Image{}, 2))
		require.NoError(t, f.Register(gentest.MediaContent{}, 3))
		smallData, err := f.Marshal(small)
		require.NoError(t, err)
		bigData, err := f.Marshal(big)
		require.NoError(t, err)
		for i := 0; i < 3; i++ {
			var out gentest.MediaContent
			require.NoError(t, f.Unmarshal(smallData, &out))
			require.NoError(t, f.Unmarshal(smallData, &out)) // compatible: the TypeDefs are known now
			require.Equal(t, small, out)
			require.True(t, fury.ShortWayReady(f), "compatible=%v gen=%v", compatible, f.GeneratedInUse(small))
			err := f.Unmarshal(bigData, &out)
			require.True(t, errors.Is(err, fury.ErrTooLarge), "call %d: %v", i, err)
		}
	}
}

// TestGeneratedOwnTypeDefThenEvolved: in compatible mode generated readers
// recognize a nested struct's own TypeDef by its bytes once they have read
// it (readOwnDef); a message whose nested TypeDefs are another version's
// must still be read by the general way, before and after, and the
// budget charged for the TypeDefs must not depend on which way was taken.
func TestGeneratedOwnTypeDefThenEvolved(t *testing.T) {
	newF := func(holder, inner any, opts ...fury.Option) *fury.Fury {
		f := fury.New(append([]fury.Option{fury.WithCompatible(true)}, opts...)...)
		require.NoError(t, f.RegisterNamed(holder, "gentest", "Holder"))
		require.NoError(t, f.RegisterNamed(inner, "gentest", "Inner"))
		return f
	}
	gen, v2 := newF(gentest.Holder{}, gentest.Inner{}), newF(gentest.HolderV2{}, gentest.InnerV2{})
	own := gentest.Holder{In: gentest.Inner{ID: 5, Label: "x", Tags: []string{"t"}},
		Ins: []gentest.Inner{{ID: 1, Label: "c"}, {ID: 2}}, N: 6}
	ownData, err := gen.Marshal(own)
	require.NoError(t, err)
	evolved, err := v2.Marshal(gentest.HolderV2{
		In:  gentest.InnerV2{ID: 1, Label: "a", Added: []int32{7}},
		Ins: []gentest.InnerV2{{ID: 2, Label: "b"}, {ID: 3, Added: []int32{8, 9}}},
		N:   4,
	})
	require.NoError(t, err)
	wantEvolved := gentest.Holder{In: gentest.Inner{ID: 1, Label: "a"}, Ins: []gentest.Inner{{ID: 2, Label: "b"}, {ID: 3}}, N: 4}
	for i := 0; i < 3; i++ {
		var got gentest.Holder
		require.NoError(t, gen.Unmarshal(ownData, &got))
		require.Equal(t, own, got)
		got = gentest.Holder{}
		require.NoError(t, gen.Unmarshal(evolved, &got))
		require.Equal(t, wantEvolved, got)
	}

	// The smallest budget the message fits in is the same on a Fury that
	// has read the TypeDefs (readOwnDef) and on a fresh one.
	fits := func(f func(limit int64) *fury.Fury) int64 {
		lo, hi := int64(1), int64(1<<20)
		for lo < hi {
			mid := (lo + hi) / 2
			var got gentest.Holder
			if f(mid).Unmarshal(ownData, &got) == nil {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return lo
	}
	fresh := fits(func(limit int64) *fury.Fury {
		return newF(gentest.Holder{}, gentest.Inner{}, fury.WithMaxDecodedBytes(limit))
	})
	warm := fits(func(limit int64) *fury.Fury {
		f := newF(gentest.Holder{}, gentest.Inner{}, fury.WithMaxDecodedBytes(limit))
		for i := 0; i < 2; i++ {
			var got gentest.Holder
			_ = f.Unmarshal(ownData, &got) // may fail: a budget too small
		}
		return f
	})
	require.Equal(t, fresh, warm)
}

// TestUnmarshalShortWayPanic: a panic in generated code on the short way
// is an ErrInvalidData, not a crash, and leaves f usable (its input
// released, the next message read as before).
func TestUnmarshalShortWayPanic(t *testing.T) {
	for _, c := range []genConfig{{}, {alias: true}, {compatible: true}} {
		t.Run(c.String(), func(t *testing.T) {
			f := newGenFury(t, c, false)
			in := gentest.MediaContent{Media: gentest.Media{URI: "u", Title: "t"}}
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out gentest.MediaContent
			require.NoError(t, f.Unmarshal(data, &out))
			require.NoError(t, f.Unmarshal(data, &out)) // compatible: the TypeDefs are known now
			require.True(t, fury.ShortWayReady(f))
			restore, ok := fury.PanicInGenRead(f, reflect.TypeFor[gentest.MediaContent]())
			require.True(t, ok)
			out = gentest.MediaContent{}
			err = f.Unmarshal(data, &out)
			restore()
			require.ErrorIs(t, err, fury.ErrInvalidData)
			require.ErrorContains(t, err, "generated read bug")
			out = gentest.MediaContent{}
			require.NoError(t, f.Unmarshal(data, &out))
			require.Equal(t, in, out)
		})
	}
}
