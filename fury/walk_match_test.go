package fury

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// walkCorpus returns messages of every kind the tests write, in every
// mode, and the peers' captured bytes.
func walkCorpus(t *testing.T) [][]byte {
	out := corpus(t)
	for _, m := range skipModes() {
		f := New(m.opts...)
		require.NoError(t, f.Register(skipEnum(0), 90))
		for _, v := range skipValues() {
			data, err := f.Marshal(v)
			require.NoError(t, err)
			out = append(out, data)
		}
	}
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	streamFury(t, enc.Fury())
	for _, v := range streamValues(30) {
		start := buf.Len()
		require.NoError(t, enc.Encode(v))
		out = append(out, append([]byte(nil), buf.Bytes()[start:]...))
	}
	files, err := filepath.Glob(filepath.Join("..", "xlang_test", "testdata", "*", "*.bin"))
	require.NoError(t, err)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out = append(out, b)
	}
	return out
}

// Where Unmarshal reads a message, the structural reader finds its end
// exactly there in each of its uses: the stream Decoder's scan (for the
// same destination), Deserialize's scan of a Buffer, and the skipper
// (skipMessage, for an interface{}). This holds the one reader to the
// decoders over messages of every kind, mode and peer.
func TestWalkFindsDecodedEnd(t *testing.T) {
	msgs := walkCorpus(t)
	dests := []func() any{func() any { return new(any) }, func() any { return new(AllTypes) },
		func() any { return new(Node) }, func() any { return new(*skipOuter) }, func() any { return new(*streamItem) }}
	checked := 0
	for name, opts := range allModes() {
		f := newHostileFury(opts...)
		require.NoError(t, f.Register(skipEnum(0), 90))
		streamFury(t, f)
		for i, m := range msgs {
			for _, dest := range dests {
				v := dest()
				if f.Unmarshal(m, v) != nil {
					continue
				}
				checked++
				ti, err := f.destination(v)
				require.NoError(t, err)
				d := &Decoder{r: bytes.NewReader(m), f: f, limit: 1 << 30}
				n, err := d.scan(ti)
				require.NoError(t, err, "%s #%d into %T: the scan", name, i, v)
				require.Equal(t, len(m), n, "%s #%d into %T: the scan", name, i, v)
				n, err = f.messageLen(v, m)
				require.NoError(t, err, "%s #%d into %T: Deserialize's scan", name, i, v)
				require.Equal(t, len(m), n, "%s #%d into %T: Deserialize's scan", name, i, v)
				if _, ok := v.(*any); ok {
					buf := newBuffer(m)
					require.NoError(t, f.skipMessage(buf), "%s #%d: the skip", name, i)
					require.Equal(t, len(m), buf.ReaderIndex(), "%s #%d: the skip", name, i)
				}
			}
		}
	}
	require.Greater(t, checked, 400)
}
