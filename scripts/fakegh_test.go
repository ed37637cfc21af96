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
)

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
	PR       bool     `json:"pr"` // a pull request (the issues API lists those too)
}

// fakeGH is the subset of `gh api` that scripts/bench-notify.sh uses, on
// the issues of one repository: GET .../issues?state=open (newest first,
// pull requests included, as GitHub lists them), POST .../issues (title,
// body) and POST .../issues/N/comments (body); -f k=v, -F k=@file,
// --method, --paginate, and --jq evaluated by gojq, a string result
// printed raw as gh does.
func fakeGH(statePath string, args []string) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "fake gh: "+format+"\n", a...)
		return 1
	}
	var st ghState
	if b, err := os.ReadFile(statePath); err == nil {
		if err := json.Unmarshal(b, &st); err != nil {
			return fail("%v", err)
		}
	}
	st.Calls = append(st.Calls, strings.Join(args, " "))
	if len(args) == 0 || args[0] != "api" {
		return fail("only gh api is faked: %q", args)
	}
	method, path, jq := "GET", "", ""
	fields := map[string]string{}
	for i := 1; i < len(args); i++ {
		switch a := args[i]; a {
		case "--paginate":
		case "--method", "--jq", "-f", "-F":
			if i+1 == len(args) {
				return fail("%s without a value", a)
			}
			i++
			v := args[i]
			switch a {
			case "--method":
				method = v
			case "--jq":
				jq = v
			default:
				k, val, ok := strings.Cut(v, "=")
				if !ok {
					return fail("%s %q: want key=value", a, v)
				}
				if a == "-F" && strings.HasPrefix(val, "@") {
					b, err := os.ReadFile(val[1:])
					if err != nil {
						return fail("%v", err)
					}
					val = string(b)
				}
				fields[k] = val
			}
		default:
			if strings.HasPrefix(a, "-") || path != "" {
				return fail("unexpected argument %q", a)
			}
			path = a
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
			m := map[string]any{"number": is.Number, "title": is.Title, "body": is.Body, "state": is.State}
			if is.PR {
				m["pull_request"] = map[string]any{"url": "https://example.invalid/pr"}
			}
			list = append(list, m)
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
	b, err := json.Marshal(st)
	if err != nil {
		return fail("%v", err)
	}
	if err := os.WriteFile(statePath, b, 0o644); err != nil {
		return fail("%v", err)
	}
	if jq == "" {
		b, _ := json.Marshal(out)
		fmt.Println(string(b))
		return 0
	}
	q, err := gojq.Parse(jq)
	if err != nil {
		return fail("--jq %q: %v", jq, err)
	}
	// gojq wants JSON's own types: round-trip the answer.
	b, _ = json.Marshal(out)
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
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

func readGHState(t *testing.T, path string) ghState {
	t.Helper()
	var st ghState
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return st
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
