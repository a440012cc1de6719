// Command xlangpeer is the Go side of the Arrow cross-language test
// (xlang_test/arrow_test.go; the Python side is
// xlang_test/peers/python/arrow_peer.py):
//
//	xlangpeer PYDIR GODIR
//
// reads every case pyarrow wrote to PYDIR into rows of the case's Go type
// with package rowarrow, compares the values with the ones the case
// expects, and writes the rows back to GODIR/<case>.arrow (an IPC file)
// for the Python side to compare; a case pyarrow wrote to be refused (a
// column of another type, an extra or a missing column) must give an
// error naming the column and both types. It prints "PASS <case>" or
// "FAIL <case>: <reason>" per case and exits 1 if any failed.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/google/go-cmp/cmp"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

// The Go mirrors of arrow_peer.py's tables (fields sorted by name, as the
// row schema orders them).

type dictCase struct {
	Cat  *string
	ID   int64
	Name string
	Tag  []byte
}

type viewsCase struct {
	B    []byte
	OptS *string
	S    string
}

type largeCase struct {
	B  []byte
	L  []int64
	LL [][]string
	S  string
}

type listViewCase struct {
	L  []int32
	Ls []string
}

type point struct{ X, Y int32 }

type fixedSizeListCase struct {
	Pts []point
	V   []float64
}

type nullColumnCase struct {
	ID      int64
	Missing *string
}

type chunkedCase struct {
	ID   int64
	Name string
}

type leaf struct {
	ID   int32
	Name *string
}

type reorderedCase struct {
	A, B int64
	Leaf leaf
	S    string
}

type item struct {
	Qty int32
	Sku string
}

type order struct {
	Blob   []byte
	Day    fury.Date
	ID     int64
	Items  []item
	Note   *string
	Placed time.Time
	Ratio  float64
	Tags   map[string]item
}

type nestedItem struct {
	Qty *int32
	Sku *string
}

type nestedInner struct {
	W []*string
	Z *int64
}

type nestedOuter struct {
	Inner *nestedInner
	Label *string
}

type nestedCase struct {
	BySku map[string]*nestedItem
	ID    int64
	Items []*nestedItem
	Outer *nestedOuter
}

type emptyBatchesCase struct {
	ID    int64
	Items []item
	Name  string
}

func sp(s string) *string { return &s }

func i32p(v int32) *int32 { return &v }

func i64p(v int64) *int64 { return &v }

const long = "a string longer than twelve bytes, kept out of line"

type xcase struct {
	name string
	// run reads the case's file from pyDir and writes Go's to goDir.
	run func(pyDir, goDir string) error
}

// inferred is what reading a case with the schema FromArrowSchema infers
// gives.
type inferred int

const (
	sameBytes  inferred = iota // the file's columns are in the row schema's order: the same rows
	otherOrder                 // the rows, their fields in the file's order
	refused                    // an error wrapping fury.ErrUnsupportedType (a null column)
)

// newCase is a case of Go type T whose pyarrow file holds want. Go writes
// back the rows it read, or, with opts, the values of want (the concat
// case: a Go batch of its own).
func newCase[T any](name string, want []T, infer inferred, opts ...rowarrow.Option) xcase {
	return xcase{name: name, run: func(pyDir, goDir string) error {
		enc, err := row.NewEncoder[T]()
		if err != nil {
			return err
		}
		s := enc.Schema()
		rows, err := readRows(pyDir, name, s)
		if err != nil {
			return err
		}
		if len(rows) != len(want) {
			return fmt.Errorf("%d rows, want %d", len(rows), len(want))
		}
		for i, r := range rows {
			got, err := enc.FromRow(r)
			if err != nil {
				return fmt.Errorf("row %d: %v", i, err)
			}
			if d := cmp.Diff(&want[i], got); d != "" {
				return fmt.Errorf("row %d (-want +got):\n%s", i, d)
			}
		}
		inf, err := readRows(pyDir, name, nil)
		switch {
		case infer == refused:
			if !errors.Is(err, fury.ErrUnsupportedType) {
				return fmt.Errorf("with the inferred schema: %v, want an error wrapping fury.ErrUnsupportedType", err)
			}
		case err != nil:
			return fmt.Errorf("with the inferred schema: %v", err)
		case len(inf) != len(rows):
			return fmt.Errorf("with the inferred schema: %d rows, want %d", len(inf), len(rows))
		case infer == sameBytes:
			for i := range rows {
				if !bytes.Equal(rows[i].Bytes(), inf[i].Bytes()) {
					return fmt.Errorf("row %d: the inferred schema %v gives other bytes than %v", i, inf[i].Schema(), s)
				}
			}
		}
		if len(opts) > 0 {
			rows = rows[:0]
			for i := range want {
				r, err := enc.ToRow(&want[i])
				if err != nil {
					return err
				}
				rows = append(rows, r)
			}
		}
		return writeRows(filepath.Join(goDir, name+".arrow"), s, rows, opts...)
	}}
}

