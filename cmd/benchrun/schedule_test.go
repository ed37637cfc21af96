package main

import (
	"fmt"
	"slices"
	"testing"
)

func TestRotate(t *testing.T) {
	for _, tc := range []struct {
		n, rounds int
		starts    []int
	}{
		{5, 5, []int{0, 1, 2, 3, 4}},
		{10, 6, []int{0, 1, 3, 5, 6, 8}}, // r*10/6
		{3, 1, []int{0}},
		// Round 1 would start at leaf 1, which ended round 0: it starts
		// one further.
		{2, 2, []int{0, 0}},
		{4, 8, []int{0, 0, 1, 1, 2, 2, 3, 3}}, // more rounds than leaves
	} {
		orders := LeafOrders(tc.n, tc.rounds, Rotate, 0, nil)
		for r, o := range orders {
			want := make([]int, tc.n)
			for i := range want {
				want[i] = (tc.starts[r] + i) % tc.n
			}
			if !slices.Equal(o, want) {
				t.Errorf("n=%d rounds=%d: round %d is %v, want %v", tc.n, tc.rounds, r, o, want)
			}
		}
	}
}

func TestShuffleIsDeterministic(t *testing.T) {
	a := LeafOrders(20, 6, Shuffle, 42, nil)
	if b := LeafOrders(20, 6, Shuffle, 42, nil); !slices.EqualFunc(a, b, slices.Equal) {
		t.Errorf("seed 42 gave two different schedules:\n%v\n%v", a, b)
	}
	if c := LeafOrders(20, 6, Shuffle, 43, nil); slices.EqualFunc(a, c, slices.Equal) {
		t.Errorf("seeds 42 and 43 gave the same schedule %v", a)
	}
	sorted := true
	for _, o := range a {
		sorted = sorted && slices.IsSorted(o)
	}
	if sorted {
		t.Errorf("shuffle left every round in listing order: %v", a)
	}
}

// TestEveryRoundIsAPermutation and never starts with the leaf that ended
// the round before.
func TestNoLeafTwiceInARow(t *testing.T) {
	for _, order := range []Order{Rotate, Shuffle} {
		for n := 1; n <= 12; n++ {
			for rounds := 1; rounds <= 9; rounds++ {
				for seed := range uint64(20) {
					orders := LeafOrders(n, rounds, order, seed, nil)
					name := fmt.Sprintf("%s n=%d rounds=%d seed=%d", order, n, rounds, seed)
					if len(orders) != rounds {
						t.Fatalf("%s: %d rounds", name, len(orders))
					}
					for r, o := range orders {
						if s := slices.Sorted(slices.Values(o)); len(s) != n || (n > 0 && (s[0] != 0 || s[n-1] != n-1 || len(slices.Compact(s)) != n)) {
							t.Fatalf("%s: round %d %v is not a permutation of 0..%d", name, r, o, n-1)
						}
						if r > 0 && n > 1 && o[0] == orders[r-1][n-1] {
							t.Fatalf("%s: leaf %d ends round %d and starts round %d: %v", name, o[0], r-1, r, orders)
						}
					}
				}
			}
		}
	}
}

func TestFirstLeaf(t *testing.T) {
	// Leaves 0-4 are only on side B: round 0 must start with one of 5-9.
	onA := func(l int) bool { return l >= 5 }
	for seed := range uint64(50) {
		for _, order := range []Order{Rotate, Shuffle} {
			orders := LeafOrders(10, 4, order, seed, onA)
			if !onA(orders[0][0]) {
				t.Errorf("%s seed %d: round 0 starts with leaf %d", order, seed, orders[0][0])
			}
		}
	}
}

func both(n int) [][]bool {
	has := make([][]bool, n)
	for i := range has {
		has[i] = []bool{true, true}
	}
	return has
}

func TestPlanOneSide(t *testing.T) {
	has := [][]bool{{true}, {true}, {true}}
	plan := Plan(has, 4, Rotate, 0)
	orders := LeafOrders(3, 4, Rotate, 0, nil)
	if len(plan) != 12 {
		t.Fatalf("%d runs, want 12: %v", len(plan), plan)
	}
	for i, r := range plan {
		if want := (Run{Round: i / 3, Leaf: orders[i/3][i%3], Side: 0}); r != want {
			t.Errorf("run %d is %+v, want %+v", i, r, want)
		}
	}
}

