package cpuset

import (
	"slices"
	"strings"
	"testing"
)

func TestParseCounts(t *testing.T) {
	for _, tc := range []struct {
		in      string
		allowed int
		want    []int
		err     string // a part of the error
	}{
		{"2,4,8,16", 16, []int{2, 4, 8, 16}, ""},
		{"16, 2", 16, []int{16, 2}, ""},
		{"1", 1, []int{1}, ""},
		{"3", 2, nil, "3 CPUs asked for, but this machine lets this process run on 2"},
		{"0", 2, nil, `"0" is not a CPU count`},
		{"2,,4", 4, nil, `"" is not a CPU count`},
		{"two", 4, nil, `"two" is not a CPU count`},
		{"2,2", 4, nil, "2 is listed twice"},
	} {
		got, err := ParseCounts(tc.in, tc.allowed)
		switch {
		case tc.err == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("ParseCounts(%q, %d) = %v, %v; want %v", tc.in, tc.allowed, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseCounts(%q, %d): error %v, want one with %q", tc.in, tc.allowed, err, tc.err)
		}
	}
}

func TestFirst(t *testing.T) {
	all, err := Allowed()
	if err != nil || len(all) == 0 {
		t.Fatalf("Allowed() = %v, %v", all, err)
	}
	if got, err := First(1); err != nil || !slices.Equal(got, all[:1]) {
		t.Errorf("First(1) = %v, %v; want %v", got, err, all[:1])
	}
	if _, err := First(len(all) + 1); err == nil {
		t.Errorf("First(%d) with %d allowed: no error", len(all)+1, len(all))
	}
}

func TestEnv(t *testing.T) {
	env := []string{"A=1", "GOMAXPROCS=9"}
	got := Env(env[:1], []int{0, 1, 2})
	if !slices.Equal(got, []string{"A=1", "GOMAXPROCS=3"}) || env[1] != "GOMAXPROCS=9" {
		t.Errorf("Env = %q (and the caller's slice became %q)", got, env)
	}
}
