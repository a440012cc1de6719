// Command arrow exchanges rows with Arrow IPC files, the way data reaches
// pandas, DuckDB or Spark: it reads testdata/readings.arrow, which pyarrow
// wrote (testdata/gen_readings.py: dictionary-encoded names, nanosecond
// timestamps, a large_list, a string_view, columns in their own order),
// into Go values through rows, then writes its own readings to an IPC file
// and reads that back.
package main

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

// Reading is one row. Its row schema, inferred as pyfory infers one, is
// at, note, sensor, values: the file's columns are matched by name.
type Reading struct {
	Sensor string
	At     time.Time
	Values []float64
	Note   *string
}

//go:embed testdata/readings.arrow
var pyarrowFile []byte

// readFile converts every batch of an Arrow IPC file to values of T.
func readFile[T any](enc *row.Encoder[T], data []byte) ([]*T, error) {
	fr, err := ipc.NewFileReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer fr.Close()
	var batches []arrow.RecordBatch
	for i := range fr.NumRecords() {
		rec, err := fr.RecordBatchAt(i) // ours to release
		if err != nil {
			return nil, err
		}
		defer rec.Release()
		batches = append(batches, rec)
	}
	tbl := array.NewTableFromRecords(fr.Schema(), batches)
	defer tbl.Release()
	rows, err := rowarrow.FromTable(enc.Schema(), tbl)
	if err != nil {
		return nil, err
	}
	out := make([]*T, len(rows))
	for i, r := range rows {
		if out[i], err = enc.FromRow(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// writeFile writes values of T to an Arrow IPC file at path, in one batch.
func writeFile[T any](enc *row.Encoder[T], path string, vs []T) error {
	rows := make([]row.Row, len(vs))
	for i := range vs {
		r, err := enc.ToRow(&vs[i])
		if err != nil {
			return err
		}
		rows[i] = r
	}
	rec, err := rowarrow.ToRecordBatch(nil, enc.Schema(), rows)
	if err != nil {
		return err
	}
	defer rec.Release()
	var buf bytes.Buffer
	w, err := ipc.NewFileWriter(&buf, ipc.WithSchema(rec.Schema()))
	if err != nil {
		return err
	}
	if err := w.Write(rec); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func show(rs []*Reading) {
	for _, r := range rs {
		note := "-"
		if r.Note != nil {
			note = *r.Note
		}
		fmt.Printf("  %-6s %s %v %s\n", r.Sensor, r.At.Format(time.RFC3339Nano), r.Values, note)
	}
}

func main() {
	enc, err := row.NewEncoder[Reading]()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("row schema:")
	fmt.Println(enc.Schema())

	fmt.Println("read from pyarrow's file:")
	got, err := readFile(enc, pyarrowFile)
	if err != nil {
		log.Fatal(err)
	}
	show(got)

	dir, err := os.MkdirTemp("", "fury-arrow-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "readings.arrow")
	low := "battery low"
	mine := []Reading{
		{Sensor: "cellar", At: time.Date(2024, 6, 1, 10, 0, 0, 0, time.UTC), Values: []float64{12.25}},
		{Sensor: "attic", At: time.Date(2024, 6, 1, 10, 1, 0, 0, time.UTC), Values: []float64{}, Note: &low},
	}
	if err := writeFile(enc, path, mine); err != nil {
		log.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("read back from the file Go wrote:")
	back, err := readFile(enc, data)
	if err != nil {
		log.Fatal(err)
	}
	show(back)

	// A struct whose fields do not match the file's columns is refused
	// before any value is read, naming the column and both types.
	type Wrong struct {
		Sensor string
		At     time.Time
		Values []int64
		Note   *string
	}
	wrong, err := row.NewEncoder[Wrong]()
	if err != nil {
		log.Fatal(err)
	}
	_, err = readFile(wrong, pyarrowFile)
	fmt.Println("a mismatched struct:", errors.Is(err, fury.ErrSchemaMismatch))
	fmt.Println(" ", err)
}
