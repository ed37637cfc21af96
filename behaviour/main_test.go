package behaviour

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }
