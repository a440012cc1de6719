package asm

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"
)

// The benchmarks run each kernel through the assembly path (/asm) and the
// portable Go code (/go) side by side. Varint inputs hold 1024 values of
// mixed sizes: "mixed" spreads bit lengths uniformly (every encoded length
// occurs), "small" holds mostly 1- and 2-byte values. Copies move 1 MiB and
// are compared with copy() (/copy).

const benchN = 1024

func benchVals64(kind string) []uint64 {
	r := rand.New(rand.NewPCG(41, 42))
	if kind == "mixed" {
		return mixed64(r, benchN)
	}
	out := make([]uint64, benchN)
	for i := range out {
		if r.IntN(4) == 0 {
			out[i] = uint64(r.IntN(1 << 14))
		} else {
			out[i] = uint64(r.IntN(1 << 7))
		}
	}
	return out
}

var sink int

// runCPU runs a sub-benchmark locked to its OS thread and reports, next to
// wall time, the thread's CPU time per op (cpu-ns/op): on a machine shared
// with other work the wall time varies by tens of percent between runs, the
// thread's CPU time much less.
func runCPU(b *testing.B, name string, f func(*testing.B)) {
	b.Run(name, func(b *testing.B) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := threadCPU()
		f(b)
		if d := threadCPU() - start; d > 0 && start > 0 && b.N > 0 {
			b.ReportMetric(float64(d)/float64(b.N), "cpu-ns/op")
		}
	})
}

func BenchmarkPutUvarint64(b *testing.B) {
	for _, kind := range []string{"mixed", "small"} {
		vals := benchVals64(kind)
		buf := make([]byte, MaxVarint64Len*benchN)
		run := func(put func([]byte, uint64) int) func(*testing.B) {
			return func(b *testing.B) {
				for b.Loop() {
					n := 0
					for _, v := range vals {
						n += put(buf[n:], v)
					}
					sink = n
				}
			}
		}
		runCPU(b, kind+"/asm", run(putUvarint64Asm))
		runCPU(b, kind+"/go", run(putUvarint64Go))
	}
}

func BenchmarkUvarint64(b *testing.B) {
	for _, kind := range []string{"mixed", "small"} {
		vals := benchVals64(kind)
		buf := make([]byte, MaxVarint64Len*benchN)
		n, _ := PutUvarint64s(buf, vals)
		buf = buf[:n]
		run := func(get func([]byte) (uint64, int)) func(*testing.B) {
			return func(b *testing.B) {
				for b.Loop() {
					var s uint64
					for p := 0; p < len(buf); {
						v, m := get(buf[p:])
						s += v
						p += m
					}
					sink = int(s)
				}
			}
		}
		runCPU(b, kind+"/asm", run(uvarint64Asm))
		runCPU(b, kind+"/go", run(Uvarint64))
	}
}

func BenchmarkPutUvarint32(b *testing.B) {
	for _, kind := range []string{"mixed", "small"} {
		vals := conv[uint32](benchVals64(kind))
		if kind == "mixed" {
			vals = mixed32(rand.New(rand.NewPCG(43, 44)), benchN)
		}
		buf := make([]byte, MaxVarint32Len*benchN+8)
		run := func(put func([]byte, uint32) int) func(*testing.B) {
			return func(b *testing.B) {
				for b.Loop() {
					n := 0
					for _, v := range vals {
						n += put(buf[n:], v)
					}
					sink = n
				}
			}
		}
		runCPU(b, kind+"/asm", run(putUvarint32Asm))
		runCPU(b, kind+"/go", run(putUvarint32Go))
	}
}

