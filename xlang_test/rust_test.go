package xlang_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury"
)

// The Rust peer (crate fory 1.7.7, xlang_test/peers/rust) runs the shared
// cases plus its own rust_* cases (Rc/Arc sharing, RcWeak back edges,
// trait objects, Option fields). Cases it cannot express, and its known
// bugs, are labelled skips listed in rustNotes.

// rustPeer is the command line of the built Rust peer.
func rustPeer(root string) (*peer, error) {
	bin := filepath.Join(root, "xlang_test", "peers", "rust", "target", "debug", "xlang-peer")
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("rust peer: %v after setup", err)
	}
	return &peer{name: "rust", argv: []string{bin}}, nil
}

// peerCases is the case list run against one peer: the shared cases, and
// for Rust its own cases (filtered by XLANG_CASES like the shared ones)
// with its labelled skips attached.
func peerCases(t *testing.T, peerName string, shared []*xcase) []*xcase {
	if peerName != "rust" {
		return shared
	}
	own, _ := filterCases(t, rustCases())
	out := make([]*xcase, 0, len(shared)+len(own))
	for _, c := range append(append([]*xcase(nil), shared...), own...) {
		if n, ok := rustNotes[c.name]; ok {
			cc := *c
			cc.disagree = map[string]*disagreement{}
			for k, v := range c.disagree {
				cc.disagree[k] = v
			}
			cc.disagree["rust"] = n
			c = &cc
		}
		out = append(out, c)
	}
	return out
}

// rustSkip excuses every failure of a case against the Rust peer: Rust
// cannot express the value, or a Rust bug stops the exchange.
func rustSkip(label, note string) *disagreement {
	return &disagreement{note: note, label: label, any: true}
}

const (
	labelRustCannot = "RUST CANNOT EXPRESS THIS CASE (fory 1.7.7)"
	labelRustBug    = "KNOWN PEER BUG (Rust fory 1.7.7, not a Go failure)"
)

var (
	noteRustHetero = "fory 1.7.7's dynamically typed values (Box<dyn Any>) hold scalars, strings, registered " +
		"structs and enums but no container (a list, map or set inside a dynamic position), so a list holding a " +
		"list has no Rust type"
	noteRustOOB = "fory 1.7.7 has no out-of-band buffer API (no buffer callback on serialize, no buffers on " +
		"deserialize)"

	noteRustRcCollection = "fory 1.7.7 cannot read an Rc<VecDeque<i64>> or Rc<BTreeMap<..>> element, even from " +
		"its own bytes ('ID harness not found'); Go reads Rust's bytes (checked), Rust rejects every form"
	noteRustStrongCycle = "fory 1.7.7 cannot rebuild a cycle of strong Rc (a back edge to a node still being read: " +
		"'Rc reference 0 not found', also from its own bytes); Go reads Rust's graph (checked), Rust graphs need " +
		"RcWeak back edges (rust_weak_parent_*)"
	noteRustRcMapHash = "fory 1.7.7 fingerprints an Rc<BTreeMap> field with type id 0 (unknown) where the map's id " +
		"belongs (f2,0,1,0;), so its schema-consistent hash of SomeClass differs from pyfory's, fory-core's and " +
		"Go's; compatible mode (circular_ref_compat) exchanges the same graph"
	noteRustPlainVec = "a Vec<u8> or Vec<i32> field without #[fory(bytes)] / #[fory(array)] is a list in fory " +
		"1.7.7, and its compatible reader refuses the binary or int32_array Go writes for []byte / []int32 " +
		"('remote and local field schemas are not compatible'), where the spec asks readers to take array and list " +
		"for each other; Go reads Rust's list into []byte and []int32 (checked). With the attribute both pass " +
		"(probe_binary_*, sample_*)"
	noteRustSameType = "fory 1.7.7 reads only lists whose header has the same-type bit (one element type): Go's " +
		"[]any{nil, nil} read back from Rust's Vec<Option<String>> goes with a type per element (02 fd fd, legal in " +
		"the spec) and Rust refuses it ('local STRING vs remote UNKNOWN_TYPE'); the typed re-serialization passes"
)

