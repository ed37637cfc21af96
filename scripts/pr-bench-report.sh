#!/usr/bin/env bash
# scripts/pr-bench-report.sh AB_FILE SET [THRESHOLD]: the Markdown report of
# the pull-request benchmark workflow (.github/workflows/pr-bench.yml), on
# stdout: the same text goes to the job summary and into the PR's one
# benchmark comment, which it finds again by the marker on its first line.
#
# AB_FILE is cmd/benchrun's output for BASE HEAD; SET says what ran (the
# focused set or the whole suite). The report holds cmd/benchdiff's table of
# rows significantly worse by more than THRESHOLD percent (default 10) and
# its verdict, then go tool benchstat -col commit in a collapsed block, cut
# at a line so the whole stays under GitHub's 65536-character comment limit.
# It is informational: it exits 0 even when benchdiff or benchstat fail, and
# says so in the report; only a missing AB_FILE or a usage error exits 2.
set -uo pipefail

marker='<!-- httpclientbench:pr-bench -->'
if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: scripts/pr-bench-report.sh AB_FILE SET [THRESHOLD]" >&2
  exit 2
fi
if [[ ! -s $1 ]]; then
  echo "pr-bench-report.sh: A/B file $1 missing or empty" >&2
  exit 2
fi
ab=$(realpath "$1")
set_desc=$2
threshold=${3:-10}
cd "$(dirname "$0")/.." || exit 2

commits=$(grep -m2 '^commit: ' "$ab" | sed 's/^commit: //' | paste -sd ' ' -)
echo "$marker"
echo "## Benchmarks: this pull request against its merge base"
echo
echo "A (merge base) and B (head), \`${commits:-?}\`, interleaved by \`cmd/benchrun\` on a shared runner: $set_desc."
echo "Informational, never blocking: confirm a flagged row with an A/B \`benchrun\` on a quiet machine (see docs/ci.md, *Continuous benchmarking*)."
echo
# cut_text TEXT LIMIT: TEXT, cut at the last whole line under LIMIT
# characters.
cut_text() {
  if [[ ${#1} -le $2 ]]; then
    printf '%s\n' "$1"
  else
    printf '%s\n' "$1" | head -c "$2" | sed '$d'
    # A blank line first: a text line right after a Markdown table is one
    # more row of it.
    echo
    echo "… cut to stay under the comment size limit: the run's ab.txt artifact holds the whole file"
  fi
}

if diff=$(go run ./cmd/benchdiff -in "$ab" -threshold "$threshold" 2>&1); then
  # The verdict is the last line: keep it whatever the table's length.
  verdict=$(printf '%s\n' "$diff" | tail -n 1)
  table=$(printf '%s\n' "$diff" | sed '$d')
  if [[ -n $table ]]; then
    # $(...) drops the blank line benchdiff puts after its table, without
    # which GitHub renders the verdict as one more row of the table.
    cut_text "$table" 25000
    echo
  fi
  printf '%s\n' "$verdict"
else
  printf '%s\n\n(benchdiff failed: no row flagged or cleared)\n' "$diff"
fi
echo
echo '<details><summary><code>go tool benchstat -col commit</code></summary>'
echo
echo '```'
stat=$(go tool benchstat -col commit "$ab" 2>&1) || stat+=$'\n(benchstat failed)'
cut_text "$stat" 30000
echo '```'
echo
echo '</details>'
