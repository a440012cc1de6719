package gen

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/fury-go/fury/internal/wire"
)

// Maps, nested lists and time values inside them are written and read by
// generated code itself when their shape is the declared one: keys and
// values (and list elements) whose types the reader knows, so the wire
// carries no type info for them, and no reference tracking. The code
// mirrors the runtime's mapCodec and listCodec for those shapes; for any
// other input a reader gives the field back to the runtime (see fury's
// furyrt.Reader.CanNest and Buffer.Restore), which reads it or reports the
// error exactly as the reflection path does.
//
// Readers charge the decode memory budget before they allocate, as the
// runtime charges (furyrt.ChargeSlice, ChargeMap, ChargeSet, ChargeNew);
// over it, they give the field back and the runtime reports ErrTooLarge.
// They check what the runtime checks when it converts: an enum ordinal
// beyond its Go type, a number beyond a 32-bit int. A reader builds the
// value in locals and stores it into *dst only once it has read all of it:
// the caller's Restore hands back the memory of what the reader took from
// the decode's block, which must then be referenced by nothing.

// Map chunk header bits and collection header bits, as the runtime writes
// them for declared keys, values and elements.
const (
	chunkDeclared = 0x24 // key declared | value declared
	chunkNullVal  = 0x15 // value null | key ref flag | key declared
	listDeclared  = 0x0c // same type | declared
	listNulls     = 0x0e // same type | declared | has null
	maxUnbacked   = 8192 // fury's maxUnbackedItems
)

// inContainer reports whether values of d can be written and read inline
// as a map key or value or list element.
func inContainer(d *desc) bool {
	switch d.class {
	case cScalar, cNamedInt:
		return true
	case cTime:
		return d.id == wire.Timestamp
	case cBinary:
		return true
	case cArray:
		return d.length < 0
	case cList:
		return inContainer(d.elem)
	case cMap:
		return isMapInline(d)
	case cSet:
		return d.key.class == cScalar
	}
	return false
}

func isMapInline(d *desc) bool {
	return d.class == cMap && d.key != nil && d.key.class == cScalar && inContainer(d.val)
}

// containerField reports whether a field of desc d is a map or nested list
// that generated code writes inline.
func containerField(d *desc) bool {
	switch d.class {
	case cMap, cSet, cList:
		return inContainer(d)
	}
	return false
}

// nesting is how many nesting levels (maps and lists) the runtime enters
// writing a value of d with every collection non-empty.
func nesting(d *desc) int {
	switch d.class {
	case cList:
		return 1 + nesting(d.elem)
	case cSet:
		return 1
	case cMap:
		return 1 + max(nesting(d.key), nesting(d.val))
	}
	return 0
}

// hasArrays reports whether values of d hold primitive arrays (written in
// band only when no out-of-band callback is set).
func hasArrays(d *desc) bool {
	switch d.class {
	case cArray, cBinary:
		return true
	case cList:
		return hasArrays(d.elem)
	case cMap:
		return hasArrays(d.key) || hasArrays(d.val)
	}
	return false
}

// nilable reports whether a value of d can be nil (a null list element or
// map value).
func nilable(d *desc) bool {
	switch d.class {
	case cArray, cBinary, cList:
		return d.length < 0
	case cMap, cSet:
		return true
	}
	return false
}

// cgen emits the code of one container helper.
type cgen struct {
	f   *file
	v   *Variant // which named integer types are enums
	w   strings.Builder
	tmp int
	// runs, when set, names the furyrt.StringRuns that the strings read
	// (by read) come from (see stringRun).
	runs string
	// runAt names the count and the end of the strings stringRun located
	// last (furyrt.LocateStrings), which beginRuns hands on.
	runAt [2]string
}

// hasNamedInt reports whether values of d hold named integers, whose
// coding depends on the variant (enum or not).
func hasNamedInt(d *desc) bool {
	switch d.class {
	case cNamedInt:
		return true
	case cList, cPointer:
		return hasNamedInt(d.elem)
	case cSet:
		return hasNamedInt(d.key)
	case cMap:
		return hasNamedInt(d.key) || hasNamedInt(d.val)
	}
	return false
}

func (g *cgen) name(prefix string) string {
	g.tmp++
	return fmt.Sprintf("%s%d", prefix, g.tmp)
}

func (g *cgen) printf(format string, args ...any) { fmt.Fprintf(&g.w, format, args...) }

