package fury_test

import (
	"fmt"
	"strings"

	"github.com/fury-go/fury/fury"
)

// Zero-copy reads: the decoded strings and []byte are the input's own
// bytes, so the input must outlive them and must not change while they
// are in use. Here changing the input changes the decoded value; clone
// what must outlive the input.
func ExampleWithAliasInput() {
	data, err := fury.Marshal(Person{Name: "Ann", Emails: []string{"ann@example.com"}})
	if err != nil {
		panic(err)
	}
	f := fury.New(fury.WithAliasInput(true))
	var p Person
	if err := f.Unmarshal(data, &p); err != nil {
		panic(err)
	}
	kept := strings.Clone(p.Name)
	fmt.Println(p.Name, p.Emails)

	copy(data[strings.Index(string(data), "Ann"):], "Bob") // the input is reused...
	fmt.Println(p.Name, kept)                              // ...and the aliased string changes with it
	// Output:
	// Ann [ann@example.com]
	// Bob Ann
}
