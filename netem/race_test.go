//go:build race

package netem_test

const raceEnabled = true
