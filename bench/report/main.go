// Command report turns the benchstat summary of the bench suite into a
// Markdown report (RESULTS.md) and an SVG bar chart (results.svg).
//
// Input is the CSV that `benchstat -format csv` prints for the raw output of
// `go test -bench . -benchmem -count N ./bench/`: one table per unit (sec/op,
// B/op, allocs/op, bytes), one row per benchmark, with the median and its
// confidence interval. Benchmarks are named Serialize/<object>/<lib> and
// Deserialize/<object>/<lib>.
//
// Ratios compare each library with fury: a library's time divided by fury's,
// so 8.0 means fury is 8 times faster. The reference is fury-gen (generated
// code), and fury-reflect for the reflection path; when neither is present
// but other fury-* entries are, the fastest of them; with no fury entry at
// all the report has no ratios.
//
// The targets are issue #27's criteria (fury-gen against fury's wire
// written by hand, against msgp, vtprotobuf and mus, deserializing against
// flatbuffers' full conversion, allocations), then the earlier ones; each
// names the two entries it pairs. A table states fury-gen's gap to the
// hand-written fury wire in each mode and direction.
//
// Usage:
//
//	report -csv benchstat.csv -md RESULTS.md -svg results.svg
package main

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/fury-go/fury/bench"
)

// Directions and objects, in report order.
var (
	directions = []string{"Serialize", "Deserialize"}
	objects    = []string{"Sample", "MediaContent", "Struct", "SmallStruct", "SampleList", "MediaContentList", "StructList"}
)

// Fury reference libs.
const (
	furyGen     = "fury-gen"
	furyReflect = "fury-reflect"
)

// result is one benchmark's medians.
type result struct {
	lib    string
	ns     float64 // median ns/op
	nsCI   string  // benchstat's confidence interval for sec/op, e.g. "3%"
	bop    float64 // B/op, NaN if absent
	allocs float64 // allocs/op, NaN if absent
	bytes  float64 // payload size, NaN if absent
}

// group is the results of one direction and object, in input order.
type group struct {
	dir, object string
	results     []*result
}

func (g *group) get(lib string) *result {
	for _, r := range g.results {
		if r.lib == lib {
			return r
		}
	}
	return nil
}

// best returns the fastest result among libs, or nil.
func (g *group) best(libs ...string) *result {
	var b *result
	for _, lib := range libs {
		if r := g.get(lib); r != nil && (b == nil || r.ns < b.ns) {
			b = r
		}
	}
	return b
}

// fastestFury returns the fastest fury-* result, or nil.
func (g *group) fastestFury() *result {
	var b *result
	for _, r := range g.results {
		if isFury(r.lib) && (b == nil || r.ns < b.ns) {
			b = r
		}
	}
	return b
}

// hasLib reports whether any group has a result for lib.
func hasLib(d *data, lib string) bool {
	for _, g := range d.groups {
		if g.get(lib) != nil {
			return true
		}
	}
	return false
}

func isFury(lib string) bool { return strings.HasPrefix(lib, "fury") }

// handwireLabel is what the report calls the hand-written fury-wire entries.
const handwireLabel = "fury wire, hand-written"

// mdLabel is a library's name in the report's tables: the entry's name,
// with the handwire entries labelled as fury's wire written by hand.
func mdLabel(lib string) string {
	if strings.HasPrefix(lib, "handwire") {
		return handwireLabel + " (" + lib + ")"
	}
	return lib
}

// chartLabel is a library's name in the chart, where the room is short:
// a handwire entry is labelled as fury's wire written by hand, with its
// mode and buffer (handwire-compatible-reuse: "fury wire, hand-written,
// compatible, reuse").
func chartLabel(lib string) string {
	rest, ok := strings.CutPrefix(lib, "handwire")
	if !ok {
		return lib
	}
	return handwireLabel + strings.ReplaceAll(rest, "-", ", ")
}

// data is the parsed benchstat output.
type data struct {
	meta   []string // "goos: linux", "cpu: ...", ...
	groups map[string]*group
}

func (d *data) group(dir, object string) *group { return d.groups[dir+"/"+object] }

