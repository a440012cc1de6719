package fury

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Go form of
//
//	message Dog { string name = 1; int32 age = 2; }
//	union Animal { Dog dog = 1; string note = 2; int32 count = 3; }
//	message UHolder { Animal pet = 1; int32 x = 2; list<Animal> pets = 3;
//	    optional Animal opt = 4; map<string, Animal> byname = 5; }
type uDog struct {
	Name string `fury:"id=1"`
	Age  int32  `fury:"id=2"`
}

type uAnimal interface{ isUAnimal() }

type uAnimalDog struct {
	Dog *uDog `fury:"id=1"`
}

type uAnimalNote struct {
	Note string `fury:"id=2"`
}

type uAnimalCount struct {
	Count int32 `fury:"id=3"`
}

func (*uAnimalDog) isUAnimal()   {}
func (*uAnimalNote) isUAnimal()  {}
func (*uAnimalCount) isUAnimal() {}

type uHolder struct {
	Pet    uAnimal            `fury:"id=1"`
	X      int32              `fury:"id=2"`
	Pets   []uAnimal          `fury:"id=3"`
	Opt    uAnimal            `fury:"id=4,nullable"`
	Byname map[string]uAnimal `fury:"id=5"`
}

// The ids foryc computes for demo.Animal, demo.Dog and demo.UHolder.
const (
	uAnimalID = 208640423
	uDogID    = 2864389152
	uHolderID = 3419533681
)

func newUnionFury(t testing.TB, opts ...Option) *Fury {
	f := New(append([]Option{WithCompactStrings(true)}, opts...)...)
	require.NoError(t, f.RegisterUnion((*uAnimal)(nil), uAnimalID, (*uAnimalDog)(nil), (*uAnimalNote)(nil), (*uAnimalCount)(nil)))
	require.NoError(t, f.Register(uDog{}, uDogID))
	require.NoError(t, f.Register(uHolder{}, uHolderID))
	return f
}

// TestUnionGolden: pyfory 1.7.7's bytes for foryc's Python of the schema
// above (Animal.dog(Dog("rex", 3)), ...), in both modes, with and without
// reference tracking, read and written by Go.
func TestUnionGolden(t *testing.T) {
	h1 := uHolder{Pet: &uAnimalDog{Dog: &uDog{Name: "rex", Age: 3}}, X: -1,
		Pets: []uAnimal{&uAnimalNote{Note: "a"}, &uAnimalCount{Count: 300}}, Byname: map[string]uAnimal{"k": &uAnimalNote{Note: "v"}}}
	h2 := uHolder{Pet: &uAnimalCount{Count: 1}, Opt: &uAnimalNote{Note: "o"}}
	for _, c := range []struct {
		compatible, ref bool
		h1, h2          string
	}{
		{false, false, "01ff1bf1e2c7de0c5ac52cd10101ff1ba0b8ecd50a62326ffa060c726578020c02ff15046103ff05d804fd012401046b02ff150476",
			"01ff1bf1e2c7de0c5ac52cd10003ff050200ff02ff15046f00"},
		{false, true, "01001bf1e2c7de0c5ac52cd10101001ba0b8ecd50a62326ffa060c726578020c02ff15046103ff05d804fd012401046b02ff150476",
			"01001bf1e2c7de0c5ac52cd10003ff050200ff02ff15046f00"},
		{true, false, "01ff1c001550d1155a90ba79c5f1e2c7de0cc805c421cc168401d221d4185484010101ff1c020af0a3abdf059770c2a0b8ecd50ac805c415060c726578020c02ff15046103ff05d804fd012401046b02ff150476",
			"01ff1c001550d1155a90ba79c5f1e2c7de0cc805c421cc168401d221d4185484010003ff050200ff02ff15046f00"},
		{true, true, "01001c001550d1155a90ba79c5f1e2c7de0cc805c421cc168401d221d4185484010101001c020af0a3abdf059770c2a0b8ecd50ac805c415060c726578020c02ff15046103ff05d804fd012401046b02ff150476",
			"01001c001550d1155a90ba79c5f1e2c7de0cc805c421cc168401d221d4185484010003ff050200ff02ff15046f00"},
	} {
		f := newUnionFury(t, WithCompatible(c.compatible), WithRefTracking(c.ref))
		for _, g := range []struct {
			v   uHolder
			hex string
		}{{h1, c.h1}, {h2, c.h2}} {
			data, err := f.Marshal(&g.v)
			require.NoError(t, err)
			assert.Equal(t, g.hex, hexOf(data), "compatible=%v ref=%v", c.compatible, c.ref)
			var got uHolder
			require.NoError(t, f.Unmarshal(unhex(t, g.hex), &got), "compatible=%v ref=%v", c.compatible, c.ref)
			want := g.v
			if want.Byname == nil {
				want.Byname = nil // an empty map field reads as nil (not nullable)
			}
			assert.Equal(t, want, got)
		}
	}
}

