package h2c_test

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }
