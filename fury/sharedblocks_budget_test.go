package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type sharedBudgetT struct {
	ID    string
	Body  string
	Vals  []int64
	Small []int32
	Raw   []byte
	Score *int64
	Tags  []string
}

// With WithSharedBlocks(true) a decode is charged what it is charged by
// default (each piece its own memory), on its first decode and after many
// that left a block to carve on from, in both modes (the type has no
// generated code: the reflection path; budget_gen_test.go charges
// generated code as the reflection path); whether a message fits a budget
// does not depend on what the Fury decoded before.
func TestSharedBlocksChargeAsOwnMemory(t *testing.T) {
	score := int64(-5)
	in := &sharedBudgetT{ID: "id-00000007", Body: string(make([]byte, 700)), Vals: make([]int64, 40),
		Small: []int32{1, 2}, Raw: []byte("raw bytes"), Score: &score, Tags: []string{"red", "a longer tag", ""}}
	for _, compatible := range []bool{false, true} {
		data, err := New(WithCompatible(compatible)).Marshal(in)
		require.NoError(t, err)
		charged := func(f *Fury) int64 {
			var out sharedBudgetT
			require.NoError(t, f.Unmarshal(data, &out))
			require.Equal(t, *in, out)
			return f.dec.limit - f.in.Budget()
		}
		own := charged(New(WithCompatible(compatible)))
		shared := New(WithCompatible(compatible), WithSharedBlocks(true))
		require.Equal(t, own, charged(shared), "compatible %v: first decode", compatible)
		for range 50 {
			charged(shared)
		}
		require.Equal(t, own, charged(shared), "compatible %v: after a run of decodes", compatible)

		checkBudgetHistory(t, data, func(limit int64) *Fury {
			return New(WithCompatible(compatible), WithSharedBlocks(true), WithMaxDecodedBytes(limit))
		}, func() any { return new(sharedBudgetT) })
	}
}