// TestUnionRootGolden: a union at the root is typed_union (34) and its id,
// then the case; named_union (35) with the names in schema-consistent mode.
func TestUnionRootGolden(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := newUnionFury(t, WithCompatible(compatible), WithRefTracking(true))
		for _, c := range []struct {
			v   uAnimal
			hex string
		}{
			{&uAnimalNote{Note: "hi"}, "010022a7b3be6302ff15086869"},
			{&uAnimalCount{Count: 7}, "010022a7b3be6303ff050e"},
		} {
			data, err := f.Marshal(&c.v)
			require.NoError(t, err)
			assert.Equal(t, c.hex, hexOf(data))
			data2, err := f.Marshal(c.v) // the wrapper itself travels as the union
			require.NoError(t, err)
			assert.Equal(t, c.hex, hexOf(data2))
			var got uAnimal
			require.NoError(t, f.Unmarshal(data, &got))
			assert.Equal(t, c.v, got)
			var v any
			require.NoError(t, f.Unmarshal(data, &v))
			assert.Equal(t, c.v, v, "interface{} gets the case's wrapper")
		}
	}
	// By name, schema-consistent mode: pyfory register_union(Animal, name="demo.Animal").
	f := New(WithCompatible(false), WithRefTracking(true), WithCompactStrings(true))
	require.NoError(t, f.RegisterNamedUnion((*uAnimal)(nil), "demo", "Animal", (*uAnimalDog)(nil), (*uAnimalNote)(nil), (*uAnimalCount)(nil)))
	const named = "010023 06010c8c70 0803 01a86016 02ff15086869"
	var v uAnimal = &uAnimalNote{Note: "hi"}
	data, err := f.Marshal(&v)
	require.NoError(t, err)
	assert.Equal(t, hexOf(unhex(t, named)), hexOf(data))
	var got uAnimal
	require.NoError(t, f.Unmarshal(unhex(t, named), &got))
	assert.Equal(t, v, got)
	// A list of named unions: pyfory writes each with a reference flag.
	list := unhex(t, "010016020923 06010c8c70 0803 01a86016 0002ff15086869 0003ff0502")
	var vs []uAnimal
	require.NoError(t, f.Unmarshal(list, &vs))
	assert.Equal(t, []uAnimal{&uAnimalNote{Note: "hi"}, &uAnimalCount{Count: 1}}, vs)
}

func TestUnionRoundTrip(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		for _, ref := range []bool{false, true} {
			f := newUnionFury(t, WithCompatible(compatible), WithRefTracking(ref))
			dog := &uDog{Name: "d"}
			in := uHolder{Pet: &uAnimalDog{Dog: dog}, Pets: []uAnimal{&uAnimalDog{Dog: dog}, &uAnimalNote{}},
				Opt: &uAnimalDog{}, Byname: map[string]uAnimal{"a": &uAnimalCount{Count: -5}}}
			data, err := f.Marshal(&in)
			require.NoError(t, err)
			var out uHolder
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Equal(t, in, out)
			var anyOut any
			require.NoError(t, f.Unmarshal(data, &anyOut))
			assert.Equal(t, &in, anyOut)
			// Unions in interface{} and list positions.
			data, err = f.Marshal([]any{&uAnimalNote{Note: "x"}, int32(3)})
			require.NoError(t, err)
			require.NoError(t, f.Unmarshal(data, &anyOut))
			assert.Equal(t, []any{&uAnimalNote{Note: "x"}, int32(3)}, anyOut)
		}
	}
}

func TestUnionErrors(t *testing.T) {
	f := newUnionFury(t, WithCompatible(false))
	// A nil union where a value is required.
	_, err := f.Marshal(&uHolder{})
	require.ErrorIs(t, err, ErrInvalidArgument)
	// An unknown case id, in a union field that is not the last one: an
	// error, never another field's value.
	good := unhex(t, "01ff1bf1e2c7de0c5ac52cd10003ff050200ff02ff15046f00")
	var h uHolder
	require.NoError(t, f.Unmarshal(good, &h))
	bad := append([]byte(nil), good...)
	bad[13] = 9 // case 9
	require.ErrorIs(t, f.Unmarshal(bad, &h), ErrInvalidData)
	// The case's value of another type than the case's.
	bad = append([]byte(nil), good...)
	bad[15] = 0x15 // string type where case 3 (int32) is
	require.Error(t, f.Unmarshal(bad, &h))
	// Registration errors.
	g := New()
	require.ErrorIs(t, g.RegisterUnion(uAnimalNote{}, 1, (*uAnimalNote)(nil)), ErrRegistration, "not an interface")
	require.ErrorIs(t, g.RegisterUnion((*uAnimal)(nil), 1), ErrRegistration, "no cases")
	require.ErrorIs(t, g.RegisterUnion((*uAnimal)(nil), 1, (*uDog)(nil)), ErrRegistration, "does not implement")
	type noID struct{ V int32 }
	require.ErrorIs(t, g.RegisterUnion((*any)(nil), 1, (*noID)(nil)), ErrRegistration, "empty interface")
	require.ErrorIs(t, g.RegisterUnion((*uAnimal)(nil), 1, (*uAnimalNote)(nil), (*uAnimalNote)(nil)), ErrRegistration)
	require.NoError(t, g.RegisterUnion((*uAnimal)(nil), 1, (*uAnimalNote)(nil)))
	require.NoError(t, g.RegisterUnion((*uAnimal)(nil), 1, (*uAnimalNote)(nil)), "the same registration again")
	require.ErrorIs(t, g.RegisterUnion((*uAnimal)(nil), 2, (*uAnimalNote)(nil)), ErrRegistration)
	require.ErrorIs(t, g.Register(uAnimalNote{}, 5), ErrRegistration, "a case is not a struct of its own")
}

