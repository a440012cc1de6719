package gen

import (
	"fmt"
	"strings"
)

// An append run is a run of consecutive fields that generated code
// appends to a local slice: it takes the buffer's bytes once
// (b := buf.Bytes()), appends each field with the furyrt.Append functions
// (scalars, strings as UTF-8, enum ordinals, null flags, timestamps), and
// commits the slice back (buf.Commit(b)) at the end of the run. The slice
// stays in registers from one field to the next.
//
// A field the run cannot append (a non-nil struct pointer, an enum value
// that is not an ordinal, reference tracking, the peers' compact strings)
// commits what was appended, lets the runtime or the buffer write it, and
// takes the bytes again.

// appendOp reports whether fields handled by o are part of append runs.
func appendOp(o op) bool {
	switch o {
	case opScalar, opString, opEnum, opNilOr, opStructPtr, opNullScalar, opNullEnum, opNullString, opTime:
		return true
	}
	return false
}

// appender emits the append runs of one Write function.
type appender struct {
	f        *file
	w        *strings.Builder
	declared bool // b is declared
}

// run emits the append run of segs.
func (a *appender) run(segs []segment) {
	if a.declared {
		a.w.WriteString("\tb = buf.Bytes()\n")
	} else {
		a.w.WriteString("\tb := buf.Bytes()\n")
		a.declared = true
	}
	for _, seg := range segs {
		a.seg(seg)
	}
	a.w.WriteString("\tbuf.Commit(b)\n")
}

// leave starts a branch that writes through the buffer: what the run
// appended so far is committed.
func (a *appender) leave() { a.w.WriteString("\tbuf.Commit(b)\n") }

// back ends such a branch: the run appends to the buffer's bytes again.
func (a *appender) back() { a.w.WriteString("\tb = buf.Bytes()\n") }

// appendScalar emits the append of scalar s, value expression val.
func appendScalar(w *strings.Builder, s *scalar, val string) {
	le := func(bits int, conv string) {
		fmt.Fprintf(w, "\tb = binary.LittleEndian.AppendUint%d(b, %s(%s))\n", bits, conv, val)
	}
	call := func(name, conv string) {
		if conv != "" {
			val = conv + "(" + val + ")"
		}
		fmt.Fprintf(w, "\tb = furyrt.%s(b, %s)\n", name, val)
	}
	switch s {
	case sBool:
		fmt.Fprintf(w, "\tif %s {\n\t\tb = append(b, 1)\n\t} else {\n\t\tb = append(b, 0)\n\t}\n", val)
	case sInt8:
		fmt.Fprintf(w, "\tb = append(b, byte(%s))\n", val)
	case sUint8:
		fmt.Fprintf(w, "\tb = append(b, %s)\n", val)
	case sInt16, sUint16:
		le(16, "uint16")
	case sFloat32:
		le(32, "math.Float32bits")
	case sFloat64:
		le(64, "math.Float64bits")
	case sFixedInt32, sFixedUint32:
		le(32, "uint32")
	case sFixedInt64, sFixedUint64:
		le(64, "uint64")
	case sInt32:
		call("AppendVarint32", "")
	case sUint32:
		call("AppendVaruint32", "")
	case sInt64:
		call("AppendVarint64", "")
	case sInt:
		call("AppendVarint64", "int64")
	case sUint64:
		call("AppendVaruint64", "")
	case sUint:
		call("AppendVaruint64", "uint64")
	case sTaggedInt64:
		call("AppendTaggedInt64", "")
	case sTaggedUint64:
		call("AppendTaggedUint64", "")
	default:
		panic("furygen: no append for scalar " + s.basic)
	}
}

// putFixed emits the store of fixed-width scalar s, value expression val,
// at constant offset off of d.
func putFixed(w *strings.Builder, s *scalar, val string, off int) {
	at := "d"
	if off > 0 {
		at = fmt.Sprintf("d[%d:]", off)
	}
	le := func(bits int, conv string) {
		fmt.Fprintf(w, "\tbinary.LittleEndian.PutUint%d(%s, %s(%s))\n", bits, at, conv, val)
	}
	switch s {
	case sBool:
		fmt.Fprintf(w, "\tif %s {\n\t\td[%d] = 1\n\t} else {\n\t\td[%d] = 0\n\t}\n", val, off, off)
	case sInt8:
		fmt.Fprintf(w, "\td[%d] = byte(%s)\n", off, val)
	case sUint8:
		fmt.Fprintf(w, "\td[%d] = %s\n", off, val)
	case sInt16, sUint16:
		le(16, "uint16")
	case sFloat32:
		le(32, "math.Float32bits")
	case sFloat64:
		le(64, "math.Float64bits")
	case sFixedInt32, sFixedUint32:
		le(32, "uint32")
	case sFixedInt64, sFixedUint64:
		le(64, "uint64")
	default:
		panic("furygen: no fixed-width store for scalar " + s.basic)
	}
}

// strings emits the append of string expressions vals: UTF-8 with
// furyrt.AppendString, or the peers' compact forms through the buffer.
func (a *appender) strings(vals ...string) {
	a.w.WriteString("\tif buf.CompactStrings() {\n")
	a.leave()
	for _, v := range vals {
		fmt.Fprintf(a.w, "\tbuf.WriteString(%s)\n", v)
	}
	a.back()
	a.w.WriteString("\t} else {\n")
	for _, v := range vals {
		fmt.Fprintf(a.w, "\tb = furyrt.AppendString(b, %s)\n", v)
	}
	a.w.WriteString("\t}\n")
}