// refusedCase is a case whose pyarrow file does not fit T's row schema:
// reading it is an error wrapping fury.ErrSchemaMismatch whose message
// holds each of wants (the column's path and both types).
// Go writes nothing back.
func refusedCase[T any](name string, wants ...string) xcase {
	return xcase{name: name, run: func(pyDir, _ string) error {
		enc, err := row.NewEncoder[T]()
		if err != nil {
			return err
		}
		rows, err := readRows(pyDir, name, enc.Schema())
		if err == nil {
			return fmt.Errorf("read %d rows, want an error wrapping fury.ErrSchemaMismatch", len(rows))
		}
		if !errors.Is(err, fury.ErrSchemaMismatch) {
			return fmt.Errorf("error %q does not wrap fury.ErrSchemaMismatch", err)
		}
		for _, w := range wants {
			if !strings.Contains(err.Error(), w) {
				return fmt.Errorf("error %q does not say %q", err, w)
			}
		}
		return nil
	}}
}

// readRows reads pyDir/<name>.arrow (an IPC file, through FromTable) or
// pyDir/<name>.arrows (an IPC stream, through FromRecordReader).
func readRows(pyDir, name string, s *row.Schema) ([]row.Row, error) {
	if data, err := os.ReadFile(filepath.Join(pyDir, name+".arrows")); err == nil {
		rdr, err := ipc.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		defer rdr.Release()
		return rowarrow.FromRecordReader(s, rdr)
	}
	data, err := os.ReadFile(filepath.Join(pyDir, name+".arrow"))
	if err != nil {
		return nil, err
	}
	fr, err := ipc.NewFileReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer fr.Close()
	var recs []arrow.RecordBatch
	for i := range fr.NumRecords() {
		rec, err := fr.RecordBatchAt(i)
		if err != nil {
			return nil, err
		}
		defer rec.Release()
		recs = append(recs, rec)
	}
	tbl := array.NewTableFromRecords(fr.Schema(), recs)
	defer tbl.Release()
	return rowarrow.FromTable(s, tbl)
}

