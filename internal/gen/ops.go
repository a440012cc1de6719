package gen

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/fury-go/fury/internal/wire"
)

// op is how generated code handles one field.
type op int

const (
	opDelegate   op = iota // the runtime writes it (furyrt.Writer.WriteField)
	opScalar               // a non-nullable scalar, stored directly
	opString               // a non-nullable string
	opNullScalar           // a nullable pointer to a scalar: inline without reference tracking
	opNullString           // a nullable *string: inline without reference tracking
	opArray                // a primitive array: bulk copy when in band
	opEnum                 // a non-nullable enum: its ordinal as a varuint32
	opNilOr                // a nullable pointer: null inline, else the runtime
	opStruct               // a struct value: its generated code, called directly
	opList                 // a slice of struct values or struct pointers: elements inline
	opStructPtr            // a nullable pointer to a struct: null inline, else the struct's generated code
	opContainer            // a map or nested list: a generated helper, the runtime for other shapes
	opTime                 // a time.Time: inline
	opDuration             // a time.Duration, fury.Date or fury.Decimal: the runtime's codec, called directly
	opDate
	opDecimal
	opNullValue // a value (not a pointer) tagged nullable: flag inline, then the value
	opNullEnum  // a nullable pointer to an enum: flag and ordinal inline
)

// opOf decides how a field is handled in variant v.
func opOf(fd *Field, v *Variant) op {
	if fd.tagged {
		return opDelegate
	}
	d := fd.desc
	if fd.nullTag {
		return opNullValue
	}
	switch d.class {
	case cScalar:
		if d.scalar == sString {
			return opString
		}
		return opScalar
	case cNamedInt:
		if v.Enums[d.enum] {
			return opEnum
		}
		return opScalar
	case cPointer:
		e := d.elem
		switch {
		case e.class == cScalar && e.scalar == sString:
			return opNullString
		case e.class == cScalar, e.class == cNamedInt && !v.Enums[e.enum]:
			return opNullScalar
		case e.class == cNamedInt:
			return opNullEnum
		case e.class == cStruct:
			return opStructPtr
		case ptrValue(d):
			return opNullValue
		}
		return opNilOr
	case cBinary, cArray:
		return opArray
	case cStruct:
		return opStruct
	case cList:
		if e := d.elem; d.length < 0 && (e.class == cStruct || e.class == cPointer && e.elem.class == cStruct) {
			return opList
		}
		if containerField(d) {
			return opContainer
		}
	case cMap, cSet:
		if containerField(d) {
			return opContainer
		}
	case cTime:
		switch {
		case d.id == wire.Timestamp:
			return opTime
		case d.id == wire.Duration:
			return opDuration
		case d.id == wire.Date:
			return opDate
		}
		if n, ok := isNamed(d.t); ok && isObj(n, FuryPath, "Decimal") {
			return opDecimal
		}
	}
	return opDelegate
}

// access is the Go expression of field fd of x.
func access(fd *Field) string { return "x." + strings.Join(fd.Path, ".") }

// scalarLV is an addressable expression of the field's scalar value as its
// basic type (a pointer conversion for named types, which stops compiling
// if the type's underlying type changes).
func scalarLV(fd *Field) string {
	d := fd.desc
	if d.named {
		return fmt.Sprintf("*(*%s)(&%s)", d.scalar.basic, access(fd))
	}
	return access(fd)
}

// pointeeLV is the scalar a pointer field points to, as its basic type.
// A field of a named pointer type (type PStatus *Status) converts to
// *Status first: Go converts only unnamed pointer types to one another.
func (f *file) pointeeLV(fd *Field) string {
	e := fd.desc.elem
	ptr := access(fd)
	if !e.named {
		return "*" + ptr
	}
	if _, named := isNamed(fd.desc.t); named {
		ptr = "(" + f.typeString(types.NewPointer(e.t)) + ")(" + ptr + ")"
	}
	return fmt.Sprintf("*(*%s)(%s)", e.scalar.basic, ptr)
}

// arraySlice is the field as a slice of its basic element type.
func (f *file) arraySlice(fd *Field) string {
	d := fd.desc
	if d.length >= 0 {
		return access(fd) + "[:]"
	}
	if _, named := isNamed(d.t); named {
		return fmt.Sprintf("*(*[]%s)(&%s)", elemBasic(d), access(fd))
	}
	return access(fd)
}

