package fury_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// TestCompactStringsInvalidUTF8Keys holds doc.go's word on map keys under
// WithCompactStrings(true): keys differing only in invalid UTF-8 are
// written as one key twice (U+FFFD), and reading them back is
// ErrInvalidData rather than a map that lost an entry. Without the option
// the keys travel as their bytes and read back distinct.
func TestCompactStringsInvalidUTF8Keys(t *testing.T) {
	in := map[string]int32{"\xff": 1, "\xfe": 2}

	f := fury.New(fury.WithCompactStrings(true))
	b, err := f.Marshal(in)
	require.NoError(t, err)
	var out map[string]int32
	require.ErrorIs(t, f.Unmarshal(b, &out), fury.ErrInvalidData)

	f = fury.New()
	b, err = f.Marshal(in)
	require.NoError(t, err)
	out = nil
	require.NoError(t, f.Unmarshal(b, &out))
	require.Equal(t, in, out)
}
