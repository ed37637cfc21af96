package main

import (
	"fmt"
	"math/rand/v2"
)

// Order is how the leaves are ordered within a round.
type Order string

// The orders -order accepts.
const (
	Rotate  Order = "rotate"  // the listing order, rotated a little further each round
	Shuffle Order = "shuffle" // a new random order each round, from -seed
)

func parseOrder(s string) (Order, error) {
	switch o := Order(s); o {
	case Rotate, Shuffle:
		return o, nil
	}
	return "", fmt.Errorf("-order: want %s or %s, got %q", Rotate, Shuffle, s)
}

// A Run is one process: one leaf, built from one side, in one round.
type Run struct {
	Round, Leaf, Side int
}

// Plan returns every run of rounds rounds, in the order to run them.
// has[leaf][side] says whether a leaf exists on a side; every has[leaf] has
// one entry per side (one side, or two in A/B mode).
//
// Each round runs every leaf once on each side that has it, in the order of
// LeafOrders (round 0 starts with a leaf of side 0). The two sides of a leaf
// run back to back. Which goes first alternates from round to round for
// each leaf, so over an even number of rounds each side goes first equally
// often; in a rotated round it also alternates from leaf to leaf (except
// from the last leaf to the first when there is an odd number of them).
// The very first run is side 0's, so tools that order columns by first
// appearance (benchstat) put side 0 first.
func Plan(has [][]bool, rounds int, order Order, seed uint64) []Run {
	orders := LeafOrders(len(has), rounds, order, seed, func(leaf int) bool { return has[leaf][0] })
	var plan []Run
	for r, leaves := range orders {
		for _, leaf := range leaves {
			sides := len(has[leaf])
			for i := range sides {
				side := i
				// Leaf orders[0][0] starts with side 0 in round 0; every
				// other (leaf, round) follows from the parity of leaf+round.
				if sides == 2 && (leaf+r+orders[0][0])%2 == 1 {
					side = 1 - i
				}
				if has[leaf][side] {
					plan = append(plan, Run{Round: r, Leaf: leaf, Side: side})
				}
			}
		}
	}
	return plan
}

// A ShapedRun is a Run on CPUs CPUs (0: unrestricted).
type ShapedRun struct {
	Run
	CPUs int
}

// WithShapes makes each run of plan one run per CPU count of shapes, back
// to back, so that a leaf's shapes share the machine's state of the
// moment as a leaf's A and B do; which count goes first rotates from
// round to round (round r starts at shapes[r mod len(shapes)]).
func WithShapes(plan []Run, shapes []int) []ShapedRun {
	out := make([]ShapedRun, 0, len(plan)*len(shapes))
	for _, r := range plan {
		for k := range shapes {
			out = append(out, ShapedRun{r, shapes[(r.Round+k)%len(shapes)]})
		}
	}
	return out
}

// LeafOrders returns the order of n leaves (0 to n-1) in each of rounds
// rounds.
//
// Rotate starts round r at leaf r*n/rounds and goes on in listing order, so
// across the rounds each leaf runs early and late. Shuffle draws each round
// from a generator seeded with seed: the same seed gives the same orders.
// Either way, when n > 1 no round starts with the leaf that ended the round
// before (two samples of one leaf back to back would share the machine's
// state of that moment), and round 0 starts with a leaf for which first is
// true, if there is one.
func LeafOrders(n, rounds int, order Order, seed uint64, first func(int) bool) [][]int {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	orders := make([][]int, rounds)
	for r := range orders {
		o := make([]int, n)
		switch order {
		case Rotate:
			start := r * n / rounds
			if r > 0 && n > 1 && start%n == orders[r-1][n-1] {
				start++
			}
			for i := range o {
				o[i] = (start + i) % n
			}
		case Shuffle:
			for i := range o {
				o[i] = i
			}
			rng.Shuffle(n, func(i, j int) { o[i], o[j] = o[j], o[i] })
			if r > 0 && n > 1 && o[0] == orders[r-1][n-1] {
				j := 1 + rng.IntN(n-1)
				o[0], o[j] = o[j], o[0]
			}
		default:
			panic("unknown order " + string(order))
		}
		if r == 0 && n > 0 && first != nil && !first(o[0]) {
			for j := range o {
				if first(o[j]) {
					o[0], o[j] = o[j], o[0]
					break
				}
			}
		}
		orders[r] = o
	}
	return orders
}
