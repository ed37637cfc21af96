package suite

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/server/proc"
)

// pinChildEnv marks the run of this test binary that TestPinnedLeaf
// starts with HTTPBENCH_PIN=on.
const pinChildEnv = "HTTPBENCH_PIN_TEST_CHILD"

// TestPinnedLeaf: with the CPUs split (HTTPBENCH_PIN=on, so that a 2-CPU
// machine splits too), a server=process leaf's client runs on the first
// half with GOMAXPROCS to match, the server child is given the second,
// and the process has every CPU back when the leaf ends. cpuSplit reads
// the environment once a process, so the check runs in a process of its
// own, whose leaf loops once (-test.benchtime=1x): what it checks is the
// same at any count, and the default would spin for a second.
func TestPinnedLeaf(t *testing.T) {
	all, err := proc.CPUs()
	if err != nil || len(all) < 2 {
		t.Skipf("CPUs %v (%v): a split needs two", all, err)
	}
	if os.Getenv(pinChildEnv) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPinnedLeaf$", "-test.v", "-test.benchtime=1x")
		cmd.Env = append(os.Environ(), pinEnv+"=on", pinChildEnv+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestPinnedLeaf") {
			t.Fatalf("the run with %s=on: %v\n%s", pinEnv, err, out)
		}
		return
	}
	half := len(all) / 2
	procs := runtime.GOMAXPROCS(0)
	var inside []int
	var insideProcs int
	testing.Benchmark(func(b *testing.B) {
		pinClient(b)
		inside, _ = proc.CPUs()
		insideProcs = runtime.GOMAXPROCS(0)
		for b.Loop() {
		}
	})
	if !slices.Equal(inside, all[:half]) || insideProcs != half {
		t.Errorf("in the leaf: CPUs %v, GOMAXPROCS %d; want %v, %d", inside, insideProcs, all[:half], half)
	}
	if got := serverCPUs(t); !slices.Equal(got, all[half:]) {
		t.Errorf("the server child's CPUs %v, want %v", got, all[half:])
	}
	if after, _ := proc.CPUs(); !slices.Equal(after, all) || runtime.GOMAXPROCS(0) != procs {
		t.Errorf("after the leaf: CPUs %v, GOMAXPROCS %d; want %v, %d back", after, runtime.GOMAXPROCS(0), all, procs)
	}
}