func writeRows(path string, s *row.Schema, rows []row.Row, opts ...rowarrow.Option) error {
	rec, err := rowarrow.ToRecordBatch(memory.DefaultAllocator, s, rows, opts...)
	if err != nil {
		return err
	}
	defer rec.Release()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w, err := ipc.NewFileWriter(f, ipc.WithSchema(rec.Schema()))
	if err != nil {
		f.Close()
		return err
	}
	if err := w.Write(rec); err != nil {
		f.Close()
		return err
	}
	if err := w.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func cases() []xcase {
	utc := time.UTC
	return []xcase{
		newCase("dictionary", []dictCase{
			{Cat: sp("x"), ID: 0, Name: "red", Tag: []byte("bb")},
			{ID: 1, Name: "green", Tag: []byte("a")},
			{Cat: sp("y"), ID: 2, Name: "red", Tag: []byte("bb")},
			{Cat: sp("x"), ID: 3, Name: "blue", Tag: []byte("bb")},
			{ID: 4, Name: "green", Tag: []byte("a")},
			{Cat: sp("x"), ID: 5, Name: "red", Tag: []byte{}},
		}, sameBytes),
		newCase("views", []viewsCase{
			{B: []byte{}, S: ""},
			{B: []byte{0, 1}, OptS: sp("x"), S: "short"},
			{B: []byte(long), OptS: sp(long), S: long},
		}, sameBytes),
		newCase("large", []largeCase{
			{B: []byte{0xff}, L: []int64{1, 2, 3}, LL: [][]string{{"a"}, {}}, S: "héllo"},
			{B: []byte{}, L: []int64{}, LL: [][]string{{"b", "c"}}, S: ""},
		}, sameBytes),
		newCase("list_view", []listViewCase{
			{L: []int32{14, 15}, Ls: []string{"a", "b"}},
			{L: []int32{10, 11, 12}},
			{L: []int32{}, Ls: []string{}},
			{L: []int32{11, 12}, Ls: []string{"c"}},
		}, sameBytes),
		newCase("fixed_size_list", []fixedSizeListCase{
			{Pts: []point{{1, 2}, {3, 4}}, V: []float64{0.5, 1.5, 2.5}},
			{Pts: []point{{5, 6}, {7, 8}}, V: []float64{-1, 0, 1}},
		}, sameBytes),
		newCase("null_column", []nullColumnCase{{ID: 1}, {ID: 2}}, refused),
		newCase("chunked", []chunkedCase{{0, "a"}, {1, "b"}, {2, "c"}, {3, "c"}, {4, "d"}}, sameBytes),
		newCase("reordered", []reorderedCase{
			{A: 0, B: 1000, Leaf: leaf{ID: 7, Name: sp("n0")}, S: "x"},
			{A: 1, B: 2000, Leaf: leaf{ID: 8}, S: "y"},
		}, otherOrder),
		newCase("nested", []nestedCase{
			{BySku: map[string]*nestedItem{"k": {Qty: i32p(3), Sku: sp("s")}, "n": nil}, ID: 1,
				Items: []*nestedItem{{Qty: i32p(1), Sku: sp("a")}, nil, {Qty: i32p(2)}},
				Outer: &nestedOuter{Inner: &nestedInner{W: []*string{sp("x"), nil}, Z: i64p(1)}, Label: sp("l")}},
			{ID: 2},
			{BySku: map[string]*nestedItem{}, ID: 3, Items: []*nestedItem{}, Outer: &nestedOuter{}},
		}, otherOrder),
		newCase("empty_batches", []emptyBatchesCase{
			{ID: 0, Items: []item{{0, "a"}}, Name: "a"},
			{ID: 1, Items: []item{{1, "b"}}, Name: "b"},
			{ID: 2, Items: []item{{2, "c"}}, Name: "c"},
		}, otherOrder),
		newCase("empty", []nestedCase{}, otherOrder),
		refusedCase[nestedCase]("bad_type", "column items[].qty: Arrow type int64, row type int32"),
		refusedCase[nestedCase]("bad_type_empty", "column items[].qty: Arrow type int64, row type int32"),
		refusedCase[nestedCase]("extra_column", "column note: Arrow type utf8, not in the row schema"),
		refusedCase[nestedCase]("missing_column", "column outer: no Arrow field of that name for row type struct<"),
		newCase("concat", []order{
			{Blob: []byte{1}, Day: fury.Date{Year: 2024, Month: 2, Day: 29}, ID: 1, Items: []item{{2, "a-1"}, {1, "b-2"}},
				Placed: time.Date(2024, 2, 29, 12, 34, 56, 789012000, utc), Ratio: 0.5, Tags: map[string]item{"k": {3, "c"}}},
			{Blob: []byte("xyz"), Day: fury.Date{Year: 1969, Month: 12, Day: 31}, ID: -2, Items: []item{}, Note: sp("rush"),
				Placed: time.Date(1960, 1, 1, 0, 0, 0, 0, utc), Ratio: -1.25, Tags: map[string]item{}},
		}, sameBytes, rowarrow.PyforyNullability()),
	}
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: xlangpeer PYDIR GODIR")
		os.Exit(2)
	}
	failed := false
	for _, c := range cases() {
		if err := c.run(os.Args[1], os.Args[2]); err != nil {
			failed = true
			fmt.Printf("FAIL %s: %s\n", c.name, bytes.ReplaceAll([]byte(err.Error()), []byte("\n"), []byte(" | ")))
			continue
		}
		fmt.Printf("PASS %s\n", c.name)
	}
	if failed {
		os.Exit(1)
	}
}
