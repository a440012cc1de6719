//go:build !linux

package fury_test

import "time"

func threadCPU() time.Duration { return 0 }
func lockThread()              {}
func unlockThread()            {}
