package fury_test

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used. The
// generated-code benchmarks report it per op (cpu-ns/op) next to wall
// time, which is less disturbed by other load on the machine.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func lockThread()   { runtime.LockOSThread() }
func unlockThread() { runtime.UnlockOSThread() }
