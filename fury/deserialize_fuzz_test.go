package fury

import (
	"errors"
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
		require.Empty(t, cmp.Diff(alone, got, cmpopts.EquateNaNs()))
	})
}
