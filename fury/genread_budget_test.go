package fury_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury/internal/gentest"
)

// TestGeneratedTeamEveryBudget decodes the service-like Team under every
// decode budget (WithMaxDecodedBytes) up to the first that holds it, with
// generated code and with the reflection path: both fail with the same
// error, or both succeed with the same value. Strings are charged as they
// are read and a budget they take below zero fails at the next charge, so
// each field read in line (an empty list of structs, a run of strings, a
// pointee) must fail where the runtime's read of it fails, and succeed
// only where it does. With -short, every 17th budget.
func TestGeneratedTeamEveryBudget(t *testing.T) {
	step := int64(1)
	if testing.Short() {
		step = 17
	}
	p := pairOf[gentest.Team, gentest.TeamR]()
	for _, c := range []genConfig{{enums: true}, {compatible: true, enums: true}} {
		data, err := newGenFury(t, c, false).Marshal(gentest.NewTeam())
		require.NoError(t, err)
		for b := int64(1); ; b += step {
			require.Less(t, b, int64(1<<20), "%v: no budget decodes Team", c)
			cb := c
			cb.maxDecoded = b
			gen, twin := newGenFury(t, cb, false), newGenFury(t, cb, true)
			require.True(t, gen.GeneratedInUse(gentest.Team{}))
			decodeBoth(t, p, gen, twin, data, fmt.Sprintf("%v budget %d", cb, b))
			if gen.Unmarshal(data, new(gentest.Team)) == nil {
				break
			}
		}
	}
}
