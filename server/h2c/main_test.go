package h2c_test

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

func TestMain(m *testing.M) { testkit.VerifyTestMain(m) }
