package fury_test

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/furyrt"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/fury-go/fury/internal/alloctest"
	"github.com/stretchr/testify/require"
)

// retainedKinds are the small fields a service keeps of each decoded
// gentest.Retained, dropping the rest: its ID (an 11-byte string), Small
// (a []int32 of two) and Score (an *int64). Each keep stores message i's
// field into slot i of a slice made for it beforehand.
var retainedKinds = []struct {
	name string
	keep func(n int) func(i int, m *gentest.Retained)
}{
	{"ID", func(n int) func(int, *gentest.Retained) {
		s := make([]string, n)
		return func(i int, m *gentest.Retained) { s[i] = m.ID }
	}},
	{"Small", func(n int) func(int, *gentest.Retained) {
		s := make([][]int32, n)
		return func(i int, m *gentest.Retained) { s[i] = m.Small }
	}},
	{"Score", func(n int) func(int, *gentest.Retained) {
		s := make([]*int64, n)
		return func(i int, m *gentest.Retained) { s[i] = m.Score }
	}},
}

// retainedBy returns the heap that keeping one field of each of n decoded
// messages holds: the live heap after two collections once the n have been
// decoded (each into a fresh value, one field kept), minus the live heap
// before (the slots for the kept fields already made).
func retainedBy(n int, keepOf func(n int) func(int, *gentest.Retained), decode func(m *gentest.Retained)) int64 {
	keep := keepOf(n)
	before := alloctest.HeapInUse()
	for i := range n {
		var m gentest.Retained
		decode(&m)
		keep(i, &m)
	}
	after := alloctest.HeapInUse()
	keep(0, &gentest.Retained{}) // the kept fields live in keep's slice until here
	return int64(after) - int64(before)
}

// Keeping one small field of each of many decoded messages keeps about
// what encoding/json keeps for the same: each decoded value owns its
// memory, and a kept string, slice or pointee holds nothing of the other
// messages nor the large parts of its own. Measured in a process of its
// own (heap after collections, never time), on the generated and the
// reflection paths, Unmarshal, Deserialize, the Decoder and into an
// interface{}, against
// encoding/json in the same process; WithSharedBlocks(true), which carves
// every message's pieces from blocks the next decodes carve on from,
// keeps far more.
func TestKeptFieldRetainsLittle(t *testing.T) {
	if alloctest.Isolate(t) { // measures the heap: run alone in a child process
		return
	}
	n := 100_000
	if testing.Short() || underRace {
		n = 10_000
	}
	msg := gentest.NewRetained(7)
	js, err := json.Marshal(msg)
	require.NoError(t, err)
	configs := []struct {
		name string
		opts []fury.Option
		via  string // "Unmarshal", "Deserialize", "Decoder" or "any" (Unmarshal into an interface{})
	}{
		{"generated", nil, "Unmarshal"},
		{"reflection", []fury.Option{fury.WithGeneratedCode(false)}, "Unmarshal"},
		{"compatible", []fury.Option{fury.WithCompatible(true)}, "Unmarshal"},
		{"Deserialize", nil, "Deserialize"},
		{"Decoder", nil, "Decoder"},
		{"interface{}", nil, "any"},
		{"interface{}/reflection", []fury.Option{fury.WithGeneratedCode(false)}, "any"},
		{"shared", []fury.Option{fury.WithSharedBlocks(true)}, "Unmarshal"},
	}
	for _, k := range retainedKinds {
		js := bytes.Clone(js)
		stampJSON := distinctIDs(t, js, msg.ID)
		want := retainedBy(n, k.keep, func(m *gentest.Retained) {
			stampJSON()
			if err := json.Unmarshal(js, m); err != nil {
				t.Fatal(err)
			}
		})
		t.Logf("%s: encoding/json keeps %.1f bytes a message", k.name, float64(want)/float64(n))
		// The kept values themselves take at least 8 bytes a message (a
		// string's bytes, an array's, a pointee): a smaller figure means
		// the messages were not distinct.
		require.Greater(t, want, int64(8*n), "%s: encoding/json's figure", k.name)
		for _, c := range configs {
			f := fury.New(c.opts...)
			if c.via == "any" { // a registered type decodes into an interface{}
				require.NoError(t, f.Register(gentest.Retained{}, 900))
			}
			data, err := f.Marshal(msg)
			require.NoError(t, err)
			stamp := distinctIDs(t, data, msg.ID)
			var decode func(m *gentest.Retained)
			switch c.via {
			case "Unmarshal":
				decode = func(m *gentest.Retained) {
					stamp()
					if err := f.Unmarshal(data, m); err != nil {
						t.Fatal(err)
					}
				}
			case "Deserialize":
				buf := fury.NewBuffer(nil)
				decode = func(m *gentest.Retained) {
					stamp()
					buf.Reset()
					buf.Write(data)
					if err := f.Deserialize(buf, m, nil); err != nil {
						t.Fatal(err)
					}
				}
			case "any":
				decode = func(m *gentest.Retained) {
					stamp()
					var v any
					if err := f.Unmarshal(data, &v); err != nil {
						t.Fatal(err)
					}
					*m = *v.(*gentest.Retained)
				}
			case "Decoder":
				r := &repeatReader{data: data}
				dec := fury.NewDecoder(r, c.opts...)
				decode = func(m *gentest.Retained) {
					if err := dec.Decode(m); err != nil {
						t.Fatal(err)
					}
				}
			}
			var m gentest.Retained
			decode(&m) // warm up: plans and buffers are not retention
			require.Equal(t, msg.Body, m.Body)
			require.Equal(t, msg.Values, m.Values)
			require.Equal(t, msg.Small, m.Small)
			if reflection := strings.HasSuffix(c.name, "reflection"); f.GeneratedInUse(&m) == reflection {
				t.Fatalf("%s: generated code in use: %v", c.name, reflection)
			}
			got := retainedBy(n, k.keep, decode)
			ratio := float64(got) / float64(want)
			t.Logf("%s %s: keeps %.1f bytes a message, %.2fx encoding/json", k.name, c.name, float64(got)/float64(n), ratio)
			if c.name == "shared" {
				// The documented trade-off: the kept pieces keep their
				// blocks, which hold every message's strings and arrays.
				require.Greater(t, ratio, 10.0, "%s: shared blocks keep what they were carved for", k.name)
				continue
			}
			require.LessOrEqual(t, ratio, 2.0, "%s %s: keeping one small field of each of %d messages keeps %d bytes, encoding/json %d",
				k.name, c.name, n, got, want)
		}
	}
}

