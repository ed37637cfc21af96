package tlsserver

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

func TestMain(m *testing.M) { testkit.VerifyQUICTestMain(m) }
