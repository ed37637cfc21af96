package httpclientbench_test

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
)

// runner is what *testing.T and *testing.B share for building the matrix.
type runner[T any] interface {
	testing.TB
	Run(name string, f func(T)) bool
}

// eachLeaf runs leaf for every variant × client of f, as nested sub-tests or
// sub-benchmarks named level/level/client=name.
func eachLeaf[T runner[T]](tb T, f family, leaf func(T, variant, clients.Factory)) {
	runVariants(tb, f.variants, 0, leaf)
}

// runVariants runs vs, whose first depth levels are already in tb's name,
// grouping consecutive variants that share their next level under one
// sub-test of that name.
func runVariants[T runner[T]](tb T, vs []variant, depth int, leaf func(T, variant, clients.Factory)) {
	for i := 0; i < len(vs); {
		v := vs[i]
		if len(v.levels) == depth {
			for _, cf := range v.clients {
				tb.Run("client="+cf.Name, func(tb T) { leaf(tb, v, cf) })
			}
			i++
			continue
		}
		j := i + 1
		for j < len(vs) && len(vs[j].levels) > depth && vs[j].levels[depth] == v.levels[depth] {
			j++
		}
		group := vs[i:j]
		tb.Run(v.levels[depth], func(tb T) { runVariants(tb, group, depth+1, leaf) })
		i = j
	}
}
