package vmhwm

import (
	"runtime"
	"testing"
)

func TestSelf(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("VmHWM is Linux's")
	}
	before, err := Self()
	if err != nil || before <= 0 {
		t.Fatalf("Self() = %d, %v", before, err)
	}
	ballast := make([]byte, 64<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	after, err := Self()
	if err != nil || after < before+32<<20 {
		t.Errorf("after touching 64 MiB: %d bytes (before %d), %v", after, before, err)
	}
	runtime.KeepAlive(ballast)
}
