// Command zerocopy shows out-of-band buffers: large []byte and primitive
// slices leave the message as separate buffers (no copy into it); the
// receiver passes them back to Deserialize.
//
//	go run ./examples/zerocopy
package main

import (
	"fmt"
	"log"

	"github.com/fury-go/fury/fury"
)

func main() {
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
	// offered.
	var newList []any
	if err := f.Deserialize(&msg, &newList, buffers); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("read back:           %q, []byte of %d, []int32 of %d, []float64 of %d\n",
		newList[0], len(newList[1].([]byte)), len(newList[2].([]int32)), len(newList[3].([]float64)))
}
