//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package asm

// nativeLE reports whether the target stores integers little-endian, so
// that wire arrays and Go slices share one memory layout.
const nativeLE = false
