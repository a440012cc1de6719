package fury_test

import (
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// articleCycle is the Fury design article's circular type: no field tags.
type articleCycle struct {
	F1 *articleCycle
	F2 map[string]string
	F3 map[string]string
}

func newArticleCycle() *articleCycle {
	v := &articleCycle{F2: map[string]string{"k1": "v1"}}
	v.F1, v.F3 = v, v.F2
	return v
}

// TestNewFuryIsNew: NewFury(false) writes what New() writes, NewFury(true)
// what New(WithRefTracking(true), WithTrackAllFields(true)) writes, and
// reads its own bytes back with the identities of the value.
func TestNewFuryIsNew(t *testing.T) {
	type shared struct {
		A, B *int32
		M    map[string]int32
	}
	n := int32(7)
	v := &shared{A: &n, B: &n, M: map[string]int32{"k": 1}}
	for _, c := range []struct {
		name  string
		track bool
		same  *fury.Fury
	}{
		{"false", false, fury.New()},
		{"true", true, fury.New(fury.WithRefTracking(true), fury.WithTrackAllFields(true))},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := fury.NewFury(c.track).Marshal(v)
			require.NoError(t, err)
			want, err := c.same.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, want, got)
			var back *shared
			require.NoError(t, fury.NewFury(c.track).Unmarshal(got, &back))
			assert.Equal(t, c.track, back.A == back.B, "A and B one pointer")
			assert.Equal(t, int32(7), *back.B)
		})
	}

	f := fury.NewFury(true)
	data, err := f.Marshal(newArticleCycle())
	require.NoError(t, err)
	var back *articleCycle
	require.NoError(t, f.Unmarshal(data, &back))
	assert.Same(t, back, back.F1)
	back.F2["k2"] = "v2"
	assert.Equal(t, "v2", back.F3["k2"], "F3 is F2's map")
}

// TestCycleErrorSaysWhatIsMissing: a cycle through struct fields is
// ErrDepthExceeded, and the error names what would track it, which
// depends on what the Fury already tracks.
func TestCycleErrorSaysWhatIsMissing(t *testing.T) {
	type noref struct {
		Next *noref `fury:"noref"`
	}
	loop := &noref{}
	loop.Next = loop
	for _, c := range []struct {
		name string
		f    *fury.Fury
		v    any
		want string
	}{
		{"no tracking", fury.New(), newArticleCycle(),
			"a cycle needs reference tracking: WithRefTracking(true), and through struct fields a `fury:\"ref\"` tag on them or WithTrackAllFields(true)"},
		{"tagged fields only", fury.New(fury.WithRefTracking(true)), newArticleCycle(),
			"a cycle through struct fields needs them tracked: tag them `fury:\"ref\"` or add WithTrackAllFields(true)"},
		{"every field but a noref one", fury.NewFury(true), loop,
			"a cycle through a field tagged `fury:\"noref\"` is not tracked"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.f.Marshal(c.v)
			require.ErrorIs(t, err, fury.ErrDepthExceeded)
			assert.Contains(t, err.Error(), "writing deeper than 100 levels")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
