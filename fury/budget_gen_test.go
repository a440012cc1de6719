package fury_test

import (
	"testing"
	"unsafe"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/stretchr/testify/require"
)

// Generated code charges the decode budget as the reflection path does.
func TestDecodeBudgetGenerated(t *testing.T) {
	v := gentest.MediaContent{Images: make([]gentest.Image, 2000)}
	cost := int64(len(v.Images)) * int64(unsafe.Sizeof(gentest.Image{}))
	for _, gen := range []bool{true, false} {
		w := fury.New(fury.WithGeneratedCode(gen))
		require.Equal(t, gen, w.GeneratedInUse(v))
		data, err := w.Marshal(v)
		require.NoError(t, err)
		var got gentest.MediaContent
		require.ErrorIs(t, fury.New(fury.WithGeneratedCode(gen), fury.WithMaxDecodedBytes(cost-1)).Unmarshal(data, &got), fury.ErrTooLarge)
		require.NoError(t, fury.New(fury.WithGeneratedCode(gen), fury.WithMaxDecodedBytes(cost+64<<10)).Unmarshal(data, &got))
		require.Len(t, got.Images, 2000)
	}
}

// TestDecodeBudgetIndependentOfHistoryGenerated: TestDecodeBudgetIndependentOfHistory
// with generated code, whose root TypeDef comes from the root's cached
// frame (readRoot), in both modes.
func TestDecodeBudgetIndependentOfHistoryGenerated(t *testing.T) {
	v := &gentest.MediaContent{Images: []gentest.Image{{URI: "a", Title: "b"}, {URI: "c"}}, Media: gentest.Media{URI: "m", Persons: []string{"p"}}}
	for _, compatible := range []bool{true, false} {
		w := fury.New(fury.WithCompatible(compatible))
		require.True(t, w.GeneratedInUse(v))
		data, err := w.Marshal(v)
		require.NoError(t, err)
		fury.CheckBudgetHistory(t, data, func(limit int64) *fury.Fury {
			return fury.New(fury.WithCompatible(compatible), fury.WithMaxDecodedBytes(limit))
		}, func() any { return new(gentest.MediaContent) })
	}
}
