package asm

import "syscall"

// threadCPU returns the CPU time the calling OS thread has used, in
// nanoseconds (0 if unknown).
func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
