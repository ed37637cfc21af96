#!/usr/bin/env bash
# compare.sh: compares two result files (from cmd/benchrun or go test -bench
# output) with benchstat, then shows NEW with the clients side by side. For
# the two commits of one benchrun A/B file, use go tool benchstat -col commit.
#
#   scripts/compare.sh OLD NEW
#
# benchstat exits 0 even when it cannot read a file, so this script checks
# the files itself and fails with a clear message on a missing, empty or
# unparsable one.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[[ $# -eq 2 ]] || die "usage: scripts/compare.sh OLD NEW"
# Resolve the files where the caller stands, before moving to the module.
old=$(realpath -m -- "$1") new=$(realpath -m -- "$2")
cd "$(dirname "$0")/.."
set -- "$old" "$new"
for f in "$1" "$2"; do
  [[ -e $f ]] || die "$f: no such file"
  [[ -f $f && -r $f ]] || die "$f: not a readable file"
  [[ -s $f ]] || die "$f: empty file"
  grep -q '^Benchmark' "$f" || die "$f: no benchmark results in it"
done

out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
# bstat ARGS: benchstat, failing on what it reports on stderr (it reports
# parse errors there and still exits 0), printing its table only if clean.
bstat() {
  go tool benchstat "$@" >"$out" 2>"$err" || die "benchstat failed: $(cat "$err")"
  [[ ! -s $err ]] || die "benchstat could not read its input: $(cat "$err")"
  cat "$out"
}

# Build benchstat first: on a fresh machine go prints "downloading" lines on
# stderr, which must not pass for benchstat's parse errors.
go tool benchstat -h >/dev/null 2>&1 || true

echo "== $1 vs $2 (ignoring $ALWAYS_DIFFERENT)"
bstat -ignore "$ALWAYS_DIFFERENT" "$1" "$2"
# Configuration lines that differ (a go: or machine: line in one file only,
# say) make benchstat print each file in a table of its own: no comparison.
if ! grep -q 'vs base' "$out"; then
  diff <(grep -E '^[a-z][a-zA-Z0-9_-]*: ' "$1" | sort -u) <(grep -E '^[a-z][a-zA-Z0-9_-]*: ' "$2" | sort -u) >&2 || true
  die "benchstat compared nothing: the two files' configuration lines differ (above); make both with the same tool, or compare with go tool benchstat -ignore KEY,..."
fi
echo
echo "== $2, clients side by side"
bstat -col /client "$2"
