package fury_test

import (
	"fmt"

	"github.com/fury-go/fury/fury"
)

// Shape is a union (FDL: union Shape { Circle circle = 1; string label = 2; }).
type Shape interface{ isShape() }

type Circle struct{ Radius float64 }

type Shape_Circle struct {
	Circle *Circle `fury:"id=1"`
}

type Shape_Label struct {
	Label string `fury:"id=2"`
}

func (*Shape_Circle) isShape() {}
func (*Shape_Label) isShape()  {}

type Drawing struct {
	Main   Shape   `fury:"id=1"`
	Others []Shape `fury:"id=2"`
}

// A union is an interface with a wrapper struct per case, as protobuf-go's
// oneofs; the case id is in the wrapper field's tag.
func ExampleFury_RegisterUnion() {
	f := fury.New()
	if err := f.RegisterUnion((*Shape)(nil), 100, (*Shape_Circle)(nil), (*Shape_Label)(nil)); err != nil {
		panic(err)
	}
	if err := f.Register(Circle{}, 101); err != nil {
		panic(err)
	}
	if err := f.Register(Drawing{}, 102); err != nil {
		panic(err)
	}
	in := Drawing{Main: &Shape_Circle{Circle: &Circle{Radius: 2}}, Others: []Shape{&Shape_Label{Label: "sun"}}}
	data, err := f.Marshal(&in)
	if err != nil {
		panic(err)
	}
	var out Drawing
	if err := f.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	switch s := out.Main.(type) {
	case *Shape_Circle:
		fmt.Println("circle of radius", s.Circle.Radius)
	case *Shape_Label:
		fmt.Println("label", s.Label)
	}
	fmt.Println(out.Others[0].(*Shape_Label).Label)
	// Output:
	// circle of radius 2
	// sun
}

func ExampleFloat16Of() {
	h := fury.Float16Of(0.1) // the nearest half-precision number
	fmt.Println(h, h.Float32() == 0.099975586)
	fmt.Println(fury.Float16Of(70000), fury.BFloat16Of(70000)) // beyond float16's range; bfloat16 has float32's
	// Output:
	// 0.099975586 true
	// +Inf 70144
}

type TreeNode struct {
	Name     string
	Parent   *TreeNode
	Children []*TreeNode
}

// Under reference tracking, struct fields are tracked when tagged ref, as
// in the other languages; WithTrackAllFields tracks every field, for Go-only
// graphs such as this tree whose children point back at their parent.
func ExampleWithTrackAllFields() {
	f := fury.New(fury.WithRefTracking(true), fury.WithTrackAllFields(true))
	root := &TreeNode{Name: "root"}
	root.Children = []*TreeNode{{Name: "a", Parent: root}, {Name: "b", Parent: root}}
	data, err := f.Marshal(root)
	if err != nil {
		panic(err)
	}
	var out *TreeNode
	if err := f.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	fmt.Println(out.Children[1].Parent == out, out.Children[0].Parent.Name)

	_, err = fury.New(fury.WithRefTracking(true)).Marshal(root) // no field tracked: the cycle is too deep
	fmt.Println(err != nil)
	// Output:
	// true root
	// true
}
