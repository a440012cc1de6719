package fury

import (
	"errors"
	"fmt"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

// FuzzDeserializeMatchesUnmarshal: a message read from a Buffer with more
// input after it is what Unmarshal gives for the bytes it took, budget
// included: the input after it changes nothing (the mode and how much
// filler follows come from the first bytes).
func FuzzDeserializeMatchesUnmarshal(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(byte(0), uint16(0), b)
		f.Add(byte(1), uint16(5000), b)
	}
	f.Add(byte(0), uint16(4000), []byte{0x01, 0xff, 0x16, 0x02, 0x00, 0x16, 0x80, 0x40, 0x08, 0x24, 0x16, 0x80, 0x40, 0x08, 0x24})
	modes := []string{"consistent", "compatible", "consistent+refs", "compatible+refs"}
	all := allModes()
	us := map[string]*Fury{}
	f.Fuzz(func(t *testing.T, mode byte, filler uint16, data []byte) {
		if len(data) > 8<<10 {
			return
		}
		name := modes[int(mode)%len(modes)]
		u := us[name]
		if u == nil {
			u = newHostileFury(all[name]...)
			us[name] = u
		}
		in := append(append([]byte(nil), data...), make([]byte, filler)...)
		buf := NewBuffer(in)
		var got any
		err := u.Deserialize(buf, &got, nil)
		if err != nil {
			require.Equal(t, len(in), buf.Len(), "a failed Deserialize consumes nothing")
			if errors.Is(err, ErrTooLarge) {
				var alone any
				require.Error(t, u.Unmarshal(data, &alone), "over the budget in a Buffer, not alone")
			}
			return
		}
		n := len(in) - buf.Len()
		var alone any
		require.NoError(t, u.Unmarshal(in[:n], &alone), "read from a Buffer but not alone")
		// Keys holding pointers (a Decimal's *big.Int) are distinct
		// objects in each decode, so maps and sets are compared as their
		// entries in the order of the keys' text, each key by value.
		require.Empty(t, cmp.Diff(alone, got, cmpopts.EquateNaNs(), setByText, mapByText))
	})
}

// setByText and mapByText compare sets and maps of interface keys as their
// entries ordered by the text of key and value: keys that hold pointers (a
// Decimal's *big.Int) are distinct objects in each decode, so matching
// keys by == would find none.
var (
	setByText = cmp.Transformer("setByText", func(s Set[any]) []any {
		out := make([]any, 0, len(s))
		for k := range s {
			out = append(out, k)
		}
		sort.SliceStable(out, func(i, j int) bool { return fmt.Sprint(out[i]) < fmt.Sprint(out[j]) })
		return out
	})
	mapByText = cmp.Transformer("mapByText", func(m map[any]any) [][2]any {
		out := make([][2]any, 0, len(m))
		for k, v := range m {
			out = append(out, [2]any{k, v})
		}
		sort.SliceStable(out, func(i, j int) bool { return fmt.Sprint(out[i]) < fmt.Sprint(out[j]) })
		return out
	})
)