// scalarWrite is the ByteBuffer method writing scalar s and the Go type its
// argument has.
func scalarWrite(s *scalar) (method, arg string) {
	switch s {
	case sBool:
		return "WriteBool", "bool"
	case sInt8:
		return "WriteInt8", "int8"
	case sUint8:
		return "WriteUint8", "uint8"
	case sInt16:
		return "WriteInt16", "int16"
	case sUint16, sFloat16, sBFloat16:
		return "WriteUint16", "uint16"
	case sInt32:
		return "WriteVarint32", "int32"
	case sUint32:
		return "WriteVaruint32", "uint32"
	case sInt64, sInt:
		return "WriteVarint64", "int64"
	case sUint64, sUint:
		return "WriteVaruint64", "uint64"
	case sFloat32:
		return "WriteFloat32", "float32"
	case sFloat64:
		return "WriteFloat64", "float64"
	case sFixedInt32:
		return "WriteInt32", "int32"
	case sFixedUint32:
		return "WriteUint32", "uint32"
	case sFixedInt64:
		return "WriteInt64", "int64"
	case sFixedUint64:
		return "WriteUint64", "uint64"
	case sTaggedInt64:
		return "WriteTaggedInt64", "int64"
	case sTaggedUint64:
		return "WriteTaggedUint64", "uint64"
	case sString:
		return "WriteString", "string"
	}
	panic("furygen: no write for scalar " + s.basic)
}

// write emits the code writing the data of value expr of d (no flag, no
// type info), as the runtime writes it at a declared position.
func (g *cgen) write(d *desc, expr string) {
	switch d.class {
	case cNamedInt:
		if g.v.Enums[d.enum] {
			e := g.name("ord")
			g.printf("if %s := int64(%s); %s < 0 || %s > math.MaxUint32 {\nreturn false // not an ordinal: the runtime's error\n} else {\nbuf.WriteVaruint32(uint32(%s))\n}\n", e, expr, e, e, e)
			return
		}
		m, arg := scalarWrite(d.scalar)
		g.printf("buf.%s(%s(%s))\n", m, arg, expr)
	case cScalar:
		m, arg := scalarWrite(d.scalar)
		if d.named || arg != d.scalar.basic {
			expr = arg + "(" + expr + ")"
		}
		g.printf("buf.%s(%s)\n", m, expr)
	case cTime:
		g.printf("buf.Grow(12)\nif !furyrt.PutTime(buf.Tail(), %s) {\nreturn false // too early for the wire: the runtime's error\n}\nbuf.Advance(12)\n", expr)
	case cBinary, cArray:
		if _, named := isNamed(d.t); named {
			expr = "[]" + elemBasic(d) + "(" + expr + ")"
		}
		g.printf("furyrt.WriteArray(buf, %s)\n", expr)
	case cList:
		g.printf("buf.WriteVaruint32(uint32(len(%s)))\n", expr)
		g.printf("if len(%s) > 0 {\n", expr)
		e := g.name("e")
		if nilable(d.elem) {
			hasNull := g.name("hasNull")
			g.printf("%s := false\nfor _, %s := range %s {\nif %s == nil {\n%s = true\nbreak\n}\n}\n", hasNull, e, expr, e, hasNull)
			g.printf("if %s {\nbuf.WriteUint8(%#02x)\n} else {\nbuf.WriteUint8(%#02x)\n}\n", hasNull, listNulls, listDeclared)
			g.printf("for _, %s := range %s {\nif %s {\nif %s == nil {\nbuf.WriteInt8(-3) // null\ncontinue\n}\nbuf.WriteInt8(-1) // not null\n}\n", e, expr, hasNull, e)
		} else {
			g.printf("buf.WriteUint8(%#02x) // same type, declared\n", listDeclared)
			g.printf("for _, %s := range %s {\n", e, expr)
		}
		g.write(d.elem, e)
		g.printf("}\n}\n")
	case cMap:
		g.printf("buf.WriteVaruint32(uint32(len(%s)))\n", expr)
		g.printf("if len(%s) > 0 {\n", expr)
		ch, k, v := g.name("chunk"), g.name("k"), g.name("v")
		g.printf("%s := furyrt.NewMapChunk(%#02x) // key and value declared\n", ch, chunkDeclared)
		g.printf("for %s, %s := range %s {\n", k, v, expr)
		if nilable(d.val) {
			g.printf("if %s == nil {\n%s.Close(buf)\nbuf.WriteUint8(%#02x) // null value, key flagged\nbuf.WriteInt8(-1)\n", v, ch, chunkNullVal)
			g.write(d.key, k)
			g.printf("continue\n}\n")
		}
		g.printf("%s.Add(buf)\n", ch)
		g.write(d.key, k)
		g.write(d.val, v)
		g.printf("}\n%s.Close(buf)\n}\n", ch)
	case cSet:
		g.printf("buf.WriteVaruint32(uint32(len(%s)))\n", expr)
		k := g.name("k")
		g.printf("if len(%s) > 0 {\nbuf.WriteUint8(%#02x) // same type, declared\nfor %s := range %s {\n", expr, listDeclared, k, expr)
		g.write(d.key, k)
		g.printf("}\n}\n")
	default:
		panic(fmt.Sprintf("furygen: no inline write for %v", d.t))
	}
}

