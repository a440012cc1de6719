package bench

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestRetentionReport measures what keeping one small field of each of
// many decoded Samples holds in memory, for every library that decodes
// into the model: its String (36 bytes), its IntArray (a []int32 of 9) or
// its LongValueBoxed (an *int64). Each of n decodes reads the same payload
// into a new value, of which one field is kept (in a slice made
// beforehand) and the rest dropped; the report is the live heap after two
// collections minus the live heap before, a message. Run alone in a child
// process, and printed as a table with -v:
//
//	go test -tags furygen ./bench -run TestRetentionReport -v
//
// fury's default gives every decoded value its own memory, so it keeps
// about what the other libraries keep (the test fails if any default fury
// entry keeps more than twice what encoding/json does); fury-gen-shared
// (WithSharedBlocks(true)) carves every message's strings, arrays and
// pointees from blocks the next decodes carve on from, so a kept piece
// keeps its whole block. The zero-copy entries (-alias, flatbuffers-lazy)
// are left out: their values point into the one payload every decode
// reads, so they would keep nothing here but the whole input in use.
func TestRetentionReport(t *testing.T) {
	if isolate(t) {
		return
	}
	n := 10_000
	if testing.Short() {
		n = 3_000
	}
	_, de := allBenches(t)
	kinds := []struct {
		name string
		keep func(n int) func(i int, s *Sample)
	}{
		{"String", func(n int) func(int, *Sample) {
			k := make([]string, n)
			return func(i int, s *Sample) { k[i] = s.String }
		}},
		{"IntArray", func(n int) func(int, *Sample) {
			k := make([][]int32, n)
			return func(i int, s *Sample) { k[i] = s.IntArray }
		}},
		{"LongValueBoxed", func(n int) func(int, *Sample) {
			k := make([]*int64, n)
			return func(i int, s *Sample) { k[i] = s.LongValueBoxed }
		}},
	}
	type row struct {
		lib  string
		kept []float64 // bytes a message, by kind
	}
	var rows []row
	want := NewSample()
	for _, d := range de {
		if d.object != objSample || !d.toModel || strings.HasSuffix(d.lib, "-alias") {
			continue
		}
		r := row{lib: d.lib}
		// Each decode reads a payload of its own: its String is rewritten
		// in place to the next of a run of distinct strings, since a
		// decoder that caches strings (encoding/json does since Go 1.27)
		// would otherwise keep one string for every message.
		payload := bytes.Clone(d.payload)
		at := bytes.Index(payload, []byte(want.String))
		if at < 0 || bytes.Contains(payload[at+1:], []byte(want.String)) {
			t.Fatalf("%s: the payload does not hold Sample.String once", d.lib)
		}
		next := 0
		stamp := func() {
			next++
			for k, x := at+len(want.String)-1, next; k >= at+len(want.String)-8; k-- {
				payload[k] = '0' + byte(x%10)
				x /= 10
			}
		}
		for _, k := range kinds {
			keep := k.keep(n)
			v, err := d.decode(d.payload) // warm up
			if err != nil {
				t.Fatal(err)
			}
			if s := v.(*Sample); s.String != want.String || len(s.IntArray) != len(want.IntArray) ||
				*s.LongValueBoxed != *want.LongValueBoxed {
				t.Fatalf("%s: decoded %+v", d.lib, s)
			}
			before := liveHeap()
			for i := range n {
				stamp()
				v, err := d.decode(payload)
				if err != nil {
					t.Fatal(err)
				}
				keep(i, v.(*Sample))
			}
			after := liveHeap()
			keep(0, &Sample{}) // the kept fields live in keep's slice until here
			r.kept = append(r.kept, (float64(after)-float64(before))/float64(n))
			if r.kept[len(r.kept)-1] < 8 { // the kept values alone take more
				t.Errorf("%s keeps %.1f bytes a message of %s: the messages were not distinct", d.lib, r.kept[len(r.kept)-1], k.name)
			}
		}
		rows = append(rows, r)
	}
	json := slices.IndexFunc(rows, func(r row) bool { return r.lib == "json" })
	if json < 0 {
		t.Fatal("no encoding/json entry")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "bytes kept a message, keeping one field of each of %d decoded Samples:\n\n", n)
	b.WriteString("| entry | String | IntArray | LongValueBoxed |\n| --- | ---: | ---: | ---: |\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s |", r.lib)
		for i, v := range r.kept {
			fmt.Fprintf(&b, " %.0f (%.1fx) |", v, v/rows[json].kept[i])
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
	for _, r := range rows {
		if !strings.HasPrefix(r.lib, "fury-") || strings.HasSuffix(r.lib, "-shared") {
			continue
		}
		for i, v := range r.kept {
			if v > 2*rows[json].kept[i] {
				t.Errorf("%s keeps %.0f bytes a message of %s, encoding/json %.0f", r.lib, v, kinds[i].name, rows[json].kept[i])
			}
		}
	}
}

// liveHeap returns the live heap after two collections.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
