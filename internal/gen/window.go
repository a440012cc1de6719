package gen

import (
	"fmt"
	"strings"
)

// windowLen is the number of segments at the start of segs (at index si
// of all segments, all) that generated code reads through one window
// (readWindow): a run of scalars first or none, then timestamps and runs
// of strings, in any order; 0 when fewer than two segments would share
// it. A run of strings that a nullable string follows is read with it
// (readStringsAndPointee) and ends the window before it.
func windowLen(all []segment, si int) int {
	k := si
	for ; k < len(all); k++ {
		switch all[k].op {
		case opScalar:
			if k > si {
				return windowSize(si, k)
			}
		case opTime:
		case opString:
			if k+1 < len(all) && all[k+1].op == opNullString {
				return windowSize(si, k)
			}
		default:
			return windowSize(si, k)
		}
	}
	return windowSize(si, k)
}

func windowSize(si, k int) int {
	if k-si < 2 {
		return 0
	}
	return k - si
}

// readWindow emits the reading of segs (see windowLen) through one window
// on the unread bytes: b holds them from the read offset on and n counts
// those read, which one Skip consumes at the end, in place of a window
// and a Skip for each segment. Where a segment goes to the runtime (a
// timestamp GetTime declines, strings not all in one run, an int that
// does not fit), the bytes read so far are skipped first, and the window
// opened again after it when more of it follows.
func (f *file) readWindow(w *strings.Builder, segs []segment) {
	// reopen is what follows a runtime read in the window: b opened again
	// past it, or, when nothing of the window follows, n put back.
	reopen := func(last bool) string {
		if last {
			return "\tn = 0\n"
		}
		return "\tb, n = buf.Unread(), 0\n"
	}
	if segs[0].op == opScalar {
		f.readScalarsIn(w, segs[0].first, segs[0].fields, true)
	} else {
		w.WriteString("\t{\n\tb, n := buf.Unread(), 0\n")
	}
	for i, seg := range segs {
		last := i == len(segs)-1
		switch seg.op {
		case opScalar: // first, read above
		case opTime:
			fd := seg.fields[0]
			fmt.Fprintf(w, "\tif furyrt.GetTimeInto(&%s, b[n:]) {\n\tn += 12\n\t} else {\n\t_ = buf.Skip(n)\n", access(fd))
			fmt.Fprintf(w, "\tif err := r.ReadField(%d, unsafe.Pointer(&%s)); err != nil {\n\t\treturn err\n\t}\n", seg.first, access(fd))
			w.WriteString(reopen(last) + "\t}\n")
		case opString:
			// As readStrings, in the window: the run located in what
			// Buffer.RunIn leaves of b[n:] (what UnreadRun would return
			// at n).
			k := len(seg.fields)
			locateStrings(w, k, "buf.RunIn(b[n:])")
			fmt.Fprintf(w, "\tif e%d <= len(c) {\n\ts := buf.StringRun(c[:e%d])\n", k-1, k-1)
			runParts(w, seg.fields)
			fmt.Fprintf(w, "\tn += e%d\n\t} else {\n\t_ = buf.Skip(n)\n", k-1)
			for _, fd := range seg.fields {
				fmt.Fprintf(w, "\tif %s, err = buf.ReadString(); err != nil {\n\t\treturn err\n\t}\n", scalarLV(fd))
			}
			w.WriteString(reopen(last) + "\t}\n\t}\n")
		}
	}
	w.WriteString("\t_ = buf.Skip(n)\n\t}\n")
}
