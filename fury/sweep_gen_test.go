package fury_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// The sweep's generated types (gentest/sweep.go) against their twins:
// named types of every kind, composite map keys, nested generics, nested
// containers, embedded pointers, interfaces and times, in every
// configuration of the generated-code comparison.

var sweepCorpus = []genPair{
	pairOf[gentest.SwNamed, gentest.SwNamedR](),
	pairOf[gentest.SwKeys, gentest.SwKeysR](),
	pairOf[gentest.SwNest, gentest.SwNestR](),
	pairOf[gentest.SwGen, gentest.SwGenR](),
	pairOf[gentest.SwGenMap, gentest.SwGenMapR](),
	pairOf[gentest.SwEmbed, gentest.SwEmbedR](),
	pairOf[gentest.SwAny, gentest.SwAnyR](),
}

func newSweepGenFury(t testing.TB, c genConfig, twin bool) *fury.Fury {
	t.Helper()
	f := fury.New(genOptions(c)...)
	require.NoError(t, registerGen(f, c, twin))
	var errs []error
	for i, p := range sweepCorpus {
		typ := p.gen
		if twin {
			typ = p.twin
		}
		v := reflect.New(typ).Elem().Interface()
		if c.byName {
			errs = append(errs, f.RegisterNamed(v, "gentest.sweep", p.gen.Name()))
		} else {
			errs = append(errs, f.Register(v, uint32(400+i)))
		}
	}
	require.NoError(t, errors.Join(errs...))
	return f
}

// fillSweep fills v randomly, its unexported embedded structs too.
func fillSweep(r *rand.Rand, v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		fv := v.Field(i)
		if !fv.CanSet() {
			if !v.Type().Field(i).Anonymous || !hasExported(fv.Type()) {
				continue // not serialized
			}
			fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
		}
		fillRandom(r, fv, 1, v.Type().Field(i).Tag.Get("fury"))
		// NaN keys (each its own entry) do not compare; TestSweepNaNKeys
		// has them.
		if m := fv; m.Kind() == reflect.Map && (m.Type().Key().Kind() == reflect.Float32 || m.Type().Key().Kind() == reflect.Float64) {
			if m.IsNil() {
				continue
			}
			clean := reflect.MakeMap(m.Type())
			for it := m.MapRange(); it.Next(); {
				if k := it.Key(); k.Float() == k.Float() {
					clean.SetMapIndex(k, it.Value())
				}
			}
			m.Set(clean)
		}
	}
}

// hasExported reports whether the struct type t (or *t) has an exported
// field.
func hasExported(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

func TestSweepGeneratedMatchesReflection(t *testing.T) {
	for _, c := range genConfigs() {
		t.Run(c.String(), func(t *testing.T) {
			gen, twin := newSweepGenFury(t, c, false), newSweepGenFury(t, c, true)
			for i, p := range sweepCorpus {
				t.Run(p.gen.Name(), func(t *testing.T) {
					r := rand.New(rand.NewPCG(uint64(i), 11))
					checkSameBytes(t, p, gen, twin, reflect.New(p.gen).Elem(), false)
					for n := 0; n < 30; n++ {
						v := reflect.New(p.gen).Elem()
						fillSweep(r, v)
						checkSame(t, p, gen, twin, v)
						checkDecodeInto(t, p, gen, twin, v, uint64(n))
					}
				})
			}
		})
	}
}