// TestPlanAB: each leaf runs on both sides back to back; which side goes
// first alternates from round to round for each leaf and from leaf to leaf
// in a rotated round; the first run is side A's.
func TestPlanAB(t *testing.T) {
	for _, order := range []Order{Rotate, Shuffle} {
		for _, n := range []int{1, 2, 5, 6} {
			for seed := range uint64(10) {
				name := fmt.Sprintf("%s n=%d seed=%d", order, n, seed)
				plan := Plan(both(n), 6, order, seed)
				if len(plan) != 2*6*n {
					t.Fatalf("%s: %d runs, want %d", name, len(plan), 2*6*n)
				}
				if plan[0].Side != 0 {
					t.Errorf("%s: the first run is side %d", name, plan[0].Side)
				}
				firstSide := map[[2]int]int{} // [round, leaf] -> side run first
				for i := 0; i < len(plan); i += 2 {
					a, b := plan[i], plan[i+1]
					if a.Leaf != b.Leaf || a.Round != b.Round || a.Side+b.Side != 1 {
						t.Fatalf("%s: runs %d and %d are not one leaf on both sides: %+v %+v", name, i, i+1, a, b)
					}
					firstSide[[2]int{a.Round, a.Leaf}] = a.Side
					if order == Rotate && n%2 == 0 && i > 0 && plan[i-2].Round == a.Round && plan[i-2].Side == a.Side {
						t.Errorf("%s: leaves %d and %d of round %d both start with side %d", name, plan[i-2].Leaf, a.Leaf, a.Round, a.Side)
					}
				}
				for leaf := range n {
					for r := 1; r < 6; r++ {
						if firstSide[[2]int{r, leaf}] == firstSide[[2]int{r - 1, leaf}] {
							t.Errorf("%s: leaf %d starts with side %d in rounds %d and %d", name, leaf, firstSide[[2]int{r, leaf}], r-1, r)
						}
					}
				}
			}
		}
	}
}

// TestPlanOneSidedLeaves: a leaf on one side only runs there once per
// round, and the first run is still side A's.
func TestPlanOneSidedLeaves(t *testing.T) {
	has := [][]bool{{false, true}, {true, true}, {true, false}, {false, true}}
	for seed := range uint64(30) {
		plan := Plan(has, 3, Shuffle, seed)
		if plan[0].Side != 0 {
			t.Errorf("seed %d: the first run is side %d: %v", seed, plan[0].Side, plan)
		}
		count := map[[2]int]int{}
		for _, r := range plan {
			if !has[r.Leaf][r.Side] {
				t.Errorf("seed %d: leaf %d runs on side %d, which lacks it", seed, r.Leaf, r.Side)
			}
			count[[2]int{r.Leaf, r.Side}]++
		}
		for leaf, sides := range has {
			for side, ok := range sides {
				if want := map[bool]int{true: 3}[ok]; count[[2]int{leaf, side}] != want {
					t.Errorf("seed %d: leaf %d ran %d times on side %d, want %d", seed, leaf, count[[2]int{leaf, side}], side, want)
				}
			}
		}
	}
}

// WithShapes keeps a leaf's shapes back to back, every shape once per
// run, the first shape rotating from round to round.
func TestWithShapes(t *testing.T) {
	has := [][]bool{{true}, {true}, {true}}
	plan := Plan(has, 4, Rotate, 0)
	shapes := []int{2, 4, 8}
	got := WithShapes(plan, shapes)
	if len(got) != len(plan)*len(shapes) {
		t.Fatalf("%d runs, want %d", len(got), len(plan)*len(shapes))
	}
	for i, r := range plan {
		group := got[i*len(shapes) : (i+1)*len(shapes)]
		var counts []int
		for _, g := range group {
			if g.Run != r {
				t.Errorf("run %d of the group of %+v is %+v", len(counts), r, g.Run)
			}
			counts = append(counts, g.CPUs)
		}
		if want := shapes[r.Round%len(shapes)]; counts[0] != want {
			t.Errorf("round %d starts leaf %d at %d CPUs, want %d", r.Round, r.Leaf, counts[0], want)
		}
		if slices.Sort(counts); !slices.Equal(counts, shapes) {
			t.Errorf("round %d, leaf %d: shapes %v, want each of %v once", r.Round, r.Leaf, counts, shapes)
		}
	}
	if got := WithShapes(plan, []int{0}); len(got) != len(plan) || got[0].CPUs != 0 {
		t.Errorf("without -cpus: %+v", got[:1])
	}
}