func (f *file) arraySlicePtr(fd *Field) string {
	d := fd.desc
	if _, named := isNamed(d.t); named {
		return fmt.Sprintf("(*[]%s)(&%s)", elemBasic(d), access(fd))
	}
	return "&" + access(fd)
}

func elemBasic(d *desc) string {
	if d.class == cBinary {
		return "byte"
	}
	return d.elem.scalar.basic
}

// store emits the direct store of scalar s, value expression val, at
// offset off into b (a constant, or "n" once a variable-length value has
// been stored). It returns the new constant offset (or -1 for "n").
func store(w *strings.Builder, s *scalar, val string, off int) int {
	at := "n"
	if off >= 0 {
		at = fmt.Sprint(off)
	}
	adv := func(k int) int {
		if off >= 0 {
			return off + k
		}
		fmt.Fprintf(w, "\tn += %d\n", k)
		return -1
	}
	idx := func() string {
		if at == "0" {
			return "b"
		}
		return "b[" + at + ":]"
	}
	switch s {
	case sBool:
		fmt.Fprintf(w, "\tif %s {\n\t\tb[%s] = 1\n\t} else {\n\t\tb[%s] = 0\n\t}\n", val, at, at)
		return adv(1)
	case sInt8:
		fmt.Fprintf(w, "\tb[%s] = byte(%s)\n", at, val)
		return adv(1)
	case sUint8:
		fmt.Fprintf(w, "\tb[%s] = %s\n", at, val)
		return adv(1)
	case sInt16:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint16(%s, uint16(%s))\n", idx(), val)
		return adv(2)
	case sUint16, sFloat16, sBFloat16:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint16(%s, %s)\n", idx(), val)
		return adv(2)
	case sFloat32:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint32(%s, math.Float32bits(%s))\n", idx(), val)
		return adv(4)
	case sFloat64:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint64(%s, math.Float64bits(%s))\n", idx(), val)
		return adv(8)
	case sFixedInt32:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint32(%s, uint32(%s))\n", idx(), val)
		return adv(4)
	case sFixedUint32:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint32(%s, %s)\n", idx(), val)
		return adv(4)
	case sFixedInt64:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint64(%s, uint64(%s))\n", idx(), val)
		return adv(8)
	case sFixedUint64:
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint64(%s, %s)\n", idx(), val)
		return adv(8)
	}
	// Varints: the one- and two-byte forms inline (small numbers, enum
	// ordinals, counts are most of them), longer ones through the
	// runtime's unrolled encoder.
	var zz, put string
	switch s {
	case sInt32:
		zz, put = "uint32(("+val+")<<1) ^ uint32(("+val+")>>31)", "PutVaruint32"
	case sUint32:
		zz, put = "uint32("+val+")", "PutVaruint32"
	case sInt64:
		zz, put = "uint64(("+val+")<<1) ^ uint64(("+val+")>>63)", "PutVaruint64"
	case sInt:
		zz, put = "uint64(int64("+val+")<<1) ^ uint64(int64("+val+")>>63)", "PutVaruint64"
	case sUint64, sUint:
		zz, put = "uint64("+val+")", "PutVaruint64"
	}
	if zz != "" {
		if off >= 0 {
			fmt.Fprintf(w, "\tn := %d\n", off)
		}
		fmt.Fprintf(w, "\tif v := %s; v < 0x80 {\n\tb[n] = byte(v)\n\tn++\n", zz)
		fmt.Fprintf(w, "\t} else if v < 0x4000 {\n\tb[n] = byte(v) | 0x80\n\tb[n+1] = byte(v >> 7)\n\tn += 2\n")
		fmt.Fprintf(w, "\t} else {\n\tn += furyrt.%s(b[n:], v)\n\t}\n", put)
		return -1
	}
	var call string
	switch s {
	case sTaggedInt64:
		call = "furyrt.PutTaggedInt64(b[n:], " + val + ")"
	case sTaggedUint64:
		call = "furyrt.PutTaggedUint64(b[n:], " + val + ")"
	default:
		panic("furygen: no store for scalar " + s.basic)
	}
	if off >= 0 {
		fmt.Fprintf(w, "\tn := %d\n", off)
	}
	fmt.Fprintf(w, "\tn += %s\n", call)
	return -1
}

