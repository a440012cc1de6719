// Package murmur3 implements the 128-bit x64 variant of MurmurHash3, the hash
// the Fory wire format uses for struct fingerprints, TypeDef headers and long
// meta strings.
package murmur3

import (
	"encoding/binary"
	"math/bits"
)

const (
	c1 = 0x87c37b91114253d5
	c2 = 0x4cf5ad432745937f
)

// Sum128 returns the two 64-bit halves of MurmurHash3_x64_128(data, seed).
//
// h1 is the first eight bytes of the canonical 16-byte digest read as a
// little-endian integer and h2 the last eight. The seed is 32 bits wide, as in
// the reference algorithm and in the Fory peers (which hash with seed 47).
// Sum128 does not allocate.
func Sum128(data []byte, seed uint32) (h1, h2 uint64) {
	h1, h2 = uint64(seed), uint64(seed)
	n := len(data)

	p := data
	for len(p) >= 16 {
		k1 := binary.LittleEndian.Uint64(p)
		k2 := binary.LittleEndian.Uint64(p[8:])
		p = p[16:]

		h1 ^= mixK1(k1)
		h1 = bits.RotateLeft64(h1, 27)
		h1 += h2
		h1 = h1*5 + 0x52dce729

		h2 ^= mixK2(k2)
		h2 = bits.RotateLeft64(h2, 31)
		h2 += h1
		h2 = h2*5 + 0x38495ab5
	}

	// Tail: up to 15 remaining bytes, little-endian into k1 (bytes 0..7)
	// and k2 (bytes 8..14).
	if len(p) > 8 {
		var k2 uint64
		for i := len(p) - 1; i >= 8; i-- {
			k2 = k2<<8 | uint64(p[i])
		}
		h2 ^= mixK2(k2)
	}
	if len(p) > 0 {
		var k1 uint64
		m := min(len(p), 8)
		for i := m - 1; i >= 0; i-- {
			k1 = k1<<8 | uint64(p[i])
		}
		h1 ^= mixK1(k1)
	}

	h1 ^= uint64(n)
	h2 ^= uint64(n)
	h1 += h2
	h2 += h1
	h1 = fmix64(h1)
	h2 = fmix64(h2)
	h1 += h2
	h2 += h1
	return h1, h2
}

func mixK1(k uint64) uint64 {
	k *= c1
	k = bits.RotateLeft64(k, 31)
	return k * c2
}

func mixK2(k uint64) uint64 {
	k *= c2
	k = bits.RotateLeft64(k, 33)
	return k * c1
}

func fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}

// Sum32 returns MurmurHash3_x86_32(data, seed), the hash the Fory schema
// compiler (foryc) gives a type's qualified name for its type id.
// Sum32 does not allocate.
func Sum32(data []byte, seed uint32) uint32 {
	const (
		c1 = 0xcc9e2d51
		c2 = 0x1b873593
	)
	h := seed
	p := data
	for len(p) >= 4 {
		k := binary.LittleEndian.Uint32(p)
		p = p[4:]
		k *= c1
		k = bits.RotateLeft32(k, 15)
		k *= c2
		h ^= k
		h = bits.RotateLeft32(h, 13)
		h = h*5 + 0xe6546b64
	}
	var k uint32
	switch len(p) {
	case 3:
		k ^= uint32(p[2]) << 16
		fallthrough
	case 2:
		k ^= uint32(p[1]) << 8
		fallthrough
	case 1:
		k ^= uint32(p[0])
		k *= c1
		k = bits.RotateLeft32(k, 15)
		k *= c2
		h ^= k
	}
	h ^= uint32(len(data))
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}