func BenchmarkUvarint32(b *testing.B) {
	for _, kind := range []string{"mixed", "small"} {
		vals := conv[uint32](benchVals64(kind))
		if kind == "mixed" {
			vals = mixed32(rand.New(rand.NewPCG(43, 44)), benchN)
		}
		buf := make([]byte, MaxVarint32Len*benchN)
		n, _ := PutUvarint32s(buf, vals)
		buf = buf[:n]
		run := func(get func([]byte) (uint32, int)) func(*testing.B) {
			return func(b *testing.B) {
				for b.Loop() {
					var s uint32
					for p := 0; p < len(buf); {
						v, m := get(buf[p:])
						s += v
						p += m
					}
					sink = int(s)
				}
			}
		}
		runCPU(b, kind+"/asm", run(uvarint32Asm))
		runCPU(b, kind+"/go", run(Uvarint32))
	}
}

// benchBulk runs an encoder and a decoder over 1024 values of each mix.
func benchBulkPut[T uint32 | int32 | uint64 | int64](b *testing.B, maxLen int, put func([]byte, []T, bool) (int, error)) {
	for _, kind := range []string{"mixed", "small"} {
		var vals []T
		if kind == "mixed" && maxLen == MaxVarint32Len {
			vals = conv[T](mixed32(rand.New(rand.NewPCG(43, 44)), benchN))
		} else {
			vals = conv[T](benchVals64(kind))
		}
		buf := make([]byte, maxLen*benchN)
		for _, useAsm := range []bool{true, false} {
			name := kind + "/go"
			if useAsm {
				name = kind + "/asm"
			}
			runCPU(b, name, func(b *testing.B) {
				b.SetBytes(int64(len(vals)) * int64(unsafe.Sizeof(vals[0])))
				for b.Loop() {
					n, _ := put(buf, vals, useAsm)
					sink = n
				}
			})
		}
	}
}

func benchBulkGet[T uint32 | int32 | uint64 | int64](b *testing.B, maxLen int,
	put func([]byte, []T, bool) (int, error), get func([]T, []byte, bool) (int, error)) {
	for _, kind := range []string{"mixed", "small"} {
		var vals []T
		if kind == "mixed" && maxLen == MaxVarint32Len {
			vals = conv[T](mixed32(rand.New(rand.NewPCG(43, 44)), benchN))
		} else {
			vals = conv[T](benchVals64(kind))
		}
		buf := make([]byte, maxLen*benchN)
		n, _ := put(buf, vals, false)
		buf = buf[:n]
		dst := make([]T, len(vals))
		for _, useAsm := range []bool{true, false} {
			name := kind + "/go"
			if useAsm {
				name = kind + "/asm"
			}
			runCPU(b, name, func(b *testing.B) {
				b.SetBytes(int64(len(vals)) * int64(unsafe.Sizeof(vals[0])))
				for b.Loop() {
					n, _ := get(dst, buf, useAsm)
					sink = n
				}
			})
		}
	}
}

func BenchmarkPutUvarint64s(b *testing.B) { benchBulkPut(b, MaxVarint64Len, putUvarint64s) }
func BenchmarkPutVarint64s(b *testing.B)  { benchBulkPut(b, MaxVarint64Len, putVarint64s) }
func BenchmarkPutUvarint32s(b *testing.B) { benchBulkPut(b, MaxVarint32Len, putUvarint32s) }
func BenchmarkPutVarint32s(b *testing.B)  { benchBulkPut(b, MaxVarint32Len, putVarint32s) }
func BenchmarkUvarint64s(b *testing.B) {
	benchBulkGet(b, MaxVarint64Len, putUvarint64s, uvarint64s)
}
func BenchmarkVarint64s(b *testing.B)  { benchBulkGet(b, MaxVarint64Len, putVarint64s, varint64s) }
func BenchmarkUvarint32s(b *testing.B) { benchBulkGet(b, MaxVarint32Len, putUvarint32s, uvarint32s) }
func BenchmarkVarint32s(b *testing.B)  { benchBulkGet(b, MaxVarint32Len, putVarint32s, varint32s) }

const copySize = 1 << 20

