// Package pkg is a package with benchmarks of its own, outside the suite,
// for TestPkg: benchrun -pkg runs it as it runs the suite.
package pkg

import "testing"

func BenchmarkTwo(b *testing.B) {
	for _, name := range []string{"a", "b"} {
		b.Run("client="+name, func(b *testing.B) {
			for b.Loop() {
			}
		})
	}
}
