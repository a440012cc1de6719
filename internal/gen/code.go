package gen

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// layoutComment describes a variant for the generated code's readers.
func layoutComment(s *Struct, v *Variant) string {
	if len(v.Enums) == 0 && len(s.Variants) == 1 {
		return ""
	}
	if len(v.Enums) == 0 {
		return " (layout when none of its named integer types is registered as an enum)"
	}
	var names []string
	for _, fd := range v.Order {
		for _, e := range fd.enumPositions() {
			if v.Enums[e.typ] {
				names = append(names, e.path)
			}
		}
	}
	if len(names) == 1 {
		return " (layout when field " + names[0] + " is an enum)"
	}
	return " (layout when fields " + strings.Join(names, ", ") + " are enums)"
}

func delegateWrite(w *strings.Builder, i int, fd *Field) {
	fmt.Fprintf(w, "\tif err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", i, access(fd))
}

func delegateRead(w *strings.Builder, i int, fd *Field) {
	fmt.Fprintf(w, "\tif err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", i, access(fd))
}

// writeStrings emits the writing of a run of string fields. A run of two
// or more takes one capacity check when the strings travel as UTF-8 (the
// default); the peers' compact forms take WriteString each.
func writeStrings(w *strings.Builder, fields []*Field) {
	if len(fields) == 1 {
		fmt.Fprintf(w, "\tbuf.WriteString(%s)\n", scalarLV(fields[0]))
		return
	}
	w.WriteString("\tif buf.CompactStrings() {\n")
	lens := make([]string, len(fields))
	for i, fd := range fields {
		fmt.Fprintf(w, "\tbuf.WriteString(%s)\n", scalarLV(fd))
		lens[i] = "len(" + scalarLV(fd) + ")"
	}
	fmt.Fprintf(w, "\t} else {\n\tm := %s + %d\n\tbuf.Grow(m)\n\tb := buf.Tail()[:m]\n\tn := 0\n", strings.Join(lens, " + "), 9*len(fields))
	for _, fd := range fields {
		putString(w, scalarLV(fd))
	}
	w.WriteString("\tbuf.Advance(n)\n\t}\n")
}

// scalarStores emits the stores of a run of scalar fields into b, the
// first at offset off (-1: at n, declared), and returns the offset after
// them (-1: n, declared).
func scalarStores(w *strings.Builder, fields []*Field, off int) int {
	for _, r := range batches(fields) {
		if r.b == nil {
			off = store(w, r.fields[0].desc.scalar, scalarLV(r.fields[0]), off)
			continue
		}
		if off >= 0 {
			fmt.Fprintf(w, "\tn := %d\n", off)
			off = -1
		}
		fmt.Fprintf(w, "\t{\n\tv := [%d]%s{\n", len(r.fields), r.b.elem)
		for _, fd := range r.fields {
			val := scalarLV(fd)
			if fd.desc.scalar.basic != r.b.elem {
				val = r.b.elem + "(" + val + ")"
			}
			fmt.Fprintf(w, "\t%s,\n", val)
		}
		fmt.Fprintf(w, "\t}\n\tn += furyrt.Put%s(b[n:], v[:])\n\t}\n", r.b.name)
	}
	return off
}

// runLen is the number of segments at the start of segs that generated
// code writes with one capacity reservation: scalars, timestamps, enums
// (nullable or not) and nullable pointers (their null flag), and a run of
// strings after them; 0 when the run would be null flags alone.
func runLen(segs []segment) int {
	k, plain := 0, false
run:
	for ; k < len(segs); k++ {
		switch segs[k].op {
		case opScalar, opTime, opEnum:
			plain = true
		case opStructPtr, opNilOr, opNullEnum:
		default:
			break run
		}
	}
	if k > 0 && k < len(segs) && segs[k].op == opString {
		k, plain = k+1, true
	}
	if !plain {
		return 0 // null flags alone: each pointer that is not nil would reserve again
	}
	return k
}

// writeRun emits the writing of segments of scalars, timestamps and a
// last run of strings (see runLen) through one reservation of the most
// they can take: the buffer's tail held in b, n bytes of it used. A
// timestamp the wire cannot hold and an enum that is not an ordinal go to
// the runtime (which reports them), a pointer that is not nil to the
// Writer or the runtime, and the rest of the run
// reserves again; strings in the peers' compact forms take WriteString
// each.
// regrow is what follows a run's runtime fallback of k reserved bytes:
// the reservation again for the rest of the run, or, when nothing of the
// run follows (last), only the offset put back.
func regrow(k int, last bool) string {
	if last {
		return "\tn = 0\n\t}\n"
	}
	return fmt.Sprintf("\tm -= n + %d\n\tbuf.Grow(m)\n\tb = buf.Tail()[:m]\n\tn = 0\n\t}\n", k)
}

