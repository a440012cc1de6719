package fury

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeWithin runs d.Decode(v) and fails the test when it has not
// returned after a generous while: a Decoder waiting for input that does
// not come.
func decodeWithin(t *testing.T, d *Decoder, v any) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- d.Decode(v) }()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("Decode is still waiting with %d bytes buffered", len(d.Buffered()))
		return nil
	}
}

// A peer that writes a message in many small pieces and then waits for an
// answer gets one: the Decoder decodes the message as soon as its last
// byte arrives.
func TestDecoderPausedInput(t *testing.T) {
	words := strings.Split(strings.Repeat("ab,", 30000), ",")
	msg, err := Marshal(words)
	require.NoError(t, err)
	for _, piece := range []int{1, 64, 1448} {
		pr, pw := io.Pipe()
		go func() {
			for i := 0; i < len(msg); i += piece {
				if _, err := pw.Write(msg[i:min(i+piece, len(msg))]); err != nil {
					return
				}
			}
			// Then wait for the answer: no Close.
		}()
		d := NewDecoder(pr)
		var got []string
		require.NoError(t, decodeWithin(t, d, &got), "pieces of %d bytes", piece)
		assert.Equal(t, words, got)
		assert.LessOrEqual(t, d.examined, 4*len(msg), "pieces of %d bytes: each byte is scanned about once", piece)
		pw.Close()
	}
}

// After a trickled message decodes, no Read is left in flight: the bytes
// that follow on the connection are the caller's, read directly or by the
// next Decode.
func TestDecoderReadInFlightCarriesOver(t *testing.T) {
	first, err := Marshal(strings.Split(strings.Repeat("xy,", 5000), ","))
	require.NoError(t, err)
	second, err := Marshal("second")
	require.NoError(t, err)
	pr, pw := io.Pipe()
	more := make(chan struct{})
	go func() {
		for i := 0; i < len(first); i += 8 {
			_, _ = pw.Write(first[i:min(i+8, len(first))])
		}
		<-more
		_, _ = pw.Write(second)
		pw.Close()
	}()
	d := NewDecoder(pr)
	var v []string
	require.NoError(t, decodeWithin(t, d, &v))
	assert.Len(t, v, 5001)
	assert.Empty(t, d.Buffered())

	// The caller reads the next message from the pipe itself: every byte
	// is there, none taken by the Decoder.
	close(more)
	rest, err := io.ReadAll(pr)
	require.NoError(t, err)
	assert.Equal(t, second, rest)
}