// readCall is the ByteBuffer method reading scalar s and the conversion
// from its result to s.basic.
func readCall(s *scalar) (call, conv string) {
	switch s {
	case sBool:
		return "ReadBool", ""
	case sInt8:
		return "ReadInt8", ""
	case sUint8:
		return "ReadUint8", ""
	case sInt16:
		return "ReadInt16", ""
	case sUint16, sFloat16, sBFloat16:
		return "ReadUint16", ""
	case sInt32:
		return "ReadVarint32", ""
	case sUint32:
		return "ReadVaruint32", ""
	case sInt64:
		return "ReadVarint64", ""
	case sInt:
		return "ReadVarint64", "int"
	case sUint64:
		return "ReadVaruint64", ""
	case sUint:
		return "ReadVaruint64", "uint"
	case sFloat32:
		return "ReadFloat32", ""
	case sFloat64:
		return "ReadFloat64", ""
	case sFixedInt32:
		return "ReadInt32", ""
	case sFixedUint32:
		return "ReadUint32", ""
	case sFixedInt64:
		return "ReadInt64", ""
	case sFixedUint64:
		return "ReadUint64", ""
	case sTaggedInt64:
		return "ReadTaggedInt64", ""
	case sTaggedUint64:
		return "ReadTaggedUint64", ""
	case sString:
		return "ReadString", ""
	}
	panic("furygen: no read for scalar " + s.basic)
}

// overflow is the condition under which v, read for scalar s, does not
// fit the int or uint it is stored in (on 32-bit platforms), or "" for the
// other scalars. Generated readers leave such a value to the runtime,
// which reports the error.
func overflow(s *scalar, v string) string {
	switch s {
	case sInt:
		return fmt.Sprintf("int64(int(%s)) != %s", v, v)
	case sUint:
		return fmt.Sprintf("uint64(uint(%s)) != %s", v, v)
	}
	return ""
}

// shortVarint32 is the start of an if-else chain that decodes the 32-bit
// varint (get is GetVarint32 or GetVaruint32) at b[o] into lv when it is
// one or two bytes long, advancing o past it, with the else that the full
// decode follows: GetVarint32 inlines, but the decoder it calls does not,
// and most varints (counts, ids, small numbers) are that short. Other
// decoders get "".
func shortVarint32(get, lv, b, o string) string {
	var one, two string
	switch get {
	case "GetVarint32":
		one = fmt.Sprintf("int32(%s[%s]>>1) ^ -int32(%s[%s]&1)", b, o, b, o)
		two = "int32(u>>1) ^ -int32(u&1)"
	case "GetVaruint32":
		one, two = fmt.Sprintf("uint32(%s[%s])", b, o), "u"
	default:
		return ""
	}
	return fmt.Sprintf("if %[2]s < len(%[1]s) && %[1]s[%[2]s] < 0x80 {\n%[3]s = %[4]s\n%[2]s++\n} else if %[2]s+1 < len(%[1]s) && %[1]s[%[2]s+1] < 0x80 {\nu := uint32(%[1]s[%[2]s]&0x7f) | uint32(%[1]s[%[2]s+1])<<7\n%[3]s = %[5]s\n%[2]s += 2\n} else ",
		b, o, lv, one, two)
}

// getCall is the furyrt.Get* decoder of variable-length scalar s and the
// conversion from its result to s.basic.
func getCall(s *scalar) (call, conv string) {
	switch s {
	case sInt32:
		return "GetVarint32", ""
	case sUint32:
		return "GetVaruint32", ""
	case sInt64:
		return "GetVarint64", ""
	case sInt:
		return "GetVarint64", "int"
	case sUint64:
		return "GetVaruint64", ""
	case sUint:
		return "GetVaruint64", "uint"
	case sTaggedInt64:
		return "GetTaggedInt64", ""
	case sTaggedUint64:
		return "GetTaggedUint64", ""
	}
	panic("furygen: no decoder for scalar " + s.basic)
}

// load is the expression decoding fixed-width scalar s at constant offset
// off of b.
func load(s *scalar, off int) string { return loadAt(s, fmt.Sprint(off)) }

