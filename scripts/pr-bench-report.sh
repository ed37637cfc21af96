#!/usr/bin/env bash
# scripts/pr-bench-report.sh AB_FILE SET [THRESHOLD]: the Markdown report of
# the pull-request benchmark workflow (.github/workflows/pr-bench.yml), on
# stdout: cmd/benchdiff -in AB_FILE -threshold THRESHOLD (default 10)
# -comment SET, which owns the text (the marker the comment step finds the
# PR's one benchmark comment by, the rows significantly worse by more than
# THRESHOLD percent, the verdict, benchstat -col commit collapsed), its cut
# to GitHub's 65536-character comment limit and the exit status: 0 even
# when it cannot compare (it says so in the report), 2 for a missing
# AB_FILE or a usage error.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: scripts/pr-bench-report.sh AB_FILE SET [THRESHOLD]" >&2
  exit 2
fi
ab=$(realpath -m "$1")
cd "$(dirname "$0")/.."
# Built, not go run, which turns every failing exit status into 1.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/benchdiff" ./cmd/benchdiff
"$bin/benchdiff" -in "$ab" -threshold "${3:-10}" -comment "$2"