// distinctIDs returns a function that rewrites, in place, the ID inside
// data (the only occurrence of id) to the next of a run of distinct IDs of
// the same length, so that each decode reads a message of its own: a
// decoder that caches short strings (encoding/json does since Go 1.27)
// would otherwise keep one string for every message.
func distinctIDs(t *testing.T, data []byte, id string) func() {
	t.Helper()
	at := bytes.Index(data, []byte(id))
	require.GreaterOrEqual(t, at, 0, "the ID %q is not in the message", id)
	require.Equal(t, -1, bytes.Index(data[at+1:], []byte(id)), "the ID %q is twice in the message", id)
	i := 0
	return func() {
		i++
		for k, v := at+len(id)-1, i; k >= at+len(id)-8; k-- {
			data[k] = '0' + byte(v%10)
			v /= 10
		}
	}
}

// repeatReader reads data over and over, for a Decoder reading the same
// message again and again.
type repeatReader struct {
	data []byte
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], r.data[r.off:])
		n += k
		r.off = (r.off + k) % len(r.data)
	}
	return n, nil
}

// A kept string that generated code read in one run with its neighbours
// keeps that run, at most furyrt.RunMax bytes (the documented bound, see
// "Memory of decoded values" in the package documentation): the worst case
// is a message of short strings side by side (gentest.Shorts: eight 7-byte
// strings, one 64-byte run), where encoding/json, whose strings under 16
// bytes share the runtime's tiny blocks, keeps 16 bytes a message. The
// reflection path copies string by string, as encoding/json does, and keeps
// about what it keeps.
func TestKeptShortStringKeepsAtMostARun(t *testing.T) {
	if alloctest.Isolate(t) { // measures the heap: run alone in a child process
		return
	}
	n := 100_000
	if testing.Short() || underRace {
		n = 10_000
	}
	msgs := make([]gentest.Shorts, n)
	for i := range msgs {
		msgs[i] = gentest.NewShorts(i)
	}
	kept := make([]string, n)
	retained := func(decode func(i int, m *gentest.Shorts)) float64 {
		clear(kept)
		var m gentest.Shorts
		decode(0, &m) // warm up: plans and buffers are not retention
		require.Equal(t, msgs[0], m)
		before := alloctest.HeapInUse()
		for i := range n {
			var m gentest.Shorts
			decode(i, &m)
			kept[i] = m.A
		}
		after := alloctest.HeapInUse()
		// The inputs, which decode holds, were live before the loop:
		// they must be after it.
		runtime.KeepAlive(decode)
		require.Equal(t, msgs[n-1].A, kept[n-1])
		return float64(int64(after)-int64(before)) / float64(n)
	}
	js := make([][]byte, n)
	for i := range msgs {
		var err error
		js[i], err = json.Marshal(&msgs[i])
		require.NoError(t, err)
	}
	want := retained(func(i int, m *gentest.Shorts) {
		if err := json.Unmarshal(js[i], m); err != nil {
			t.Fatal(err)
		}
	})
	js = nil
	t.Logf("encoding/json keeps %.1f bytes a message", want)
	require.GreaterOrEqual(t, want, 7.0, "encoding/json's figure: the kept strings are 7 bytes each")
	for _, c := range []struct {
		name      string
		generated bool
	}{{"generated", true}, {"reflection", false}} {
		f := fury.New(fury.WithGeneratedCode(c.generated))
		require.Equal(t, c.generated, f.GeneratedInUse(gentest.Shorts{}))
		data := make([][]byte, n)
		for i := range msgs {
			var err error
			data[i], err = f.Marshal(&msgs[i])
			require.NoError(t, err)
		}
		got := retained(func(i int, m *gentest.Shorts) {
			if err := f.Unmarshal(data[i], m); err != nil {
				t.Fatal(err)
			}
		})
		data = nil
		t.Logf("%s: keeps %.1f bytes a message, %.2fx encoding/json", c.name, got, got/want)
		if c.generated {
			require.LessOrEqual(t, got, float64(furyrt.RunMax)+8, "a kept string keeps at most its run")
		} else {
			require.LessOrEqual(t, got, 2*want, "the reflection path keeps about what encoding/json keeps")
		}
	}
}