// BenchmarkCopyInt64s compares the AVX2 copy kernel (/asm), the exported
// copy (/go: memmove of the reinterpreted slice) and plain copy() between
// byte slices (/copy), both directions of the 1 MiB array.
func BenchmarkCopyInt64s(b *testing.B) {
	src := make([]int64, copySize/8)
	for i := range src {
		src[i] = int64(i) * 0x0102030405
	}
	buf := make([]byte, copySize)
	raw := asBytes(unsafe.Pointer(&src[0]), len(src), 8)
	runCPU(b, "toLE/asm", func(b *testing.B) {
		if !haveAVX2 {
			b.Skip("no AVX2")
		}
		b.SetBytes(copySize)
		for b.Loop() {
			copyAVX2(buf, raw)
		}
	})
	runCPU(b, "toLE/go", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			sink = CopyInt64sToLE(buf, src)
		}
	})
	runCPU(b, "toLE/copy", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			sink = copy(buf, raw)
		}
	})
	dst := make([]int64, copySize/8)
	runCPU(b, "fromLE/go", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			sink = CopyLEToInt64s(dst, buf)
		}
	})
}

// BenchmarkCopyFloat32s covers a 4-byte element type; the kernels are the
// same byte copy.
func BenchmarkCopyFloat32s(b *testing.B) {
	src := make([]float32, copySize/4)
	buf := make([]byte, copySize)
	runCPU(b, "toLE/go", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			sink = CopyFloat32sToLE(buf, src)
		}
	})
	runCPU(b, "toLE/copy", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			sink = copy(buf, asBytes(unsafe.Pointer(&src[0]), len(src), 4))
		}
	})
}

func BenchmarkValidBools(b *testing.B) {
	buf := make([]byte, copySize)
	for i := range buf {
		buf[i] = byte(i>>3) & 1
	}
	runCPU(b, "asm", func(b *testing.B) {
		if !haveAVX2 {
			b.Skip("no AVX2")
		}
		b.SetBytes(copySize)
		for b.Loop() {
			if !validBoolsAVX2(buf) {
				b.Fatal("invalid")
			}
		}
	})
	runCPU(b, "go", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			if !validBoolsGo(buf) {
				b.Fatal("invalid")
			}
		}
	})
}

func BenchmarkCopyLEToBools(b *testing.B) {
	buf := make([]byte, copySize)
	for i := range buf {
		buf[i] = byte(i>>3) & 1
	}
	dst := make([]bool, copySize)
	raw := asBytes(unsafe.Pointer(&dst[0]), len(dst), 1)
	runCPU(b, "asm", func(b *testing.B) {
		if !haveAVX2 {
			b.Skip("no AVX2")
		}
		b.SetBytes(copySize)
		for b.Loop() {
			if !copyBoolsAVX2(raw, buf) {
				b.Fatal("invalid")
			}
		}
	})
	runCPU(b, "go", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			if !validBoolsGo(buf) {
				b.Fatal("invalid")
			}
			copy(raw, buf)
		}
	})
	runCPU(b, "copy", func(b *testing.B) {
		b.SetBytes(copySize)
		for b.Loop() {
			sink = copy(raw, buf)
		}
	})
}

// BenchmarkCopySizes compares the AVX2 copy kernel with copy() around the
// runtime's switch to non-temporal stores (1 MiB).
func BenchmarkCopySizes(b *testing.B) {
	for _, size := range []int{64 << 10, 1<<20 - 64, 1 << 20, 4 << 20, 32 << 20} {
		src := make([]byte, size)
		dst := make([]byte, size)
		name := fmt.Sprintf("%dKiB", size>>10)
		if size%1024 != 0 {
			name = fmt.Sprintf("%dB", size)
		}
		runCPU(b, name+"/asm", func(b *testing.B) {
			if !haveAVX2 {
				b.Skip("no AVX2")
			}
			b.SetBytes(int64(size))
			for b.Loop() {
				copyAVX2(dst, src)
			}
		})
		runCPU(b, name+"/copy", func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				copy(dst, src)
			}
		})
	}
}
