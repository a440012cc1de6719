package gen

import (
	"fmt"
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
		if e := fd.enumType(); e != nil && v.Enums[e] {
			names = append(names, fd.PathString())
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

// genWrite emits the Write function of variant v.
func (f *file) genWrite(s *Struct, v *Variant) {
	var w strings.Builder
	for _, seg := range segments(v) {
		switch seg.op {
		case opDelegate:
			delegateWrite(&w, seg.first, seg.fields[0])
		case opScalar:
			max := 0
			for _, fd := range seg.fields {
				max += fd.desc.scalar.max
			}
			fmt.Fprintf(&w, "\t{\n\tbuf.Grow(%d)\n\tb := buf.Tail()[:%d]\n", max+8, max+8)
			off := 0
			for _, fd := range seg.fields {
				off = store(&w, fd.desc.scalar, scalarLV(fd), off)
			}
			if off >= 0 {
				fmt.Fprintf(&w, "\tbuf.Advance(%d)\n\t}\n", off)
			} else {
				w.WriteString("\tbuf.Advance(n)\n\t}\n")
			}
		case opNullScalar:
			w.WriteString("\tif w.RefTracking() {\n")
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
				store(&w, fd.desc.elem.scalar, pointeeLV(fd), -1)
				w.WriteString("\t}\n")
			}
			w.WriteString("\tbuf.Advance(n)\n\t}\n")
		case opString:
			fmt.Fprintf(&w, "\tbuf.WriteString(%s)\n", scalarLV(seg.fields[0]))
		case opEnum:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif v := int64(%s); v >= 0 && v <= math.MaxUint32 {\n\tbuf.WriteVaruint32(uint32(v))\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil { // not an ordinal: the runtime's error\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNilOr:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif %s == nil {\n\tbuf.WriteInt8(-3) // null\n\t} else ", access(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNullString:
			fd := seg.fields[0]
			w.WriteString("\tif w.RefTracking() {\n")
			delegateWrite(&w, seg.first, fd)
			fmt.Fprintf(&w, "\t} else if %s == nil {\n\tbuf.WriteInt8(-3) // null\n\t} else {\n\tbuf.WriteInt8(-1) // not null\n\tbuf.WriteString(%s)\n\t}\n", access(fd), pointeeLV(fd))
		case opArray:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif direct {\n\tfury.WriteArray(buf, %s)\n\t} else ", f.arraySlice(fd))
			fmt.Fprintf(&w, "if err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		}
	}
	body := w.String()
	name := "furyWrite" + s.Name + v.Suffix
	f.printf("// %s writes the fields of the %s at p in wire order%s.\n", name, s.Name, layoutComment(s, v))
	f.printf("func %s(w *fury.GenWriter, p unsafe.Pointer) error {\n", name)
	f.preamble(s, body, "w")
	f.printf("%s\treturn nil\n}\n\n", body)
}

func (f *file) preamble(s *Struct, body, rw string) {
	if strings.Contains(body, "x.") {
		f.printf("\tx := (*%s)(p)\n", s.Name)
	}
	if strings.Contains(body, "buf.") || strings.Contains(body, "(buf,") {
		f.printf("\tbuf := %s.Buffer()\n", rw)
	}
	if strings.Contains(body, "if direct {") {
		f.printf("\tdirect := %s.DirectArrays()\n", rw)
	}
	if strings.Contains(body, ", err = buf.") || strings.Contains(body, ", err = fury.") {
		f.printf("\tvar err error\n")
	}
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

// genRead emits the Read function of variant v.
func (f *file) genRead(s *Struct, v *Variant) {
	var w strings.Builder
	for _, seg := range segments(v) {
		switch seg.op {
		case opDelegate:
			delegateRead(&w, seg.first, seg.fields[0])
		case opScalar:
			// Leading fixed-width fields: one bounds check, constant offsets.
			k, fixed := 0, 0
			for _, fd := range seg.fields {
				if fd.desc.scalar.size == 0 {
					break
				}
				fixed += fd.desc.scalar.size
				k++
			}
			if k < len(seg.fields) {
				// Variable-length fields follow: a fast path when the
				// input holds the run's maximum size, decoding from one
				// slice; else field by field through the buffer.
				max := 0
				for _, fd := range seg.fields {
					max += fd.desc.scalar.max
				}
				fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) >= %d {\n\tb = b[:%d]\n", max, max)
				off := 0
				for _, fd := range seg.fields[:k] {
					fmt.Fprintf(&w, "\t%s = %s\n", scalarLV(fd), load(fd.desc.scalar, off))
					off += fd.desc.scalar.size
				}
				usesK := false
				for _, fd := range seg.fields[k:] {
					if s := fd.desc.scalar; s.size == 0 {
						_, conv := getCall(s)
						usesK = usesK || conv == ""
					}
				}
				if usesK {
					fmt.Fprintf(&w, "\tn, k := %d, 0\n", off)
				} else {
					fmt.Fprintf(&w, "\tn := %d\n", off)
				}
				for _, fd := range seg.fields[k:] {
					s := fd.desc.scalar
					if s.size > 0 {
						fmt.Fprintf(&w, "\t%s = %s\n\tn += %d\n", scalarLV(fd), loadAt(s, "n"), s.size)
						continue
					}
					get, conv := getCall(s)
					val := "v"
					if conv != "" {
						val = conv + "(v)"
					}
					if val == "v" {
						fmt.Fprintf(&w, "\tif %s, k = fury.%s(b[n:]); k <= 0 {\n\treturn r.Error(\"malformed varint in field %s\")\n\t}\n\tn += k\n", scalarLV(fd), get, fd.PathString())
						continue
					}
					fmt.Fprintf(&w, "\tif v, k := fury.%s(b[n:]); k > 0 {\n\t%s = %s\n\tn += k\n\t} else {\n\treturn r.Error(\"malformed varint in field %s\")\n\t}\n", get, scalarLV(fd), val, fd.PathString())
				}
				w.WriteString("\t_ = buf.Skip(n)\n\t} else {\n")
			}
			if k > 0 {
				fmt.Fprintf(&w, "\t{\n\tb := buf.Unread()\n\tif len(b) < %d {\n\t\treturn r.Truncated()\n\t}\n\tb = b[:%d]\n", fixed, fixed)
				off := 0
				for _, fd := range seg.fields[:k] {
					fmt.Fprintf(&w, "\t%s = %s\n", scalarLV(fd), load(fd.desc.scalar, off))
					off += fd.desc.scalar.size
				}
				fmt.Fprintf(&w, "\t_ = buf.Skip(%d)\n\t}\n", fixed)
			}
			for _, fd := range seg.fields[k:] {
				call, conv := readCall(fd.desc.scalar)
				val := "v"
				if conv != "" {
					val = conv + "(v)"
				}
				readInto(&w, call, scalarLV(fd), val)
			}
			if k < len(seg.fields) {
				w.WriteString("\t}\n")
			}
		case opString:
			fmt.Fprintf(&w, "\tif %s, err = buf.ReadString(); err != nil {\n\t\treturn err\n\t}\n", scalarLV(seg.fields[0]))
		case opEnum:
			fd := seg.fields[0]
			readInto(&w, "ReadVaruint32", access(fd), f.typeString(fd.desc.t)+"(v)")
		case opNilOr:
			fd := seg.fields[0]
			fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) > 0 && b[0] == 0xfd { // null\n\t_ = buf.Skip(1)\n\t%s = nil\n\t} ", access(fd))
			fmt.Fprintf(&w, "else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		case opNullScalar, opNullString:
			for j, fd := range seg.fields {
				e := fd.desc.elem
				call, conv := readCall(e.scalar)
				val := "v"
				if conv != "" {
					val = conv + "(v)"
				}
				fmt.Fprintf(&w, "\tif b := buf.Unread(); len(b) > 0 && b[0] == 0xfd { // null\n\t_ = buf.Skip(1)\n\t%s = nil\n", access(fd))
				fmt.Fprintf(&w, "\t} else if len(b) > 0 && b[0] == 0xff { // not null\n\t_ = buf.Skip(1)\n")
				fmt.Fprintf(&w, "\tv, err := buf.%s()\n\tif err != nil {\n\t\treturn err\n\t}\n", call)
				alloc := "fury.NewScalar[" + f.typeString(e.t) + "](buf)" // from the decode's shared block
				if e.scalar == sString {
					alloc = "new(" + f.typeString(e.t) + ")"
				}
				fmt.Fprintf(&w, "\tif %s == nil {\n\t\t%s = %s\n\t}\n\t%s = %s\n", access(fd), access(fd), alloc, pointeeLV(fd), val)
				fmt.Fprintf(&w, "\t} else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first+j, access(fd))
			}
		case opArray:
			fd := seg.fields[0]
			if fd.desc.length >= 0 {
				fmt.Fprintf(&w, "\tif direct {\n\tif err := fury.ReadFixedArray(buf, %s); err != nil {\n\t\treturn err\n\t}\n", f.arraySlice(fd))
			} else {
				fmt.Fprintf(&w, "\tif direct {\n\tif err := fury.ReadArray(buf, %s); err != nil {\n\t\treturn err\n\t}\n", f.arraySlicePtr(fd))
			}
			fmt.Fprintf(&w, "\t} else if err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
		}
	}
	body := w.String()
	name := "furyRead" + s.Name + v.Suffix
	f.printf("// %s reads the fields of the %s at p in wire order%s.\n", name, s.Name, layoutComment(s, v))
	f.printf("func %s(r *fury.GenReader, p unsafe.Pointer) error {\n", name)
	f.preamble(s, body, "r")
	f.printf("%s\treturn nil\n}\n\n", body)
}