// parse reads benchstat's CSV output.
func parse(r io.Reader) (*data, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	d := &data{groups: map[string]*group{}}
	unit := ""
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch {
		case len(rec) == 1 && strings.Contains(rec[0], ": "):
			if !slices.Contains(d.meta, rec[0]) {
				d.meta = append(d.meta, rec[0])
			}
			continue
		case len(rec) < 2:
			continue
		case rec[0] == "" && len(rec) >= 3 && rec[2] == "CI":
			unit = rec[1]
			continue
		case rec[0] == "" || rec[0] == "geomean":
			continue
		}
		parts := strings.SplitN(rec[0], "/", 3)
		if len(parts) != 3 || unit == "" {
			continue
		}
		v, err := strconv.ParseFloat(rec[1], 64)
		if err != nil {
			continue
		}
		key := parts[0] + "/" + parts[1]
		g := d.groups[key]
		if g == nil {
			g = &group{dir: parts[0], object: parts[1]}
			d.groups[key] = g
		}
		res := g.get(parts[2])
		if res == nil {
			res = &result{lib: parts[2], ns: math.NaN(), bop: math.NaN(), allocs: math.NaN(), bytes: math.NaN()}
			g.results = append(g.results, res)
		}
		ci := ""
		if len(rec) > 2 {
			ci = rec[2]
		}
		switch unit {
		case "sec/op":
			// to the picosecond, so that 3e-08 s prints as 30 ns
			res.ns, res.nsCI = math.Round(v*1e12)/1e3, ci
		case "B/op":
			res.bop = v
		case "allocs/op":
			res.allocs = v
		case "bytes":
			res.bytes = v
		}
	}
	if len(d.groups) == 0 {
		return nil, errors.New("no Serialize/ or Deserialize/ benchmarks in the input")
	}
	return d, nil
}

// refs returns the fury results each row of g is compared with, with the
// column titles.
func refs(g *group) (titles []string, rs []*result) {
	if r := g.get(furyGen); r != nil {
		titles, rs = append(titles, "× "+furyGen), append(rs, r)
	}
	if r := g.get(furyReflect); r != nil {
		titles, rs = append(titles, "× "+furyReflect), append(rs, r)
	}
	if len(rs) == 0 {
		if r := g.fastestFury(); r != nil {
			titles, rs = append(titles, "× "+r.lib+" (fastest fury)"), append(rs, r)
		}
	}
	return titles, rs
}