// read emits the code reading a value of d into the addressable lv, as
// the runtime reads it at a declared position; any other input makes the
// helper return false. field applies the rule for struct fields that are
// not nullable: an empty collection reads as nil.
func (g *cgen) read(d *desc, lv string, field bool) {
	switch d.class {
	case cNamedInt:
		call, fails := "ReadVaruint32", ""
		v := g.name("v")
		et := g.f.typeString(d.t)
		if !g.v.Enums[d.enum] {
			call, _ = readCall(d.scalar)
			if o := overflow(d.scalar, v); o != "" {
				fails = " || " + o // the runtime's error
			}
		} else if fits := ordinalFits(d, et, v); fits != "" {
			fails = " || !(" + fits + ")" // out of range: the runtime's error
		}
		g.printf("if %s, err := buf.%s(); err != nil%s {\nreturn false\n} else {\n%s = %s(%s)\n}\n", v, call, fails, lv, et, v)
	case cScalar:
		call, conv := readCall(d.scalar)
		v := g.name("v")
		val := v
		switch {
		case d.named:
			val = g.f.typeString(d.t) + "(" + v + ")"
		case conv != "":
			val = conv + "(" + v + ")"
		}
		fails := ""
		if o := overflow(d.scalar, v); o != "" {
			fails = " || " + o // the runtime's error
		}
		if d.scalar == sString && g.runs != "" {
			// The run's next string in line (StringRuns.Next), the
			// runtime otherwise.
			g.printf("if %s, ok := %s.Next(); ok {\n%s = %s\n} else if %s, err := buf.ReadRunString(&%s); err != nil {\nreturn false\n} else {\n%s = %s\n}\n", v, g.runs, lv, val, v, g.runs, lv, val)
			break
		}
		g.printf("if %s, err := buf.%s(); err != nil%s {\nreturn false\n} else {\n%s = %s\n}\n", v, call, fails, lv, val)
	case cTime:
		t, ok := g.name("t"), g.name("ok")
		g.printf("if %s, %s := furyrt.GetTime(buf.Unread()); !%s {\nreturn false\n} else {\n%s = %s\n_ = buf.Skip(12)\n}\n", t, ok, ok, lv, t)
	case cBinary, cArray:
		ptr := "&" + lv
		if _, named := isNamed(d.t); named {
			ptr = "(*[]" + elemBasic(d) + ")(" + ptr + ")"
		}
		g.printf("if err := furyrt.ReadArray(buf, %s); err != nil {\nreturn false\n}\n", ptr)
		if field {
			g.printf("if len(%s) == 0 {\n%s = nil\n}\n", lv, lv)
		}
	case cList:
		n, s, h, j := g.name("n"), g.name("s"), g.name("h"), g.name("j")
		g.printf("{\n")
		g.count(n)
		if d.length < 0 {
			g.printf("if !furyrt.ChargeSlice[%s](buf, %s) {\nreturn false // over the decode budget: the runtime's error\n}\n", g.f.typeString(d.elem.t), n)
		}
		if d.length >= 0 {
			// A Go array: the count must match.
			field = false
			g.printf("if %s != %d {\nreturn false\n}\nvar %s %s\n", n, d.length, s, g.f.typeString(d.t))
		} else if field {
			g.printf("if %s == 0 {\n%s} else {\n", n, clearLV(lv))
		}
		if d.length < 0 {
			g.printf("%s := make(%s, %s)\n", s, g.f.typeString(d.t), n)
		}
		g.printf("if %s > 0 {\n%s, err := buf.ReadByte()\nif err != nil {\nreturn false\n}\n", n, h)
		elem := s + "[" + j + "]"
		if nilable(d.elem) {
			fl := g.name("flag")
			g.printf("if %s != %#02x && %s != %#02x {\nreturn false\n}\n", h, listDeclared, h, listNulls)
			g.printf("for %s := range %s {\nif %s == %#02x {\n", j, s, h, listNulls)
			g.printf("if %s, err := buf.ReadByte(); err != nil || %s != 0xfd && %s != 0xff {\nreturn false\n} else if %s == 0xfd {\ncontinue\n}\n}\n", fl, fl, fl, fl)
		} else {
			g.printf("if %s != %#02x {\nreturn false\n}\n", h, listDeclared)
			if runString(d.elem) {
				// The strings as one run (see stringRun), else in
				// shorter runs or each by ReadString (beginRuns).
				g.stringRun("len("+s+")", "for "+j+" := range "+s, func(x string) string {
					return elem + " = " + g.stringVal(d.elem, x) + "\n"
				}, nil)
				g.printf("} else {\n")
				g.beginRuns("len(" + s + ")")
			}
			g.printf("for %s := range %s {\n", j, s)
		}
		g.read(d.elem, elem, false)
		if runString(d.elem) && !nilable(d.elem) {
			g.runs = ""
			g.printf("}\n}\n")
		}
		g.printf("}\n}\n%s = %s\n", lv, s)
		if field {
			g.printf("}\n")
		}
		g.printf("}\n")
	case cMap:
		n, m, done, h, size, k, v := g.name("n"), g.name("m"), g.name("done"), g.name("h"), g.name("size"), g.name("k"), g.name("v")
		g.printf("{\n")
		g.count(n)
		g.printf("if !furyrt.ChargeMap[%s, %s](buf, %s) {\nreturn false // over the decode budget: the runtime's error\n}\n", g.f.typeString(d.key.t), g.f.typeString(d.val.t), n)
		if field {
			g.printf("if %s == 0 {\n%s} else {\n", n, clearLV(lv))
		}
		g.sizedMap(m, d, n)
		g.printf("for %s := uint32(0); %s < %s; {\n%s, err := buf.ReadByte()\nif err != nil {\nreturn false\n}\n", done, done, n, h)
		g.printf("var %s %s\n", k, g.f.typeString(d.key.t))
		if nilable(d.val) {
			fl := g.name("flag")
			g.printf("if %s == %#02x { // null value\n", h, chunkNullVal)
			g.printf("if %s, err := buf.ReadByte(); err != nil || %s != 0xff {\nreturn false\n}\n", fl, fl)
			g.read(d.key, k, false)
			g.printf("%s[%s] = nil\n%s++\ncontinue\n}\n", m, k, done)
		}
		g.printf("if %s != %#02x {\nreturn false\n}\n", h, chunkDeclared)
		g.printf("%s, err := buf.ReadByte()\nif err != nil || %s == 0 || uint32(%s) > %s-%s {\nreturn false\n}\n", size, size, size, n, done)
		if directScalar(d.key) && directScalar(d.val) {
			// The chunk's entries from the unread bytes, one Skip a
			// chunk, rather than a Read call (and its error) for each
			// key and value.
			b, o := g.name("b"), g.name("o")
			g.printf("%s, %s := buf.Unread(), 0\n", b, o)
			g.printf("for range %s {\nvar %s %s\n", size, v, g.f.typeString(d.val.t))
			g.get(d.key, k, b, o)
			g.get(d.val, v, b, o)
			g.printf("%s[%s] = %s\n}\n_ = buf.Skip(%s)\n", m, k, v, o)
		} else {
			if runString(d.key) && runString(d.val) {
				// The chunk's keys and values as one run (see
				// stringRun), else in shorter runs or each by
				// ReadString (beginRuns).
				g.stringRun("2*int("+size+")", "for range "+size, func(x string) string {
					return k + " = " + g.stringVal(d.key, x) + "\n"
				}, func(x string) string {
					return m + "[" + k + "] = " + g.stringVal(d.val, x) + "\n"
				})
				g.printf("} else {\n")
				g.beginRuns("2*int(" + size + ")")
			}
			g.printf("for range %s {\nvar %s %s\n", size, v, g.f.typeString(d.val.t))
			g.read(d.key, k, false)
			g.read(d.val, v, false)
			g.printf("%s[%s] = %s\n}\n", m, k, v)
			if runString(d.key) && runString(d.val) {
				g.runs = ""
				g.printf("}\n}\n")
			}
		}
		g.printf("%s += uint32(%s)\n}\n", done, size)
		// Fewer keys than entries: a key came twice (the runtime's error).
		g.printf("if len(%s) != int(%s) {\nreturn false\n}\n%s = %s\n", m, n, lv, m)
		if field {
			g.printf("}\n")
		}
		g.printf("}\n")
	case cSet:
		n, m, h, k := g.name("n"), g.name("m"), g.name("h"), g.name("k")
		g.printf("{\n")
		g.count(n)
		g.printf("if !furyrt.ChargeSet[%s, %s](buf, %s) {\nreturn false // over the decode budget: the runtime's error\n}\n", g.f.typeString(d.key.t), g.f.typeString(d.t.Underlying().(*types.Map).Elem()), n)
		if field {
			g.printf("if %s == 0 {\n%s} else {\n", n, clearLV(lv))
		}
		g.sizedMap(m, d, n)
		g.printf("if %s > 0 {\nif %s, err := buf.ReadByte(); err != nil || %s != %#02x {\nreturn false\n}\n", n, h, h, listDeclared)
		if runString(d.key) {
			// The elements as one run (see stringRun), else in
			// shorter runs or each by ReadString (beginRuns).
			g.stringRun("int("+n+")", "for range "+n, func(x string) string {
				return m + "[" + g.stringVal(d.key, x) + "] = struct{}{}\n"
			}, nil)
			g.printf("} else {\n")
			g.beginRuns("int(" + n + ")")
		}
		g.printf("for range %s {\nvar %s %s\n", n, k, g.f.typeString(d.key.t))
		g.read(d.key, k, false)
		g.printf("%s[%s] = struct{}{}\n}\n", m, k)
		if runString(d.key) {
			g.runs = ""
			g.printf("}\n}\n")
		}
		g.printf("}\nif len(%s) != int(%s) {\nreturn false // an element twice: the runtime's error\n}\n%s = %s\n", m, n, lv, m)
		if field {
			g.printf("}\n")
		}
		g.printf("}\n")
	default:
		panic(fmt.Sprintf("furygen: no inline read for %v", d.t))
	}
}