// rustNotes labels the cases the Rust peer skips.
var rustNotes = map[string]*disagreement{
	"rust_plain_vec_u8_compat":  {note: noteRustPlainVec, label: labelRustBug, peerRejects: true},
	"rust_plain_vec_i32_compat": {note: noteRustPlainVec, label: labelRustBug, peerRejects: true},
	"ref_shared_list":           {note: noteRustRcCollection, label: labelRustBug, peerRejects: true},
	"ref_shared_map":            {note: noteRustRcCollection, label: labelRustBug, peerRejects: true},
	"ref_graph_sc":              {note: noteRustStrongCycle, label: labelRustBug, peerRejects: true},
	"ref_graph_compat":          {note: noteRustStrongCycle, label: labelRustBug, peerRejects: true},
	"circular_ref_sc":           {note: noteRustRcMapHash, label: labelRustBug, peerRejects: true, goCannotRead: true},
	"list_all_null":             {note: noteRustSameType, label: labelRustBug, peerRejects: true},
	"list_nested_mixed":         rustSkip(labelRustCannot, noteRustHetero),
	"ref_list_mixed":            rustSkip(labelRustCannot, noteRustHetero),
	"collections_empty":         rustSkip(labelRustCannot, noteRustHetero),
	"oob_buffers":               rustSkip(labelRustCannot, noteRustOOB),
	"oob_bytes_only":            rustSkip(labelRustCannot, noteRustOOB),
	"oob_mixed":                 rustSkip(labelRustCannot, noteRustOOB),
}

// Go mirrors of the Rust-only types (xlang_test/peers/rust/src/types.rs).
type (
	// RcPair is Rust's struct of two fields sharing one Rc<Point> (Rust
	// tracks Rc, Arc and RcWeak fields: Go's mirror says ref).
	// An Rc<T> field is not nullable (Option<Rc<T>> is): notnull.
	RcPair struct {
		A *Point `fury:"ref,notnull"`
		B *Point `fury:"ref,notnull"`
		C *Point `fury:"ref"`
	}
	// ArcPair is Rust's struct of two fields sharing one Arc<Point>.
	ArcPair struct {
		A *Point `fury:"ref,notnull"`
		B *Point `fury:"ref,notnull"`
	}
	// Parent holds children that point back to it (RcWeak in Rust).
	Parent struct {
		Name     string
		Children []*Child `fury:"elemref"` // Vec<Rc<Child>>: the elements are tracked, the field is not
	}
	// Child points back to its parent (an RcWeak in Rust).
	Child struct {
		Name   string
		Parent *Parent `fury:"ref"`
	}
	// Dog and Cat implement Rust's Animal trait.
	Dog struct{ Name, Breed string }
	Cat struct {
		Name  string
		Lives int32
	}
	// Zoo holds trait objects (Box<dyn Animal>).
	Zoo struct {
		Star   any
		Others []any
	}
	// Opts has an Option<T> of every kind of field.
	Opts struct {
		A *int32
		B *string
		C *Point
		D []string         `fury:"nullable"`
		E map[string]int32 `fury:"nullable"`
		F *Color
		G *float64
		H *time.Time
	}
	// Chrono mirrors Rust's chrono date, date-time and duration fields.
	Chrono struct {
		Day   fury.Date
		At    time.Time
		Took  time.Duration
		Maybe *fury.Date
	}
	// PlainBytes and PlainInts meet Rust's Vec<u8> and Vec<i32> fields
	// declared without #[fory(bytes)] / #[fory(array)].
	PlainBytes struct{ V []byte }
	PlainInts  struct{ V []int32 }
	// MapNulls has map fields with null values.
	MapNulls struct {
		M map[string]*int32
		N map[int32]*string
	}
)

var rustRegs = []reg{byID(Point{}, 102), byID(Color(0), 101), byID(RcPair{}, 120), byID(ArcPair{}, 121),
	byID(Parent{}, 122), byID(Child{}, 123), byID(Dog{}, 124), byID(Cat{}, 125), byID(Zoo{}, 126), byID(Opts{}, 127),
	byID(MapNulls{}, 128), byID(Chrono{}, 129),
	byID(PlainBytes{}, 130), byID(PlainInts{}, 131)}

