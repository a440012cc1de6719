//go:build !linux

package asm

func threadCPU() int64 { return 0 }