// loadAt is load at offset expression at ("0", "8", "n").
func loadAt(s *scalar, at string) string {
	sl := "b[" + at + ":]"
	if at == "0" {
		sl = "b"
	}
	switch s {
	case sBool:
		return fmt.Sprintf("b[%s] != 0", at)
	case sInt8:
		return fmt.Sprintf("int8(b[%s])", at)
	case sUint8:
		return fmt.Sprintf("b[%s]", at)
	case sInt16:
		return fmt.Sprintf("int16(binary.LittleEndian.Uint16(%s))", sl)
	case sUint16, sFloat16, sBFloat16:
		return fmt.Sprintf("binary.LittleEndian.Uint16(%s)", sl)
	case sFloat32:
		return fmt.Sprintf("math.Float32frombits(binary.LittleEndian.Uint32(%s))", sl)
	case sFloat64:
		return fmt.Sprintf("math.Float64frombits(binary.LittleEndian.Uint64(%s))", sl)
	case sFixedInt32:
		return fmt.Sprintf("int32(binary.LittleEndian.Uint32(%s))", sl)
	case sFixedUint32:
		return fmt.Sprintf("binary.LittleEndian.Uint32(%s)", sl)
	case sFixedInt64:
		return fmt.Sprintf("int64(binary.LittleEndian.Uint64(%s))", sl)
	case sFixedUint64:
		return fmt.Sprintf("binary.LittleEndian.Uint64(%s)", sl)
	}
	panic("furygen: no load for scalar " + s.basic)
}

// runs splits a variant's fields into segments handled together: runs of
// direct scalar stores (one Grow each), runs of nullable scalars, and
// single fields.
type segment struct {
	op     op
	first  int // wire index of the first field
	fields []*Field
}

func segments(v *Variant) []segment {
	var segs []segment
	for i, fd := range v.Order {
		o := opOf(fd, v)
		if n := len(segs); n > 0 && (o == opScalar || o == opNullScalar || o == opString) && segs[n-1].op == o {
			segs[n-1].fields = append(segs[n-1].fields, fd)
			continue
		}
		segs = append(segs, segment{op: o, first: i, fields: []*Field{fd}})
	}
	return segs
}

var _ = types.Typ

// flat reports whether variant v's Read is flat (furyrt.Codec.Flat): the
// struct's fields are all its own (none embedded or blank, none skipped)
// and each is read by a segment that assigns it on every way to success
// and enters the runtime only through ReadField (scalars, strings, enums,
// timestamps). Conservative: any other field makes it false.
func flat(s *Struct, v *Variant) bool {
	st, ok := s.Type.Underlying().(*types.Struct)
	if !ok || st.NumFields() != len(v.Order) {
		return false
	}
	read := map[string]bool{}
	for _, fd := range v.Order {
		if len(fd.Path) != 1 {
			return false
		}
		read[fd.Path[0]] = true
	}
	for i := 0; i < st.NumFields(); i++ {
		if fv := st.Field(i); fv.Embedded() || fv.Name() == "_" || !read[fv.Name()] {
			return false
		}
	}
	for _, seg := range segments(v) {
		switch seg.op {
		case opScalar, opString, opEnum, opTime:
		default:
			return false
		}
	}
	return true
}

// batch is a bulk varint kernel: furyrt.Put<name> and furyrt.Get<name> code a
// run of integers of Go type elem in one call.
type batch struct{ name, elem string }

var (
	bVarint32  = &batch{"Varint32s", "int32"}
	bVaruint32 = &batch{"Varuint32s", "uint32"}
	bVarint64  = &batch{"Varint64s", "int64"}
	bVaruint64 = &batch{"Varuint64s", "uint64"}
)

func batchOf(s *scalar) *batch {
	switch s {
	case sInt32:
		return bVarint32
	case sUint32:
		return bVaruint32
	case sInt64, sInt:
		return bVarint64
	case sUint64, sUint:
		return bVaruint64
	}
	return nil
}

// minBatch is the shortest run of varint fields coded with a bulk kernel;
// shorter runs store field by field.
const minBatch = 4

// run is one field, or a batch of consecutive varint fields of one kernel.
type run struct {
	b      *batch
	fields []*Field
}

// batches splits scalar fields into runs.
func batches(fields []*Field) []run {
	var out []run
	for i := 0; i < len(fields); {
		b := batchOf(fields[i].desc.scalar)
		j := i + 1
		for b != nil && j < len(fields) && batchOf(fields[j].desc.scalar) == b {
			j++
		}
		if b == nil || j-i < minBatch {
			for ; i < j; i++ {
				out = append(out, run{fields: fields[i : i+1]})
			}
			continue
		}
		out = append(out, run{b: b, fields: fields[i:j]})
		i = j
	}
	return out
}
