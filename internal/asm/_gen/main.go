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

// encodeTables declares, once per width, the tables indexed by the leading
// zero count of a value: its encoded length, and the continuation bits (0x80
// in every byte but the last) to OR into its PDEP-spread groups.
var encodeTables = map[int][2]Mem{}

func encodeTable(bits int) (lenTab, contTab Mem) {
	if t, ok := encodeTables[bits]; ok {
		return t[0], t[1]
	}
	lenTab = GLOBL(fmt.Sprintf("varintLen%d", bits), RODATA|NOPTR)
	for lz := 0; lz <= bits; lz++ {
		DATA(lz, U8(encLen(bits, lz)))
	}
	contTab = GLOBL(fmt.Sprintf("varintCont%d", bits), RODATA|NOPTR)
	for lz := 0; lz <= bits; lz++ {
		nb := encLen(bits, lz)
		var cont uint64
		for k := 0; k < nb-1; k++ {
			cont |= 0x80 << (8 * k)
		}
		DATA(8*lz, U64(cont))
	}
	encodeTables[bits] = [2]Mem{lenTab, contTab}
	return lenTab, contTab
}

// encLen is the encoded length of a value with lz leading zeros: 7 bits per
// byte, except that a 64-bit value takes at most 9 bytes, the ninth holding
// its top 8 bits whole.
func encLen(bits, lz int) int {
	n := bits - lz
	if n == 0 {
		return 1
	}
	return min((n+6)/7, 9)
}

// encodeBody emits the branch-free encoding of v (already zig-zagged if
// needed) at p, and returns the register holding the number of bytes
// written. It always stores 8 bytes at p (and, for 64-bit values, a ninth
// byte at p+8); the caller guarantees the room. lenTab and contTab hold the
// addresses of the tables of encodeTable.
func encodeBody(bits int, v, p, m7f, lenTab, contTab GPVirtual) GPVirtual {
	lz := GP64()
	if bits == 32 {
		LZCNTL(v.As32(), lz.As32())
	} else {
		LZCNTQ(v, lz)
	}
	nb := GP64()
	MOVBQZX(Mem{Base: lenTab, Index: lz, Scale: 1}, nb)
	x := GP64()
	PDEPQ(m7f, v, x)
	ORQ(Mem{Base: contTab, Index: lz, Scale: 8}, x)
	MOVQ(x, Mem{Base: p})
	if bits == 64 {
		hi := GP64()
		MOVQ(v, hi)
		SHRQ(Imm(56), hi)
		MOVB(hi.As8(), Mem{Base: p, Disp: 8})
	}
	return nb
}

