package fury_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// TestGeneratedFramingHostile holds generated readers to the reflection
// path where the framing of nested values sits (list and map counts, list
// headers, element type info, struct hashes, null flags, TypeDefs): at
// every byte of a message with nested people, lists of structs and of
// pointers, maps and strings, the byte is replaced by values that turn a
// count into an empty or one-element collection, a continuation byte, a
// null or not-null flag, or a count of billions, and is deleted. Both paths
// must fail, or both succeed with the same value; on failure, both must
// agree on truncation and on the budget.
func TestGeneratedFramingHostile(t *testing.T) {
	values := []any{gentest.NewTeam(), gentest.NewCollections()}
	huge := []byte{0xff, 0xff, 0xff, 0xff, 0x0f}
	configs := []genConfig{{enums: true}, {compatible: true, enums: true}, {enums: true, maxDecoded: 2000},
		{compatible: true, maxDecoded: 2500}}
	for _, c := range configs {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for _, v := range values {
			var p genPair
			for _, q := range genCorpus {
				if q.gen == reflect.TypeOf(v) {
					p = q
				}
			}
			require.NotNil(t, p.gen, "%T is not in genCorpus", v)
			if c.maxDecoded == 0 || reflect.TypeOf(v) == reflect.TypeFor[gentest.Team]() {
				// Generated code must be what reads it (the budget
				// configurations only matter for the big value).
				require.True(t, gen.GeneratedInUse(v), "%T", v)
			}
			// Written with no budget: the budgets above bound reading.
			data, err := newGenFury(t, genConfig{compatible: c.compatible, enums: c.enums}, false).Marshal(v)
			require.NoError(t, err)
			check := func(bad []byte, what string) {
				gv, tv := reflect.New(p.gen), reflect.New(p.twin)
				errGen, errTwin := gen.Unmarshal(bad, gv.Interface()), twin.Unmarshal(bad, tv.Interface())
				require.Equal(t, errTwin == nil, errGen == nil, "%v %T %s: reflect %v, generated %v", c, v, what, errTwin, errGen)
				if errGen != nil {
					require.Equal(t, errors.Is(errTwin, fury.ErrTruncated), errors.Is(errGen, fury.ErrTruncated),
						"%v %T %s: reflect %v, generated %v", c, v, what, errTwin, errGen)
					require.Equal(t, errors.Is(errTwin, fury.ErrTooLarge), errors.Is(errGen, fury.ErrTooLarge),
						"%v %T %s: reflect %v, generated %v", c, v, what, errTwin, errGen)
					return
				}
				asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
				if reflect.DeepEqual(asGen.Interface(), gv.Interface()) {
					return // cmp.Diff (which also equates NaNs) only when this fails: it is slow
				}
				if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
					t.Fatalf("%v %T %s: decoded differently (-reflect +generated):\n%s", c, v, what, diff)
				}
			}
			check(data, "as written")
			for i := range data {
				for _, b := range []byte{0x00, 0x01, 0x80, 0xfd, 0xff, data[i] ^ 0x04} {
					if b == data[i] {
						continue
					}
					bad := append([]byte(nil), data...)
					bad[i] = b
					check(bad, fmt.Sprintf("byte %d = %#x", i, b))
				}
				spliced := append(append(append([]byte(nil), data[:i]...), huge...), data[i+1:]...)
				check(spliced, fmt.Sprintf("byte %d a count of billions", i))
				check(append(append([]byte(nil), data[:i]...), data[i+1:]...), fmt.Sprintf("byte %d deleted", i))
			}
		}
	}
}
