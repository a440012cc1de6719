package fury_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// Marshal, MarshalAppend and Serialize share the short way of a root
// written by generated code (no type lookup, no deferred recover, only the
// encoder state the call uses set up). Whatever calls come between (the
// full way, other roots, out-of-band Serialize, errors, compact strings),
// each gives the reflection path's bytes, and a Buffer's unread bytes
// stay in front.
func TestShortWayEntries(t *testing.T) {
	modes := map[string][]fury.Option{
		"schema":     {fury.WithCompatible(false)},
		"compatible": {fury.WithCompatible(true)},
		"compact":    {fury.WithCompatible(false), fury.WithCompactStrings(true)},
	}
	for name, opts := range modes {
		t.Run(name, func(t *testing.T) {
			f := fury.New(opts...)
			ref := fury.New(append(opts, fury.WithGeneratedCode(false))...)
			registerByID(t, f, ref)
			mc, s, team := gentest.NewMediaContent(), gentest.NewSample(), oneEntryTeam()
			mc.Media.Title = "Jürgen’s 日本 talk" // not latin1: UTF-16 with compact strings
			require.True(t, f.GeneratedInUse(mc))
			want := func(v any) []byte {
				b, err := ref.Marshal(v)
				require.NoError(t, err)
				return b
			}
			var buf []byte
			oob := fury.NewBuffer(nil)
			calls := []func(v any) ([]byte, error){
				func(v any) ([]byte, error) { return f.Marshal(v) },
				func(v any) ([]byte, error) {
					var err error
					buf, err = f.MarshalAppend(buf[:0], v)
					return buf, err
				},
				func(v any) ([]byte, error) {
					out, err := f.MarshalAppend([]byte("head"), v)
					require.Equal(t, "head", string(out[:4]))
					return out[4:], err
				},
				func(v any) ([]byte, error) {
					// Unread bytes stay in front; the new message follows.
					b := fury.NewBuffer([]byte("unread"))
					err := f.Serialize(b, v, nil)
					require.Equal(t, "unread", string(b.Bytes()[:6]))
					return b.Bytes()[6:], err
				},
			}
			// Interleaved with what changes the encoder's state: other
			// roots, an out-of-band Serialize (other writer settings), a
			// failing call.
			between := []func(){
				func() {},
				func() { _, _ = f.Marshal(&s) },
				func() {
					oob.Reset()
					require.NoError(t, f.Serialize(oob, &s, func(fury.SerializedObject) bool { return false }))
				},
				func() {
					_, err := f.MarshalAppend(nil, make(chan int))
					require.Error(t, err)
				},
				func() { _, _ = f.MarshalAppend(nil, &team) },
			}
			for round := 0; round < 3; round++ {
				for i, call := range calls {
					for j, b := range between {
						for _, v := range []any{&mc, mc, &team, &s} {
							b()
							got, err := call(v)
							require.NoError(t, err)
							require.True(t, fury.TakesShortWay(f, v), "%T", v)
							require.Equal(t, want(v), got, "round %d, call %d after %d, %T", round, i, j, v)
						}
					}
				}
			}
			require.Zero(t, testing.AllocsPerRun(50, func() { buf, _ = f.MarshalAppend(buf[:0], &mc) }))
			b := fury.NewBuffer(nil)
			require.Zero(t, testing.AllocsPerRun(50, func() { b.Reset(); _ = f.Serialize(b, &mc, nil) }))
		})
	}
}

// A pointer-shaped root (an interface holds the value in its data word,
// not a pointer to it) reaches the generated code as a pointer to the
// struct, by value and by pointer, on the short way and the full way.
func TestShortWayPointerShapedRoot(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := fury.New(fury.WithCompatible(compatible))
		ref := fury.New(fury.WithCompatible(compatible), fury.WithGeneratedCode(false))
		registerByID(t, f, ref)
		v := gentest.PtrShaped{In: &gentest.Inner{ID: 5, Label: "five", Tags: []string{"a"}}}
		require.True(t, f.GeneratedInUse(v))
		var nilPS *gentest.PtrShaped
		for i, x := range []any{v, v, &v, &v, v, gentest.PtrShaped{}, gentest.PtrShaped{}, nilPS, v} {
			want, err := ref.Marshal(x)
			require.NoError(t, err)
			got, err := f.MarshalAppend(nil, x)
			require.NoError(t, err)
			require.Equal(t, want, got, "compatible %v, call %d (%T)", compatible, i, x)
		}
	}
}

