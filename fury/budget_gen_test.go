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
