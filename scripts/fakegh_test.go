package scripts_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/itchyny/gojq"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestMain is also the fake gh of the notification tests: run with
// FakeGHEnv set, the test binary answers as gh would. Otherwise it runs
// the tests with the go of installGoShim first on the PATH, and then
// testkit.VerifyTestMain's check, which exits and so cannot be called
// here before the shim is removed.
func TestMain(m *testing.M) {
	if state := os.Getenv(FakeGHEnv); state != "" {
		os.Exit(fakeGH(state, os.Args[1:]))
	}
	shim, err := installGoShim()
	if err != nil {
		fmt.Fprintln(os.Stderr, "scripts: the go shim:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(shim)
	if code == 0 {
		if err := testkit.Settled(); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: Errors on successful test run: %v\n", err)
			code = 1
		}
	}
	os.Exit(code)
}

// FakeGHEnv names the state file of the fake gh: set, the test binary is
// gh (TestMain).
const FakeGHEnv = "HTTPBENCH_FAKE_GH"

// ghState is the fake GitHub's issues, kept in a JSON file between calls.
type ghState struct {
	Issues []ghIssue `json:"issues"`
	Calls  []string  `json:"calls"` // every gh command line, in order
}

type ghIssue struct {
	Number   int      `json:"number"`
	Title    string   `json:"title"`
	Body     string   `json:"body"`
	State    string   `json:"state"`
	Comments []string `json:"comments"`
}

// fakeGH is the subset of `gh api` that scripts/bench-notify.sh uses, on
// the issues of one repository: GET .../issues?state=open (newest first,
// as GitHub lists them), POST .../issues (title, body) and POST
// .../issues/N/comments (body); -f k=v, -F k=@file, --method, --paginate,
// and --jq evaluated by gojq, a string result printed raw as gh does.
func fakeGH(statePath string, args []string) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "fake gh: "+format+"\n", a...)
		return 1
	}
	var st ghState
	if err := st.load(statePath); err != nil && !os.IsNotExist(err) {
		return fail("%v", err)
	}
	st.Calls = append(st.Calls, strings.Join(args, " "))
	if len(args) == 0 || args[0] != "api" {
		return fail("only gh api is faked: %q", args)
	}
	method, path, jq := "GET", "", ""
	fields := map[string]string{}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--paginate" {
			continue
		} else if !strings.HasPrefix(a, "-") && path == "" {
			path = a
			continue
		} else if i++; i == len(args) {
			return fail("unexpected argument %q", a)
		}
		switch v := args[i]; a {
		case "--method":
			method = v
		case "--jq":
			jq = v
		case "-f", "-F":
			k, val, _ := strings.Cut(v, "=")
			if a == "-F" && strings.HasPrefix(val, "@") {
				b, err := os.ReadFile(val[1:])
				if err != nil {
					return fail("%v", err)
				}
				val = string(b)
			}
			fields[k] = val
		default:
			return fail("unexpected argument %q", a)
		}
	}
	u, err := url.Parse(path)
	if err != nil {
		return fail("%v", err)
	}
	parts := strings.Split(u.Path, "/")
	var out any
	switch {
	case method == "GET" && len(parts) == 4 && parts[0] == "repos" && parts[3] == "issues":
		list := []any{} // GitHub answers [], not null
		for i := len(st.Issues) - 1; i >= 0; i-- {
			is := st.Issues[i]
			if q := u.Query().Get("state"); q != "" && q != "all" && q != is.State {
				continue
			}
			list = append(list, map[string]any{"number": is.Number, "title": is.Title, "body": is.Body, "state": is.State})
		}
		out = list
	case method == "POST" && len(parts) == 4 && parts[3] == "issues":
		is := ghIssue{Number: len(st.Issues) + 1, Title: fields["title"], Body: fields["body"], State: "open"}
		if is.Title == "" {
			return fail("an issue needs a title")
		}
		st.Issues = append(st.Issues, is)
		out = map[string]any{"number": is.Number, "html_url": fmt.Sprintf("https://github.invalid/issues/%d", is.Number)}
	case method == "POST" && len(parts) == 6 && parts[3] == "issues" && parts[5] == "comments":
		n, err := strconv.Atoi(parts[4])
		if err != nil || n < 1 || n > len(st.Issues) {
			return fail("no issue %s", parts[4])
		}
		st.Issues[n-1].Comments = append(st.Issues[n-1].Comments, fields["body"])
		out = map[string]any{"html_url": fmt.Sprintf("https://github.invalid/issues/%d#comment", n)}
	default:
		return fail("%s %s is not faked", method, path)
	}
	if err := st.save(statePath); err != nil {
		return fail("%v", err)
	}
	answer, _ := json.Marshal(out)
	if jq == "" {
		fmt.Println(string(answer))
		return 0
	}
	q, err := gojq.Parse(jq)
	if err != nil {
		return fail("--jq %q: %v", jq, err)
	}
	var v any // gojq wants JSON's own types: the answer, round-tripped
	if err := json.Unmarshal(answer, &v); err != nil {
		return fail("%v", err)
	}
	iter := q.Run(v)
	for {
		r, ok := iter.Next()
		if !ok {
			return 0
		}
		switch r := r.(type) {
		case error:
			return fail("--jq %q: %v", jq, r)
		case string:
			fmt.Println(r)
		default:
			b, _ := json.Marshal(r)
			fmt.Println(string(b))
		}
	}
}

// fakeGHDir puts a gh that is this test binary first on a PATH and returns
// the PATH and the state file.
func fakeGHDir(t *testing.T) (path, state string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	state = filepath.Join(dir, "gh-state.json")
	script := fmt.Sprintf("#!/bin/sh\n%s=%s exec %s \"$@\"\n", FakeGHEnv, strconv.Quote(state), strconv.Quote(exe))
	if err := os.WriteFile(filepath.Join(dir, "gh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir + string(os.PathListSeparator) + os.Getenv("PATH"), state
}

func (st *ghState) load(path string) error {
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, st)
	}
	return err
}

func (st *ghState) save(path string) error {
	b, err := json.Marshal(st)
	if err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	return err
}

func readGHState(t *testing.T, path string) (st ghState) {
	t.Helper()
	if err := st.load(path); err != nil && !os.IsNotExist(err) { // no gh call yet
		t.Fatal(err)
	}
	return st
}
