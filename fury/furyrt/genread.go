package furyrt

import (
	"encoding/binary"
	"time"
	"unsafe"
)

// RunIn returns u, the unread bytes from some offset on (a suffix of
// Unread), cut as UnreadRun cuts the unread bytes: at most the first
// RunMax unless shared blocks or aliasing are on. It is for generated
// code that reads several fields through one window of unread bytes and
// locates a run of strings in it (see StringRun) without a window of its
// own: RunIn(Unread()[n:]) is what UnreadRun returns after Skip(n).
func (b *Buffer) RunIn(u []byte) []byte {
	if !b.share && !b.alias && len(u) > RunMax {
		return u[:RunMax]
	}
	return u
}

// GetTimeInto is GetTime storing the time into *t: it decodes a timestamp
// from src into *t and reports true, or reports false (leaving *t as it
// was) where GetTime does. Generated code reads a time.Time field with it
// in place of an assignment from GetTime's result, which the compiler
// builds on the stack and copies, with a write barrier for its location.
func GetTimeInto(t *time.Time, src []byte) bool {
	if len(src) < 12 {
		return false
	}
	s, ns := int64(binary.LittleEndian.Uint64(src)), binary.LittleEndian.Uint32(src[8:])
	if ns >= 1e9 || s > maxTimestampSec || !timeWordsOK {
		return false
	}
	w := (*timeWords)(unsafe.Pointer(t))
	w.wall, w.ext = uint64(ns), s+unixToInternal
	if w.loc != nil { // UTC (a time.Time from GetTime has none)
		w.loc = nil
	}
	return true
}
