package fury

import (
	"encoding/binary"
	"unsafe"

	"github.com/fury-go/fury/fury/internal/varint"
)

// The non-nullable primitive fields that start a struct's wire layout are
// written and read here without per-field bounds checks: the writer grows
// the buffer once by their maximum size, the reader takes the unchecked
// path only when that many bytes remain.

// putPrefix stores the primitive prefix fields of the struct at p at q
// (which has room for st.maxPrim bytes) and returns the bytes used.
func putPrefix(q unsafe.Pointer, fields []*fieldInfo, p unsafe.Pointer) int {
	n := 0
	for _, f := range fields {
		fp := unsafe.Add(p, f.offset)
		d := unsafe.Add(q, n)
		switch f.kind {
		case kFloat64, kFixedInt64, kFixedUint64:
			binary.LittleEndian.PutUint64((*[8]byte)(d)[:], *(*uint64)(fp))
			n += 8
		case kFloat32, kFixedInt32, kFixedUint32:
			binary.LittleEndian.PutUint32((*[4]byte)(d)[:], *(*uint32)(fp))
			n += 4
		case kInt16, kUint16, kFloat16, kBFloat16:
			binary.LittleEndian.PutUint16((*[2]byte)(d)[:], *(*uint16)(fp))
			n += 2
		case kBool:
			var b byte
			if *(*bool)(fp) {
				b = 1
			}
			*(*byte)(d) = b
			n++
		case kInt8, kUint8:
			*(*byte)(d) = *(*byte)(fp)
			n++
		case kInt32:
			v := *(*int32)(fp)
			n += varint.Put32((*[5]byte)(d)[:], uint32((v<<1)^(v>>31)))
		case kUint32:
			n += varint.Put32((*[5]byte)(d)[:], *(*uint32)(fp))
		case kInt64:
			v := *(*int64)(fp)
			n += varint.Put64((*[9]byte)(d)[:], uint64((v<<1)^(v>>63)))
		case kUint64:
			n += varint.Put64((*[9]byte)(d)[:], *(*uint64)(fp))
		default:
			n += putScalar(unsafe.Slice((*byte)(d), 9), f.kind, fp)
		}
	}
	return n
}

// readPrefix reads the primitive prefix fields from src, which holds at
// least the prefix's maximum encoded size, and returns the bytes consumed;
// on error, it returns the position in fields of the field that failed.
func readPrefix(src unsafe.Pointer, fields []*fieldInfo, p unsafe.Pointer) (int, error) {
	n := 0
	for j, f := range fields {
		fp := unsafe.Add(p, f.offset)
		s := unsafe.Add(src, n)
		switch f.kind {
		case kFloat64, kFixedInt64, kFixedUint64:
			*(*uint64)(fp) = binary.LittleEndian.Uint64((*[8]byte)(s)[:])
			n += 8
		case kFloat32, kFixedInt32, kFixedUint32:
			*(*uint32)(fp) = binary.LittleEndian.Uint32((*[4]byte)(s)[:])
			n += 4
		case kInt16, kUint16, kFloat16, kBFloat16:
			*(*uint16)(fp) = binary.LittleEndian.Uint16((*[2]byte)(s)[:])
			n += 2
		case kBool:
			*(*bool)(fp) = *(*byte)(s) != 0
			n++
		case kInt8, kUint8:
			*(*byte)(fp) = *(*byte)(s)
			n++
		case kInt32, kUint32:
			v, m := varint.Get32((*[5]byte)(s)[:])
			if m <= 0 {
				return j, errVarintOverflow
			}
			if f.kind == kInt32 {
				*(*int32)(fp) = int32(v>>1) ^ -int32(v&1)
			} else {
				*(*uint32)(fp) = v
			}
			n += m
		case kInt64, kUint64:
			v, m := varint.Get64((*[9]byte)(s)[:])
			if f.kind == kInt64 {
				*(*int64)(fp) = int64(v>>1) ^ -int64(v&1)
			} else {
				*(*uint64)(fp) = v
			}
			n += m
		default:
			var b buffer
			b.SetBytes(unsafe.Slice((*byte)(s), 9))
			if err := readScalar(&b, f.kind, fp); err != nil {
				return j, err
			}
			n += b.ReaderIndex()
		}
	}
	return n, nil
}
