package fury_test

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// BenchmarkGenerated compares generated code with the reflection path on
// the reference benchmark's objects, a service-like Team (nested people by
// value and pointer, time, embedded fields, maps of strings, numbers and
// slices), and one type per field kind (Kind*): Serialize into a reused
// buffer and Unmarshal into a zeroed value, schema-consistent and
// compatible mode, and schema-consistent with reference tracking on.
//
//	go test ./fury -run '^$' -bench Generated -benchmem
func BenchmarkGenerated(b *testing.B) {
	random := func(t reflect.Type) any {
		v := reflect.New(t).Elem()
		fillRandom(rand.New(rand.NewPCG(1, 2)), v, 0, "")
		return v.Interface()
	}
	objects := []struct {
		name string
		v    any
	}{
		{"Sample", gentest.NewSample()},
		{"MediaContent", gentest.NewMediaContent()},
		{"Struct", gentest.NewStruct()},
		{"Team", gentest.NewTeam()},
		{"KindScalars", random(reflect.TypeFor[gentest.Scalars]())},
		{"KindPointers", random(reflect.TypeFor[gentest.Pointers]())},
		{"KindArrays", random(reflect.TypeFor[gentest.Arrays]())},
		{"KindTimes", random(reflect.TypeFor[gentest.Times]())},
		{"KindEnums", random(reflect.TypeFor[gentest.Enums]())},
		{"KindEmbedding", random(reflect.TypeFor[gentest.Embedding]())},
		{"KindCollections", gentest.NewCollections()},
		{"KindPerson", gentest.NewTeam().Members[1]},
		{"KindAddress", gentest.NewTeam().Members[0].Home},
	}
	modes := []struct {
		name string
		c    genConfig
	}{
		{"schema", genConfig{enums: true}},
		{"compatible", genConfig{compatible: true, enums: true}},
		// Reference tracking on, fields tracked only where tagged ref.
		{"refs", genConfig{refs: true, enums: true}},
	}
	for _, m := range modes {
		for _, o := range objects {
			var p genPair
			for _, q := range genCorpus {
				if q.gen == reflect.TypeOf(o.v) {
					p = q
				}
			}
			for _, path := range []string{"reflect", "generated"} {
				twin := path == "reflect"
				f := newGenFury(b, m.c, twin)
				v := o.v
				typ := p.gen
				if twin {
					v, typ = asTwin(p, reflect.ValueOf(o.v)), p.twin
				}
				if f.GeneratedInUse(v) == twin {
					b.Fatalf("%s: generated code in use: %v", path, !twin)
				}
				buf := fury.NewBuffer(nil)
				if err := f.Serialize(buf, v, nil); err != nil {
					b.Fatal(err)
				}
				data := append([]byte(nil), buf.Bytes()...)
				b.Run("Serialize/"+m.name+"/"+o.name+"/"+path, func(b *testing.B) {
					b.ReportAllocs()
					lockThread()
					defer unlockThread()
					cpu := threadCPU()
					for b.Loop() {
						buf.Reset()
						if err := f.Serialize(buf, v, nil); err != nil {
							b.Fatal(err)
						}
					}
					reportCPU(b, cpu)
				})
				out := reflect.New(typ)
				b.Run("Deserialize/"+m.name+"/"+o.name+"/"+path, func(b *testing.B) {
					b.ReportAllocs()
					lockThread()
					defer unlockThread()
					cpu := threadCPU()
					for b.Loop() {
						// Decoding replaces: both paths start from a zero
						// value, as Unmarshal's reset gives them, rather
						// than reusing what the last decode allocated.
						out.Elem().SetZero()
						if err := f.Unmarshal(data, out.Interface()); err != nil {
							b.Fatal(err)
						}
					}
					reportCPU(b, cpu)
				})
			}
		}
	}
}

// reportCPU reports the thread CPU time per op since start (see threadCPU).
func reportCPU(b *testing.B, start time.Duration) {
	if d := threadCPU() - start; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
