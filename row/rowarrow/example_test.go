package rowarrow_test

import (
	"fmt"

	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

type Reading struct {
	Sensor string
	Values []float64
}

func ExampleToRecordBatch() {
	enc, _ := row.NewEncoder[Reading]()
	var rows []row.Row
	for _, v := range []Reading{{"a", []float64{1, 2}}, {"b", nil}} {
		r, _ := enc.ToRow(&v)
		rows = append(rows, r)
	}
	rec, err := rowarrow.ToRecordBatch(nil, enc.Schema(), rows)
	if err != nil {
		panic(err)
	}
	defer rec.Release()
	fmt.Println(rec.Schema())
	fmt.Println(rec.NumRows(), rec.Column(1))

	back, _ := rowarrow.FromRecordBatch(enc.Schema(), rec)
	v, _ := enc.FromRow(back[0])
	fmt.Println(v.Sensor, v.Values)
	// Output:
	// schema:
	//   fields: 2
	//     - sensor: type=utf8
	//     - values: type=list<item: float64, nullable>, nullable
	// 2 [[1 2] (null)]
	// a [1 2]
}
