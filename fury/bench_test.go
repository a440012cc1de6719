package fury

import (
	"testing"

	"github.com/fury-go/fury/internal/alloctest"
)

type PrimsAndStrings struct {
	A int32
	B int64
	C float64
	D bool
	E string
	F string
	G uint16
	H float32
}

func benchValue() *PrimsAndStrings {
	return &PrimsAndStrings{A: 1, B: -2, C: 3.5, D: true, E: "hello", F: "world, a longer string", G: 7, H: 1.25}
}

// BenchmarkMarshalReusedBuffer checks that marshalling into a reused buffer
// allocates nothing (run with -benchmem: 0 allocs/op).
func BenchmarkMarshalReusedBuffer(b *testing.B) {
	for _, mode := range []struct {
		name string
		opts []Option
	}{{"consistent", []Option{WithCompatible(false)}}, {"compatible", nil}, {"refs", []Option{WithRefTracking(true)}}} {
		b.Run(mode.name, func(b *testing.B) {
			f := New(mode.opts...)
			if err := f.Register(PrimsAndStrings{}, 1); err != nil {
				b.Fatal(err)
			}
			v := benchValue()
			buf := NewBuffer(make([]byte, 0, 256))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				buf.Reset()
				if err := f.Serialize(buf, v, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	f := New(WithCompatible(false))
	if err := f.Register(PrimsAndStrings{}, 1); err != nil {
		b.Fatal(err)
	}
	data, err := f.Marshal(benchValue())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var out PrimsAndStrings
	for i := 0; i < b.N; i++ {
		if err := f.Unmarshal(data, &out); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMarshalReusedBufferAllocatesNothing(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	f := New()
	if err := f.Register(PrimsAndStrings{}, 1); err != nil {
		t.Fatal(err)
	}
	v := benchValue()
	buf := NewBuffer(make([]byte, 0, 256))
	allocs := testing.AllocsPerRun(100, func() {
		buf.Reset()
		if err := f.Serialize(buf, v, nil); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("Serialize into a reused buffer allocated %v times per run", allocs)
	}
}

func TestMarshalAppendAllocatesNothing(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	f := New()
	if err := f.Register(PrimsAndStrings{}, 1); err != nil {
		t.Fatal(err)
	}
	v := benchValue()
	buf := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		var err error
		if buf, err = f.MarshalAppend(buf[:0], v); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("MarshalAppend into a reused slice allocated %v times per run", allocs)
	}
}

func TestDecodeStringsAllocateOnce(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	f := New()
	for _, s := range []string{"video/theora\u1234", "h\u00e9llo", "emoji \U0001F389"} {
		data, err := f.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var out string
		allocs := testing.AllocsPerRun(50, func() {
			if err := f.Unmarshal(data, &out); err != nil {
				t.Fatal(err)
			}
		})
		// At most one: the decode's slab outlives it, so most decodes of a
		// short string carve from the slab an earlier one took.
		if out != s || allocs > 1 {
			t.Fatalf("%q: got %q with %v allocations, want at most one", s, out, allocs)
		}
	}
}
