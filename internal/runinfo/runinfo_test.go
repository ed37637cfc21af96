package runinfo

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestCommitOf(t *testing.T) {
	setting := func(kv ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{}
		for i := 0; i < len(kv); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return info
	}
	for _, tc := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{setting("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false"), "0123456789ab"},
		{setting("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true"), "0123456789ab-dirty"},
		{setting("vcs.revision", "abc"), "abc"},
		{setting("GOOS", "linux"), "unknown"},
	} {
		if got := commitOf(tc.info); got != tc.want {
			t.Errorf("commitOf(%v) = %q, want %q", tc.info.Settings, got, tc.want)
		}
	}
}

// Binary reads a program's build information from its file: this test
// binary's Go version, and an error for a file that is not a program.
func TestBinary(t *testing.T) {
	info, _ := debug.ReadBuildInfo()
	if _, goVer, err := Binary(osExecutable(t)); err != nil || goVer != info.GoVersion {
		t.Errorf("Binary(this test) = %q, %v; want Go %s", goVer, err, info.GoVersion)
	}
	if _, _, err := Binary("runinfo_test.go"); err == nil {
		t.Error("Binary of a source file: no error")
	}
}

func osExecutable(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
