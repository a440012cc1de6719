package fury

import "reflect"

// FlatShortWay reports whether f's last Unmarshal left the short way ready
// for a flat root (Fury.readFlat).
func FlatShortWay(f *Fury) bool { return f.lastOutRF != nil && f.lastOutRF.flat }

// PlainFlatShortWay reports whether f's last Unmarshal left ready the
// flat short way that Unmarshal has in line (rootFrame.plainShort: no
// TypeDef, a prefix of up to 16 bytes).
func PlainFlatShortWay(f *Fury) bool { return f.lastOutRF != nil && f.lastOutRF.plainShort }

// FlatStructInUse reports whether f reads t with generated code that the
// runtime takes as flat (flatStruct).
func FlatStructInUse(f *Fury, t reflect.Type) bool {
	f.sync()
	ti, err := f.r.typeInfoOf(t)
	return err == nil && flatStruct(ti.st)
}

// ShortWayPrefixLen is the length of the constant prefix the short way
// checks for f's last destination type (its messages shorter than that
// take the general way), or -1.
func ShortWayPrefixLen(f *Fury) int {
	if f.lastOutRF == nil {
		return -1
	}
	return len(f.lastOutRF.pre)
}
