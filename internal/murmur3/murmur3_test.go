package murmur3

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGolden checks Sum128 against vectors produced by pyfory 1.7.7's
// MurmurHash3_x64_128 (see testdata/gen_vectors.py).
func TestGolden(t *testing.T) {
	f, err := os.Open("testdata/golden.txt")
	require.NoError(t, err)
	defer f.Close()

	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		require.Len(t, fields, 5)
		seed, err := strconv.ParseUint(fields[0], 10, 32)
		require.NoError(t, err)
		n, err := strconv.Atoi(fields[1])
		require.NoError(t, err)
		var data []byte
		if fields[2] != "-" {
			data, err = hex.DecodeString(fields[2])
			require.NoError(t, err)
		}
		require.Len(t, data, n)
		want1, err := strconv.ParseUint(fields[3], 16, 64)
		require.NoError(t, err)
		want2, err := strconv.ParseUint(fields[4], 16, 64)
		require.NoError(t, err)

		h1, h2 := Sum128(data, uint32(seed))
		assert.Equalf(t, want1, h1, "h1 seed=%d len=%d", seed, n)
		assert.Equalf(t, want2, h2, "h2 seed=%d len=%d", seed, n)
		count++
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 3*65, count)
}

// TestStructFingerprintHash checks the schema-consistent struct hash observed
// on the wire: the low 32 bits of h1 (seed 47) of the field fingerprint,
// written as a little-endian int32.
func TestStructFingerprintHash(t *testing.T) {
	h1, _ := Sum128([]byte("f1,5,0,0;f2,21,0,0;"), 47)
	assert.Equal(t, uint64(0x9baf13398a37cf6b), h1)
	var wire [4]byte
	binary.LittleEndian.PutUint32(wire[:], uint32(h1))
	assert.Equal(t, []byte{0x6b, 0xcf, 0x37, 0x8a}, wire[:])
}

func TestSum128DoesNotAllocate(t *testing.T) {
	data := []byte("com.example.very.long.namespace.with.many.segments")
	allocs := testing.AllocsPerRun(100, func() {
		Sum128(data, 47)
	})
	assert.Zero(t, allocs)
}

func BenchmarkSum128(b *testing.B) {
	for _, n := range []int{8, 32, 256} {
		data := make([]byte, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				Sum128(data, 47)
			}
		})
	}
}

// TestGolden32 checks Sum32 against fory-compiler 1.7.7's type id hash (see
// testdata/gen_vectors32.py).
func TestGolden32(t *testing.T) {
	f, err := os.Open("testdata/golden32.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		require.Len(t, fields, 3)
		seed, err := strconv.ParseUint(fields[0], 10, 32)
		require.NoError(t, err)
		var data []byte
		if fields[1] != "-" {
			data, err = hex.DecodeString(fields[1])
			require.NoError(t, err)
		}
		want, err := strconv.ParseUint(fields[2], 10, 32)
		require.NoError(t, err)
		assert.Equal(t, uint32(want), Sum32(data, uint32(seed)), "seed %d input %x", seed, data)
		count++
	}
	require.NoError(t, sc.Err())
	require.Equal(t, 128, count)
}