// A panic in the runtime entered from generated code on the short way
// (which has no deferred recover of its own) comes out as an error wrapping
// ErrInvalidArgument, with the destination as it was; the Fury then works
// as before, at the root's level and below (a list element's field).
func TestShortWayPanicIsError(t *testing.T) {
	cases := []struct {
		name  string
		opts  []fury.Option
		v     any
		typ   reflect.Type
		field string
		path  string
	}{
		{"root field", nil, &gentest.Containers{Any: int64(7), ByName: map[string]*gentest.Inner{"a": {ID: 1}}},
			reflect.TypeFor[gentest.Containers](), "ByName", "Containers.ByName"},
		// Depth 3 leaves a member's map to the runtime (the list takes
		// two levels under the root).
		{"list element's field", []fury.Option{fury.WithMaxDepth(3)}, ptrTo(oneEntryTeam()), reflect.TypeFor[gentest.Person](), "Attrs",
			"Team.Members.Person.Attrs"},
	}
	for _, c := range cases {
		for _, compatible := range []bool{false, true} {
			opts := append([]fury.Option{fury.WithCompatible(compatible)}, c.opts...)
			f := fury.New(opts...)
			ref := fury.New(append(opts, fury.WithGeneratedCode(false))...)
			registerByID(t, f, ref)
			want, wantErr := ref.Marshal(c.v)
			got, err := f.Marshal(c.v) // the next calls take the short way
			require.Equal(t, wantErr, err)
			require.Equal(t, want, got)

			require.True(t, fury.TakesShortWay(f, c.v))
			restore, ok := fury.PanicInField(f, c.typ, c.field)
			require.True(t, ok)
			head := []byte("head")
			out, err := f.MarshalAppend(head, c.v)
			require.ErrorIs(t, err, fury.ErrInvalidArgument, c.name)
			// The path of the field, as for any error: after the panic
			// the struct stack is as it was.
			require.ErrorContains(t, err, "in "+c.path+": serializing: injected write panic")
			require.Equal(t, "head", string(out))
			// The root now has a net of its own (it entered the runtime):
			// the same error, the destination as it was.
			out, err = f.MarshalAppend(head, c.v)
			require.ErrorIs(t, err, fury.ErrInvalidArgument, c.name)
			require.ErrorContains(t, err, "serializing: injected write panic")
			require.Equal(t, "head", string(out))
			_, err = f.Marshal(c.v)
			require.ErrorIs(t, err, fury.ErrInvalidArgument)
			buf := fury.NewBuffer([]byte("unread"))
			require.ErrorIs(t, f.Serialize(buf, c.v, nil), fury.ErrInvalidArgument)
			require.Equal(t, "unread", string(buf.Bytes()))
			restore()

			// The full way (a Fury's first call) has its own net.
			g := fury.New(opts...)
			registerByID(t, g)
			restore, ok = fury.PanicInField(g, c.typ, c.field)
			require.True(t, ok)
			out, err = g.MarshalAppend(head, c.v)
			restore()
			require.ErrorIs(t, err, fury.ErrInvalidArgument)
			require.ErrorContains(t, err, "serializing: injected write panic")
			require.Equal(t, "head", string(out))

			for range 2 {
				out, err = f.MarshalAppend(head[:4:4], c.v)
				if wantErr != nil {
					require.Equal(t, wantErr.Error(), err.Error())
					require.True(t, errors.Is(err, fury.ErrDepthExceeded))
					continue
				}
				require.NoError(t, err)
				require.Equal(t, append([]byte("head"), want...), out, "%s, compatible %v", c.name, compatible)
			}
		}
	}
}

// registerByID registers the gentest types these tests write by id, as a
// root written by generated code has a constant prefix (and so takes the
// short way) when its type and the types of its fields are registered
// by id.
func registerByID(t *testing.T, furys ...*fury.Fury) {
	for _, f := range furys {
		for i, v := range []any{gentest.MediaContent{}, gentest.Media{}, gentest.Image{}, gentest.Sample{},
			gentest.Team{}, gentest.Person{}, gentest.Address{}, gentest.Containers{}, gentest.Inner{},
			gentest.PtrShaped{}} {
			require.NoError(t, f.Register(v, uint32(400+i)))
		}
	}
}

func ptrTo[T any](v T) *T { return &v }

// oneEntryTeam is gentest.NewTeam with maps of at most one entry, so that
// its bytes do not depend on the order maps are iterated in.
func oneEntryTeam() gentest.Team {
	team := gentest.NewTeam()
	team.Scores = map[string][]float64{"a": {1, 2}}
	for _, p := range append([]*gentest.Person{team.Lead}, team.Members[0].Friends...) {
		p.Attrs, p.Ratings = map[string]string{"k": "v"}, map[int32]float32{1: 2}
	}
	for i := range team.Members {
		team.Members[i].Attrs, team.Members[i].Ratings = map[string]string{"k": "v"}, map[int32]float32{1: 2}
	}
	return team
}