// runFallback writes a run's segment of one field that is written in place
// when it can be and else by a call: the in-place code, then the call
// (the run's bytes so far advanced over first), then the reservation again
// (regrow).
func runFallback(w *strings.Builder, seg segment, last bool) {
	lv := access(seg.fields[0])
	null := "\tif " + lv + " == nil {\n\tb[n] = 0xfd // null\n\tn++\n\t} else "
	var fast, call, comment string
	var k int
	switch seg.op {
	case opTime:
		fast = "\tif furyrt.PutTime(b[n:], " + lv + ") {\n\tn += 12\n\t} else "
		call, comment, k = "WriteField", " // too early for the wire: the runtime's error", 12
	case opStructPtr:
		fast, call, k = null, "StructPtr", 1
	case opNilOr:
		fast, call, k = null, "WriteField", 1
	case opNullEnum:
		fast = null + "if v := int64(*" + lv + "); v >= 0 && v <= math.MaxUint32 && !w.TrackAllFields() {\n\tb[n] = 0xff // not null\n\tn += 1 + furyrt.PutVaruint32(b[n+1:], uint32(v))\n\t} else "
		call, comment, k = "WriteField", " // a reference, or not an ordinal", 6
	case opEnum:
		fast = "\tif v := int64(" + lv + "); v >= 0 && v < 0x80 {\n\tb[n] = byte(v)\n\tn++\n\t} else if v >= 0 && v <= math.MaxUint32 {\n\tn += furyrt.PutVaruint32(b[n:], uint32(v))\n\t} else "
		call, comment, k = "WriteField", " // not an ordinal: the runtime's error", 5
	}
	w.WriteString(fast)
	w.WriteString("{\n\tbuf.Advance(n)\n")
	fmt.Fprintf(w, "\tif err := w.%s(%d, unsafe.Pointer(&%s)); err != nil {%s\n\t\treturn err\n\t}\n", call, seg.first, lv, comment)
	w.WriteString(regrow(k, last))
}

func writeRun(w *strings.Builder, segs []segment) {
	fixed, varLen, again := 8, []string{}, false
	for _, seg := range segs {
		for _, fd := range seg.fields {
			switch seg.op {
			case opScalar:
				fixed += fd.desc.scalar.max
			case opTime:
				fixed += 12
				again = true
			case opStructPtr:
				fixed++
				again = true
			case opEnum:
				fixed += 5
				again = true
			case opNilOr:
				fixed++
				again = true
			case opNullEnum:
				fixed += 6
				again = true
			case opString:
				fixed += 9
				varLen = append(varLen, "len("+scalarLV(fd)+")")
			}
		}
	}
	m := fmt.Sprint(fixed)
	if len(varLen) > 0 {
		m = strings.Join(varLen, " + ") + " + " + m
	}
	if again || len(varLen) > 0 {
		fmt.Fprintf(w, "\t{\n\tm := %s\n\tbuf.Grow(m)\n\tb := buf.Tail()[:m]\n", m)
		if segs[0].op == opScalar && segs[0].fields[0].desc.scalar.size > 0 {
			// m is at least fixed: one bounds check here spares those
			// of the stores at constant offsets that lead the run.
			// (Measured: it pays there, and costs a few instructions
			// where a varint leads, as in Team's Address.)
			fmt.Fprintf(w, "\t_ = b[%d] // one bounds check for the stores at constant offsets (m > %d)\n", fixed-1, fixed-1)
		}
	} else {
		fmt.Fprintf(w, "\t{\n\tbuf.Grow(%s)\n\tb := buf.Tail()[:%s]\n", m, m)
	}
	off := 0
	dyn := func() {
		if off >= 0 {
			fmt.Fprintf(w, "\tn := %d\n", off)
			off = -1
		}
	}
	for i, seg := range segs {
		switch seg.op {
		case opScalar:
			off = scalarStores(w, seg.fields, off)
		case opTime, opStructPtr, opNilOr, opNullEnum, opEnum:
			dyn()
			runFallback(w, seg, i == len(segs)-1)
		case opString:
			dyn()
			w.WriteString("\tif buf.CompactStrings() {\n\tbuf.Advance(n)\n")
			for _, fd := range seg.fields {
				fmt.Fprintf(w, "\tbuf.WriteString(%s)\n", scalarLV(fd))
			}
			w.WriteString("\t} else {\n")
			for _, fd := range seg.fields {
				putString(w, scalarLV(fd))
			}
			w.WriteString("\tbuf.Advance(n)\n\t}\n\t}\n")
			return
		}
	}
	if off >= 0 {
		fmt.Fprintf(w, "\tbuf.Advance(%d)\n\t}\n", off)
	} else {
		w.WriteString("\tbuf.Advance(n)\n\t}\n")
	}
}

// putString emits the store of string s at b[n:] as UTF-8.
func putString(w *strings.Builder, s string) {
	// A string under 4 KiB: its one- or two-byte header (the length
	// and UTF-8, a varint) and a copy, inline.
	fmt.Fprintf(w, "\tif s := %s; len(s) < 32 {\n\tn = furyrt.PutShortString(b, n, s) // UTF-8, a one-byte header\n", s)
	fmt.Fprintf(w, "\t} else if len(s) < 4096 {\n\th := len(s)<<2 | 2 // UTF-8\n\tb[n] = byte(h) | 0x80\n\tb[n+1] = byte(h >> 7)\n\tn += 2 + copy(b[n+2:], s)\n")
	fmt.Fprintf(w, "\t} else {\n\tn += furyrt.PutString(b[n:], s)\n\t}\n")
}

