package furygrpc_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

// The per-message decode budget: fury's default unless WithMaxDecodedBytes
// sets it.
func TestCodecMaxDecodedBytes(t *testing.T) {
	in := &loadOrder{ID: 1, Items: make([]loadItem, 2000)}
	def, err := furygrpc.New()
	require.NoError(t, err)
	frame, err := def.Marshal(in)
	require.NoError(t, err)
	var out loadOrder
	require.NoError(t, def.Unmarshal(frame, &out))
	require.Len(t, out.Items, 2000)

	// 2000 items of 24 bytes and more: over a 16 KiB budget.
	small, err := furygrpc.New(furygrpc.WithMaxDecodedBytes(16 << 10))
	require.NoError(t, err)
	require.ErrorIs(t, small.Unmarshal(frame, &out), fury.ErrTooLarge)

	// 40,000 empty structs take no bytes each: over the default budget,
	// within a raised one.
	many, err := def.Marshal(make([]struct{}, 40000))
	require.NoError(t, err)
	var empties []struct{}
	require.ErrorIs(t, def.Unmarshal(many, &empties), fury.ErrTooLarge)
	big, err := furygrpc.New(furygrpc.WithMaxDecodedBytes(4 << 20))
	require.NoError(t, err)
	require.NoError(t, big.Unmarshal(mem.BufferSlice{mem.SliceBuffer(many.Materialize())}, &empties))
	require.Len(t, empties, 40000)

	_, err = furygrpc.New(furygrpc.WithMaxDecodedBytes(-1))
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
}