// loadTables loads the addresses of the encoding tables.
func loadTables(bits int) (lenTab, contTab GPVirtual) {
	lt, ct := encodeTable(bits)
	lenTab, contTab = GP64(), GP64()
	LEAQ(lt, lenTab)
	LEAQ(ct, contTab)
	return lenTab, contTab
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
	Pragma("noescape") // the kernels keep no pointer to their arguments
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
	m7f := GP64()
	MOVQ(U64(mask7f), m7f)
	lenTab, contTab := loadTables(bits)
	nb := encodeBody(bits, v, p, m7f, lenTab, contTab)
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
	Pragma("noescape") // the kernels keep no pointer to their arguments
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
	Pragma("noescape") // the kernels keep no pointer to their arguments
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
	CMPQ(i, n)
	JAE(LabelRef("done"))
	m7f := GP64()
	MOVQ(U64(mask7f), m7f)
	lenTab, contTab := loadTables(bits)

	Label("loop")
	v := GP64()
	if bits == 32 {
		MOVL(Mem{Base: s, Index: i, Scale: 4}, v.As32())
	} else {
		MOVQ(Mem{Base: s, Index: i, Scale: 8}, v)
	}
	if signed {
		zigzagEncode(bits, v)
	}
	nb := encodeBody(bits, v, p, m7f, lenTab, contTab)
	ADDQ(nb, p)
	INCQ(i)
	CMPQ(i, n)
	JAE(LabelRef("done"))
	CMPQ(p, end)
	JBE(LabelRef("loop"))

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
	Pragma("noescape") // the kernels keep no pointer to their arguments
	Doc(fmt.Sprintf("%s decodes consecutive varints from src into dst while src has at least %d", name, room(bits)),
		"bytes left; it returns the values decoded and the bytes consumed. It stops before a",
		"malformed value. Requires BMI1, BMI2 and LZCNT.")
	d, n := GP64(), GP64()
	Load(Param("dst").Base(), d)
	Load(Param("dst").Len(), n)
	p, end := GP64(), GP64()
	Load(Param("src").Base(), p)
	Load(Param("src").Len(), end)
	ADDQ(p, end) // end of src
	i := GP64()
	XORL(i.As32(), i.As32())
	// decodeOne decodes one varint at p with the scalar kernel.
	decodeOne := func() (v, nb GPVirtual) {
		m7f, m80, zero := GP64(), GP64(), GP64()
		if bits == 32 {
			MOVQ(U64(mask80&0xffffffffff), m80)
			MOVQ(U64(mask7f&0xffffffffff), m7f)
		} else {
			MOVQ(U64(mask80), m80)
			MOVQ(U64(mask7f), m7f)
			XORL(zero.As32(), zero.As32())
		}
		return decodeBody(bits, p, m7f, m80, zero, "done")
	}

	store := func(v GPVirtual, k int) {
		if signed {
			zigzagDecode(bits, v)
		}
		if bits == 32 {
			MOVL(v.As32(), Mem{Base: d, Index: i, Scale: 4, Disp: 4 * k})
		} else {
			MOVQ(v, Mem{Base: d, Index: i, Scale: 8, Disp: 8 * k})
		}
	}

	// Block path: find the terminating bytes of a 16-byte window at once
	// (PMOVMSKB), then decode its first (up to) four varints, whose positions
	// follow from the mask without further loads on the critical path. A
	// varint of 9 bytes (64-bit) or an overlong one (32-bit) shows as a run of
	// 8 (or 5) continuation bytes and goes through the one-at-a-time path.
	Comment("Block path: 16-byte window, up to 4 varints.")
	Label("block")
	i4 := GP64()
	LEAQ(Mem{Base: i, Disp: blockVals}, i4)
	CMPQ(i4, n)
	JGT(LabelRef("loop"))
	left := GP64()
	MOVQ(end, left)
	SUBQ(p, left)
	CMPQ(left, Imm(32))
	JLT(LabelRef("loop"))
	w := XMM()
	MOVOU(Mem{Base: p}, w)
	cm := GP64()
	PMOVMSKB(w, cm.As32()) // bit k: byte k has its continuation bit set
	run, t := GP64(), GP64()
	MOVQ(cm, run)
	MOVQ(cm, t)
	SHRQ(Imm(1), t)
	ANDQ(t, run) // runs of 2
	MOVQ(run, t)
	SHRQ(Imm(2), t)
	ANDQ(t, run) // runs of 4
	MOVQ(cm, t)
	if bits == 64 {
		MOVQ(run, t)
		SHRQ(Imm(4), t) // runs of 8
	} else {
		SHRQ(Imm(4), t) // runs of 5
	}
	ANDQ(t, run)
	JNE(LabelRef("one"))
	stops := GP64()
	MOVQ(cm, stops)
	XORQ(U32(0xffff), stops)
	start := GP64()
	XORL(start.As32(), start.As32())
	sk := GP64()
	MOVQ(stops, sk)
	if bits == 64 {
		// Sentinel stops past the window keep the speculative decodes of
		// missing varints inside the 32 readable bytes.
		ORQ(U32(0xffff0000), sk)
	}
	masks := GP64()
	LEAQ(groupMasks(), masks)
	for k := 0; k < blockVals; k++ {
		e := GP64()
		TZCNTQ(sk, e)
		if bits == 32 {
			// Past the last stop of the window: decode one byte, harmlessly.
			CMOVQCS(start, e)
		}
		next := GP64()
		LEAQ(Mem{Base: e, Disp: 1}, next)
		nb := GP64()
		MOVQ(next, nb)
		SUBQ(start, nb)
		x := GP64()
		MOVQ(Mem{Base: p, Index: start, Scale: 1}, x)
		v := GP64()
		PEXTQ(Mem{Base: masks, Index: nb, Scale: 8}, x, v)
		if bits == 32 {
			c := GP64()
			MOVQ(v, c)
			SHRQ(Imm(32), c)
			JNE(LabelRef("one"))
		}
		store(v, k)
		if k < blockVals-1 {
			MOVQ(next, start)
			BLSRQ(sk, sk)
		}
	}
	// The first four stops: their count, and the bytes they end.
	first, four := GP64(), GP64()
	MOVQ(U32(1<<blockVals-1), four)
	PDEPQ(stops, four, first)
	cnt := GP64()
	POPCNTQ(first, cnt)
	ADDQ(cnt, i)
	adv := GP64()
	LZCNTQ(first, adv)
	NEGQ(adv)
	LEAQ(Mem{Base: p, Index: adv, Scale: 1, Disp: 64}, p)
	JMP(LabelRef("block"))

	Comment("One varint, then back to the block path.")
	Label("one")
	{
		v, nb := decodeOne()
		store(v, 0)
		ADDQ(nb, p)
		INCQ(i)
		JMP(LabelRef("block"))
	}

	Comment("Tail: one varint at a time while src has room for a whole load.")
	Label("loop")
	CMPQ(i, n)
	JAE(LabelRef("done"))
	left2 := GP64()
	MOVQ(end, left2)
	SUBQ(p, left2)
	CMPQ(left2, Imm(uint64(room(bits))))
	JLT(LabelRef("done"))
	v, nb := decodeOne()
	store(v, 0)
	ADDQ(nb, p)
	INCQ(i)
	JMP(LabelRef("loop"))

	Label("done")
	base := GP64()
	Load(Param("src").Base(), base)
	SUBQ(base, p)
	Store(i, Return("nd"))
	Store(p, Return("ns"))
	RET()
}

// groupMasks declares the table of PEXT masks selecting the 7-bit groups of
// an n-byte varint, n = 0..32 (entries past 8 select all 8 bytes).
func groupMasks() Mem {
	if groupMaskTab != nil {
		return *groupMaskTab
	}
	t := GLOBL("varintGroups", RODATA|NOPTR)
	for n := 0; n <= 32; n++ {
		var m uint64
		for k := 0; k < min(n, 8); k++ {
			m |= 0x7f << (8 * k)
		}
		DATA(8*n, U64(m))
	}
	groupMaskTab = &t
	return t
}

var groupMaskTab *Mem

// blockVals is the number of varints the block path decodes per window.
const blockVals = 4

func lower(s string) string {
	return string(s[0]+'a'-'A') + s[1:]
}

// genCopy emits an AVX2 forward copy of len(src) bytes, 128 bytes per
// iteration, finishing with an overlapping 32-byte tail.
func genCopy() {
	TEXT("copyAVX2", NOSPLIT, "func(dst, src []byte)")
	Pragma("noescape") // the kernels keep no pointer to their arguments
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
	Pragma("noescape") // the kernels keep no pointer to their arguments
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
	Pragma("noescape") // the kernels keep no pointer to their arguments
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