// runString reports whether d is a string (named or not) that the
// containers' readers read as part of a run of strings (stringRun).
func runString(d *desc) bool {
	return d.class == cScalar && d.scalar == sString
}

// stringVal is the value of type d (runString) of string expression x.
func (g *cgen) stringVal(d *desc, x string) string {
	if d.named {
		return g.f.typeString(d.t) + "(" + x + ")"
	}
	return x
}

// stringRun emits the opening of the reading of n strings (an int
// expression) in one piece, as generated struct reads read a run of string
// fields: when furyrt.LocateStrings locates each, UTF-8 with a header of one
// or two bytes, in Buffer.UnreadRun (at most furyrt.RunMax bytes unless
// shared blocks or aliasing are on), Buffer.StringRun copies them (headers
// too) with one copy, charged the bytes of their encoding as ReadString
// charges each, and loop (a for clause) stores them, one (first) or two
// (first, then second) an iteration, each given the variable x holding the
// string (furyrt.RunString slices each out of the run). It leaves open a block and the if in it: the caller
// emits the if's else, the reading of each through the StringRuns of
// beginRuns (runs of those UnreadRun holds whole, ReadString for the
// rest, which reads every other form and fails on what the runtime
// rejects), and closes both.
func (g *cgen) stringRun(n, loop string, first, second func(x string) string) {
	c, e, r, o, x := g.name("c"), g.name("e"), g.name("r"), g.name("o"), g.name("x")
	g.printf("{\n%s := buf.UnreadRun()\n", c)
	k := g.name("k")
	g.printf("if %s, %s := furyrt.LocateStrings(%s, %s); %s == %s {\n", e, k, c, n, k, n)
	g.runAt = [2]string{k, e}
	g.printf("%s, %s := buf.StringRun(%s[:%s]), 0\n", r, o, c, e)
	g.printf("%s {\nvar %s string\n%s, %s = furyrt.RunString(%s, %s)\n", loop, x, x, o, r, o)
	g.printf("%s", first(x))
	if second != nil {
		g.printf("%s, %s = furyrt.RunString(%s, %s)\n", x, o, r, o)
		g.printf("%s", second(x))
	}
	g.printf("}\n_ = buf.Skip(%s)\n", e)
}