// genWrite emits the Write function of variant v.
func (f *file) genWrite(s *Struct, v *Variant) {
	var w strings.Builder
	segs := segments(v)
	for i := 0; i < len(segs); i++ {
		if k := runLen(segs[i:]); k >= 2 {
			writeRun(&w, segs[i:i+k])
			i += k - 1
			continue
		}
		seg := segs[i]
		switch seg.op {
		case opDelegate:
			delegateWrite(&w, seg.first, seg.fields[0])
		case opScalar:
			max := 0
			for _, fd := range seg.fields {
				max += fd.desc.scalar.max
			}
			fmt.Fprintf(&w, "\t{\n\tbuf.Grow(%d)\n\tb := buf.Tail()[:%d]\n", max+8, max+8)
			off := scalarStores(&w, seg.fields, 0)
			if off >= 0 {
				fmt.Fprintf(&w, "\tbuf.Advance(%d)\n\t}\n", off)
			} else {
				w.WriteString("\tbuf.Advance(n)\n\t}\n")
			}
		case opNullScalar:
			w.WriteString("\tif w.TrackAllFields() {\n")
			for j, fd := range seg.fields {
				delegateWrite(&w, seg.first+j, fd)
			}
			max := 0
			for _, fd := range seg.fields {
				max += 1 + fd.desc.elem.scalar.max
			}
			fmt.Fprintf(&w, "\t} else {\n\tbuf.Grow(%d)\n\tb := buf.Tail()[:%d]\n\tn := 0\n", max+8, max+8)
			for _, fd := range seg.fields {
				fmt.Fprintf(&w, "\tif %s == nil {\n\tb[n] = 0xfd // null\n\tn++\n\t} else {\n\tb[n] = 0xff // not null\n\tn++\n", access(fd))
				store(&w, fd.desc.elem.scalar, f.pointeeLV(fd), -1)
				w.WriteString("\t}\n")
			}
			w.WriteString("\tbuf.Advance(n)\n\t}\n")
		case opString:
			writeStrings(&w, seg.fields)
		case opEnum:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif v := int64(%s); v >= 0 && v < 0x80 {\n\tbuf.WriteUint8(byte(v))\n\t} else if v >= 0 && v <= math.MaxUint32 {\n\tbuf.WriteVaruint32(uint32(v))\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil { // not an ordinal: the runtime's error\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNullEnum:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif %s == nil {\n\tbuf.WriteInt8(-3) // null\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if v := int64(*%s); v >= 0 && v <= math.MaxUint32 && !w.TrackAllFields() {\n\tbuf.WriteInt8(-1) // not null\n\tbuf.WriteVaruint32(uint32(v))\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil { // a reference, or not an ordinal\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNilOr:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif %s == nil {\n\tbuf.WriteInt8(-3) // null\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNullString:
			fd := seg.fields[0]
			w.WriteString("\tif w.TrackAllFields() {\n")
			delegateWrite(&w, seg.first, fd)
			fmt.Fprintf(&w, "\t} else if %s == nil {\n\tbuf.WriteInt8(-3) // null\n\t} else {\n\tbuf.WriteInt8(-1) // not null\n\tbuf.WriteString(%s)\n\t}\n", access(fd), f.pointeeLV(fd))
		case opStruct:
			// The Writer frames it and calls its generated code (or
			// leaves it to the runtime).
			fmt.Fprintf(&w, "\tif err := w.Struct(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(seg.fields[0]))
		case opStructPtr:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif %s == nil {\n\tbuf.WriteInt8(-3) // null\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if err := w.StructPtr(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opContainer, opNullValue:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif at := buf.Len(); %s!%s(buf, %s) {\n", helperGuard(fd, "w"), helperName("Write", s, fd, v), access(fd))
			w.WriteString("\tw.Rewind(at) // the runtime writes it, or reports the error\n")
			delegateWrite(&w, seg.first, fd)
			w.WriteString("\t}\n")
		case opTime:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tbuf.Grow(12)\n\tif furyrt.PutTime(buf.Tail(), %s) {\n\t\tbuf.Advance(12)\n\t} ", access(fd))
			fmt.Fprintf(&w, "else if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil { // too early for the wire: the runtime's error\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opDuration:
			fmt.Fprintf(&w, "\tw.WriteDuration(unsafe.Pointer(&%s))\n", access(seg.fields[0]))
		case opDate:
			fmt.Fprintf(&w, "\tif err := w.WriteDate(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(seg.fields[0]))
		case opDecimal:
			fmt.Fprintf(&w, "\tif err := w.WriteDecimal(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(seg.fields[0]))
		case opList:
			// Structs or pointers to structs: the Writer writes the
			// list, calling the elements' generated code.
			fmt.Fprintf(&w, "\tif err := w.StructList(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(seg.fields[0]))
		case opArray:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif %s {\n\tfuryrt.WriteArray(buf, %s)\n\t} else ", arrayCond(fd), f.arraySlice(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		}
	}
	body := w.String()
	name := funcName("Write", s, v)
	f.printf("// %s writes the fields of the %s at p in wire order%s.\n", name, s.Name, layoutComment(s, v))
	f.printf("func %s(w *furyrt.Writer, p unsafe.Pointer) error {\n", name)
	f.preamble(s, body, "w")
	f.printf("%s\treturn nil\n}\n\n", body)
}

func (f *file) preamble(s *Struct, body, rw string) {
	if strings.Contains(body, "x.") {
		f.printf("\tx := (*%s)(p)\n", ownType(s.Name))
	}
	if strings.Contains(body, "buf.") || strings.Contains(body, "(buf,") {
		f.printf("\tbuf := %s.Buffer()\n", rw)
	}
	if directUse.MatchString(body) {
		f.printf("\tdirect := %s.DirectArrays()\n", rw)
	}
	if strings.Contains(body, ", err = buf.") || strings.Contains(body, ", err = furyrt.") {
		f.printf("\tvar err error\n")
	}
}

var directUse = regexp.MustCompile(`\bdirect\b`)

// arrayCond is the condition under which generated code copies primitive
// array field fd in bulk.
func arrayCond(fd *Field) string {
	if intArrays(fd.desc) {
		return "direct && strconv.IntSize == 64"
	}
	return "direct"
}

// helperGuard is the condition, followed by " || ", under which field
// fd, written and read by helpers, goes to the runtime without trying
// them, or "".
func helperGuard(fd *Field, rw string) string {
	var g string
	switch d := fd.desc; {
	case ptrValue(d) && containerField(d.elem):
		g = containerGuard(d.elem, rw)
	case ptrValue(d):
		g = refGuard(rw)
	case containerField(d):
		g = containerGuard(d, rw)
	default:
		return ""
	}
	if intArrays(fd.desc) {
		g = intArraysGuard + " || " + g
	}
	return g + " || "
}

// containerGuard is the condition under which a container field of desc d
// goes to the runtime (rw is "w" or "r"): reference tracking (the field
// carries a reference flag), a nesting deeper than the limit allows, or
// primitive arrays that travel out of band.
func containerGuard(d *desc, rw string) string {
	g := fmt.Sprintf("%s || !%s.CanNest(%d)", refGuard(rw), rw, nesting(d))
	if hasArrays(d) {
		g += " || !direct"
	}
	return g
}

// refGuard is the condition under which a field that is not tagged ref
// carries reference flags, so that generated code leaves it to the runtime
// (rw is "w" or "r"): tracking on for every field (WithTrackAllFields). A
// field not tagged ref is otherwise written as with tracking off; readers
// read that form themselves and leave any other to the runtime.
func refGuard(rw string) string {
	return rw + ".TrackAllFields()"
}

// intArraysGuard is true where an int is not 64 bits: there the runtime
// writes a []int or []uint as a list of varints, not as a primitive array
// of int64 or uint64 (see intArrays).
const intArraysGuard = "strconv.IntSize != 64"

// intArrays reports whether values of d hold slices or arrays of int or
// uint, which generated code writes as primitive arrays of 64-bit
// elements: what the runtime does where int has 64 bits. Elsewhere it
// leaves them to the runtime (intArraysGuard).
func intArrays(d *desc) bool {
	switch d.class {
	case cArray:
		return d.elem != nil && (d.elem.scalar == sInt || d.elem.scalar == sUint)
	case cList, cPointer:
		return intArrays(d.elem)
	case cMap:
		return intArrays(d.key) || intArrays(d.val)
	}
	return false
}

// ordinalFits is the condition under which ordinal v (a uint32) is a
// value of enum type et (desc d), as the runtime checks it, or "" when
// every ordinal is: an ordinal beyond the type's range is the runtime's
// error, so generated readers leave it to the runtime.
func ordinalFits(d *desc, et, v string) string {
	switch d.scalar {
	case sInt8, sUint8, sInt16, sUint16, sInt32, sInt: // int: 32 bits on some platforms
		return fmt.Sprintf("int64(%s(%s)) == int64(%s)", et, v, v)
	}
	return ""
}

// readInto emits a read with ByteBuffer method call into lv; val is the
// stored expression of the result v ("v" when it is stored as is).
func readInto(w *strings.Builder, call, lv, val string) {
	if val == "v" {
		fmt.Fprintf(w, "\tif %s, err = buf.%s(); err != nil {\n\t\treturn err\n\t}\n", lv, call)
		return
	}
	fmt.Fprintf(w, "\tif v, err := buf.%s(); err != nil {\n\t\treturn err\n\t} else {\n\t\t%s = %s\n\t}\n", call, lv, val)
}

// locateStrings opens a block in which c is window (an expression: what
// UnreadRun returns, or Buffer.RunIn of a window's bytes) and s<i>, e<i> locate the i-th of k strings one after another in c (see
// furyrt.NextString).
func locateStrings(w *strings.Builder, k int, window string) {
	fmt.Fprintf(w, "\t{\n\tc := %s\n", window)
	for i := range k {
		from := "0"
		if i > 0 {
			from = fmt.Sprintf("e%d", i-1)
		}
		fmt.Fprintf(w, "\ts%d, e%d := furyrt.NextString(c, %s)\n", i, i, from)
	}
}

// runParts sets each of fields to its string of run s, located by
// locateStrings.
func runParts(w *strings.Builder, fields []*Field) {
	for i, fd := range fields {
		fmt.Fprintf(w, "\t%s = furyrt.RunPart(s, s%d, e%d)\n", scalarLV(fd), i, i)
	}
}

// readStrings emits the reading of a run of strings: when each is UTF-8
// with a header of one or two bytes (under 4 KiB) and the input holds them
// whole within UnreadRun (at most furyrt.RunMax bytes unless shared
// blocks or aliasing are on), as one piece (StringRun: one copy into the
// decode's memory, or the input itself with aliasing on) that the strings
// are sliced out of;
// else each by ReadString, which reads every form and reports the errors.
func readStrings(w *strings.Builder, fields []*Field) {
	k := len(fields)
	locateStrings(w, len(fields), "buf.UnreadRun()")
	fmt.Fprintf(w, "\tif e%d <= len(c) {\n\ts := buf.StringRun(c[:e%d])\n", k-1, k-1)
	runParts(w, fields)
	fmt.Fprintf(w, "\t_ = buf.Skip(e%d)\n\t} else {\n", k-1)
	for _, fd := range fields {
		fmt.Fprintf(w, "\tif %s, err = buf.ReadString(); err != nil {\n\t\treturn err\n\t}\n", scalarLV(fd))
	}
	w.WriteString("\t}\n\t}\n")
}

// readStringsAndPointee emits the reading of a run of string fields and
// of the *string field i, fd, after them: when the pointer is not null
// and each string is one NextString locates within UnreadRun, the strings
// and the pointee's are one piece (StringRunNew over the run, the not-null
// flag and the pointee's string, with the pointee), charged to the budget
// as the runtime charges them one after another (the strings, the
// pointee's string header if it fits after them, its bytes; see
// furyrt.ChargeNewInRun); else as readStrings and readNullScalar read
// them.
func (f *file) readStringsAndPointee(w *strings.Builder, fields []*Field, i int, fd *Field) {
	locateStrings(w, len(fields), "buf.UnreadRun()")
	last := fmt.Sprintf("e%d", len(fields)-1)
	fmt.Fprintf(w, "\tsp, ep := 0, len(c)+1\n\tif %s < len(c) && c[%s] == 0xff { // not null\n\tsp, ep = furyrt.NextString(c, %s+1)\n\t}\n", last, last, last)
	et := f.typeString(fd.desc.elem.t)
	fmt.Fprintf(w, "\tif ep <= len(c) && furyrt.ChargeNewInRun[%s](buf, %s) {\n\ts, q := furyrt.StringRunNew[%s](buf, c[:ep])\n", et, last, et)
	runParts(w, fields)
	fmt.Fprintf(w, "\t%s = q\n\t%s = furyrt.RunPart(s, sp, ep)\n", access(fd), f.pointeeLV(fd))
	w.WriteString("\t_ = buf.Skip(ep)\n\t} else {\n")
	readStrings(w, fields)
	f.readNullScalar(w, i, fd)
	w.WriteString("\t}\n\t}\n")
}

// readNullScalar emits the reading of field i, fd, a nullable pointer to a
// scalar or a string without reference tracking.
func (f *file) readNullScalar(w *strings.Builder, i int, fd *Field) {
	e := fd.desc.elem
	call, conv := readCall(e.scalar)
	val := "v"
	if conv != "" {
		val = conv + "(v)"
	}
	fmt.Fprintf(w, "\tif b := buf.Unread(); len(b) > 0 && b[0] == 0xfd { // null\n\t_ = buf.Skip(1)\n\t%s", clearLV(access(fd)))
	charge := ""
	if e.scalar == sString {
		// As the runtime, which takes *string's pointee from the heap:
		// over the budget, its error.
		charge = " && furyrt.ChargeNew[" + f.typeString(e.t) + "](buf)"
	}
	fmt.Fprintf(w, "\t} else if len(b) > 0 && b[0] == 0xff%s { // not null\n\t_ = buf.Skip(1)\n", charge)
	// A new pointee always (decoding replaces, it never writes through a
	// pointer the destination held), taken before the value is read, as
	// the runtime takes it: the size of a new block of the decode's memory
	// depends on the input left.
	alloc := "furyrt.NewScalar[" + f.typeString(e.t) + "](buf)" // the decode's memory (Buffer.Alloc)
	if e.scalar == sString {
		alloc = "new(" + f.typeString(e.t) + ")" // charged above
	}
	fmt.Fprintf(w, "\t%s = %s\n", access(fd), alloc)
	fmt.Fprintf(w, "\tv, err := buf.%s()\n\tif err != nil {\n\t\treturn err\n\t}\n", call)
	if o := overflow(e.scalar, "v"); o != "" {
		fmt.Fprintf(w, "\tif %s {\n\tbuf.SetReaderIndex(buf.Len() - len(b)) // 32-bit platforms only: the runtime's error\n", o)
		fmt.Fprintf(w, "\tif err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n\t} else {\n", i, access(fd))
	}
	fmt.Fprintf(w, "\t%s = %s\n", f.pointeeLV(fd), val)
	if overflow(e.scalar, "v") != "" {
		w.WriteString("\t}\n")
	}
	fmt.Fprintf(w, "\t} else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", i, access(fd))
}

// genRead emits the Read function of variant v.
func (f *file) genRead(s *Struct, v *Variant) {
	var w strings.Builder
	segs := segments(v)
	for si := 0; si < len(segs); si++ {
		if k := windowLen(segs, si); k > 0 {
			f.readWindow(&w, segs[si:si+k])
			si += k - 1
			continue
		}
		seg := segs[si]
		if si > 0 && seg.op == opNullString && segs[si-1].op == opString {
			// Its first field read with the strings before it.
			for j, fd := range seg.fields[1:] {
				f.readNullScalar(&w, seg.first+1+j, fd)
			}
			continue
		}
		switch seg.op {
		case opDelegate:
			delegateRead(&w, seg.first, seg.fields[0])
		case opScalar:
			f.readScalars(&w, seg.first, seg.fields)
		case opString:
			if si+1 < len(segs) && segs[si+1].op == opNullString {
				f.readStringsAndPointee(&w, seg.fields, segs[si+1].first, segs[si+1].fields[0])
			} else {
				readStrings(&w, seg.fields)
			}
		case opEnum:
			fd := seg.fields[0]
			et := f.typeString(fd.desc.t)
			if fits := ordinalFits(fd.desc, et, "v"); fits != "" {
				fmt.Fprintf(&w, "\tif v, k := furyrt.GetVaruint32(buf.Unread()); k > 0 && %s {\n\t%s = %s(v)\n\t_ = buf.Skip(k)\n\t} ", fits, access(fd), et)
				fmt.Fprintf(&w, "else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil { // out of range: the runtime's error\n\t\treturn err\n\t}\n", seg.first, access(fd))
			} else {
				readInto(&w, "ReadVaruint32", access(fd), et+"(v)")
			}
		case opNullEnum:
			fd := seg.fields[0]
			et := f.typeString(fd.desc.elem.t)
			fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) == 0 {\n")
			delegateRead(&w, seg.first, fd)
			fmt.Fprintf(&w, "\t} else if b[0] == 0xfd { // null\n\t_ = buf.Skip(1)\n\t%s\t} ", clearLV(access(fd)))
			fits := ordinalFits(fd.desc.elem, et, "v")
			if fits != "" {
				fits = " && " + fits
			}
			// The pointee is taken before the ordinal is read, as the
			// runtime takes it (the size of a new block of the decode's
			// memory depends on the input left).
			fmt.Fprintf(&w, "else if v, k := furyrt.GetVaruint32(b[1:]); b[0] == 0xff && k > 0%s { // not null\n\t_ = buf.Skip(1)\n", fits)
			fmt.Fprintf(&w, "\tq := furyrt.NewScalar[%s](buf)\n\t_ = buf.Skip(k)\n\t*q = %s(v)\n\t%s = q\n\t} ", et, et, access(fd))
			fmt.Fprintf(&w, "else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNilOr:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) > 0 && b[0] == 0xfd { // null\n\t_ = buf.Skip(1)\n\t%s\t} ", clearLV(access(fd)))
			fmt.Fprintf(&w, "else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNullScalar, opNullString:
			for j, fd := range seg.fields {
				f.readNullScalar(&w, seg.first+j, fd)
			}
		case opStruct:
			fd := seg.fields[0]
			ptr := "unsafe.Pointer(&" + access(fd) + ")"
			fmt.Fprintf(&w, "\tif c, err := r.BeginStruct(%d, %s); err != nil {\n\t\treturn err\n\t} else if c != nil {\n", seg.first, ptr)
			fmt.Fprintf(&w, "\tif err := r.EndStruct(%d, %s); err != nil {\n\t\treturn err\n\t}\n\t}\n", seg.first, f.nestedCall(s, fd.desc.t, "Read", "r", ptr))
		case opStructPtr:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) > 0 && b[0] == 0xfd { // null\n\t_ = buf.Skip(1)\n\t%s\t} ", clearLV(access(fd)))
			// BeginStructPtr stores the new pointee in the field, charged
			// to the decode budget where the runtime charges it.
			fmt.Fprintf(&w, "else if c, err := r.BeginStructPtr(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t} else if c != nil {\n", seg.first, access(fd))
			fmt.Fprintf(&w, "\tif err := r.EndStruct(%d, %s); err != nil {\n\t\treturn err\n\t}\n\t}\n", seg.first, f.nestedCall(s, fd.desc.elem.t, "Read", "r", "unsafe.Pointer("+access(fd)+")"))
		case opContainer, opNullValue:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif at := buf.Mark(); %s!%s(r, buf, &%s) {\n", helperGuard(fd, "r"), helperName("Read", s, fd, v), access(fd))
			w.WriteString("\tbuf.Restore(at) // a shape the runtime reads, or its error\n")
			delegateRead(&w, seg.first, fd)
			w.WriteString("\t}\n")
		case opTime:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif furyrt.GetTimeInto(&%s, buf.Unread()) {\n\t_ = buf.Skip(12)\n\t} ", access(fd))
			fmt.Fprintf(&w, "else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opDuration, opDate, opDecimal:
			name := map[op]string{opDuration: "ReadDuration", opDate: "ReadDate", opDecimal: "ReadDecimal"}[seg.op]
			fmt.Fprintf(&w, "\tif err := r.%s(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", name, seg.first, access(seg.fields[0]))
		case opList:
			fd := seg.fields[0]
			e := fd.desc.elem
			// An empty list, the count's one zero byte, in line: the field
			// is neither nullable nor tagged ref, so unless every field is
			// tracked its data is the count, and the runtime reads zero
			// elements as nil after charging none (which fails only on a
			// budget already spent: BeginList's error then).
			fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) > 0 && b[0] == 0 && !%s && buf.Budget() >= 0 { // empty\n\t_ = buf.Skip(1)\n\t%s\t} else ", refGuard("r"), clearLV(access(fd)))
			fmt.Fprintf(&w, "if n, c, err := r.BeginList(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t} else if n > 0 {\n", seg.first, access(fd))
			fmt.Fprintf(&w, "\ts, el := %s, r.Elems()\n\tfor j := range s {\n", access(fd))
			if e.class == cPointer {
				fmt.Fprintf(&w, "\tq, e := furyrt.NewPointee[%s](r)\n\tif e != nil {\n\terr = e\n\tbreak\n\t}\n\ts[j] = q\n", f.pointerType(e))
				w.WriteString("\tif err = r.StartElem(el); err != nil {\n\tbreak\n\t}\n")
				fmt.Fprintf(&w, "\tif err = %s; err != nil {\n\tbreak\n\t}\n\t}\n", f.nestedCall(s, e.elem.t, "Read", "r", "unsafe.Pointer(s[j])"))
			} else { // a struct (opList is chosen for nothing else, see opOf)
				w.WriteString("\tif err = r.StartElem(el); err != nil {\n\tbreak\n\t}\n")
				fmt.Fprintf(&w, "\tif err = %s; err != nil {\n\tbreak\n\t}\n\t}\n", f.nestedCall(s, e.t, "Read", "r", "unsafe.Pointer(&s[j])"))
			}
			fmt.Fprintf(&w, "\tif err = r.EndList(%d, err); err != nil {\n\t\treturn err\n\t}\n\t}\n", seg.first)
		case opArray:
			fd := seg.fields[0]
			if fd.desc.length >= 0 {
				fmt.Fprintf(&w, "\tif %s {\n\tif err := furyrt.ReadFixedArray(buf, %s); err != nil {\n\t\treturn err\n\t}\n", arrayCond(fd), f.arraySlice(fd))
			} else {
				fmt.Fprintf(&w, "\tif %s {\n\tif err := furyrt.ReadArray(buf, %s); err != nil {\n\t\treturn err\n\t}\n", arrayCond(fd), f.arraySlicePtr(fd))
				fmt.Fprintf(&w, "\tif len(%s) == 0 {\n\t%s = nil // an empty field that is not nullable reads as nil\n\t}\n", access(fd), access(fd))
			}
			fmt.Fprintf(&w, "\t} else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		}
	}
	body := w.String()
	name := funcName("Read", s, v)
	f.printf("// %s reads the fields of the %s at p in wire order%s.\n", name, s.Name, layoutComment(s, v))
	f.printf("func %s(r *furyrt.Reader, p unsafe.Pointer) error {\n", name)
	f.preamble(s, body, "r")
	f.printf("%s\treturn nil\n}\n\n", body)
}

// nestedCall is the call that writes or reads (op "Write" or "Read") the
// struct of type t at ptr with codec c, from the code of struct from: the
// generated function directly when t is generated in this run and its code
// builds wherever from's does (Package.callable), else through the codec.
func (f *file) nestedCall(from *Struct, t types.Type, op, rw, ptr string) string {
	if s := f.pkg.local(t); s != nil && f.pkg.callable(from, s) {
		return fmt.Sprintf("%s(c, %s, %s)", dispatchName(op, s), rw, ptr)
	}
	return fmt.Sprintf("c.%s(%s, %s)", op, rw, ptr)
}

// genDispatch emits the function that runs s's generated reader for the
// codec the runtime chose, calling the matching variant directly.
// (Writers need none: the Writer calls the nested plan's function.)
func (f *file) genDispatch(s *Struct) {
	for _, op := range []struct{ name, rw, typ string }{{"Read", "r", "Reader"}} {
		name := dispatchName(op.name, s)
		f.printf("// %s %ss %s with codec c, calling its generated function directly.\n", name, strings.ToLower(op.name), article(s.Name))
		f.printf("func %s(c *furyrt.Codec, %s *furyrt.%s, p unsafe.Pointer) error {\n\tswitch c {\n", name, op.rw, op.typ)
		for _, v := range s.Variants {
			f.printf("\tcase %s:\n\t\treturn %s(%s, p)\n", codecVar(s, v), funcName(op.name, s, v), op.rw)
		}
		f.printf("\t}\n\treturn c.%s(%s, p)\n}\n\n", op.name, op.rw)
	}
}

// readScalars emits the read of a run of non-nullable scalar fields from
// the unread bytes: leading fixed-width fields after one bounds check at
// constant offsets, then varints (runs of them with a bulk kernel) and
// further fixed-width fields, each checked against the bytes left.
//
// An int or uint that does not fit (a varint beyond 32 bits, on 32-bit
// platforms) is the runtime's error: the fields from the one read first
// are read again by the runtime, which reports it (see overflow).
func (f *file) readScalars(w *strings.Builder, first int, fields []*Field) {
	f.readScalarsIn(w, first, fields, false)
}

// readScalarsIn is readScalars, the block it opens left open with n the
// offset in b after the scalars when more is set (a window, see
// readWindow: more of it follows), closed with the Skip otherwise.
func (f *file) readScalarsIn(w *strings.Builder, first int, fields []*Field, more bool) {
	k, fixed := 0, 0
	for _, fd := range fields {
		if fd.desc.scalar.size == 0 {
			break
		}
		fixed += fd.desc.scalar.size
		k++
	}
	w.WriteString("\t{\n\tb := buf.Unread()\n")
	if k > 0 {
		fmt.Fprintf(w, "\tif len(b) < %d {\n\t\treturn r.Truncated()\n\t}\n", fixed)
		off := 0
		for _, fd := range fields[:k] {
			fmt.Fprintf(w, "\t%s = %s\n", scalarLV(fd), load(fd.desc.scalar, off))
			off += fd.desc.scalar.size
		}
	}
	runs := batches(fields[k:])
	if len(runs) == 0 {
		if more {
			fmt.Fprintf(w, "\tn := %d\n", fixed)
		} else {
			fmt.Fprintf(w, "\t_ = buf.Skip(%d)\n\t}\n", fixed)
		}
		return
	}
	usesK := false
	for _, r := range runs {
		if s := r.fields[0].desc.scalar; r.b == nil && s.size == 0 {
			_, conv := getCall(s)
			usesK = usesK || conv == ""
		}
	}
	if usesK {
		fmt.Fprintf(w, "\tn, k := %d, 0\n", fixed)
	} else {
		fmt.Fprintf(w, "\tn := %d\n", fixed)
	}
	// runtimeReads emits the reading of fields fs (at wire index i on) by
	// the runtime, from where they start (offset n of b), and the reading
	// of what follows from there.
	runtimeReads := func(i int, fs []*Field, last bool) {
		w.WriteString("\t_ = buf.Skip(n) // 32-bit platforms only: the runtime's error\n")
		for j, fd := range fs {
			fmt.Fprintf(w, "\tif err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", i+j, access(fd))
		}
		if last {
			w.WriteString("\tn = 0\n")
		} else {
			w.WriteString("\tb, n = buf.Unread(), 0\n")
		}
	}
	at := first + k // wire index of the run
	for ri, r := range runs {
		last := ri == len(runs)-1 && !more
		i := at
		at += len(r.fields)
		if r.b != nil {
			what := "fields " + r.fields[0].PathString() + " to " + r.fields[len(r.fields)-1].PathString()
			fmt.Fprintf(w, "\t{\n\tvar v [%d]%s\n\tm := furyrt.Get%s(v[:], b[n:])\n", len(r.fields), r.b.elem, r.b.name)
			fmt.Fprintf(w, "\tif m <= 0 {\n\treturn r.VarintError(m, %q)\n\t}\n", what)
			var overflows []string
			for j, fd := range r.fields {
				if o := overflow(fd.desc.scalar, fmt.Sprintf("v[%d]", j)); o != "" {
					overflows = append(overflows, o)
				}
			}
			if len(overflows) > 0 {
				fmt.Fprintf(w, "\tif %s {\n", strings.Join(overflows, " || "))
				runtimeReads(i, r.fields, last)
				w.WriteString("\t} else {\n")
			}
			w.WriteString("\tn += m\n")
			for j, fd := range r.fields {
				val := fmt.Sprintf("v[%d]", j)
				if b := fd.desc.scalar.basic; b != r.b.elem {
					val = b + "(" + val + ")"
				}
				fmt.Fprintf(w, "\t%s = %s\n", scalarLV(fd), val)
			}
			if len(overflows) > 0 {
				w.WriteString("\t}\n")
			}
			w.WriteString("\t}\n")
			continue
		}
		fd := r.fields[0]
		s := fd.desc.scalar
		if s.size > 0 {
			fmt.Fprintf(w, "\tif len(b)-n < %d {\n\t\treturn r.Truncated()\n\t}\n", s.size)
			fmt.Fprintf(w, "\t%s = %s\n\tn += %d\n", scalarLV(fd), loadAt(s, "n"), s.size)
			continue
		}
		get, conv := getCall(s)
		what := "field " + fd.PathString()
		if get == "GetVarint64" {
			// A one-byte varint in line (GetVarint64 inlines, but the
			// GetVaruint64 it calls does not).
			t := conv
			if t == "" {
				t = "int64"
			}
			fmt.Fprintf(w, "\tif n < len(b) && b[n] < 0x80 {\n\t%s = %s(b[n]>>1) ^ -%s(b[n]&1)\n\tn++\n\t} else ", scalarLV(fd), t, t)
		} else if conv == "" {
			w.WriteString("\t" + shortVarint32(get, scalarLV(fd), "b", "n"))
		} else {
			w.WriteString("\t")
		}
		if conv == "" {
			fmt.Fprintf(w, "if %s, k = furyrt.%s(b[n:]); k <= 0 {\n\treturn r.VarintError(k, %q)\n\t} else {\n\tn += k\n\t}\n", scalarLV(fd), get, what)
			continue
		}
		fmt.Fprintf(w, "if v, k := furyrt.%s(b[n:]); k <= 0 {\n\treturn r.VarintError(k, %q)\n\t} ", get, what)
		if o := overflow(s, "v"); o != "" {
			fmt.Fprintf(w, "else if %s {\n", o)
			runtimeReads(i, r.fields, last)
			w.WriteString("\t} ")
		}
		fmt.Fprintf(w, "else {\n\t%s = %s(v)\n\tn += k\n\t}\n", scalarLV(fd), conv)
	}
	if !more {
		w.WriteString("\t_ = buf.Skip(n)\n\t}\n")
	}
}

// pointerType names the pointer type of d (a field or list element
// pointing to a struct) for furyrt.NewPointee, as declared: a budget error
// then names it as the runtime does (type PT *T is PT there, not *T). An
// unexported pointer type of another package, which the file cannot name,
// is written *T.
func (f *file) pointerType(d *desc) string {
	if f.checkNameable(d.t, map[types.Type]bool{}) != nil {
		return "*" + f.typeString(d.elem.t)
	}
	return f.typeString(d.t)
}

// article returns name with "a" or "an" before it, by how English reads
// its first letter ("an Account", "a Media").
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