// rustCases are the cases only the Rust peer has.
func rustCases() []*xcase {
	cs := []*xcase{
		{name: "rust_plain_vec_u8_compat", regs: rustRegs, value: PlainBytes{V: []byte{1, 2, 255}}},
		{name: "rust_plain_vec_i32_compat", regs: rustRegs, value: PlainInts{V: []int32{1, -2, 3}}},
	}
	for _, m := range modes {
		p := &Point{1, 2}
		cs = append(cs, &xcase{name: "rust_rc_shared_fields_" + m.suffix, sc: m.sc, ref: true, regs: rustRegs,
			value: &RcPair{A: p, B: p, C: &Point{3, 4}},
			check: func(got any) error {
				if v := got.(*RcPair); v == nil || v.A == nil || v.A != v.B {
					return fmt.Errorf("a and b are not the same point")
				}
				return nil
			}})
		q := &Point{5, 6}
		cs = append(cs, &xcase{name: "rust_arc_shared_fields_" + m.suffix, sc: m.sc, ref: true, regs: rustRegs,
			value: &ArcPair{A: q, B: q},
			check: func(got any) error {
				if v := got.(*ArcPair); v == nil || v.A == nil || v.A != v.B {
					return fmt.Errorf("a and b are not the same point")
				}
				return nil
			}})
		par := &Parent{Name: "p"}
		par.Children = []*Child{{Name: "c1", Parent: par}, {Name: "c2", Parent: par}}
		cs = append(cs, &xcase{name: "rust_weak_parent_" + m.suffix, sc: m.sc, ref: true, regs: rustRegs,
			value: par, check: checkParent})
		cs = append(cs, &xcase{name: "rust_trait_object_" + m.suffix, sc: m.sc, regs: rustRegs,
			value: Zoo{Star: &Dog{Name: "rex", Breed: "lab"}, Others: []any{&Cat{Name: "tom", Lives: 9},
				&Dog{Name: "fido"}}}})
		cs = append(cs, &xcase{name: "rust_option_some_" + m.suffix, sc: m.sc, regs: rustRegs,
			value: Opts{A: ptr(int32(-7)), B: ptr("b"), C: &Point{1, 2}, D: []string{"d1", "d2"},
				E: map[string]int32{"e": 5}, F: ptr(Blue), G: ptr(math.Copysign(0, -1)), H: ptr(time.Unix(1704164645, 0).UTC())}})
		cs = append(cs, &xcase{name: "rust_option_none_" + m.suffix, sc: m.sc, regs: rustRegs, value: Opts{}})
		cs = append(cs, &xcase{name: "rust_chrono_" + m.suffix, sc: m.sc, regs: rustRegs,
			value: Chrono{Day: fury.Date{Year: 2024, Month: 1, Day: 2}, At: time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC),
				Took: 90061*time.Second + 5*time.Microsecond, Maybe: &fury.Date{Year: 1960, Month: 6, Day: 15}}})
		cs = append(cs, &xcase{name: "rust_map_null_values_" + m.suffix, sc: m.sc, regs: rustRegs,
			value: MapNulls{M: map[string]*int32{"a": nil, "b": ptr(int32(2))}, N: map[int32]*string{1: ptr("x"), 2: nil}}})
	}
	return cs
}

func checkParent(got any) error {
	p, ok := got.(*Parent)
	if !ok || p == nil || len(p.Children) != 2 {
		return fmt.Errorf("got %T of the wrong shape", got)
	}
	for _, c := range p.Children {
		if c == nil || c.Parent != p {
			return fmt.Errorf("a child's parent is not the root")
		}
	}
	return nil
}