func fmtNum(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v == math.Trunc(v) || v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

func fmtTime(ns float64) string {
	switch {
	case math.IsNaN(ns):
		return "–"
	case ns < 1e3:
		return fmtNum(ns) + " ns"
	case ns < 1e6:
		return fmtNum(ns/1e3) + " µs"
	default:
		return fmtNum(ns/1e6) + " ms"
	}
}

func ratio(r, ref *result) float64 { return r.ns / ref.ns }

// fmtRatio prints a ratio with two decimals below 10 and one above.
func fmtRatio(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return "–"
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	default:
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
}

// target is one performance goal checked against the measurements.
type target struct {
	set      int // the section it is reported in: one of the target sets below
	what     string
	measured string
	ok       bool
}

// Target sets, in report order.
const (
	setHandwire    = iota // #27: fury-gen against fury's wire written by hand
	setRivals             // #27: fury-gen against msgp, vtprotobuf and mus
	setFlatbuffers        // #27: deserialize against flatbuffers' full conversion
	setAllocs             // allocations of the fury-gen entries
	setEarlier            // the targets before #27
	nSets
)

// setTitles and setNotes head each target set's table in the report; the
// notes say which entries each target pairs.
var (
	setTitles = [nSets]string{
		"fury-gen against fury's wire, hand-written (serialize)",
		"fury-gen against msgp, vtprotobuf and mus",
		"Deserialize against flatbuffers' full conversion",
		"Allocations",
		"Earlier targets",
	}
	setNotes = [nSets]string{
		"fury-gen's time at most 1.3× the hand-written encoder of fury's schema-consistent bytes (`handwire`) and " +
			"1.5× the one of fury's compatible-mode bytes (`handwire-compatible`) on Sample, MediaContent, Struct and " +
			"SmallStruct. Paired reuse to reuse: `fury-gen-reuse` with `handwire-reuse`, `fury-gen-compatible-reuse` " +
			"with `handwire-compatible-reuse` (all append into a buffer kept between calls; the allocating `handwire` " +
			"entries know the payload's size beforehand, so they are not paired). Measured: fury's time divided by " +
			"the hand-written code's.",
		"fury-gen at least as fast (\"≤ 1×\": fury's time divided by the other's) as msgp, vtprotobuf and mus on " +
			"every object and list where the other has an entry (mus: SmallStruct only), both directions, both of " +
			"fury's modes (schema-consistent `fury-gen`, compatible `fury-gen-compatible`). Paired like with like: " +
			"serializing into a reused buffer, `fury-gen-reuse` / `fury-gen-compatible-reuse` with `msgp-reuse`, " +
			"`vtprotobuf-reuse` and `mus-reuse`; allocating a new buffer per call, `fury-gen` / `fury-gen-compatible` " +
			"with `msgp`, `vtprotobuf` and `mus`; deserializing (every entry into a new Go value, strings copied), " +
			"`fury-gen` / `fury-gen-compatible` with `msgp`, `vtprotobuf` and `mus`. vtprotobuf's entries start from " +
			"the Go struct, as fury's do (conversion included).",
		"Deserializing into a new Go value at least as fast as flatbuffers' full conversion of its buffer into the " +
			"same value (`flatbuffers-full`), on every object, in both of fury's modes: `fury-gen` and " +
			"`fury-gen-compatible` with `flatbuffers-full`.",
		"The generated code's entries allocate nothing when serializing into a reused buffer, and only the result's " +
			"own strings, slices and pointers when deserializing (`bench.ResultAllocs`).",
		"The goals set before #27, kept for comparison: fury-gen against protobuf and flatbuffers on Sample and " +
			"MediaContent, fury-gen serializing Sample and MediaContent within 2× and 2.5× of the ideal-layout " +
			"encoder, and the reflection path (fury-reflect) against protobuf on Sample, MediaContent and Struct. " +
			"These compare the fastest of each family (fury-gen and fury-gen-reuse; protobuf and protobuf-reuse, " +
			"both from the Go struct; ideal and ideal-reuse); \"≥ 8×\" means the other's time is at least 8 times " +
			"fury's.",
	}
)

// Families of results that do the same job; an earlier target takes the
// fastest.
var (
	furyGenFamily     = []string{furyGen, furyGen + "-reuse"}
	furyReflectFamily = []string{furyReflect, furyReflect + "-reuse"}
	protobufFamily    = []string{"protobuf", "protobuf-reuse"} // from the Go struct
	idealFamily       = []string{"ideal", "ideal-reuse"}       // the hand-written encoder
)

// Objects the hand-written fury-wire coders and #27's per-object targets
// cover.
var structObjects = []string{"Sample", "MediaContent", "Struct", "SmallStruct"}

// furyModes are fury-gen's two modes, with their names in the report.
var furyModes = []struct{ name, lib string }{
	{"schema-consistent", furyGen},
	{"compatible", furyGen + "-compatible"},
}

// targets checks the project's performance goals; it returns nil when the
// input has no fury results to check.
func targets(d *data) []target {
	var ts []target
	// pair returns the fastest of fury's and of the other's libraries for
	// one object, or nils when either is not in the run.
	pair := func(dir, object string, fury, other []string) (f, o *result) {
		g := d.group(dir, object)
		if g == nil {
			return nil, nil
		}
		if f, o = g.best(fury...), g.best(other...); f == nil || o == nil {
			return nil, nil
		}
		return f, o
	}
	speedup := func(dir, object string, fury []string, min float64, other ...string) {
		f, o := pair(dir, object, fury, other)
		if f == nil {
			return
		}
		x := ratio(o, f)
		cmp, ok := "≥", x >= min
		if min == 1 {
			cmp, ok = ">", x > 1
		}
		ts = append(ts, target{
			set:      setEarlier,
			what:     fmt.Sprintf("%s %s: %s %s %s× %s", dir, object, f.lib, cmp, fmtNum(min), o.lib),
			measured: fmt.Sprintf("%s× (%s vs %s)", fmtRatio(x), fmtTime(f.ns), fmtTime(o.ns)),
			ok:       ok,
		})
	}
	// within is the other way round: fury's time at most max times the
	// other's. label, when set, says which mode and pairing the target is.
	within := func(set int, dir, object, label string, fury []string, max float64, other ...string) {
		f, o := pair(dir, object, fury, other)
		if f == nil {
			return
		}
		if label != "" {
			label = " (" + label + ")"
		}
		x, limit := ratio(f, o), strconv.FormatFloat(max, 'f', -1, 64)
		ts = append(ts, target{
			set:      set,
			what:     fmt.Sprintf("%s %s%s: %s ≤ %s× %s", dir, object, label, f.lib, limit, o.lib),
			measured: fmt.Sprintf("%s× (%s vs %s)", fmtRatio(x), fmtTime(f.ns), fmtTime(o.ns)),
			ok:       x <= max,
		})
	}

	// #27: fury's wire written by hand, reuse against reuse.
	for _, obj := range structObjects {
		within(setHandwire, "Serialize", obj, "schema-consistent", []string{furyGen + "-reuse"}, 1.3, "handwire-reuse")
		within(setHandwire, "Serialize", obj, "compatible", []string{furyGen + "-compatible-reuse"}, 1.5,
			"handwire-compatible-reuse")
	}
	// #27: msgp, vtprotobuf and mus, like paired with like.
	for _, obj := range objects {
		for _, m := range furyModes {
			for _, other := range []string{"msgp", "vtprotobuf", "mus"} {
				within(setRivals, "Serialize", obj, m.name+", reuse", []string{m.lib + "-reuse"}, 1, other+"-reuse")
				within(setRivals, "Serialize", obj, m.name+", allocating", []string{m.lib}, 1, other)
			}
		}
		for _, m := range furyModes {
			for _, other := range []string{"msgp", "vtprotobuf", "mus"} {
				within(setRivals, "Deserialize", obj, m.name, []string{m.lib}, 1, other)
			}
		}
	}
	// #27: flatbuffers' full conversion.
	for _, obj := range structObjects {
		for _, m := range furyModes {
			within(setFlatbuffers, "Deserialize", obj, m.name, []string{m.lib}, 1, "flatbuffers-full")
		}
	}
	for _, a := range allocations(d) {
		gen := a.lib == furyGen || a.lib == furyGen+"-compatible"
		if (a.dir == "Serialize" && (a.lib == furyGen+"-reuse" || a.lib == furyGen+"-compatible-reuse")) ||
			(a.dir == "Deserialize" && gen) {
			ts = append(ts, target{
				set:      setAllocs,
				what:     fmt.Sprintf("%s %s: %s allocs/op ≤ %s (%s)", a.dir, a.object, a.lib, fmtNum(a.limit), a.why),
				measured: fmtNum(a.allocs),
				ok:       a.allocs <= a.limit,
			})
		}
	}

	// Before #27.
	for _, obj := range []string{"Sample", "MediaContent"} {
		speedup("Serialize", obj, furyGenFamily, 8, protobufFamily...)
		speedup("Serialize", obj, furyGenFamily, 6, "flatbuffers")
		speedup("Deserialize", obj, furyGenFamily, 3, "protobuf")
		speedup("Deserialize", obj, furyGenFamily, 2, "flatbuffers-full")
	}
	for _, obj := range []string{"Sample", "MediaContent", "Struct"} {
		speedup("Serialize", obj, furyReflectFamily, 1, protobufFamily...)
		speedup("Deserialize", obj, furyReflectFamily, 1, "protobuf")
	}
	within(setEarlier, "Serialize", "Sample", "", furyGenFamily, 2, idealFamily...)
	within(setEarlier, "Serialize", "MediaContent", "", furyGenFamily, 2.5, idealFamily...)
	slices.SortStableFunc(ts, func(a, b target) int { return a.set - b.set })
	return ts
}

// gap is fury-gen against the hand-written coder of the same bytes.
type gap struct {
	dir, object, mode string
	fury, hand        *result
}

// handwireGaps pairs the fury-gen entries with the handwire ones: in each
// mode, serializing reuse with reuse, deserializing (into a new value) with
// the hand-written decoder.
func handwireGaps(d *data) []gap {
	var gs []gap
	for _, dir := range directions {
		for _, obj := range structObjects {
			g := d.group(dir, obj)
			if g == nil {
				continue
			}
			for _, m := range furyModes {
				fury, hand := m.lib, "handwire"+strings.TrimPrefix(m.lib, furyGen)
				if dir == "Serialize" {
					fury, hand = fury+"-reuse", hand+"-reuse"
				}
				if f, h := g.get(fury), g.get(hand); f != nil && h != nil {
					gs = append(gs, gap{dir, obj, m.name, f, h})
				}
			}
		}
	}
	return gs
}

// allocation is one fury entry's allocations against what it should need:
// none when serializing into a reused buffer, the result's own when
// deserializing.
type allocation struct {
	dir, object, lib string
	allocs, limit    float64
	why              string
}

func allocations(d *data) []allocation {
	var as []allocation
	for _, dir := range directions {
		for _, obj := range objects {
			g := d.group(dir, obj)
			if g == nil {
				continue
			}
			for _, r := range g.results {
				if !isFury(r.lib) || math.IsNaN(r.allocs) {
					continue
				}
				switch {
				case dir == "Serialize" && strings.HasSuffix(r.lib, "-reuse"):
					as = append(as, allocation{dir, obj, r.lib, r.allocs, 0, "reused buffer"})
				case dir == "Deserialize":
					as = append(as, allocation{dir, obj, r.lib, r.allocs, float64(bench.ResultAllocs[obj]), "the result's own"})
				}
			}
		}
	}
	return as
}

// noise counts the timings whose confidence interval is above limit percent
// (or unknown, shown as ∞ by benchstat), out of all timings.
func noise(d *data, limit float64) (noisy, total int) {
	for _, g := range d.groups {
		for _, r := range g.results {
			if math.IsNaN(r.ns) {
				continue
			}
			total++
			ci, err := strconv.ParseFloat(strings.TrimSuffix(r.nsCI, "%"), 64)
			if err != nil || ci > limit {
				noisy++
			}
		}
	}
	return noisy, total
}

// writeMarkdown writes the report.
func writeMarkdown(w io.Writer, d *data, command, chart string) error {
	var b strings.Builder
	b.WriteString("# Benchmark results\n\n")
	b.WriteString("Generated by `bench/report` from the benchstat summary of one run of the suite")
	if command != "" {
		fmt.Fprintf(&b, " (`%s`)", command)
	}
	b.WriteString(".\n\n")
	for _, m := range d.meta {
		fmt.Fprintf(&b, "- %s\n", m)
	}
	b.WriteString("\nTimes are benchstat medians, ± its 95% confidence interval. `bytes` is the payload size. ")
	b.WriteString("A `×` column is the library's time divided by fury's: how many times faster fury is.\n\n")
	if noisy, total := noise(d, 20); noisy > 0 {
		fmt.Fprintf(&b, "**Noisy run:** %d of %d timings have a confidence interval above ±20%%, so the machine was "+
			"busy during the run; treat the medians as indicative and rerun on an idle machine for firm numbers.\n\n",
			noisy, total)
	}
	if chart != "" {
		fmt.Fprintf(&b, "![ns/op per library](%s)\n\n", chart)
	}

	hasFury := false
	for _, g := range d.groups {
		if g.fastestFury() != nil {
			hasFury = true
		}
	}
	if ts := targets(d); len(ts) > 0 {
		b.WriteString("## Targets\n\n")
		b.WriteString("The criteria of issue #27 (\"Done when\"), then the earlier targets. Every target names the two ")
		b.WriteString("entries it pairs; a target whose entries are not both in the run is left out.")
		met, n := 0, 0
		for _, t := range ts {
			if t.set < setEarlier {
				n++
				if t.ok {
					met++
				}
			}
		}
		if n > 0 {
			fmt.Fprintf(&b, " #27's criteria met: **%d of %d**.", met, n)
		}
		b.WriteString("\n\n")
		if !hasLib(d, furyGen) {
			b.WriteString("fury-gen is not in this run, so only the reflection-path targets are checked.\n\n")
		}
		for set := range nSets {
			var in []target
			met := 0
			for _, t := range ts {
				if t.set == set {
					in = append(in, t)
					if t.ok {
						met++
					}
				}
			}
			if len(in) == 0 {
				continue
			}
			fmt.Fprintf(&b, "### %s\n\n%s\n\nMet: %d of %d.\n\n", setTitles[set], setNotes[set], met, len(in))
			b.WriteString("| target | measured | met |\n| --- | --- | --- |\n")
			for _, t := range in {
				mark := "yes"
				if !t.ok {
					mark = "**no**"
				}
				fmt.Fprintf(&b, "| %s | %s | %s |\n", t.what, t.measured, mark)
			}
			b.WriteString("\n")
		}
	} else if !hasFury {
		b.WriteString("No fury benchmarks in this run, so there are no ratios and no targets to check.\n\n")
	}

	if gs := handwireGaps(d); len(gs) > 0 {
		b.WriteString("## Gaps to fury's wire, hand-written\n\n")
		b.WriteString("fury-gen's time against the hand-written coder of the same bytes (" + handwireLabel + ", the limit of ")
		b.WriteString("fury's format), in each mode: serializing, reuse with reuse; deserializing, each into a new Go value. ")
		b.WriteString("Ratio: fury-gen's time divided by the hand-written code's; gap: the difference per operation.\n\n")
		b.WriteString("| direction | object | mode | fury-gen | " + handwireLabel + " | ratio | gap |\n")
		b.WriteString("| --- | --- | --- | --- | --- | ---: | ---: |\n")
		for _, g := range gs {
			fmt.Fprintf(&b, "| %s | %s | %s | %s %s | %s %s | %s× | %s |\n", g.dir, g.object, g.mode, g.fury.lib,
				fmtTime(g.fury.ns), g.hand.lib, fmtTime(g.hand.ns), fmtRatio(ratio(g.fury, g.hand)),
				fmtTime(g.fury.ns-g.hand.ns))
		}
		b.WriteString("\n")
	}

	if as := allocations(d); len(as) > 0 {
		b.WriteString("## Allocations\n\nfury entries against what they need: nothing when serializing into a reused buffer, ")
		b.WriteString("the result's own strings, slices and pointers when deserializing (`bench.ResultAllocs`).\n\n")
		b.WriteString("| direction | object | entry | allocs/op | needed | over |\n| --- | --- | --- | ---: | ---: | ---: |\n")
		for _, a := range as {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", a.dir, a.object, a.lib, fmtNum(a.allocs), fmtNum(a.limit),
				fmtNum(math.Max(0, a.allocs-a.limit)))
		}
		b.WriteString("\n")
	}

	for _, dir := range directions {
		fmt.Fprintf(&b, "## %s\n\n", dir)
		for _, obj := range objects {
			g := d.group(dir, obj)
			if g == nil {
				continue
			}
			titles, rs := refs(g)
			fmt.Fprintf(&b, "### %s\n\n| library | ns/op | ± | B/op | allocs/op | bytes |", obj)
			for _, t := range titles {
				fmt.Fprintf(&b, " %s |", t)
			}
			b.WriteString("\n| --- | ---: | ---: | ---: | ---: | ---: |")
			b.WriteString(strings.Repeat(" ---: |", len(titles)))
			b.WriteString("\n")
			for _, r := range g.results {
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |", mdLabel(r.lib), fmtNum(r.ns), r.nsCI,
					fmtNum(r.bop), fmtNum(r.allocs), fmtNum(r.bytes))
				for _, ref := range rs {
					fmt.Fprintf(&b, " %s |", fmtRatio(ratio(r, ref)))
				}
				b.WriteString("\n")
			}
			b.WriteString("\n")
		}
	}
	b.WriteString(legend)
	_, err := io.WriteString(w, b.String())
	return err
}