// beginRuns emits, in the else of a stringRun, the furyrt.StringRuns that
// the n strings the else reads come from: those that UnreadRun does not
// hold whole are read in runs of as many as it holds (Buffer.ReadRunString),
// rather than each alone; read uses it until the caller clears g.runs.
func (g *cgen) beginRuns(n string) {
	g.runs = g.name("rs")
	g.printf("%s := furyrt.NewStringRunsAt(%s, %s, %s)\n", g.runs, n, g.runAt[0], g.runAt[1])
}

// clearLV is the statement that sets lv (a pointer, slice or map) to nil
// when it is not nil already: a decode's destination is usually zero, and
// storing a nil into it would cost a write barrier while the collector
// marks (decodes allocate, so it often is).
func clearLV(lv string) string {
	return "if " + lv + " != nil {\n" + lv + " = nil\n}\n"
}

// count emits the read of a collection's element count into a new
// variable n (a one-byte count inline, longer ones through ReadVaruint32)
// and the check that the input may back it; a malformed count or one the
// runtime rejects makes the helper return false.
func (g *cgen) count(n string) {
	c := g.name("c")
	g.printf("var %s uint32\nif %s := buf.Unread(); len(%s) > 0 && %s[0] < 0x80 {\n%s = uint32(%s[0])\n_ = buf.Skip(1)\n", n, c, c, c, n, c)
	v := g.name("v")
	g.printf("} else if %s, err := buf.ReadVaruint32(); err != nil {\nreturn false\n} else {\n%s = %s\n}\n", v, n, v)
	g.printf("if !r.CountOK(%s) {\nreturn false\n}\n", n)
}