// checkSameBytes compares, case by case, the bytes Go writes for its value
// with the bytes the Rust peer writes for the same value: both write UTF-8
// strings and the same forms, so they must be identical unless
// rustBytesDiffer names a reason. Identical bytes are noted in the log; the
// result is a line for the summary.
func checkSameBytes(peerName string, cs []*xcase, fromPeer, fromGo string, results map[string]*[2]outcome) string {
	if peerName != "rust" {
		return ""
	}
	same, expected := 0, 0
	for _, c := range cs {
		o := &results[c.name][1]
		if len(o.errs) > 0 || c.disagree["rust"] != nil {
			continue
		}
		pb, _, err1 := readCaseFiles(fromPeer, c.name, "")
		gb, _, err2 := readCaseFiles(fromGo, c.name, "")
		if err1 != nil || err2 != nil {
			continue // reported by the round trip
		}
		switch why := rustBytesDiffer(c); {
		case bytes.Equal(pb, gb):
			same++
			o.logs = append(o.logs, "Go's bytes are Rust's, byte for byte")
		case why != "":
			expected++
			o.logs = append(o.logs, "Go's bytes differ from Rust's as expected: "+why)
		default:
			o.fail(failOther, "go and rust should write the same bytes for this value:\ngo:   %s\nrust: %s",
				hexDump(gb), hexDump(pb))
		}
	}
	return fmt.Sprintf("rust: Go's bytes are Rust's in %d cases, differ for a listed reason in %d", same, expected)
}

// rustBytesDiffer says why Go's bytes for a case may differ from Rust's,
// or "" when they must not.
func rustBytesDiffer(c *xcase) string {
	if why, ok := rustByteNotes[c.name]; ok {
		return why
	}
	if c.sc {
		for _, r := range c.regs {
			if r.name != "" {
				return "the by-name namespace's meta-string encoding: Go and pyfory pick lower_special (1), " +
					"Rust and fory-core all_to_lower_special (4), same data bytes"
			}
		}
	}
	if multiMap(reflect.ValueOf(c.writeValue("rust"))) {
		return "map entry order: Go writes a map in its iteration order, Rust's BTreeMap in key order"
	}
	return ""
}

// rustByteNotes are the cases whose bytes differ for a reason of their own.
var rustByteNotes = map[string]string{
	"float64_nan":      "NaN payload: Go's math.NaN() is 7ff8000000000001, Rust's f64::NAN 7ff8000000000000",
	"float64_array":    "NaN payload (see float64_nan)",
	"float64_extremes": "NaN payload (see float64_nan)",
	"scalars_sc":       "NaN payload (see float64_nan)",
	"scalars_compat":   "NaN payload (see float64_nan)",
	"ref_empty_children_sc": "before the tracked children field Rust writes ff (not null; a Vec is not tracked), " +
		"Go a reference id (00, which fory-core needs; see ref_empty_children)",
	"ref_empty_children_compat": "as ref_empty_children_sc",
	"rust_weak_parent_compat": "Rust's TypeDef marks the Vec<Rc<..>> children field tracked (header bit 0) while " +
		"writing it without a reference flag; Go's says untracked",
	"evolve_skip_complex": "Rust sends Point's TypeDef again (a new index) where Go refers to the one already " +
		"sent in the message",
}

// multiMap reports whether v holds a map of more than one entry.
func multiMap(v reflect.Value) bool {
	return multiMapSeen(v, map[unsafe.Pointer]bool{})
}

func multiMapSeen(v reflect.Value, seen map[unsafe.Pointer]bool) bool {
	switch v.Kind() {
	case reflect.Map:
		if v.Len() > 1 {
			return true
		}
		for it := v.MapRange(); it.Next(); {
			if multiMapSeen(it.Value(), seen) {
				return true
			}
		}
	case reflect.Pointer:
		if v.IsNil() || seen[v.UnsafePointer()] {
			return false
		}
		seen[v.UnsafePointer()] = true
		return multiMapSeen(v.Elem(), seen)
	case reflect.Interface:
		return !v.IsNil() && multiMapSeen(v.Elem(), seen)
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if multiMapSeen(v.Index(i), seen) {
				return true
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && multiMapSeen(v.Field(i), seen) {
				return true
			}
		}
	}
	return false
}
