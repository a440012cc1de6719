package furyrt

import (
	"math"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCharges(t *testing.T) {
	b := NewBuffer(nil)
	b.BeginSlab()
	b.SetBudget(1000)
	require.True(t, ChargeSlice[string](b, 10)) // 10 × max(16, 32)
	assert.Equal(t, int64(1000-320), b.Budget())
	require.True(t, ChargeSlice[[64]byte](b, 2)) // 2 × 64
	assert.Equal(t, int64(1000-320-128), b.Budget())
	require.False(t, ChargeMap[int32, bool](b, 100), "100 × (5 × (4+1+1) + 8)")
	assert.Equal(t, int64(552), b.Budget(), "a charge that does not fit takes nothing")
	require.True(t, ChargeMap[int32, bool](b, 10)) // the map's header, then 10 × (5 × (4+1+1) + 8)
	assert.Equal(t, int64(552-MapHeaderCost-380), b.Budget())
	// The header and the entries fit together or not at all.
	b.SetBudget(MapHeaderCost + 38 - 1)
	require.False(t, ChargeMap[int32, bool](b, 1))
	assert.Equal(t, int64(MapHeaderCost+38-1), b.Budget())
	b.SetBudget(MapHeaderCost - 1)
	require.False(t, ChargeMap[int32, bool](b, 0), "an empty map's header")
	b.SetBudget(MapHeaderCost + 38)
	require.True(t, ChargeMap[int32, bool](b, 1))
	assert.Equal(t, int64(0), b.Budget())
	b.SetBudget(math.MaxInt64)
	require.False(t, ChargeMap[[1 << 29]byte, bool](b, math.MaxUint32), "an overflowing product (of a size 32-bit platforms have)")
	assert.Equal(t, int64(math.MaxInt64), b.Budget())
	b.SetBudget(MapHeaderCost + 106 + 16 + 50)
	require.True(t, ChargeSet[int64, struct{}](b, 2)) // the header, 2 × (5 × 9 + 8), then 2 × 8
	assert.Equal(t, int64(50), b.Budget())
	require.True(t, ChargeNew[[50]byte](b))
	assert.Equal(t, int64(0), b.Budget())
	// A new T after a run's n bytes: it fits when the runtime's charge of
	// T after the n bytes would; it takes T's size less the not-null flag's
	// byte, which StringRun charges with the run.
	hdr := int64(unsafe.Sizeof("")) // 16 on 64-bit platforms, 8 on 32-bit ones
	b.SetBudget(10 + hdr)
	require.True(t, ChargeNewInRun[string](b, 10))
	assert.Equal(t, int64(10+1), b.Budget())
	b.SetBudget(10 + hdr - 1)
	require.False(t, ChargeNewInRun[string](b, 10))
	assert.Equal(t, 10+hdr-1, b.Budget(), "a charge that does not fit takes nothing")
	b.SetBudget(-1)
	require.False(t, ChargeNewInRun[string](b, 0), "a budget already spent")
	b.SetBudget(0)
	require.True(t, ChargeSlice[int32](b, 0), "nothing fits in nothing")
	require.False(t, ChargeNew[byte](b))

	// Over the budget (strings took it below zero), not even nothing fits,
	// as in the runtime.
	b.Spend(1)
	require.False(t, ChargeSlice[int32](b, 0))
	// Overflowing products never fit.
	b.SetBudget(math.MaxInt64)
	require.False(t, b.charge(math.MaxUint64/8, 16))
	assert.Equal(t, int64(math.MaxInt64), b.Budget())
}

// TestMarkRestore checks that Restore returns the read offset, the budget
// and the block strings are carved from to where Mark found them.
func TestMarkRestore(t *testing.T) {
	b := NewBuffer(nil)
	for range 3 {
		b.WriteString("hello, world")
	}
	b.BeginSlab()
	b.SetBudget(1 << 20)
	first, err := b.ReadString()
	require.NoError(t, err)
	m := b.Mark()
	budget := b.Budget()
	second, err := b.ReadString()
	require.NoError(t, err)
	require.True(t, ChargeSlice[string](b, 3))
	b.Restore(m)
	assert.Equal(t, budget, b.Budget())
	again, err := b.ReadString()
	require.NoError(t, err)
	assert.Equal(t, second, again)
	assert.Equal(t, unsafe.StringData(second), unsafe.StringData(again), "the block is handed back")
	assert.Equal(t, "hello, world", first)
}

// TestMapEntryCostSaturates holds MapEntryCost to its formula while the cost
// fits in a uintptr, and to the largest uintptr (which no budget holds) once
// it does not, instead of a product that wraps to a small charge.
func TestMapEntryCostSaturates(t *testing.T) {
	assert.Equal(t, uintptr(5*(8+16+1)+MapSlotCost), MapEntryCost(8, 16))
	const max = ^uintptr(0)
	limit := (max - MapSlotCost) / 5
	assert.Equal(t, 5*limit+MapSlotCost, MapEntryCost(limit-1, 0), "the largest cost that fits")
	for _, kv := range [][2]uintptr{{limit, 0}, {0, limit}, {limit/2 + 1, limit/2 + 1}, {max, max}, {max, 1}, {1, max}} {
		assert.Equal(t, max, MapEntryCost(kv[0], kv[1]), "k=%d v=%d", kv[0], kv[1])
	}
	var b Buffer
	b.SetBudget(math.MaxUint32 - 1)
	assert.False(t, b.charge(1, MapEntryCost(max/4, max/4)), "a saturated cost is more than a 4 GiB budget holds")
}
