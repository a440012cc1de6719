package fury_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/fury-go/fury/fury"
)

type Person struct {
	Name    string
	Age     int32
	Emails  []string
	Friends map[string]int32
}

func Example() {
	f := fury.New()
	if err := f.RegisterTagType("example.Person", Person{}); err != nil {
		panic(err)
	}
	data, err := f.Marshal(&Person{Name: "Ann", Age: 30, Emails: []string{"ann@example.com"}})
	if err != nil {
		panic(err)
	}
	var p Person
	if err := f.Unmarshal(data, &p); err != nil {
		panic(err)
	}
	fmt.Println(p.Name, p.Age, p.Emails)
	// Output: Ann 30 [ann@example.com]
}

func ExampleMarshal() {
	data, err := fury.Marshal(map[string]int64{"answer": 42})
	if err != nil {
		panic(err)
	}
	var m map[string]int64
	if err := fury.Unmarshal(data, &m); err != nil {
		panic(err)
	}
	fmt.Println(m["answer"])
	// Output: 42
}

func ExampleFury_Unmarshal_interface() {
	f := fury.New()
	data, _ := f.Marshal([]any{int64(1), "two", 3.0, nil, time.Duration(5)})
	var v any
	if err := f.Unmarshal(data, &v); err != nil {
		panic(err)
	}
	fmt.Printf("%#v\n", v)
	// Output: []interface {}{1, "two", 3, interface {}(nil), 5}
}

type SomeClass struct {
	F1 *SomeClass        `fury:"ref"`
	F2 map[string]string `fury:"ref"`
	F3 map[string]string `fury:"ref"`
}

// Circular references: F1 points to the value itself and
// F3 shares F2's map. Under reference tracking a struct field is tracked
// when tagged ref, as the peers' SomeClass marks its fields (Java @Ref,
// pyfory field(ref=True)); WithTrackAllFields tracks every field instead.
func ExampleWithRefTracking_circularReferences() {
	f := fury.New(fury.WithRefTracking(true))
	if err := f.RegisterTagType("example.SomeClass", SomeClass{}); err != nil {
		panic(err)
	}
	value := &SomeClass{F2: map[string]string{"k1": "v1", "k2": "v2"}}
	value.F3 = value.F2
	value.F1 = value
	data, err := f.Marshal(value)
	if err != nil {
		panic(err)
	}
	var newValue any
	if err := f.Unmarshal(data, &newValue); err != nil {
		panic(err)
	}
	got := newValue.(*SomeClass)
	fmt.Println(got.F1 == got, got.F2["k1"])
	got.F2["k3"] = "v3"
	fmt.Println(got.F3["k3"])
	// Output:
	// true v1
	// v3
}

type Color int32

const (
	Red Color = iota
	Green
	Blue
)

func ExampleFury_Register() {
	type Pixel struct {
		X, Y  int32
		Color Color
	}
	f := fury.New(fury.WithCompatible(false))
	_ = f.Register(Pixel{}, 100)  // a struct by id
	_ = f.Register(Color(0), 101) // a named integer type becomes an enum
	data, _ := f.Marshal(Pixel{1, 2, Blue})
	var p Pixel
	_ = f.Unmarshal(data, &p)
	fmt.Println(p, len(data))
	// Output: {1 2 2} 11
}

func ExampleFury_RegisterTagType() {
	type SomeClass2 struct {
		F1 any
		F2 map[int8]int32
	}
	f := fury.New()
	_ = f.RegisterTagType("example.SomeClass2", SomeClass2{})
	data, _ := f.Marshal(&SomeClass2{F1: true, F2: map[int8]int32{-1: 2}})
	var v any
	_ = f.Unmarshal(data, &v)
	fmt.Printf("%+v\n", *v.(*SomeClass2))
	// Output: {F1:true F2:map[-1:2]}
}

// Schema evolution: a newer writer with an extra field, an older reader.
func ExampleWithCompatible() {
	type V1 struct{ Name string }
	type V2 struct {
		Name  string
		Email string
	}
	w, r := fury.New(fury.WithCompatible(true)), fury.New(fury.WithCompatible(true))
	_ = w.RegisterTagType("example.User", V2{})
	_ = r.RegisterTagType("example.User", V1{})
	data, _ := w.Marshal(V2{Name: "ann", Email: "a@x"})
	var old V1
	err := r.Unmarshal(data, &old)
	fmt.Println(old.Name, err)
	// Output: ann <nil>
}

// Writing for a pyfory reader in schema-consistent mode: a field whose
// struct type is registered by name goes with type info, as pyfory expects;
// the default leaves it out, as the spec, fory-core and Rust do. Readers
// take either form.
func ExampleWithPythonForms() {
	type Point struct{ X, Y int32 }
	type Line struct{ From, To Point }
	newFury := func(python bool) *fury.Fury {
		f := fury.New(fury.WithCompatible(false), fury.WithPythonForms(python))
		_ = f.RegisterTagType("geo.Point", Point{})
		_ = f.RegisterTagType("geo.Line", Line{})
		return f
	}
	forPython, _ := newFury(true).Marshal(Line{To: Point{3, 4}})
	byDefault, _ := newFury(false).Marshal(Line{To: Point{3, 4}})
	var a, b Line
	fmt.Println(len(byDefault) < len(forPython), newFury(false).Unmarshal(forPython, &a), a, newFury(true).Unmarshal(byDefault, &b), b)
	// Output: true <nil> {{0 0} {3 4}} <nil> {{0 0} {3 4}}
}

