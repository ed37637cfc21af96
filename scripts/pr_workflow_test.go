package scripts_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
	"go.yaml.in/yaml/v4"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// goBenchSelects reports whether go test -bench pattern runs and reports
// the leaf named name (with "Benchmark", without the GOMAXPROCS suffix), as
// Go's testing/match.go decides: the pattern splits at unbracketed | into
// alternatives and each at unbracketed / into one regexp per level; the
// first alternative whose regexps match the name's levels decides, and it
// reports the leaf only if it has no more levels than the name (else the
// match is partial: the leaf runs only to look for sub-benchmarks).
func goBenchSelects(t *testing.T, pattern, name string) bool {
	t.Helper()
	var alts [][]string
	var cur []string
	cs, cp, start := 0, 0, 0
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '[':
			cs++
		case ']':
			if cs--; cs < 0 {
				cs = 0
			}
		case '(':
			if cs == 0 {
				cp++
			}
		case ')':
			if cs == 0 {
				cp--
			}
		case '\\':
			i++
		case '/', '|':
			if cs == 0 && cp == 0 {
				cur = append(cur, pattern[start:i])
				start = i + 1
				if pattern[i] == '|' {
					alts, cur = append(alts, cur), nil
				}
			}
		}
	}
	alts = append(alts, append(cur, pattern[start:]))
	levels := strings.Split(name, "/")
	for _, alt := range alts {
		ok := true
		for i, l := range levels {
			if i >= len(alt) {
				break
			}
			if !regexp.MustCompile(alt[i]).MatchString(l) {
				ok = false
				break
			}
		}
		if ok {
			return len(levels) >= len(alt)
		}
	}
	return false
}

// focusBench is the PR workflow's FOCUS_BENCH, the focused set's regexp.
func focusBench(t *testing.T, w *actionlint.Workflow) string {
	t.Helper()
	for _, v := range w.Env.Vars {
		if v.Name.Value == "FOCUS_BENCH" && v.Value.Value != "" {
			return v.Value.Value
		}
	}
	t.Fatal("pr-bench.yml has no FOCUS_BENCH")
	return ""
}

// TestFocusedSet: the PR workflow's focused set, on the leaves of the
// recorded full run, keeps every family and the TCP floor, and of the
// clients only the registry's focused ones (nethttp, fasthttp, http3 and
// raw), all of those.
func TestFocusedSet(t *testing.T) {
	w := parseWorkflow(t, "pr-bench.yml")
	focus := focusBench(t, w)
	if _, err := regexp.Compile(focus); err != nil { // as benchrun checks -bench
		t.Fatal(err)
	}
	if strings.Contains(focus, "server=") || strings.Contains(focus, "net=") {
		t.Errorf("FOCUS_BENCH %q names an opt-in level: the pull-request check would run the server=process or net= rows", focus)
	}
	leaf := regexp.MustCompile(`(?m)^(Benchmark\S+)-\d+\s`)
	families, kept := map[string]bool{}, map[string]bool{}
	seen := map[string]bool{}
	for _, m := range leaf.FindAllStringSubmatch(readFile(t, "../docs/results.txt"), -1) {
		name := m[1]
		if seen[name] {
			continue
		}
		seen[name] = true
		if strings.Contains(name, "/server=") {
			// An own-process row: the suite runs it only when -bench
			// names server= (suite/optin.go), which the focus does not
			// (checked below), whatever its levels match.
			continue
		}
		family, _, _ := strings.Cut(name, "/")
		families[family] = true
		client := ""
		if i := strings.Index(name, "/client="); i >= 0 {
			client = name[i+len("/client="):]
		}
		want := slices.Contains(registry.Focused(), client) || name == "BenchmarkLoopbackRoundTrip"
		got := goBenchSelects(t, focus, name)
		if got != want {
			t.Errorf("%s: selected %v, want %v", name, got, want)
		}
		if got {
			kept[family] = true
		}
	}
	if len(kept) != len(families) || len(families) < 10 {
		t.Errorf("the focused set keeps %d of %d families", len(kept), len(families))
	}
	// Every client of the registry, at every depth of the client= level,
	// whether or not the recording has it yet: a client marked Focus is
	// selected, any other is not, and the set's description names each.
	plan := runStep(t, job(t, w, "bench"), "Base, head and set")
	for _, c := range registry.All() {
		for depth := 1; depth <= 4; depth++ {
			name := "BenchmarkX" + strings.Repeat("/k=v", depth-1) + "/client=" + c.Name
			if got := goBenchSelects(t, focus, name); got != c.Focus {
				t.Errorf("%s: selected %v, the registry's Focus is %v", name, got, c.Focus)
			}
		}
		if c.Focus && !strings.Contains(plan, c.Name) {
			t.Errorf("the focused set's description does not name %s", c.Name)
		}
	}
	// The matcher itself: a partial match does not report a leaf, and the
	// first matching alternative decides.
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"X/a", "BenchmarkX/a", true},
		{"X/a/b", "BenchmarkX/a", false},
		{"X/a/b|X/a", "BenchmarkX/a", false},
		{"X/a|X/a/b", "BenchmarkX/a", true},
		{"Y|X/(a|b)", "BenchmarkX/b", true},
	} {
		if got := goBenchSelects(t, c.pattern, c.name); got != c.want {
			t.Errorf("goBenchSelects(%q, %q) = %v", c.pattern, c.name, got)
		}
	}
}

