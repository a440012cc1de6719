package fury

import (
	"testing"
)

// Benchmarks of the structural reader's clients: the skipper (a whole
// message, and the unknown fields of a compatible-mode decode) and the
// stream Decoder's scan of message boundaries.

type skipFewR struct {
	A int64
}

func BenchmarkSkipMessage(b *testing.B) {
	for _, m := range skipModes() {
		b.Run(m.name, func(b *testing.B) {
			f := New(m.opts...)
			if err := f.Register(skipEnum(0), 90); err != nil {
				b.Fatal(err)
			}
			data, err := f.Marshal(skipValues()["outer"])
			if err != nil {
				b.Fatal(err)
			}
			buf := newBuffer(data)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				buf.SetReaderIndex(0)
				if err := f.skipMessage(buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A compatible-mode decode into a struct that has one of the writer's
// fields: the others are skipped.
func BenchmarkSkipUnknownFields(b *testing.B) {
	for _, refs := range []bool{false, true} {
		name := "ref=false"
		if refs {
			name = "ref=true"
		}
		b.Run(name, func(b *testing.B) {
			w := New(WithCompatible(true), WithRefTracking(refs))
			r := New(WithCompatible(true), WithRefTracking(refs))
			for _, f := range []*Fury{w, r} {
				if err := f.Register(skipEnum(0), 90); err != nil {
					b.Fatal(err)
				}
				if err := f.RegisterTagType("skip.Inner", skipInner{}); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.RegisterTagType("skip.Outer", skipOuter{}); err != nil {
				b.Fatal(err)
			}
			if err := r.RegisterTagType("skip.Outer", skipFewR{}); err != nil {
				b.Fatal(err)
			}
			data, err := w.Marshal(skipValues()["outer"])
			if err != nil {
				b.Fatal(err)
			}
			var out skipFewR
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := r.Unmarshal(data, &out); err != nil || out.A != 9 {
					b.Fatal(err, out)
				}
			}
		})
	}
}

// loopReader returns data again and again.
type loopReader struct {
	data []byte
	off  int
}

func (l *loopReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], l.data[l.off:])
		n += c
		l.off = (l.off + c) % len(l.data)
	}
	return n, nil
}

// The Decoder's scan alone (finding where each message ends), and a whole
// Decode, over a stream of mixed messages.
func BenchmarkStreamScan(b *testing.B) {
	data := encodeAll(b, streamValues(90))
	d := NewDecoder(&loopReader{data: data})
	streamFury(b, d.Fury())
	var v any
	ti, err := d.f.destination(&v)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)) / 90)
	b.ReportAllocs()
	for b.Loop() {
		n, err := d.scan(ti)
		if err != nil {
			b.Fatal(err)
		}
		d.start += n
	}
}

func BenchmarkDecoderDecode(b *testing.B) {
	data := encodeAll(b, streamValues(90))
	d := NewDecoder(&loopReader{data: data})
	streamFury(b, d.Fury())
	b.SetBytes(int64(len(data)) / 90)
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := d.Decode(&v); err != nil {
			b.Fatal(err)
		}
	}
}
