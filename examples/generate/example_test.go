package generate_test

import (
	"fmt"
	"time"

	"github.com/fury-go/fury/examples/generate"
	"github.com/fury-go/fury/fury"
)

func Example() {
	f := fury.New(fury.WithCompatible(false))
	for i, v := range []any{generate.Order{}, generate.LineItem{}, generate.Customer{}, generate.Status(0)} {
		if err := f.Register(v, uint32(100+i)); err != nil {
			panic(err)
		}
	}
	discount := 0.1
	order := generate.Order{
		ID:       42,
		Customer: generate.Customer{ID: 7, Name: "Ada", Email: "ada@example.com"},
		Items: []generate.LineItem{
			{SKU: "A-1", Quantity: 2, Price: 9.5},
			{SKU: "B-2", Quantity: 1, Price: 20, Discount: &discount},
		},
		Status:  generate.StatusPaid,
		Placed:  time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC),
		Tags:    []string{"gift"},
		Weights: []float32{0.5, 1.25},
	}
	data, err := f.Marshal(order)
	if err != nil {
		panic(err)
	}
	var back generate.Order
	if err := f.Unmarshal(data, &back); err != nil {
		panic(err)
	}
	fmt.Println("generated code in use:", f.GeneratedInUse(order))
	fmt.Println(back.Customer.Name, len(back.Items), back.Items[1].SKU, *back.Items[1].Discount, back.Status == generate.StatusPaid)
	// Output:
	// generated code in use: true
	// Ada 2 B-2 0.1 true
}