func (a *appender) seg(seg segment) {
	w := a.w
	switch seg.op {
	case opScalar:
		runs := batches(seg.fields)
		for i := 0; i < len(runs); i++ {
			r := runs[i]
			if r.b == nil && r.fields[0].desc.scalar.size > 0 {
				// Consecutive fixed-width fields: one extension, then
				// stores at constant offsets.
				j, size := i, 0
				for ; j < len(runs) && runs[j].b == nil && runs[j].fields[0].desc.scalar.size > 0; j++ {
					size += runs[j].fields[0].desc.scalar.size
				}
				if j-i > 1 {
					fmt.Fprintf(w, "\tb = furyrt.Extend(b, %d)\n\t{\n\td := b[len(b)-%d:]\n", size, size)
					off := 0
					for _, r := range runs[i:j] {
						s := r.fields[0].desc.scalar
						putFixed(w, s, scalarLV(r.fields[0]), off)
						off += s.size
					}
					w.WriteString("\t}\n")
					i = j - 1
					continue
				}
			}
			if r.b == nil {
				appendScalar(w, r.fields[0].desc.scalar, scalarLV(r.fields[0]))
				continue
			}
			fmt.Fprintf(w, "\t{\n\tv := [%d]%s{\n", len(r.fields), r.b.elem)
			for _, fd := range r.fields {
				val := scalarLV(fd)
				if fd.desc.scalar.basic != r.b.elem {
					val = r.b.elem + "(" + val + ")"
				}
				fmt.Fprintf(w, "\t%s,\n", val)
			}
			per := 5
			if strings.HasSuffix(r.b.name, "64s") {
				per = 9
			}
			fmt.Fprintf(w, "\t}\n\tb = furyrt.Reserve(b, %d)\n\tb = b[:len(b)+furyrt.Put%s(b[len(b):cap(b)], v[:])]\n\t}\n", len(r.fields)*per+8, r.b.name)
		}
	case opTime:
		fmt.Fprintf(w, "\tb = furyrt.AppendTime(b, %s)\n", access(seg.fields[0]))
	case opString:
		vals := make([]string, len(seg.fields))
		for i, fd := range seg.fields {
			vals[i] = scalarLV(fd)
		}
		a.strings(vals...)
	case opEnum:
		fd := seg.fields[0]
		fmt.Fprintf(w, "\tif v := int64(%s); v >= 0 && v <= math.MaxUint32 {\n\tb = furyrt.AppendVaruint32(b, uint32(v))\n\t} else {\n", access(fd))
		a.leave()
		fmt.Fprintf(w, "\tif err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil { // not an ordinal: the runtime's error\n\t\treturn err\n\t}\n", seg.first, access(fd))
		a.back()
		w.WriteString("\t}\n")
	case opNilOr:
		fd := seg.fields[0]
		fmt.Fprintf(w, "\tif %s == nil {\n\tb = append(b, 0xfd) // null\n\t} else {\n", access(fd))
		a.leave()
		delegateWrite(w, seg.first, fd)
		a.back()
		w.WriteString("\t}\n")
	case opStructPtr:
		fd := seg.fields[0]
		ptr := "unsafe.Pointer(" + access(fd) + ")"
		fmt.Fprintf(w, "\tif %s == nil {\n\tb = append(b, 0xfd) // null\n\t} else {\n", access(fd))
		a.leave()
		fmt.Fprintf(w, "\tif c, err := w.BeginStructPtr(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t} else if c != nil {\n", seg.first, access(fd))
		fmt.Fprintf(w, "\tif err := w.EndStruct(%d, %s); err != nil {\n\t\treturn err\n\t}\n\t}\n", seg.first, a.f.nestedCall(fd.desc.elem.t, "Write", "w", ptr))
		a.back()
		w.WriteString("\t}\n")
	case opNullScalar:
		w.WriteString("\tif w.RefTracking() {\n")
		a.leave()
		for j, fd := range seg.fields {
			delegateWrite(w, seg.first+j, fd)
		}
		a.back()
		w.WriteString("\t} else {\n")
		for _, fd := range seg.fields {
			fmt.Fprintf(w, "\tif %s == nil {\n\tb = append(b, 0xfd) // null\n\t} else {\n\tb = append(b, 0xff) // not null\n", access(fd))
			appendScalar(w, fd.desc.elem.scalar, pointeeLV(fd))
			w.WriteString("\t}\n")
		}
		w.WriteString("\t}\n")
	case opNullEnum:
		fd := seg.fields[0]
		fmt.Fprintf(w, "\tif %s == nil {\n\tb = append(b, 0xfd) // null\n\t} else ", access(fd))
		fmt.Fprintf(w, "if v := int64(*%s); v >= 0 && v <= math.MaxUint32 && !w.RefTracking() {\n", access(fd))
		w.WriteString("\tb = append(b, 0xff) // not null\n\tb = furyrt.AppendVaruint32(b, uint32(v))\n\t} else {\n")
		a.leave()
		fmt.Fprintf(w, "\tif err := w.WriteField(%d, unsafe.Pointer(&%s)); err != nil { // a reference, or not an ordinal\n\t\treturn err\n\t}\n", seg.first, access(fd))
		a.back()
		w.WriteString("\t}\n")
	case opNullString:
		fd := seg.fields[0]
		w.WriteString("\tif w.RefTracking() {\n")
		a.leave()
		delegateWrite(w, seg.first, fd)
		a.back()
		fmt.Fprintf(w, "\t} else if %s == nil {\n\tb = append(b, 0xfd) // null\n\t} else {\n\tb = append(b, 0xff) // not null\n", access(fd))
		a.strings(pointeeLV(fd))
		w.WriteString("\t}\n")
	default:
		panic(fmt.Sprintf("furygen: op %d in an append run", seg.op))
	}
}
