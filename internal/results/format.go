package results

import "fmt"

// FormatNanos prints a time in nanoseconds with three significant digits
// and a unit: "736 ms", "41.2 µs".
func FormatNanos(ns float64) string {
	switch {
	case ns >= 1e9:
		return Sig3(ns/1e9) + " s"
	case ns >= 1e6:
		return Sig3(ns/1e6) + " ms"
	case ns >= 1e3:
		return Sig3(ns/1e3) + " µs"
	}
	return Sig3(ns) + " ns"
}

// Sig3 prints x (≥ 0) with three significant digits.
func Sig3(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}