// TestPRWorkflow: the PR workflow runs base and head through benchrun's A/B
// mode, and the comment job, which skips fork PRs, updates its one comment
// whether the bench job succeeded or failed.
func TestPRWorkflow(t *testing.T) {
	w := parseWorkflow(t, "pr-bench.yml")
	run := runStep(t, job(t, w, "bench"), "A/B run, interleaved")
	if !strings.Contains(run, `go run ./cmd/benchrun -bench "$BENCH" -benchtime "$BENCHTIME" -rounds 6 -o ab.txt "$BASE" "$HEAD"`) {
		t.Errorf("the A/B step runs %q", run)
	}
	comment := job(t, w, "comment")
	if comment.If == nil || !strings.Contains(comment.If.Value, "github.event.pull_request.head.repo.full_name == github.repository") {
		t.Fatal("the comment job does not skip fork PRs")
	}
	// It comments when the bench job succeeded or failed (the comment must
	// not go on showing an older head's results), not when it was skipped,
	// nor when a newer push cancelled the run: that push's run comments.
	for _, c := range []struct {
		status, bench string
		runs          bool
	}{{"success", "success", true}, {"failure", "failure", true}, {"cancelled", "cancelled", false}, {"cancelled", "success", false}, {"success", "skipped", false}} {
		ctx := map[string]any{
			"job":   map[string]any{"status": c.status},
			"needs": map[string]any{"bench": map[string]any{"result": c.bench}},
			"github": map[string]any{"event_name": "pull_request", "repository": "o/r",
				"event": map[string]any{"pull_request": map[string]any{"head": map[string]any{"repo": map[string]any{"full_name": "o/r"}}}}},
		}
		if got := evalCond(t, comment.If.Value, ctx); got != c.runs {
			t.Errorf("run %s, bench job %s: the comment job runs: %v, want %v", c.status, c.bench, got, c.runs)
		}
	}
	if r := runStep(t, comment, "Create or update the PR's benchmark comment"); !strings.Contains(r, "--method PATCH") {
		t.Errorf("the comment step does not update its comment: %q", r)
	}
}

// TestPRReport runs the PR workflow's report step (scripts/pr-bench-report.sh)
// on the recorded A/B run and on the whole suite as an A/B file: the job
// summary is report.md, which the comment job posts; it starts with the
// marker the comment step finds it by, names both commits and the step's
// set and threshold, holds benchstat's table, and fits in a comment: the
// whole suite's is cut, keeping its verdict, and every table of it is
// followed by a blank line. Which rows are flagged, and the cut of a text,
// are cmd/benchdiff's tests' (TestRecordedAB, TestCut).
func TestPRReport(t *testing.T) {
	t.Parallel()
	w := parseWorkflow(t, "pr-bench.yml")
	script := runStep(t, job(t, w, "bench"), "Report (job summary)")
	marker := regexp.MustCompile(`marker='([^']+)'`).FindStringSubmatch(runStep(t, job(t, w, "comment"), "Create or update the PR's benchmark comment"))
	if marker == nil {
		t.Fatal("the comment step has no marker='...'")
	}
	report := func(ab, set, threshold string) string {
		t.Helper()
		ws := t.TempDir()
		writeFile(t, filepath.Join(ws, "ab.txt"), ab)
		s := bashStep(t, script, ws, "SET="+set, "THRESHOLD="+threshold)
		if !s.ok {
			t.Fatalf("%s: the report step failed", set)
		}
		if readFile(t, filepath.Join(ws, "report.md")) != s.summary {
			t.Errorf("%s: the job summary is not report.md, the comment's", set)
		}
		if !strings.HasPrefix(s.summary, marker[1]+"\n") {
			t.Errorf("%s: the report does not start with the comment step's marker %s:\n%.200s", set, marker[1], s.summary)
		}
		if n := len([]rune(s.summary)); n >= 65536 {
			t.Errorf("%s: the report has %d characters, over a comment's limit", set, n)
		}
		return s.summary
	}
	s := report(readFile(t, "../docs/ab/echo-stream.txt"), "the test set", "50")
	for _, want := range []string{"`10fc9c72edff 1c5cb5f5b4f6`", "the test set.", "by more than 50%", "│ 10fc9c72edff │", "+71.87% (p=0.002 n=6)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the report has no %q:\n%s", want, s)
		}
	}
	tableEnds(t, "recorded A/B run", s, true)
	// The whole suite as an A/B file: the recorded run's rounds dealt
	// alternately to two commits.
	var ab strings.Builder
	i := 0
	for _, l := range strings.SplitAfter(readFile(t, "../docs/results.txt"), "\n") {
		if strings.HasPrefix(l, "Benchmark") {
			ab.WriteString([]string{"commit: aaaaaaaaaaaa\n", "commit: bbbbbbbbbbbb\n"}[i%2])
			i++
		}
		ab.WriteString(l)
	}
	s = report(ab.String(), "the whole suite", "10")
	if !strings.Contains(s, "cut to stay under the comment size limit") {
		t.Errorf("whole suite: not cut:\n%.2000s", s)
	}
	if !strings.Contains(s, "rows flagged**") && !strings.Contains(s, "No regression flagged**") {
		t.Errorf("whole suite: no verdict:\n%s", s)
	}
	tableEnds(t, "whole suite", s, false)
	if !strings.HasSuffix(s, "```\n\n</details>\n") {
		t.Errorf("whole suite: the report does not end with the closed block:\n%s", s[max(0, len(s)-300):])
	}
}

// tableEnds checks that every Markdown table in the report is followed by a
// blank line: GitHub (GFM) renders a text line right after a table's last
// row, such as benchdiff's verdict, as one more row of the table. wantTable:
// the report must hold one (flagged rows).
func tableEnds(t *testing.T, what, report string, wantTable bool) {
	t.Helper()
	lines := strings.Split(report, "\n")
	tables := 0
	for i := 1; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i-1], "|") || strings.HasPrefix(lines[i], "|") {
			continue
		}
		tables++
		if lines[i] != "" {
			t.Errorf("%s: the table's last row is followed by %q, not a blank line", what, lines[i])
		}
	}
	if wantTable && tables == 0 {
		t.Errorf("%s: no table in the report", what)
	}
}

