package tlsserver

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

func TestMain(m *testing.M) { leakcheck.VerifyQUICTestMain(m) }
