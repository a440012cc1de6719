package fury_test

import (
	"fmt"
	"strings"
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

// TestGeneratedTeamShapes decodes Team variants around the shapes that
// generated code reads in line, with generated code and with the reflection
// path: maps of up to one Go map group (8 entries, made without a size
// hint) and past it, and Name with Nick (one run with the pointee when
// Nick is set and the run fits in furyrt.RunMax, else string by string).
// Each decode, and each cut of its input, ends alike on both paths.
func TestGeneratedTeamShapes(t *testing.T) {
	p := pairOf[gentest.Team, gentest.TeamR]()
	long, empty := strings.Repeat("n", 60), ""
	for _, k := range []int{0, 1, 8, 9, 40} {
		for ni, nick := range []*string{nil, &empty, &long, nil} {
			team := gentest.NewTeam()
			lead := *team.Lead
			lead.Nick = nick
			if ni == 3 {
				lead.Name = long // the run past RunMax
				lead.Nick = &empty
			}
			lead.Attrs, lead.Ratings = map[string]string{}, map[int32]float32{}
			team.Scores = map[string][]float64{}
			for i := range k {
				lead.Attrs[fmt.Sprint("key", i)] = fmt.Sprint("value", i)
				lead.Ratings[int32(i*1000)] = float32(i) / 4
				team.Scores[fmt.Sprint("s", i)] = []float64{float64(i)}
			}
			team.Lead = &lead
			for _, c := range []genConfig{{enums: true}, {compatible: true, enums: true}} {
				data, err := newGenFury(t, c, false).Marshal(team)
				require.NoError(t, err)
				gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
				msg := fmt.Sprintf("%v: %d entries, nick %d", c, k, ni)
				decodeBoth(t, p, gen, twin, data, msg)
				for cut := range len(data) {
					decodeBoth(t, p, gen, twin, data[:cut], fmt.Sprintf("%s, cut at %d", msg, cut))
				}
			}
		}
	}
}
