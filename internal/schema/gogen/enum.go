package gogen

import (
	"math"

	"github.com/fury-go/fury/internal/schema"
)

// negativeValue returns the first negative value of enum d, or nil.
func negativeValue(d *schema.Decl) *schema.EnumValue {
	for _, v := range d.Values {
		if v.Value < 0 {
			return v
		}
	}
	return nil
}

// enum writes the Go form of enum d: a named int32 with a constant per
// value.
//
// What travels is a varuint32 per value. An enum whose values are all
// non-negative travels as its values (pyfory, Java and this package agree).
// One with a negative value cannot: pyfory 1.7.7 then writes every value of
// the enum as its declaration index (0, 1, 2, ...), and Rust's fory 1.7.7
// writes the declaration index of every unit enum; Java's fory-core 1.6.0
// refuses to register it ("out-of-range id"). So the Go constants of such an
// enum are the declaration indexes, which fury writes as they are, and the
// generated Number method and <Enum>FromNumber function map them to and from
// the schema's values.
func (g *gen) enum(d *schema.Decl, name string) {
	for _, v := range d.Values {
		if v.Value < math.MinInt32 || v.Value > math.MaxInt32 {
			g.errorf(v.Pos, "enum value %s = %d is outside int32, the range of an enum's values in every Fory language; give it a value from -2^31 to 2^31-1", v.Name, v.Value)
		}
	}
	neg := negativeValue(d)
	g.p("\n// %s is enum %s (%s).", name, d.QualifiedName(), g.idComment(d))
	if neg != nil {
		g.p("\n//\n// The schema gives it a negative value (%s = %d), so, as pyfory and Rust\n", neg.Name, neg.Value)
		g.p("// write it, each value travels as its declaration index: the constants\n")
		g.p("// are those indexes. Number returns the value the schema gives a constant,\n")
		g.p("// %sFromNumber the constant of a schema value. (Java's fory-core 1.6.0\n", name)
		g.p("// refuses to register an enum with a negative value.)")
	}
	g.p("\ntype %s int32\n\nconst (\n", name)
	for i, v := range d.Values {
		c := name + pascal(stripEnumPrefix(d.Name, v.Name))
		if neg != nil {
			g.p("\t%s %s = %d // %s = %d in the schema\n", c, name, i, v.Name, v.Value)
		} else {
			g.p("\t%s %s = %d\n", c, name, v.Value)
		}
	}
	g.p(")\n")
	if neg == nil {
		return
	}
	from := name + "FromNumber"
	g.declare(from, d.Pos, "enum "+d.Path()+"'s FromNumber function")
	g.p("\n// Number returns the value the schema gives x, and false when x is not\n// a constant of %s.\n", name)
	g.p("func (x %s) Number() (int32, bool) {\n\tswitch x {\n", name)
	for _, v := range d.Values {
		g.p("\tcase %s:\n\t\treturn %d, true\n", name+pascal(stripEnumPrefix(d.Name, v.Name)), v.Value)
	}
	g.p("\t}\n\treturn 0, false\n}\n")
	g.p("\n// %s returns the constant of %s the schema gives value n, and\n// false when it gives none.\n", from, name)
	g.p("func %s(n int32) (%s, bool) {\n\tswitch n {\n", from, name)
	for _, v := range d.Values {
		g.p("\tcase %d:\n\t\treturn %s, true\n", v.Value, name+pascal(stripEnumPrefix(d.Name, v.Name)))
	}
	g.p("\t}\n\treturn 0, false\n}\n")
}