// TestPRConcurrency: a new push, reopening or the bench-full label starts a
// run that replaces the PR's run in progress; any other label (an event the
// workflow receives, for the bench-full label's sake, but whose bench job
// is skipped) must not cancel it. GitHub claims a workflow's concurrency
// group before it evaluates its jobs' if:, so such a run must fall in a
// group of its own.
func TestPRConcurrency(t *testing.T) {
	w := parseWorkflow(t, "pr-bench.yml")
	if w.Concurrency == nil || w.Concurrency.Group == nil || w.Concurrency.CancelInProgress == nil || !w.Concurrency.CancelInProgress.Value {
		t.Fatal("the workflow has no concurrency group that cancels the run in progress")
	}
	bench := job(t, w, "bench")
	ctx := func(action, label string, run string) map[string]any {
		ev := map[string]any{"action": action, "pull_request": map[string]any{"number": float64(7)}}
		if label != "" {
			ev["label"] = map[string]any{"name": label}
		}
		return map[string]any{"github": map[string]any{
			"event_name": "pull_request", "event": ev, "run_id": run, "ref": "refs/pull/7/merge",
		}}
	}
	prGroup := evalTemplate(t, w.Concurrency.Group.Value, ctx("synchronize", "", "1"))
	for i, c := range []struct{ action, label string }{
		{"opened", ""}, {"synchronize", ""}, {"reopened", ""}, {"labeled", "bench-full"}, {"labeled", "BENCH-FULL"},
		{"labeled", "bug"}, {"labeled", "documentation"},
	} {
		x := ctx(c.action, c.label, strconv.Itoa(100+i))
		runs := bench.If == nil || evalCond(t, bench.If.Value, x)
		group := evalTemplate(t, w.Concurrency.Group.Value, x)
		if runs != (group == prGroup) {
			t.Errorf("%s %q: the bench job runs: %v, but the run's concurrency group is %q (the PR's: %q)", c.action, c.label, runs, group, prGroup)
		}
	}
}

// TestPRClientBump: a simulated Dependabot pull request of the
// retryablehttp group, whose go.mod moves go-retryablehttp and its
// companion go-cleanhttp from older served versions (the base) to the ones
// this repository requires (the head), through the PR workflow's plan and
// report steps: the A/B runs every family's retryablehttp rows beside the
// focused set, and the comment names both version changes.
func TestPRClientBump(t *testing.T) {
	t.Parallel()
	w := parseWorkflow(t, "pr-bench.yml")
	focus := focusBench(t, w)
	const module = "github.com/hashicorp/go-retryablehttp"
	head := readFile(t, "../go.mod")
	version := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(module) + ` (v\S+)$`).FindStringSubmatch(head)
	if version == nil {
		t.Fatalf("go.mod requires no %s", module)
	}
	const older = "v0.7.7" // served by the module proxy, before the required one
	if version[1] == older {
		t.Fatalf("go.mod requires %s %s already: pick another older version", module, older)
	}
	// go-cleanhttp, an indirect requirement, is in the group's patterns.
	const companion, olderCompanion = "github.com/hashicorp/go-cleanhttp", "v0.5.1"
	companionVersion := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(companion) + ` (v\S+) // indirect$`).FindStringSubmatch(head)
	if companionVersion == nil || companionVersion[1] == olderCompanion {
		t.Fatalf("go.mod requires %s at %v: want a version after %s", companion, companionVersion, olderCompanion)
	}
	// The checkout: a repository whose base commit's go.mod has the older
	// versions, and whose head holds what the plan step runs
	// (cmd/clientbumps, the registry and the Dependabot groups) and the
	// real go.mod.
	repo := t.TempDir()
	git(t, repo, "init", "-q")
	writeFile(t, filepath.Join(repo, "go.mod"), strings.NewReplacer(module+" "+version[1], module+" "+older,
		companion+" "+companionVersion[1], companion+" "+olderCompanion).Replace(head))
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "base")
	base := git(t, repo, "rev-parse", "HEAD")
	for _, f := range []string{"go.mod", "go.sum", "cmd/clientbumps/main.go", "internal/registry/registry.go", ".github/dependabot.yml"} {
		writeFile(t, filepath.Join(repo, f), readFile(t, filepath.Join("..", f)))
	}
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "bump "+module)
	s := bashStep(t, runStep(t, job(t, w, "bench"), "Base, head and set"), repo, "BASE_SHA="+base, "FULL=false", "FOCUS_BENCH="+focus)
	if !s.ok {
		t.Fatalf("the plan step failed:\n%s", s.log)
	}
	bench, _ := s.outputs["bench"].(string)
	set, _ := s.outputs["set"].(string)
	change := module + " " + older + " → " + version[1] + " (retryablehttp); " +
		companion + " " + olderCompanion + " → " + companionVersion[1] + " (retryablehttp)"
	if s.outputs["base"] != base || !strings.Contains(set, change) {
		t.Fatalf("outputs %v: want base %s and a set naming %q", s.outputs, base, change)
	}
	// Every family's retryablehttp rows of the recorded run, beside the
	// focused set; no other client's.
	leaf := regexp.MustCompile(`(?m)^(Benchmark\S+)-\d+\s`)
	families := map[string]bool{}
	for _, m := range leaf.FindAllStringSubmatch(readFile(t, "../docs/results.txt"), -1) {
		name := m[1]
		if strings.Contains(name, "/server=") {
			continue
		}
		client := name[strings.LastIndex(name, "=")+1:]
		want := goBenchSelects(t, focus, name) || strings.HasSuffix(name, "/client=retryablehttp")
		if got := goBenchSelects(t, bench, name); got != want {
			t.Errorf("%s: selected %v, want %v", name, got, want)
		}
		if client == "retryablehttp" {
			families[strings.SplitN(name, "/", 2)[0]] = true
		}
	}
	if len(families) < 10 {
		t.Errorf("retryablehttp's rows in %d families", len(families))
	}
	// The comment says what was run, the version change with it.
	ws := t.TempDir()
	writeFile(t, filepath.Join(ws, "ab.txt"), readFile(t, "../docs/ab/echo-stream.txt"))
	r := bashStep(t, runStep(t, job(t, w, "bench"), "Report (job summary)"), ws, "SET="+set, "THRESHOLD=10")
	// Which counters changed is internal/results' rule, not this test's.
	counters := regexp.MustCompile(`\n- \+[^\n]* allocs/op on \d+ rows of retryablehttp\n`)
	if !r.ok || !strings.Contains(r.summary, change) || !counters.MatchString(r.summary) {
		t.Errorf("the report does not name %q, or retryablehttp's counters:\n%.3000s", change, r.summary)
	}
}

