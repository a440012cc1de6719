//go:build !purego

package asm

// CPU features the kernels need, detected once at start-up.
var (
	// haveBMI2 is set when BMI1, BMI2 and LZCNT are available and PDEP/PEXT are
	// fast. AMD before Zen 3 (family 0x19) and Hygon implement PDEP/PEXT in
	// microcode, tens to hundreds of cycles each, so they use the Go code.
	haveBMI2 bool
	// haveAVX2 is set when AVX2 is available and the OS saves YMM state.
	haveAVX2 bool
)

func init() {
	haveBMI2, haveAVX2 = detect()
}

func detect() (bmi2, avx2 bool) {
	maxLeaf, vb, vc, vd := cpuid(0, 0)
	if maxLeaf < 7 {
		return false, false
	}
	amd := vb == 0x68747541 && vd == 0x69746e65 && vc == 0x444d4163   // "AuthenticAMD"
	hygon := vb == 0x6f677948 && vd == 0x6e65476e && vc == 0x656e6975 // "HygonGenuine"
	eax1, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, _, _ := cpuid(7, 0)

	family := (eax1 >> 8) & 0xf
	if family == 0xf {
		family += (eax1 >> 20) & 0xff
	}
	slowPDEP := hygon || (amd && family < 0x19)
	lzcnt := false
	if maxExt, _, _, _ := cpuid(0x80000000, 0); maxExt >= 0x80000001 {
		_, _, ecx, _ := cpuid(0x80000001, 0)
		lzcnt = ecx&(1<<5) != 0
	}
	bmi2 = ebx7&(1<<3) != 0 && ebx7&(1<<8) != 0 && lzcnt && !slowPDEP

	osxsave := ecx1&(1<<27) != 0
	avx := ecx1&(1<<28) != 0
	if osxsave && avx {
		xcr0, _ := xgetbv()
		avx2 = xcr0&6 == 6 && ebx7&(1<<5) != 0
	}
	return bmi2, avx2
}
