package xlang_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/xlang_test/schemas/core"
	"github.com/fury-go/fury/xlang_test/schemas/evolve"
	"github.com/fury-go/fury/xlang_test/schemas/named"
	"github.com/fury-go/fury/xlang_test/schemas/shop"
	"github.com/fury-go/fury/xlang_test/schemas/unions"
	"github.com/fury-go/fury/xlang_test/schemas/xtypes"
)

// TestSchemaGeneratedMatchesReflection holds the code furygen -schema
// generates for the shared schemas to the reflection path: every case
// value, in both modes under reference tracking, is written the same by
// both (byte for byte, or to the same length and value where a map with
// several entries makes the order vary), and each reads the other's bytes.
// It needs no peer.
func TestSchemaGeneratedMatchesReflection(t *testing.T) {
	sets := []struct {
		name     string
		register func(*fury.Fury) error
		cases    []schemaCase
	}{
		{"core", core.RegisterTypes, coreCases()},
		{"xtypes", xtypes.RegisterTypes, xtypesCases()},
		{"unions", unions.RegisterTypes, unionCases()},
		{"shop", shop.RegisterTypes, shopCases()},
		{"order_billing", registerOrderAndBilling, multiCases()},
		{"named", named.RegisterTypes, []schemaCase{{name: "named", value: func() any {
			return &named.Outer{Inner: &named.Outer_Inner{Note: "i"}, Inners: []*named.Outer_Inner{{Note: "a"}}, ById: &named.ById{N: 1}}
		}}}},
		{"evolve", evolve.RegisterTypes, []schemaCase{{name: "profile", value: func() any {
			return &evolve.Profile{FullName: "x", Years: 3, Labels: []string{"l"}, Phone: ptr("p")}
		}}}},
	}
	for _, set := range sets {
		for _, compatible := range []bool{true, false} {
			for _, c := range set.cases {
				t.Run(set.name+"/"+c.name+"/"+map[bool]string{true: "compatible", false: "consistent"}[compatible], func(t *testing.T) {
					mk := func(generated bool) *fury.Fury {
						f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(true), fury.WithGeneratedCode(generated))
						require.NoError(t, set.register(f))
						return f
					}
					gen, refl := mk(true), mk(false)
					bg, err := gen.Marshal(c.value())
					require.NoError(t, err)
					br, err := refl.Marshal(c.value())
					require.NoError(t, err)
					assert.Len(t, bg, len(br), "generated and reflection write the same number of bytes")
					for _, x := range []struct {
						r *fury.Fury
						b []byte
					}{{refl, bg}, {gen, br}} {
						want := c.value()
						got := reflect.New(reflect.TypeOf(want))
						require.NoError(t, x.r.Unmarshal(x.b, got.Interface()))
						if c.check != nil {
							c.check(t, got.Elem().Interface())
						}
						if d := cmp.Diff(want, got.Elem().Interface()); d != "" {
							t.Errorf("(-want +got):\n%s", d)
						}
					}
					if len(bg) == len(br) && string(bg) != string(br) && !hasMultiEntryMap(reflect.ValueOf(c.value()), map[uintptr]bool{}) {
						t.Errorf("generated and reflection bytes differ:\n%x\n%x", bg, br)
					}
				})
			}
		}
	}
}

// hasMultiEntryMap reports whether v holds a map with more than one entry
// (whose bytes follow Go's map order).
func hasMultiEntryMap(v reflect.Value, seen map[uintptr]bool) bool {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return false
		}
		seen[v.Pointer()] = true
		return hasMultiEntryMap(v.Elem(), seen)
	case reflect.Interface:
		return !v.IsNil() && hasMultiEntryMap(v.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && hasMultiEntryMap(v.Field(i), seen) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if hasMultiEntryMap(v.Index(i), seen) {
				return true
			}
		}
	case reflect.Map:
		if v.Len() > 1 {
			return true
		}
		for _, k := range v.MapKeys() {
			if hasMultiEntryMap(v.MapIndex(k), seen) {
				return true
			}
		}
	}
	return false
}
