//go:build race

package suite

// raceDetector: this test binary was built with -race.
const raceDetector = true
