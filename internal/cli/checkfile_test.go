package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ path, want string }{
		{dir, "is a directory"},
		{filepath.Join(dir, "none", "x.txt"), "does not exist"},
		{filepath.Join(dir, "x.txt"), ""},
	} {
		err := CheckFile(tc.path)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("CheckFile(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
}
