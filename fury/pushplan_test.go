package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPushPlan: a push onto the slot a popped plan left behind stores the
// new plan (the store is skipped only when the slot already holds it).
func TestPushPlan(t *testing.T) {
	a, b := &structInfo{}, &structInfo{}
	var s []*structInfo
	pushPlan(&s, a)
	pushPlan(&s, b)
	require.Equal(t, []*structInfo{a, b}, s)
	s = s[:1] // pop b
	pushPlan(&s, a)
	require.Equal(t, []*structInfo{a, a}, s)
	s = s[:0]
	pushPlan(&s, b)
	pushPlan(&s, nil)
	pushPlan(&s, b)
	require.Equal(t, []*structInfo{b, nil, b}, s)
	require.Same(t, b, s[2])
}
