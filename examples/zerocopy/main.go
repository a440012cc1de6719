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
	f := fury.NewFury(true)
	list := []any{"str", make([]byte, 1000), make([]int32, 100), make([]float64, 100)}
	buf := fury.NewByteBuffer(nil)
	var serializedObjects []fury.SerializedObject
	err := f.Serialize(buf, list, func(o fury.SerializedObject) bool {
		serializedObjects = append(serializedObjects, o)
		return false // out of band
	})
	if err != nil {
		log.Fatal(err)
	}
	var newList []any
	var buffers []*fury.ByteBuffer
	for _, o := range serializedObjects {
		buffers = append(buffers, o.ToBuffer())
	}
	if err := f.Deserialize(buf, &newList, buffers); err != nil {
		log.Fatal(err)
	}
	total := 0
	for _, o := range serializedObjects {
		total += o.TotalBytes()
	}
	fmt.Printf("in-band message:     %d bytes\n", buf.Len())
	fmt.Printf("out-of-band buffers: %d, %d bytes in all\n", len(buffers), total)
	fmt.Printf("read back:           %q, []byte of %d, []int32 of %d, []float64 of %d\n",
		newList[0], len(newList[1].([]byte)), len(newList[2].([]int32)), len(newList[3].([]float64)))
}
