package fury_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// fillEmpty sets every slice and map field of the struct at v (and of its
// nested struct fields) to an empty, non-nil value.
func fillEmpty(v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() {
			continue
		}
		switch f.Kind() {
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 0, 0))
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		case reflect.Struct:
			fillEmpty(f)
		}
	}
}

// TestGeneratedNilEmptyAndReplace holds generated code to the nil and
// empty rule and to replace-not-merge, in all four modes: empty and nil
// fields both read as nil, and a used destination ends as a fresh one.
func TestGeneratedNilEmptyAndReplace(t *testing.T) {
	samples := []any{&gentest.Arrays{}, &gentest.Containers{}, &gentest.Holder{}, &gentest.Inner{}}
	for _, compatible := range []bool{true, false} {
		for _, ref := range []bool{false, true} {
			f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(ref))
			for _, s := range samples {
				typ := reflect.TypeOf(s).Elem()
				require.True(t, f.GeneratedInUse(s), "%v", typ)
				empty := reflect.New(typ)
				fillEmpty(empty.Elem())
				for _, in := range []reflect.Value{reflect.New(typ), empty} {
					data, err := f.Marshal(in.Interface())
					require.NoError(t, err)
					fresh := reflect.New(typ)
					require.NoError(t, f.Unmarshal(data, fresh.Interface()))
					require.Empty(t, cmp.Diff(reflect.New(typ).Interface(), fresh.Interface()), "%v compatible=%v ref=%v", typ, compatible, ref)
					used := reflect.New(typ)
					fillEmpty(used.Elem())
					require.NoError(t, f.Unmarshal(data, used.Interface()))
					require.Empty(t, cmp.Diff(fresh.Interface(), used.Interface()))
				}
			}
		}
	}
}