// Value receivers: the interface holds the wrapper itself, and reads back
// as it.
type vShape interface{ area() float64 }

type vSquare struct {
	Side float64 `fury:"id=1"`
}

type vLabel struct {
	Text string `fury:"id=2"`
}

func (s vSquare) area() float64 { return s.Side * s.Side }
func (vLabel) area() float64    { return 0 }

type vHolder struct {
	S  vShape
	Ss []vShape
	N  vShape `fury:"nullable"`
}

func TestUnionValueReceivers(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := New(WithCompatible(compatible))
		require.NoError(t, f.RegisterNamedUnion((*vShape)(nil), "geo", "Shape", vSquare{}, vLabel{}))
		in := vHolder{S: vSquare{Side: 2}, Ss: []vShape{vLabel{Text: "x"}, vSquare{Side: 1}}}
		data, err := f.Marshal(&in)
		require.NoError(t, err)
		var out vHolder
		require.NoError(t, f.Unmarshal(data, &out))
		assert.Equal(t, in, out)
		assert.Equal(t, 4.0, out.S.area())
		var root vShape = vLabel{Text: "r"}
		data, err = f.Marshal(&root)
		require.NoError(t, err)
		var back vShape
		require.NoError(t, f.Unmarshal(data, &back))
		assert.Equal(t, root, back)
		// A pointer to a wrapper with value receivers travels as the case
		// too, and reads back in the registered (value) form.
		root = &vSquare{Side: 3}
		data, err = f.Marshal(&root)
		require.NoError(t, err)
		require.NoError(t, f.Unmarshal(data, &back))
		assert.Equal(t, vShape(vSquare{Side: 3}), back)
	}
}

// uHolderV1 is an older uHolder without the union fields.
type uHolderV1 struct {
	X int32 `fury:"id=2"`
}

// In compatible mode a reader without the union fields skips them; a
// struct read as a map of fields gets UnionValue for them.
func TestUnionEvolution(t *testing.T) {
	w := newUnionFury(t)
	in := uHolder{Pet: &uAnimalDog{Dog: &uDog{Name: "rex", Age: 3}}, X: 42,
		Pets: []uAnimal{&uAnimalNote{Note: "a"}}, Opt: &uAnimalCount{Count: 5}}
	data, err := w.Marshal(&in)
	require.NoError(t, err)

	r := New(WithCompactStrings(true))
	require.NoError(t, r.RegisterUnion((*uAnimal)(nil), uAnimalID, (*uAnimalDog)(nil), (*uAnimalNote)(nil), (*uAnimalCount)(nil)))
	require.NoError(t, r.Register(uDog{}, uDogID))
	require.NoError(t, r.Register(uHolderV1{}, uHolderID))
	var v1 uHolderV1
	require.NoError(t, r.Unmarshal(data, &v1))
	assert.Equal(t, uHolderV1{X: 42}, v1)

	// Nothing registered but the union's case type: the holder reads as a
	// map of its fields.
	m := New(WithCompactStrings(true))
	require.NoError(t, m.Register(uDog{}, uDogID))
	var any1 any
	require.NoError(t, m.Unmarshal(data, &any1))
	fields := any1.(map[string]any)
	assert.Equal(t, UnionValue{Case: 3, Value: int32(5)}, fields["4"])
	assert.Equal(t, UnionValue{Case: 1, Value: &uDog{Name: "rex", Age: 3}}, fields["1"])
}

type pkgShape interface{ isPkgShape() }

type pkgShapeA struct {
	A int64 `fury:"id=1"`
}

func (*pkgShapeA) isPkgShape() {}

// The package-level registration serves the package-level Marshal and
// Unmarshal, from many goroutines.
func TestUnionPackageLevel(t *testing.T) {
	require.NoError(t, RegisterUnion((*pkgShape)(nil), 9001, (*pkgShapeA)(nil)))
	require.NoError(t, RegisterNamedUnion((*uAnimal)(nil), "pkg", "Animal", (*uAnimalNote)(nil)))
	done := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			var err error
			for i := 0; i < 50 && err == nil; i++ {
				in := []pkgShape{&pkgShapeA{A: int64(g*1000 + i)}}
				var data []byte
				if data, err = Marshal(&in); err != nil {
					break
				}
				var out []pkgShape
				if err = Unmarshal(data, &out); err == nil && out[0].(*pkgShapeA).A != int64(g*1000+i) {
					err = errors.New("wrong value")
				}
			}
			done <- err
		}(g)
	}
	for g := 0; g < 8; g++ {
		require.NoError(t, <-done)
	}
}
