package row_test

import (
	"fmt"
	"time"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

type Item struct {
	SKU   string
	Price float64
}

type Order struct {
	ID      int64
	Placed  time.Time
	Items   []Item
	Tags    map[string]string
	Comment *string
}

func Example() {
	enc, err := row.NewEncoder[Order]()
	if err != nil {
		panic(err)
	}
	fmt.Println(enc.Schema())

	order := Order{ID: 7, Placed: time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC),
		Items: []Item{{"a-1", 9.5}, {"b-2", 20}}, Tags: map[string]string{"rush": "yes"}}
	data, err := enc.Encode(&order)
	if err != nil {
		panic(err)
	}
	back, err := enc.Decode(data)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.ID, back.Placed, back.Items, back.Tags, back.Comment)
	// Output:
	// comment: utf8
	// id: int64 not null
	// items: list<struct<price: double not null, sku: utf8 not null>>
	// placed: timestamp not null
	// tags: map<utf8, utf8>
	// 7 2024-05-01 12:00:00 +0000 UTC [{a-1 9.5} {b-2 20}] map[rush:yes] <nil>
}

func ExampleNewRow() {
	enc, _ := row.NewEncoder[Order]()
	data, _ := enc.Encode(&Order{ID: 7, Items: []Item{{"a-1", 9.5}, {"b-2", 20}}})

	// Read the price of the second item without decoding the order.
	s := enc.Schema()
	r, err := row.NewRow(s, data[row.HashSize:])
	if err != nil {
		panic(err)
	}
	items, _ := r.Array(s.FieldIndex("items"))
	item, _ := items.Struct(1)
	price, _ := item.Float64(item.Schema().FieldIndex("price"))
	fmt.Println(items.Len(), price, r.IsNullAt(s.FieldIndex("comment")))
	_, err = r.String(s.FieldIndex("comment"))
	fmt.Println(err)
	// Output:
	// 2 20 true
	// row: value is null: field 0 "comment"
}

// A Row, Array or Map prints its values by field name.
func ExampleRow_Format() {
	enc, _ := row.NewEncoder[Order]()
	r, err := enc.ToRow(&Order{ID: 7, Placed: time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC),
		Items: []Item{{"a-1", 9.5}, {"b-2", 20}}, Tags: map[string]string{"rush": "yes"}})
	if err != nil {
		panic(err)
	}
	fmt.Println(r)
	items, _ := r.Array(enc.Schema().FieldIndex("items"))
	fmt.Printf("%#v\n", items)
	// A getter's error names the field and the bounds.
	_, err = r.Int64(enc.Schema().FieldIndex("ID")) // field names are snake_case: "id"
	fmt.Println(err)
	// Output:
	// {comment: null, id: 7, items: [{price: 9.5, sku: "a-1"}, {price: 20, sku: "b-2"}], placed: 2024-05-01T12:00:00Z, tags: {"rush": "yes"}}
	// row.Array(list<struct<price: double not null, sku: utf8 not null>>)[{price: 9.5, sku: "a-1"}, {price: 20, sku: "b-2"}]
	// row: invalid argument: field index -1 out of range [0,5) of struct<comment: utf8, id: int64 not null, items: list<struct<price: double not null, sku: utf8 not null>>, placed: timestamp not null, tags: map<utf8, utf8>>
}

func ExampleBuild() {
	s := row.NewSchema(
		row.Field{Name: "day", Type: row.Date()},
		row.Field{Name: "counts", Type: row.ListOf(row.Int32()), Nullable: true},
	)
	r, err := row.Build(s, []any{fury.Date{Year: 2024, Month: 2, Day: 29}, []any{int32(1), nil, int32(3)}})
	if err != nil {
		panic(err)
	}
	day, _ := r.Date(0)
	counts, _ := r.Array(1)
	fmt.Println(day, counts.Len(), counts.IsNullAt(1))
	vals, _ := r.Values()
	fmt.Println(vals)
	// Output:
	// 2024-02-29 3 true
	// [2024-02-29 [1 <nil> 3]]
}

func ExampleSchema_Hash() {
	type Point struct{ X, Y int32 }
	enc, _ := row.NewEncoder[Point]()
	// 17*31 + 4 (int32), then *31 + 4 again.
	fmt.Println(enc.Schema().Hash(), (17*31+4)*31+4)
	// Output: 16465 16465
}
