// Command _gen generates the amd64 assembly kernels of package asm with avo.
//
// It is run by go generate from the parent directory:
//
//	go -C _gen run . -out ../asm_amd64.s -stubs ../asm_amd64.go -pkg asm
//
// The generator lives in its own module so that avo never enters the
// dependency graph of the main module.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	mask7f = 0x7f7f7f7f7f7f7f7f
	mask80 = 0x8080808080808080
)

func main() {
	ConstraintExpr("!purego")

	genCPUID()
	genXGETBV()

	genPutUvarintOne(32)
	genPutUvarintOne(64)
	genUvarintOne(32)
	genUvarintOne(64)

	for _, signed := range []bool{false, true} {
		genPutVarints(32, signed)
		genPutVarints(64, signed)
		genVarints(32, signed)
		genVarints(64, signed)
	}

	genCopy()
	genValidBools()
	genCopyBools()

	Generate()
}

func genCPUID() {
	TEXT("cpuid", NOSPLIT, "func(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid executes the CPUID instruction for the given leaf and subleaf.")
	a, c := GP32(), GP32()
	Load(Param("leaf"), a)
	Load(Param("subleaf"), c)
	// CPUID reads EAX/ECX and writes EAX, EBX, ECX, EDX: use the fixed registers.
	MOVL(a, EAX)
	MOVL(c, ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()
}

func genXGETBV() {
	TEXT("xgetbv", NOSPLIT, "func() (eax, edx uint32)")
	Doc("xgetbv reads extended control register 0 (XCR0).")
	XORL(ECX, ECX)
	XGETBV()
	Store(EAX, Return("eax"))
	Store(EDX, Return("edx"))
	RET()
}

// encodeBody emits the branch-free encoding of v (already zig-zagged if
// needed) at p, and returns the register holding the number of bytes
// written. It always stores 8 bytes at p (and, for 64-bit values, a ninth
// byte at p+8); the caller guarantees the room.
//
// The length of a value with highest set bit t is (9t+73)>>6 (LEB128 groups
// of 7 bits), capped at 9 for the Fory 64-bit form, whose ninth byte holds the
// top 8 bits whole. The bytes are produced with PDEP, the continuation bits
// with BZHI of 0x80 in every byte.
func encodeBody(bits int, v, p, m7f, m80, nine GPVirtual) GPVirtual {
	t := GP64()
	MOVQ(v, t)
	ORQ(Imm(1), t)
	BSRQ(t, t)
	nb := GP64()
	LEAQ(Mem{Base: t, Index: t, Scale: 8, Disp: 73}, nb)
	SHRQ(Imm(6), nb)
	if bits == 64 {
		CMPQ(nb, Imm(9))
		CMOVQGT(nine, nb)
	}
	sh := GP64()
	LEAQ(Mem{Base: nb, Disp: -1}, sh)
	SHLQ(Imm(3), sh)
	cont := GP64()
	BZHIQ(sh, m80, cont)
	x := GP64()
	PDEPQ(m7f, v, x)
	ORQ(cont, x)
	MOVQ(x, Mem{Base: p})
	if bits == 64 {
		hi := GP64()
		MOVQ(v, hi)
		SHRQ(Imm(56), hi)
		MOVB(hi.As8(), Mem{Base: p, Disp: 8})
	}
	return nb
}

func zigzagEncode(bits int, v GPVirtual) {
	t := GP64()
	if bits == 32 {
		MOVL(v.As32(), t.As32())
		SARL(Imm(31), t.As32())
		SHLL(Imm(1), v.As32())
		XORL(t.As32(), v.As32())
	} else {
		MOVQ(v, t)
		SARQ(Imm(63), t)
		SHLQ(Imm(1), v)
		XORQ(t, v)
	}
}

func zigzagDecode(bits int, v GPVirtual) {
	t := GP64()
	if bits == 32 {
		MOVL(v.As32(), t.As32())
		SHRL(Imm(1), t.As32())
		ANDL(Imm(1), v.As32())
		NEGL(v.As32())
		XORL(t.As32(), v.As32())
	} else {
		MOVQ(v, t)
		SHRQ(Imm(1), t)
		ANDQ(Imm(1), v)
		NEGQ(v)
		XORQ(t, v)
	}
}

func room(bits int) int {
	if bits == 32 {
		return 8
	}
	return 9
}

func genPutUvarintOne(bits int) {
	name := fmt.Sprintf("putUvarint%dBMI2", bits)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(b []byte, v uint%d) int", bits))
	Doc(fmt.Sprintf("%s writes v as a varuint%d at b[0] and returns its length.", name, bits),
		fmt.Sprintf("It stores %d bytes: len(b) must be at least %d. Requires BMI2.", room(bits), room(bits)))
	p := GP64()
	Load(Param("b").Base(), p)
	v := GP64()
	if bits == 32 {
		Load(Param("v"), v.As32())
	} else {
		Load(Param("v"), v)
	}
	m7f, m80, nine := GP64(), GP64(), GP64()
	MOVQ(U64(mask7f), m7f)
	MOVQ(U64(mask80), m80)
	if bits == 64 {
		MOVQ(U32(9), nine)
	}
	nb := encodeBody(bits, v, p, m7f, m80, nine)
	Store(nb, ReturnIndex(0))
	RET()
}

// decodeBody decodes one varint at p into v, and returns the register holding
// its length. For 32-bit values it jumps to bad when the value is overlong
// (no terminating byte within 5 bytes) or overflows 32 bits. It loads 8 bytes
// at p (and, for 64-bit values, the byte at p+8).
func decodeBody(bits int, p, m7f, m80, zero GPVirtual, bad string) (v, nb GPVirtual) {
	x := GP64()
	MOVQ(Mem{Base: p}, x)
	stops := GP64()
	ANDNQ(m80, x, stops) // stops = ^x & 0x80..80 (0x80 in each of the first 5 bytes for 32-bit)
	tz := GP64()
	TZCNTQ(stops, tz) // 64 if no terminating byte
	if bits == 32 {
		JCS(LabelRef(bad))
	}
	t1 := GP64()
	LEAQ(Mem{Base: tz, Disp: 1}, t1)
	y := GP64()
	BZHIQ(t1, x, y) // keep the bytes of this varint
	v = GP64()
	PEXTQ(m7f, y, v)
	if bits == 32 {
		c := GP64()
		MOVQ(v, c)
		SHRQ(Imm(32), c)
		JNE(LabelRef(bad))
	} else {
		hi := GP64()
		MOVBQZX(Mem{Base: p, Disp: 8}, hi)
		SHLQ(Imm(56), hi)
		CMPQ(tz, Imm(64))
		CMOVQNE(zero, hi)
		ORQ(hi, v)
	}
	SHRQ(Imm(3), tz)
	INCQ(tz)
	return v, tz
}

func genUvarintOne(bits int) {
	name := fmt.Sprintf("uvarint%dBMI2", bits)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(b []byte) (v uint%d, n int)", bits))
	if bits == 32 {
		Doc(fmt.Sprintf("%s decodes the varuint32 at b[0] and returns it with its length,", name),
			"or n = -1 if it is longer than 5 bytes or exceeds 32 bits.",
			"It loads 8 bytes: len(b) must be at least 8. Requires BMI1 and BMI2.")
	} else {
		Doc(fmt.Sprintf("%s decodes the varuint64 at b[0] and returns it with its length.", name),
			"It loads 9 bytes: len(b) must be at least 9. Requires BMI1 and BMI2.")
	}
	p := GP64()
	Load(Param("b").Base(), p)
	m7f, m80, zero := GP64(), GP64(), GP64()
	if bits == 32 {
		MOVQ(U64(mask80&0xffffffffff), m80)
		MOVQ(U64(mask7f&0xffffffffff), m7f)
	} else {
		MOVQ(U64(mask80), m80)
		MOVQ(U64(mask7f), m7f)
		XORL(zero.As32(), zero.As32())
	}
	v, nb := decodeBody(bits, p, m7f, m80, zero, "bad")
	if bits == 32 {
		Store(v.As32(), Return("v"))
	} else {
		Store(v, Return("v"))
	}
	Store(nb, Return("n"))
	RET()
	if bits == 32 {
		Label("bad")
		r := GP64()
		XORL(r.As32(), r.As32())
		Store(r.As32(), Return("v"))
		DECQ(r)
		Store(r, Return("n"))
		RET()
	}
}

func genPutVarints(bits int, signed bool) {
	elem, kind := fmt.Sprintf("uint%d", bits), "Uvarint"
	if signed {
		elem, kind = fmt.Sprintf("int%d", bits), "Varint"
	}
	name := fmt.Sprintf("put%s%dsBMI2", kind, bits)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(dst []byte, src []%s) (nd, ns int)", elem))
	Doc(fmt.Sprintf("%s encodes src as consecutive varints into dst while dst has at least %d", name, room(bits)),
		"bytes of room; it returns the bytes written and the values consumed. Requires BMI2.")
	p, end := GP64(), GP64()
	Load(Param("dst").Base(), p)
	Load(Param("dst").Len(), end)
	s, n := GP64(), GP64()
	Load(Param("src").Base(), s)
	Load(Param("src").Len(), n)
	base := GP64()
	MOVQ(p, base)
	i := GP64()
	XORL(i.As32(), i.As32())
	// lim = dst end - room; the loop runs while p <= lim.
	SUBQ(Imm(uint64(room(bits))), end)
	JLT(LabelRef("done"))
	ADDQ(p, end)
	m7f, m80, nine := GP64(), GP64(), GP64()
	MOVQ(U64(mask7f), m7f)
	MOVQ(U64(mask80), m80)
	MOVQ(U32(9), nine)

	Label("loop")
	CMPQ(i, n)
	JAE(LabelRef("done"))
	CMPQ(p, end)
	JA(LabelRef("done"))
	v := GP64()
	if bits == 32 {
		MOVL(Mem{Base: s, Index: i, Scale: 4}, v.As32())
	} else {
		MOVQ(Mem{Base: s, Index: i, Scale: 8}, v)
	}
	if signed {
		zigzagEncode(bits, v)
	}
	nb := encodeBody(bits, v, p, m7f, m80, nine)
	ADDQ(nb, p)
	INCQ(i)
	JMP(LabelRef("loop"))

	Label("done")
	SUBQ(base, p)
	Store(p, Return("nd"))
	Store(i, Return("ns"))
	RET()
}

func genVarints(bits int, signed bool) {
	elem, kind := fmt.Sprintf("uint%d", bits), "Uvarint"
	if signed {
		elem, kind = fmt.Sprintf("int%d", bits), "Varint"
	}
	name := fmt.Sprintf("%s%dsBMI2", lower(kind), bits)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(dst []%s, src []byte) (nd, ns int)", elem))
	Doc(fmt.Sprintf("%s decodes consecutive varints from src into dst while src has at least %d", name, room(bits)),
		"bytes left; it returns the values decoded and the bytes consumed. It stops before a",
		"malformed value. Requires BMI1 and BMI2.")
	d, n := GP64(), GP64()
	Load(Param("dst").Base(), d)
	Load(Param("dst").Len(), n)
	p, end := GP64(), GP64()
	Load(Param("src").Base(), p)
	Load(Param("src").Len(), end)
	base := GP64()
	MOVQ(p, base)
	i := GP64()
	XORL(i.As32(), i.As32())
	SUBQ(Imm(uint64(room(bits))), end)
	JLT(LabelRef("done"))
	ADDQ(p, end)
	m7f, m80, zero := GP64(), GP64(), GP64()
	if bits == 32 {
		MOVQ(U64(mask80&0xffffffffff), m80)
		MOVQ(U64(mask7f&0xffffffffff), m7f)
	} else {
		MOVQ(U64(mask80), m80)
		MOVQ(U64(mask7f), m7f)
		XORL(zero.As32(), zero.As32())
	}

	Label("loop")
	CMPQ(i, n)
	JAE(LabelRef("done"))
	CMPQ(p, end)
	JA(LabelRef("done"))
	v, nb := decodeBody(bits, p, m7f, m80, zero, "done")
	if signed {
		zigzagDecode(bits, v)
	}
	if bits == 32 {
		MOVL(v.As32(), Mem{Base: d, Index: i, Scale: 4})
	} else {
		MOVQ(v, Mem{Base: d, Index: i, Scale: 8})
	}
	ADDQ(nb, p)
	INCQ(i)
	JMP(LabelRef("loop"))

	Label("done")
	SUBQ(base, p)
	Store(i, Return("nd"))
	Store(p, Return("ns"))
	RET()
}

func lower(s string) string {
	return string(s[0]+'a'-'A') + s[1:]
}

// genCopy emits an AVX2 forward copy of len(src) bytes, 128 bytes per
// iteration, finishing with an overlapping 32-byte tail.
func genCopy() {
	TEXT("copyAVX2", NOSPLIT, "func(dst, src []byte)")
	Doc("copyAVX2 copies len(src) bytes from src to dst, which must not overlap.",
		"len(dst) must be at least len(src), and len(src) at least 32. Requires AVX2.")
	d, s, n := GP64(), GP64(), GP64()
	Load(Param("dst").Base(), d)
	Load(Param("src").Base(), s)
	Load(Param("src").Len(), n)
	// Last 32 bytes, stored at the end (may overlap the body).
	tail := YMM()
	VMOVDQU(Mem{Base: s, Index: n, Scale: 1, Disp: -32}, tail)
	dEnd := GP64()
	LEAQ(Mem{Base: d, Index: n, Scale: 1, Disp: -32}, dEnd)

	y := []VecVirtual{YMM(), YMM(), YMM(), YMM()}
	Label("loop128")
	CMPQ(n, Imm(128))
	JB(LabelRef("loop32"))
	for k := range y {
		VMOVDQU(Mem{Base: s, Disp: 32 * k}, y[k])
	}
	for k := range y {
		VMOVDQU(y[k], Mem{Base: d, Disp: 32 * k})
	}
	ADDQ(Imm(128), s)
	ADDQ(Imm(128), d)
	SUBQ(Imm(128), n)
	JMP(LabelRef("loop128"))

	Label("loop32")
	CMPQ(n, Imm(32))
	JBE(LabelRef("tail"))
	VMOVDQU(Mem{Base: s}, y[0])
	VMOVDQU(y[0], Mem{Base: d})
	ADDQ(Imm(32), s)
	ADDQ(Imm(32), d)
	SUBQ(Imm(32), n)
	JMP(LabelRef("loop32"))

	Label("tail")
	VMOVDQU(tail, Mem{Base: dEnd})
	VZEROUPPER()
	RET()
}

// genValidBools emits an AVX2 check that every byte is 0 or 1.
func genValidBools() {
	TEXT("validBoolsAVX2", NOSPLIT, "func(b []byte) bool")
	Doc("validBoolsAVX2 reports whether every byte of b is 0 or 1.",
		"len(b) must be at least 32. Requires AVX2.")
	s, n := GP64(), GP64()
	Load(Param("b").Base(), s)
	Load(Param("b").Len(), n)
	acc := []VecVirtual{YMM(), YMM()}
	// Start from the last 32 bytes (may overlap the body).
	VMOVDQU(Mem{Base: s, Index: n, Scale: 1, Disp: -32}, acc[0])
	VPXOR(acc[1], acc[1], acc[1])
	Label("loop128")
	CMPQ(n, Imm(128))
	JB(LabelRef("loop32"))
	VPOR(Mem{Base: s}, acc[0], acc[0])
	VPOR(Mem{Base: s, Disp: 32}, acc[1], acc[1])
	VPOR(Mem{Base: s, Disp: 64}, acc[0], acc[0])
	VPOR(Mem{Base: s, Disp: 96}, acc[1], acc[1])
	ADDQ(Imm(128), s)
	SUBQ(Imm(128), n)
	JMP(LabelRef("loop128"))
	Label("loop32")
	CMPQ(n, Imm(32))
	JB(LabelRef("check"))
	VPOR(Mem{Base: s}, acc[0], acc[0])
	ADDQ(Imm(32), s)
	SUBQ(Imm(32), n)
	JMP(LabelRef("loop32"))
	Label("check")
	VPOR(acc[1], acc[0], acc[0])
	fe := GP64()
	MOVQ(U64(0xfefefefefefefefe), fe)
	x := XMM()
	MOVQ(fe, x)
	m := YMM()
	VPBROADCASTQ(x, m)
	VPTEST(m, acc[0]) // ZF = (acc & 0xfe..fe) == 0
	ok := GP8()
	SETEQ(ok)
	VZEROUPPER()
	Store(ok, ReturnIndex(0))
	RET()
}

// genCopyBools emits an AVX2 copy of bytes that checks every byte is 0 or 1
// in the same pass.
func genCopyBools() {
	TEXT("copyBoolsAVX2", NOSPLIT, "func(dst, src []byte) bool")
	Doc("copyBoolsAVX2 copies len(src) bytes from src to dst and reports whether every",
		"byte is 0 or 1. len(dst) must be at least len(src), and len(src) at least 32.",
		"Requires AVX2.")
	d, s, n := GP64(), GP64(), GP64()
	Load(Param("dst").Base(), d)
	Load(Param("src").Base(), s)
	Load(Param("src").Len(), n)
	tail := YMM()
	VMOVDQU(Mem{Base: s, Index: n, Scale: 1, Disp: -32}, tail)
	dEnd := GP64()
	LEAQ(Mem{Base: d, Index: n, Scale: 1, Disp: -32}, dEnd)
	acc := []VecVirtual{YMM(), YMM()}
	VMOVDQA(tail, acc[0])
	VPXOR(acc[1], acc[1], acc[1])
	y := []VecVirtual{YMM(), YMM(), YMM(), YMM()}
	Label("loop128")
	CMPQ(n, Imm(128))
	JB(LabelRef("loop32"))
	for k := range y {
		VMOVDQU(Mem{Base: s, Disp: 32 * k}, y[k])
	}
	for k := range y {
		VMOVDQU(y[k], Mem{Base: d, Disp: 32 * k})
	}
	VPOR(y[0], acc[0], acc[0])
	VPOR(y[1], acc[1], acc[1])
	VPOR(y[2], acc[0], acc[0])
	VPOR(y[3], acc[1], acc[1])
	ADDQ(Imm(128), s)
	ADDQ(Imm(128), d)
	SUBQ(Imm(128), n)
	JMP(LabelRef("loop128"))

	Label("loop32")
	CMPQ(n, Imm(32))
	JBE(LabelRef("tail"))
	VMOVDQU(Mem{Base: s}, y[0])
	VMOVDQU(y[0], Mem{Base: d})
	VPOR(y[0], acc[0], acc[0])
	ADDQ(Imm(32), s)
	ADDQ(Imm(32), d)
	SUBQ(Imm(32), n)
	JMP(LabelRef("loop32"))

	Label("tail")
	VMOVDQU(tail, Mem{Base: dEnd})
	VPOR(acc[1], acc[0], acc[0])
	fe := GP64()
	MOVQ(U64(0xfefefefefefefefe), fe)
	x := XMM()
	MOVQ(fe, x)
	m := YMM()
	VPBROADCASTQ(x, m)
	VPTEST(m, acc[0])
	ok := GP8()
	SETEQ(ok)
	VZEROUPPER()
	Store(ok, ReturnIndex(0))
	RET()
}