const legend = `## What each entry measures

- **protobuf**: convert the Go struct to the generated message, then ` + "`proto.Marshal`" + `; deserialize: ` + "`proto.Unmarshal`" + ` into a new message, then convert into a new Go struct.
- **protobuf-reuse**: as protobuf, marshalling into a reused buffer with ` + "`proto.MarshalOptions{}.MarshalAppend`" + `.
- **protobuf-msgonly**, **protobuf-msgonly-reuse**: marshal a message built beforehand; deserialize into a new message and stop there.
- **vtprotobuf**, **vtprotobuf-reuse**, **vtprotobuf-msgonly**, **vtprotobuf-msgonly-reuse**: as the protobuf entries, on the same messages, with the ` + "`MarshalVT`/`UnmarshalVT`/`SizeVT`" + ` methods protoc-gen-go-vtproto generates (reuse: ` + "`SizeVT`" + `, then ` + "`MarshalToSizedBufferVT`" + ` into a reused buffer).
- **msgp**, **msgp-reuse**: MessagePack with tinylib/msgp's methods generated on the Go structs themselves (no conversion); ` + "`MarshalMsg(nil)`" + ` or into a reused buffer; deserialize: ` + "`UnmarshalMsg`" + ` into a new Go struct. msgp's default form: a struct is a map keyed by field name.
- **flatbuffers**: build the buffer from the Go struct with a reused ` + "`flatbuffers.Builder`" + ` (Reset).
- **flatbuffers-lazy**: read every field once through the generated accessors, without building a Go struct.
- **flatbuffers-full**: convert the whole buffer into a new Go struct, the job the other deserializers do.
- **json**, **gob**: ` + "`encoding/json`" + ` and ` + "`encoding/gob`" + ` (one Encoder/Decoder per message, so each gob payload carries its type descriptions).
- **ideal**, **ideal-reuse**: the practical speed limit, a hand-written encoder of a layout both sides know in advance (no framing, no type information, no field names): numbers fixed-width little-endian, strings and slices with a uvarint length, pointers with a presence byte; appending into a new buffer of the payload's size or a reused one. Deserialize: its hand-written decoder into a new Go struct, checking every length against the input left.
- **handwire**, **handwire-reuse** (shown as "fury wire, hand-written"; Sample, MediaContent, Struct, SmallStruct): plain Go appending exactly the bytes fury-gen writes in schema-consistent mode (framing taken once from the registered types, varints a byte at a time, strings as header and copy), into a new buffer of the payload's size or a reused one; the limit of fury's own format. Deserialize: its hand-written decoder of those bytes into a new Go struct, strings copied, every length checked.
- **handwire-compatible**, **handwire-compatible-reuse**: the same for the bytes fury-gen writes in compatible mode (the TypeDefs taken once from the registered types and appended as byte runs, the shared-meta markers of one message tracked by hand). Deserialize: its decoder of those bytes, each TypeDef checked byte for byte against its own.
- **mus**, **mus-reuse** (SmallStruct only): mus-go with a serializer written from its primitives as its README shows (no framing); ` + "`Size`" + `, then ` + "`Marshal`" + ` into a new or a reused buffer. Deserialize: **mus** copies the strings, **mus-unsafe** aliases them to the input.
- **fury-reflect**, **fury-gen**: fury's reflection path and generated code (cmd/furygen); ` + "`-compatible`" + ` is the compatible (schema evolution) mode, ` + "`-refs`" + ` reference tracking, ` + "`-reuse`" + ` a reused output buffer (` + "`MarshalAppend`" + `; fury-gen-compatible-reuse is the compatible mode's), ` + "`-alias`" + ` zero-copy reads (` + "`WithAliasInput(true)`" + `: decoded strings and ` + "`[]byte`" + ` point into the payload).

Each target says which entries it pairs (see the notes above each table of targets).
`

