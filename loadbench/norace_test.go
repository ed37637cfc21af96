//go:build !race

package loadbench

// raceDetector reports whether this test binary was built with -race.
const raceDetector = false