// directScalar reports whether d is a scalar that get decodes from the
// unread bytes: any but a string or a named integer (an enum or not).
func directScalar(d *desc) bool {
	return d.class == cScalar && d.scalar != sString
}

// get emits the code decoding scalar d (directScalar) from b at offset o
// into lv and advancing o past it; input too short or malformed, or a
// value the runtime rejects, makes the helper return false, as read does.
func (g *cgen) get(d *desc, lv, b, o string) {
	x := g.name("x")
	s := d.scalar
	if s.size > 0 {
		g.printf("if len(%s)-%s < %d {\nreturn false\n}\n", b, o, s.size)
		at := strings.ReplaceAll(loadAt(s, o), "b[", b+"[")
		g.printf("%s := %s\n%s += %d\n", x, at, o, s.size)
	} else {
		call, conv := getCall(s)
		k := g.name("k")
		if short := shortVarint32(call, x, b, o); short != "" && conv == "" {
			g.printf("var %s %s\n%s{\nv, %s := furyrt.%s(%s[%s:])\nif %s <= 0 {\nreturn false\n}\n%s, %s = v, %s+%s\n}\n", x, s.basic, short, k, call, b, o, k, x, o, o, k)
		} else {
			g.printf("%s, %s := furyrt.%s(%s[%s:])\nif %s <= 0 {\nreturn false\n}\n%s += %s\n", x, k, call, b, o, k, o, k)
		}
		if ov := overflow(s, x); ov != "" {
			g.printf("if %s {\nreturn false // the runtime's error\n}\n", ov)
		}
	}
	val := x
	if _, conv := readCall(s); d.named {
		val = g.f.typeString(d.t) + "(" + x + ")"
	} else if conv != "" {
		val = conv + "(" + x + ")"
	}
	g.printf("%s = %s\n", lv, val)
}

// sizedMap emits the make of map m of type d for n entries, sized as the
// runtime sizes it (no more than maxUnbacked entries ahead). A map of up
// to one group's entries (8) is made without a hint: Go makes such a map
// alike for any hint up to 8 (its group on the first entry), and make
// without one is the runtime's shorter path.
func (g *cgen) sizedMap(m string, d *desc, n string) {
	t := g.f.typeString(d.t)
	hint := g.name("hint")
	g.printf("var %s %s\nif %s <= 8 {\n%s = make(%s)\n} else {\n", m, t, n, m, t)
	g.printf("%s := int(%s)\nif %s > %d {\n%s = %d\n}\n", hint, n, hint, maxUnbacked, hint, maxUnbacked)
	g.printf("%s = make(%s, %s)\n}\n", m, t, hint)
}