// TestDependabotGroupsTheClients: .github/dependabot.yml updates go.mod
// weekly with one group per client library: every library of the registry
// is the first pattern of exactly one group, and no pattern is in two.
func TestDependabotGroupsTheClients(t *testing.T) {
	type update struct {
		Ecosystem string `yaml:"package-ecosystem"`
		Directory string
		Schedule  struct{ Interval string }
		Groups    map[string]struct{ Patterns []string }
	}
	var cfg struct {
		Version int
		Updates []update
	}
	if err := yaml.Unmarshal([]byte(readFile(t, "../.github/dependabot.yml")), &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.Version != 2 {
		t.Errorf("version %d, want 2", cfg.Version)
	}
	i := slices.IndexFunc(cfg.Updates, func(u update) bool { return u.Ecosystem == "gomod" })
	if i < 0 {
		t.Fatal("no gomod updates")
	}
	gomod := cfg.Updates[i]
	if gomod.Directory != "/" || gomod.Schedule.Interval != "weekly" {
		t.Errorf("gomod updates of %q every %q, want / weekly", gomod.Directory, gomod.Schedule.Interval)
	}
	first, seen := map[string]string{}, map[string]string{}
	for name, g := range gomod.Groups {
		if len(g.Patterns) > 0 {
			first[g.Patterns[0]] = name
		}
		for _, p := range g.Patterns {
			if other, ok := seen[p]; ok {
				t.Errorf("pattern %s in groups %s and %s", p, other, name)
			}
			seen[p] = name
		}
	}
	libraries := map[string]bool{}
	for _, c := range registry.All() {
		if c.Module == "" || libraries[c.Module] {
			continue
		}
		libraries[c.Module] = true
		if first[c.Module] == "" {
			t.Errorf("no group leads with %s, %s's library", c.Module, c.Name)
		}
	}
	if len(gomod.Groups) != len(libraries) {
		t.Errorf("%d groups for %d client libraries", len(gomod.Groups), len(libraries))
	}
}
