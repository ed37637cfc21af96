package results

import (
	"strings"
	"testing"
)

// TestRounds: a file pairs by round only when it says how many rounds it
// ran and every series has one value per round.
func TestRounds(t *testing.T) {
	const lines = "BenchmarkA/client=x-2 1 10 ns/op\nBenchmarkA/client=y-2 1 20 ns/op\n"
	for _, tc := range []struct {
		name, in string
		want     int
	}{
		{"benchrun", "rounds: 2\n" + lines + lines, 2},
		{"no rounds line", lines + lines, 0},
		{"a series short", "rounds: 2\n" + lines + "BenchmarkA/client=x-2 1 11 ns/op\n", 0},
		{"appended runs", "rounds: 1\n" + lines + lines, 0},
		{"not a number", "rounds: six\n" + lines, 0},
	} {
		series, config, err := Read(strings.NewReader(tc.in), tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := Rounds(config, series); got != tc.want {
			t.Errorf("%s: Rounds = %d, want %d", tc.name, got, tc.want)
		}
	}
}