func main() {
	in := flag.String("csv", "", "benchstat -format csv output (required)")
	md := flag.String("md", "RESULTS.md", "Markdown report to write")
	svg := flag.String("svg", "results.svg", "SVG chart to write")
	chart := flag.String("chart-link", "results.svg", "link to the chart in the Markdown report")
	command := flag.String("command", "", "command that produced the measurements, quoted in the report")
	goVersion := flag.String("go", "", "Go version that ran the benchmarks, quoted in the report")
	load := flag.String("load", "", "load averages before and after the run, quoted in the report")
	flag.Parse()
	var meta []string
	if *goVersion != "" {
		meta = append(meta, "go: "+*goVersion)
	}
	if *load != "" {
		meta = append(meta, "load average: "+*load)
	}
	if err := run(*in, *md, *svg, *chart, *command, meta...); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

// run writes the report for the benchstat CSV in; meta lines are added to
// the environment list.
func run(in, md, svg, chart, command string, meta ...string) error {
	if in == "" {
		return errors.New("-csv is required")
	}
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := parse(f)
	if err != nil {
		return err
	}
	d.meta = append(d.meta, meta...)
	var sb strings.Builder
	if err := writeSVG(&sb, d); err != nil {
		return err
	}
	if err := os.WriteFile(svg, []byte(sb.String()), 0o644); err != nil {
		return err
	}
	sb.Reset()
	if err := writeMarkdown(&sb, d, command, chart); err != nil {
		return err
	}
	return os.WriteFile(md, []byte(sb.String()), 0o644)
}