// Zero copy: large buffers travel out of band, beside the message.
func ExampleFury_Serialize() {
	f := fury.New()
	list := []any{"str", make([]byte, 1000), []int32{1, 2, 3}}
	var msg fury.Buffer
	var buffers [][]byte // shipped separately, in order
	err := f.Serialize(&msg, list, func(o fury.SerializedObject) bool {
		buffers = append(buffers, o.Bytes())
		return false // false: out of band
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("message:", msg.Len(), "bytes; out of band:", len(buffers[0]), "and", len(buffers[1]), "bytes")

	// The receiver passes the out-of-band buffers to Deserialize, each in
	// a Buffer (NewBuffer does not copy).
	var received []*fury.Buffer
	for _, b := range buffers {
		received = append(received, fury.NewBuffer(b))
	}
	var newList []any
	if err := f.Deserialize(&msg, &newList, received); err != nil {
		panic(err)
	}
	fmt.Println(newList[0], len(newList[1].([]byte)), newList[2])
	// Output:
	// message: 14 bytes; out of band: 1000 and 12 bytes
	// str 1000 [1 2 3]
}

// Messages written back to back into a Buffer are read one by one.
func ExampleBuffer() {
	f := fury.New()
	var buf fury.Buffer
	for _, s := range []string{"a", "bb", "ccc"} {
		if err := f.Serialize(&buf, s, nil); err != nil {
			panic(err)
		}
	}
	for buf.Len() > 0 {
		var s string
		if err := f.Deserialize(&buf, &s, nil); err != nil {
			panic(err)
		}
		fmt.Println(s, buf.Len(), "bytes left")
	}
	// Output:
	// a 13 bytes left
	// bb 7 bytes left
	// ccc 0 bytes left
}

func ExampleFury_MarshalAppend() {
	f := fury.New()
	buf := make([]byte, 0, 64)
	for _, s := range []string{"a", "bb"} {
		var err error
		buf, err = f.MarshalAppend(buf[:0], s) // reuses buf: no allocation
		if err != nil {
			panic(err)
		}
		fmt.Printf("% x\n", buf)
	}
	// Output:
	// 01 ff 15 06 61
	// 01 ff 15 0a 62 62
}

func ExampleErrDepthExceeded() {
	f := fury.New(fury.WithMaxDepth(10))
	var deep any = int64(1)
	for i := 0; i < 20; i++ {
		deep = []any{deep}
	}
	_, err := f.Marshal(deep)
	fmt.Println(errors.Is(err, fury.ErrDepthExceeded))
	// Output: true
}

func ExampleDate() {
	data, _ := fury.Marshal(fury.Date{Year: 2024, Month: time.February, Day: 29})
	var d fury.Date
	_ = fury.Unmarshal(data, &d)
	fmt.Println(d)
	// Output: 2024-02-29
}

func ExampleDecimal() {
	price, err := fury.ParseDecimal("19.90")
	if err != nil {
		panic(err)
	}
	data, _ := fury.Marshal(price) // Python reads Decimal('19.90'), Java BigDecimal 19.90
	var back any
	_ = fury.Unmarshal(data, &back)
	d := back.(fury.Decimal)
	fmt.Println(d, d.Unscaled, d.Scale)
	// Output: 19.90 1990 2
}

// Animal is an interface whose implementations are registered.
type Animal interface{ Sound() string }

type Dog struct{ Name string }

func (d Dog) Sound() string { return d.Name + ": woof" }

// NotFound is an error type with exported fields: it can travel.
type NotFound struct{ Key string }

func (e *NotFound) Error() string { return e.Key + " not found" }

type Reply struct {
	Pets []Animal
	Err  error
}

// Fields of interface types, error included, carry their dynamic values;
// registered implementations come back as the Go types they were written
// as.
func ExampleFury_Unmarshal_interfaceFields() {
	f := fury.New()
	_ = f.RegisterTagType("example.Reply", Reply{})
	_ = f.RegisterTagType("example.Dog", Dog{})
	_ = f.RegisterTagType("example.NotFound", NotFound{})
	data, err := f.Marshal(Reply{Pets: []Animal{Dog{Name: "Rex"}}, Err: &NotFound{Key: "cat"}})
	if err != nil {
		panic(err)
	}
	var r Reply
	if err := f.Unmarshal(data, &r); err != nil {
		panic(err)
	}
	var nf *NotFound
	fmt.Println(r.Pets[0].Sound(), errors.As(r.Err, &nf), r.Err)

	// errors.New values hold nothing exported: refused, not lost.
	_, err = f.Marshal(Reply{Err: errors.New("boom")})
	fmt.Println(errors.Is(err, fury.ErrUnsupportedType))
	// Output:
	// Rex: woof true cat not found
	// true
}

// Unmarshal replaces the destination, and a slice or map field that is not
// `fury:"nullable"` reads an empty value as nil.
func ExampleUnmarshal_replace() {
	type Doc struct {
		Title string
		Tags  []string
		Notes []string `fury:"nullable"`
	}
	data, _ := fury.Marshal(Doc{Title: "t", Tags: []string{}, Notes: []string{}})
	d := Doc{Title: "old", Tags: []string{"stale"}}
	if err := fury.Unmarshal(data, &d); err != nil {
		panic(err)
	}
	fmt.Println(d.Title, d.Tags == nil, d.Notes == nil, len(d.Notes))
	// Output: t true false 0
}

func ExampleWithCompactStrings() {
	for _, compact := range []bool{false, true} {
		f := fury.New(fury.WithCompactStrings(compact))
		data, err := f.Marshal("héllo")
		if err != nil {
			panic(err)
		}
		var back string
		if err := f.Unmarshal(data, &back); err != nil {
			panic(err)
		}
		fmt.Printf("compact %v: % x -> %s\n", compact, data, back)
	}
	// Output:
	// compact false: 01 ff 15 1a 68 c3 a9 6c 6c 6f -> héllo
	// compact true: 01 ff 15 14 68 e9 6c 6c 6f -> héllo
}
