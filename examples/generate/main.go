package main

import (
	"fmt"
	"log"
	"time"

	"github.com/fury-go/fury/fury"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	f := fury.New(fury.WithCompatible(false))
	for i, v := range []any{Order{}, LineItem{}, Customer{}, Status(0)} {
		if err := f.Register(v, uint32(100+i)); err != nil {
			return err
		}
	}
	discount := 0.1
	order := Order{
		ID:       42,
		Customer: Customer{ID: 7, Name: "Ada", Email: "ada@example.com"},
		Items: []LineItem{
			{SKU: "A-1", Quantity: 2, Price: 9.5},
			{SKU: "B-2", Quantity: 1, Price: 20, Discount: &discount},
		},
		Status:  StatusPaid,
		Placed:  time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC),
		Tags:    []string{"gift"},
		Weights: []float32{0.5, 1.25},
	}
	data, err := f.Marshal(order)
	if err != nil {
		return err
	}
	var back Order
	if err := f.Unmarshal(data, &back); err != nil {
		return err
	}
	fmt.Println("generated code in use:", f.GeneratedInUse(order))
	fmt.Println("encoded size:", len(data), "bytes")
	fmt.Println("customer:", back.Customer.Name)
	fmt.Println("items:", len(back.Items), "second:", back.Items[1].SKU, "discount", *back.Items[1].Discount)
	fmt.Println("status paid:", back.Status == StatusPaid)
	return nil
}
