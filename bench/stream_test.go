package bench

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// Stream throughput: fury.Encoder writing MediaContent messages back to back
// (to io.Discard), and fury.Decoder reading such a stream (whole, and through
// a reader that returns at most 512 bytes per Read, as a network connection
// may), against Unmarshal of each message on its own with its length known.
// One op is one message; MB/s counts message bytes. The benchmark names have
// two parts, so bench/report leaves them out of the main report.

const streamMessages = 1000

func streamData(tb testing.TB, opts ...fury.Option) (one []byte, all []byte) {
	m := NewMediaContent()
	var buf bytes.Buffer
	enc := fury.NewEncoder(&buf, opts...)
	require.NoError(tb, furyTypes(enc.Fury()))
	for range streamMessages {
		require.NoError(tb, enc.Encode(&m))
	}
	all = buf.Bytes()
	return all[:len(all)/streamMessages], all
}

func BenchmarkStreamEncode(b *testing.B) {
	for _, mode := range []struct {
		name string
		opts []fury.Option
	}{{"compatible", nil}, {"consistent", []fury.Option{fury.WithCompatible(false)}}} {
		b.Run(mode.name, func(b *testing.B) {
			one, _ := streamData(b, mode.opts...)
			m := NewMediaContent()
			enc := fury.NewEncoder(io.Discard, mode.opts...)
			require.NoError(b, furyTypes(enc.Fury()))
			require.NoError(b, enc.Encode(&m))
			b.SetBytes(int64(len(one)))
			b.ReportAllocs()
			for b.Loop() {
				if err := enc.Encode(&m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// chunkReader returns at most n bytes per Read.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// cycleReader reads data again and again, never reaching an end; data must
// hold whole messages.
type cycleReader struct {
	data []byte
	off  int
}

func (c *cycleReader) Read(p []byte) (int, error) {
	if c.off == len(c.data) {
		c.off = 0
	}
	n := copy(p, c.data[c.off:])
	c.off += n
	return n, nil
}

func BenchmarkStreamDecode(b *testing.B) {
	for _, mode := range []struct {
		name  string
		chunk int
		opts  []fury.Option
	}{
		{"compatible", 0, nil},
		{"consistent", 0, []fury.Option{fury.WithCompatible(false)}},
		{"consistent-512B-reads", 512, []fury.Option{fury.WithCompatible(false)}},
		{"consistent-Unmarshal-each", -1, []fury.Option{fury.WithCompatible(false)}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			one, all := streamData(b, mode.opts...)
			b.SetBytes(int64(len(one)))
			if mode.chunk < 0 { // the baseline: one Unmarshal per message
				f := fury.New(mode.opts...)
				require.NoError(b, furyTypes(f))
				b.ReportAllocs()
				for b.Loop() {
					var m MediaContent
					if err := f.Unmarshal(one, &m); err != nil {
						b.Fatal(err)
					}
				}
				return
			}
			// One Decoder reads the stream over and over, so its setup is
			// not timed.
			var r io.Reader = &cycleReader{data: all}
			if mode.chunk > 0 {
				r = chunkReader{r, mode.chunk}
			}
			dec := fury.NewDecoder(r, mode.opts...)
			require.NoError(b, furyTypes(dec.Fury()))
			var m MediaContent
			require.NoError(b, dec.Decode(&m))
			b.ReportAllocs()
			for b.Loop() {
				var m MediaContent
				if err := dec.Decode(&m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
