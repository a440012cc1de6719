// Command zerocopy shows zero copy on both sides. Writing: out-of-band
// buffers, large []byte and primitive slices that leave the message as
// separate buffers (no copy into it), which the receiver passes back to
// Deserialize. Reading: fury.WithAliasInput(true), in which decoded
// strings and []byte point into the input instead of being copied out of
// it (the input must then outlive them and stay unchanged).
//
//	go run ./examples/zerocopy
package main

import (
	"fmt"
	"log"
	"strings"
	"unsafe"

	"github.com/fury-go/fury/fury"
)

// Document is a record with text and a blob.
type Document struct {
	Title string
	Tags  []string
	Body  []byte
}

func main() {
	outOfBand()
	aliasedReads()
}

func outOfBand() {
	f := fury.New()
	list := []any{"str", make([]byte, 1000), make([]int32, 100), make([]float64, 100)}

	// The sender: the message goes into msg, the slices its callback
	// returns false for into buffers, to be shipped beside it.
	var msg fury.Buffer
	var buffers [][]byte
	err := f.Serialize(&msg, list, func(o fury.SerializedObject) bool {
		buffers = append(buffers, o.Bytes())
		return false // out of band
	})
	if err != nil {
		log.Fatal(err)
	}
	total := 0
	for _, b := range buffers {
		total += len(b)
	}
	fmt.Printf("in-band message:     %d bytes\n", msg.Len())
	fmt.Printf("out-of-band buffers: %d, %d bytes in all\n", len(buffers), total)

	// The receiver: the message and the buffers, in the order they were
	// offered, each in a Buffer (NewBuffer does not copy).
	var received []*fury.Buffer
	for _, b := range buffers {
		received = append(received, fury.NewBuffer(b))
	}
	var newList []any
	if err := f.Deserialize(&msg, &newList, received); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("read back:           %q, []byte of %d, []int32 of %d, []float64 of %d\n",
		newList[0], len(newList[1].([]byte)), len(newList[2].([]int32)), len(newList[3].([]float64)))
}

func aliasedReads() {
	data, err := fury.Marshal(Document{Title: "zero copy", Tags: []string{"fury", "go"}, Body: []byte(strings.Repeat("x", 4096))})
	if err != nil {
		log.Fatal(err)
	}

	// The reader: strings and []byte are windows on data. data must stay
	// alive and unchanged while doc is in use.
	f := fury.New(fury.WithAliasInput(true))
	var doc Document
	if err := f.Unmarshal(data, &doc); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("aliased read:        %q %q, %d-byte body; title in data: %v, body in data: %v\n",
		doc.Title, doc.Tags, len(doc.Body), inside(unsafe.StringData(doc.Title), data), inside(&doc.Body[0], data))

	// What must outlive data is cloned.
	title := strings.Clone(doc.Title)
	fmt.Printf("cloned title in data: %v\n", inside(unsafe.StringData(title), data))
}

// inside reports whether p points into b.
func inside(p *byte, b []byte) bool {
	a, start := uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return a >= start && a < start+uintptr(len(b))
}