// ptrValue reports whether d is a pointer to a timestamp or to an inline
// container, written by helpers with its null flag.
func ptrValue(d *desc) bool {
	if d.class != cPointer {
		return false
	}
	e := d.elem
	return e.class == cTime && e.id == wire.Timestamp || containerField(e)
}

// genContainerHelpers emits, for each inline container field of s, each
// value tagged nullable and each pointer to a timestamp or container, a
// function writing it and one reading it (one pair per variant when the
// field holds named integers). Both report false for what they leave to
// the runtime: a writer an enum value that is no ordinal (the caller
// drops what it wrote), a reader input of another shape.
func (f *file) genContainerHelpers(s *Struct) {
	for _, fd := range s.Fields {
		variants := s.Variants[:1]
		if hasNamedInt(fd.desc) {
			variants = s.Variants
		}
		for _, v := range variants {
			if o := opOf(fd, v); o == opContainer || o == opNullValue {
				f.genHelpers(s, fd, v)
			}
		}
	}
}

func (f *file) genHelpers(s *Struct, fd *Field, v *Variant) {
	d := fd.desc
	typ := f.typeString(d.t)
	g := &cgen{f: f, v: v}
	what := describe(d)
	ptr := ptrValue(d)
	switch {
	case ptr:
		what = "a null flag, then " + describe(d.elem)
		g.printf("if v == nil {\nbuf.WriteInt8(-3) // null\nreturn true\n}\nbuf.WriteInt8(-1) // not null\n")
		g.write(d.elem, "*v")
	case fd.nullTag:
		what = "a null flag, then " + what
		if nilable(d) {
			g.printf("if v == nil {\nbuf.WriteInt8(-3) // null\nreturn true\n}\n")
		}
		g.printf("buf.WriteInt8(-1) // not null\n")
		g.write(d, "v")
	default:
		g.write(d, "v")
	}
	name := helperName("Write", s, fd, v)
	layout := ""
	if hasNamedInt(d) {
		layout = layoutComment(s, v)
	}
	f.printf("// %s writes field %s of %s%s: %s.\n", name, fd.PathString(), article(s.Name), layout, what)
	f.printf("func %s(buf *furyrt.Buffer, v %s) bool {\n%s\treturn true\n}\n\n", name, typ, g.w.String())

	g = &cgen{f: f, v: v}
	switch {
	case ptr:
		g.printf("if flag, err := buf.ReadByte(); err != nil || flag != 0xfd && flag != 0xff {\nreturn false\n} else if flag == 0xfd {\n%sreturn true\n}\n", clearLV("*dst"))
		g.printf("if !furyrt.ChargeNew[%s](buf) {\nreturn false // over the decode budget: the runtime's error\n}\n", f.typeString(d.elem.t))
		g.printf("var v %s\n", f.typeString(d.elem.t))
		g.read(d.elem, "v", false)
		g.printf("*dst = &v\n")
	case fd.nullTag:
		g.printf("if flag, err := buf.ReadByte(); err != nil || flag != 0xfd && flag != 0xff {\nreturn false\n} else if flag == 0xfd {\n")
		g.printf("var zero %s\n*dst = zero\nreturn true\n}\n", typ)
		g.read(d, "*dst", false)
	default:
		g.read(d, "*dst", true)
	}
	name = helperName("Read", s, fd, v)
	f.printf("// %s reads field %s of %s%s, reporting false for\n// input it leaves to the runtime.\n", name, fd.PathString(), article(s.Name), layout)
	f.printf("func %s(r *furyrt.Reader, buf *furyrt.Buffer, dst *%s) bool {\n%s\treturn true\n}\n\n", name, typ, g.w.String())
}

// describe says in words how a container travels.
func describe(d *desc) string {
	switch d.class {
	case cMap:
		return "a map in chunks of up to 255 entries with declared key and value types"
	case cList:
		return "a list with a declared element type"
	case cSet:
		return "a set with a declared element type"
	case cTime:
		return "a timestamp"
	}
	return "the value"
}
