package fury_test

import (
	"fmt"
	"math"
	"reflect"

	"github.com/fury-go/fury/fury"
)

// The custom types program of the Fury design article: SomeClass1 holds
// SomeClass2 and fields of most kinds; registered under the names the
// Python and Java programs use, its bytes can come from (or go to) them.
func Example_customTypes() {
	type SomeClass1 struct {
		F1  interface{}
		F2  string
		F3  []interface{}
		F4  map[int8]int32
		F5  int8
		F6  int16
		F7  int32
		F8  int64
		F9  float32
		F10 float64
		F11 []int16
		F12 fury.Int16Slice
	}
	type SomeClass2 struct {
		F1 interface{}
		F2 map[int8]int32
	}
	f := fury.NewFury(false)
	if err := f.RegisterTagType("example.SomeClass1", SomeClass1{}); err != nil {
		panic(err)
	}
	if err := f.RegisterTagType("example.SomeClass2", SomeClass2{}); err != nil {
		panic(err)
	}
	obj2 := &SomeClass2{}
	obj2.F1 = true
	obj2.F2 = map[int8]int32{-1: 2}
	obj := &SomeClass1{}
	obj.F1 = obj2
	obj.F2 = "abc"
	obj.F3 = []interface{}{"abc", "abc"}
	obj.F4 = map[int8]int32{1: 2}
	obj.F5 = math.MaxInt8
	obj.F6 = math.MaxInt16
	obj.F7 = math.MaxInt32
	obj.F8 = math.MaxInt64
	obj.F9 = 1.0 / 2
	obj.F10 = 1 / 3.0
	obj.F11 = []int16{1, 2}
	obj.F12 = []int16{-1, 4}
	bytes, err := f.Marshal(obj)
	if err != nil {
		panic(err)
	}
	var newValue interface{}
	// bytes can be data serialized by other languages.
	if err := f.Unmarshal(bytes, &newValue); err != nil {
		panic(err)
	}
	got := newValue.(*SomeClass1)
	fmt.Printf("%T %+v\n", got.F1, *got.F1.(*SomeClass2))
	fmt.Println(got.F2, got.F3, got.F4, got.F5, got.F6, got.F7, got.F8, got.F9, got.F10, got.F11, got.F12)
	fmt.Println(reflect.DeepEqual(obj, got))
	// Output:
	// *fury_test.SomeClass2 {F1:true F2:map[-1:2]}
	// abc [abc abc] map[1:2] 127 32767 2147483647 9223372036854775807 0.5 0.3333333333333333 [1 2] [-1 4]
	// true
}

// The circular reference program of the Fury design article: F1 points to
// the value itself and F3 shares F2's map. NewFury(true) tracks every
// field, so the fields need no tags, and the value comes back with the
// same shape.
func ExampleNewFury() {
	type SomeClass struct {
		F1 *SomeClass
		F2 map[string]string
		F3 map[string]string
	}
	f := fury.NewFury(true)
	if err := f.RegisterTagType("example.SomeClass", SomeClass{}); err != nil {
		panic(err)
	}
	value := &SomeClass{F2: map[string]string{"k1": "v1", "k2": "v2"}}
	value.F3 = value.F2
	value.F1 = value
	bytes, err := f.Marshal(value)
	if err != nil {
		panic(err)
	}
	var newValue interface{}
	// bytes can be data serialized by other languages.
	if err := f.Unmarshal(bytes, &newValue); err != nil {
		panic(err)
	}
	p := newValue.(*SomeClass)
	p.F2["k3"] = "v3" // seen through F3 too: one map
	fmt.Println("F1 is the value itself:", p.F1 == p)
	fmt.Println("F3 is F2:", p.F3["k3"] == "v3", p.F3)
	// Output:
	// F1 is the value itself: true
	// F3 is F2: true map[k1:v1 k2:v2 k3:v3]
}

// The zero-copy program of the Fury design article: the []byte travels
// out of band, beside the message, and the receiver passes it back to
// Deserialize in a ByteBuffer (the article's name for Buffer).
func ExampleSerializedObject_ToBuffer() {
	f := fury.NewFury(true)
	list := []interface{}{"str", make([]byte, 1000)}
	buf := fury.NewByteBuffer(nil)
	var serializedObjects []fury.SerializedObject
	if err := f.Serialize(buf, list, func(o fury.SerializedObject) bool {
		serializedObjects = append(serializedObjects, o)
		return false
	}); err != nil {
		panic(err)
	}
	var newList []interface{}
	var buffers []*fury.ByteBuffer
	for _, o := range serializedObjects {
		buffers = append(buffers, o.ToBuffer())
	}
	fmt.Println("message:", buf.Len(), "bytes; out of band:", buffers[0].Len(), "bytes")
	if err := f.Deserialize(buf, &newList, buffers); err != nil {
		panic(err)
	}
	fmt.Println(newList[0], len(newList[1].([]byte)))
	// Output:
	// message: 12 bytes; out of band: 1000 bytes
	// str 1000
}
