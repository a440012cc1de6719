// Command schema shows the schema-first workflow: addressbook.fdl is the
// one definition of the types; furygen writes their Go form
// (addressbook_fdl.go: structs, enums, RegisterTypes with the type ids
// foryc computes) and the specialized code for them
// (addressbook_fdl_fury.go), while foryc writes the Python and Java forms
// from the same file. The program reads bytes the foryc-generated Python
// wrote, and round-trips a value of its own.
//
//	go generate ./examples/schema   # rewrites the two Go files
//	go run ./examples/schema
//	foryc examples/schema/addressbook.fdl --python_out py --java_out java
package main

import (
	"encoding/hex"
	"fmt"
	"log"
	"time"

	"github.com/fury-go/fury/fury"
)

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema addressbook.fdl

// fromPython is what this Python program printed, with the module foryc
// generates from addressbook.fdl (foryc addressbook.fdl --python_out .):
//
//	import datetime, pyfory, example_addressbook as ab
//	f = pyfory.Fory(xlang=True, ref=True, compatible=True)
//	ab.register_example_addressbook_types(f)
//	ada = ab.Person(name="Ada", id=1, email="ada@example.com",
//	    phones=[ab.Person.PhoneNumber(number="555-0100", type=ab.PhoneType.WORK)],
//	    last_updated=datetime.datetime(2024, 5, 1, 12, 0, tzinfo=datetime.timezone.utc),
//	    labels={"team": "compilers"})
//	print(f.serialize(ab.AddressBook(people=[ada], owner=ada)).hex())
const fromPython = "01001c000ae0f78a57d66b3ec2ed89a520c41671cb1c01091c02158082d8a4919045c6b8c3a4f10ec805c415ce15d01670d426d818545400020c416461ff3c616461406578616d706c652e636f6d01091c040aa06ee61cfa4d24c2ad9cdfd405c415c81900203535352d3031303002c02e32660000000000000000012401107465616d24636f6d70696c657273fe01"

func main() {
	f := fury.New(fury.WithRefTracking(true)) // as foryc's generated code configures its peers
	if err := RegisterTypes(f); err != nil {
		log.Fatal(err)
	}

	// Bytes from Python: the owner is the first person, shared.
	b, err := hex.DecodeString(fromPython)
	if err != nil {
		log.Fatal(err)
	}
	var book AddressBook
	if err := f.Unmarshal(b, &book); err != nil {
		log.Fatal(err)
	}
	ada := book.People[0]
	fmt.Printf("from Python: %s <%s>, %d phone(s), %s is a %v number, owner shared: %v\n",
		ada.Name, *ada.Email, len(ada.Phones), ada.Phones[0].Number, ada.Phones[0].Type, book.Owner == ada)

	// A value of our own, written as Python and Java read it.
	grace := &Person{Name: "Grace", Id: 2, LastUpdated: time.Date(2024, 6, 1, 9, 30, 0, 0, time.UTC),
		Phones: []*Person_PhoneNumber{{Number: "555-0199", Type: PhoneTypeMobile}},
		Labels: map[string]string{"team": "cobol"}}
	out, err := f.Marshal(&AddressBook{People: []*Person{ada, grace}, Owner: grace})
	if err != nil {
		log.Fatal(err)
	}
	var back AddressBook
	if err := f.Unmarshal(out, &back); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("round trip: %d people, owner %s (shared: %v), %d bytes\n",
		len(back.People), back.Owner.Name, back.Owner == back.People[1], len(out))
}

// String names a phone type.
func (t PhoneType) String() string {
	switch t {
	case PhoneTypeMobile:
		return "mobile"
	case PhoneTypeHome:
		return "home"
	case PhoneTypeWork:
		return "work"
	}
	return fmt.Sprintf("PhoneType(%d)", int32(t))
}
