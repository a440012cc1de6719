// Command quickstart serializes a struct, reads it back, and shows the
// bytes: the smallest complete use of fury.
//
//	go run ./examples/quickstart
package main

import (
	"fmt"
	"log"
	"time"

	"github.com/fury-go/fury/fury"
)

// Order is an ordinary Go struct: no IDL, no generated types needed.
type Order struct {
	ID       int64
	Customer string
	Items    []Item
	Tags     map[string]string
	Placed   time.Time
	Note     *string // nullable
}

// Item is nested in Order.
type Item struct {
	SKU      string
	Quantity int32
	Price    float64
}

func main() {
	f := fury.New() // compatible mode (schema evolution), like the Python and Java peers
	// The names Python or Java register the same types under.
	must(f.RegisterTagType("example.Order", Order{}))
	must(f.RegisterTagType("example.Item", Item{}))

	in := &Order{
		ID: 42, Customer: "Ann",
		Items:  []Item{{"apple", 3, 0.5}, {"pear", 1, 0.75}},
		Tags:   map[string]string{"channel": "web"},
		Placed: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC),
	}
	data, err := f.Marshal(in)
	must(err)
	fmt.Printf("%d bytes: % x\n", len(data), data)

	var out Order
	must(f.Unmarshal(data, &out))
	fmt.Printf("typed:   %+v\n", out)

	var dyn any // any registered struct comes back as a pointer to it
	must(f.Unmarshal(data, &dyn))
	fmt.Printf("dynamic: %T\n", dyn)

	// Schema-consistent mode: smaller and faster, both sides must agree.
	g := fury.New(fury.WithCompatible(false))
	must(g.Register(Order{}, 1))
	must(g.Register(Item{}, 2))
	small, err := g.Marshal(in)
	must(err)
	fmt.Printf("schema-consistent: %d bytes\n", len(small))
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
