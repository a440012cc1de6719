package fury_test

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"
	"time"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// nestedListBomb is a message of about 5 KB that asks for far more than the
// default decode memory budget: a list of 1000 elements, each a list of 8192
// elements, each an empty list (into interface{}, every level costs boxes
// and slices, and nothing in the input pays for them).
func nestedListBomb() []byte {
	var b bytes.Buffer
	b.Write([]byte{0x01, 0xff, 0x16, 0xe8, 0x07, 0x00})
	for range 1000 {
		b.Write([]byte{0x16, 0x80, 0x40, 0x08, 0x24})
	}
	return b.Bytes()
}

// allocated returns the bytes allocated while f runs (the tests of package
// fury_test share it); only in a test run alone (alloctest.Isolate).
func allocated(f func()) uint64 { return alloctest.Bytes(f) }

// A message over the decode memory budget fails with ErrTooLarge, having
// allocated what one Unmarshal of it allocates: the Decoder finds the
// message's end first and decodes it once, with the budget of its own
// length, however the input arrives (an earlier design decoded it again
// for every byte that arrived, which let a 5 KB message sent a byte at a
// time allocate 2.8 GB). The error is the message's, not the stream's: the
// next Decode reads on.
func TestDecoderBudgetOverrunNotRetried(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	msg := nestedListBomb()
	var v any
	one := allocated(func() {
		err := fury.Unmarshal(msg, &v)
		require.ErrorIs(t, err, fury.ErrTooLarge)
	})
	padded := append(append([]byte(nil), msg...), make([]byte, 64<<10)...)
	for _, tc := range []struct {
		name string
		r    func() io.Reader
		next error
	}{
		{"whole", func() io.Reader { return bytes.NewReader(msg) }, io.EOF},
		{"byte by byte", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(msg)) }, io.EOF},
		{"byte by byte, then padding", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(padded)) }, fury.ErrInvalidData},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := fury.NewDecoder(tc.r())
			var err error
			n := allocated(func() {
				var v any
				err = d.Decode(&v)
			})
			require.ErrorIs(t, err, fury.ErrTooLarge)
			assert.NotErrorIs(t, err, io.ErrUnexpectedEOF, "the input is over the budget, not cut short")
			assert.Less(t, n, 2*one, "a Decoder allocated %d bytes where one Unmarshal allocates %d", n, one)
			var v any
			assert.ErrorIs(t, d.Decode(&v), tc.next, "what follows the message")
		})
	}
}

// With a fixed budget (WithMaxDecodedBytes), more input cannot help a
// message over it: the Decoder fails at once, without waiting for more.
func TestDecoderFixedBudgetFailsAtOnce(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	msg := nestedListBomb()
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() { _, _ = pw.Write(msg) }() // then the writer waits: no EOF
	d := fury.NewDecoder(pr, fury.WithMaxDecodedBytes(1<<20))
	var v any
	n := allocated(func() {
		require.ErrorIs(t, d.Decode(&v), fury.ErrTooLarge)
	})
	assert.Less(t, n, uint64(4<<20), "allocated %d bytes under a budget of 1 MiB", n)
}

// wideItem costs the decoder 4 KiB more than its encoding says.
type wideItem struct {
	S   string
	Pad [4096]byte `fury:"-"`
}

// A message whose early counts fit only the budget of its whole length
// decodes: the Decoder knows the length before it decodes. Here the list
// header declares 20000 elements of about 4 KiB (84 MB, over the budget of
// the first quarter of the message), which the whole message (2 MB of
// strings) pays for.
func TestDecoderBudgetGrowsWithInput(t *testing.T) {
	items := make([]wideItem, 20000)
	for i := range items {
		items[i].S = string(bytes.Repeat([]byte{'a' + byte(i%26)}, 100))
	}
	enc := fury.New(fury.WithCompatible(false))
	require.NoError(t, enc.Register(wideItem{}, 70))
	data, err := enc.Marshal(items)
	require.NoError(t, err)
	require.Greater(t, len(data), 2<<20)

	var one []wideItem
	require.ErrorIs(t, enc.Unmarshal(data[:len(data)/4], &one), fury.ErrTooLarge, "the first quarter is over its budget")

	for _, r := range []io.Reader{bytes.NewReader(data), iotest.HalfReader(bytes.NewReader(data))} {
		d := fury.NewDecoder(r, fury.WithCompatible(false))
		require.NoError(t, d.Fury().Register(wideItem{}, 70))
		var got []wideItem
		require.NoError(t, d.Decode(&got))
		require.Len(t, got, len(items))
		for i := range items {
			require.Equal(t, items[i].S, got[i].S)
		}
		var v any
		require.ErrorIs(t, d.Decode(&v), io.EOF)
	}
}

// An Encoder writes each message in one Write, so a Decoder at the other
// end of a connection reads it whole without waiting for more, however
// large it is and although the peer, waiting for an answer, sends nothing
// after it.
func TestDecoderLargeMessageFromWaitingPeer(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	big := make([]string, 20000)
	for i := range big {
		big[i] = string(bytes.Repeat([]byte{'a' + byte(i%26)}, 50))
	}
	go func() {
		e := fury.NewEncoder(pw)
		_ = e.Encode(big) // then wait: no Close
	}()
	done := make(chan error, 1)
	var got []string
	go func() { done <- fury.NewDecoder(pr).Decode(&got) }()
	select {
	case err := <-done:
		require.NoError(t, err)
		assert.Equal(t, big, got)
	case <-time.After(30 * time.Second):
		t.Fatal("Decode is still waiting for input after the whole message arrived")
	}
}
