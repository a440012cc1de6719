package bench

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// smallTagged is SmallStruct with field ids, for the sizes README's "Modes"
// paragraph quotes.
type smallTagged struct {
	Name     string    `fury:"id=1"`
	BirthDay time.Time `fury:"id=2"`
	Phone    string    `fury:"id=3"`
	Siblings int64     `fury:"id=4"`
	Spouse   bool      `fury:"id=5"`
	Money    float64   `fury:"id=6"`
}

// TestSmallStructSizes holds README's sizes of SmallStruct's message: 103
// bytes in compatible mode with field names, 76 with field ids, 58
// schema-consistent.
func TestSmallStructSizes(t *testing.T) {
	size := func(compatible bool, v any) int {
		f := fury.New(fury.WithCompatible(compatible))
		require.NoError(t, furyTypes(f))
		require.NoError(t, f.Register(smallTagged{}, 108))
		b, err := f.Marshal(v)
		require.NoError(t, err)
		return len(b)
	}
	s := NewSmallStruct()
	tagged := smallTagged(s)
	require.Equal(t, 103, size(true, &s), "compatible, field names")
	require.Equal(t, 76, size(true, &tagged), "compatible, field ids")
	require.Equal(t, 58, size(false, &s), "schema-consistent")
	require.Equal(t, 58, size(false, &tagged), "schema-consistent, field ids")
}
