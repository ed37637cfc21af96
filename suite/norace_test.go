//go:build !race

package suite

// raceDetector reports whether this test binary was built with -race.
const raceDetector = false
