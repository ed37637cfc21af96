#!/usr/bin/env bash
# ab.sh: compares two commits fairly. Builds each one's test binary once
# (go test -c, in a temporary git worktree), runs them interleaved A B A B ...
# for N rounds so that drift in the machine hits both alike, then compares
# the two result sets with compare.sh.
#
#   scripts/ab.sh [-rounds N] [-bench REGEX] [-benchtime D] REF_A REF_B
#
# Defaults: -rounds 10, -bench . (everything: about an hour at 10 rounds;
# narrow it), -benchtime 1s. Results go to results/ab-A-B/{a,b}.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

usage="usage: scripts/ab.sh [-rounds N] [-bench REGEX] [-benchtime D] REF_A REF_B"
rounds=10 bench=. benchtime=1s
while [[ $# -gt 0 ]]; do
  case $1 in
    -rounds) [[ $# -ge 2 ]] || die "$usage"; rounds=$2; shift 2 ;;
    -bench) [[ $# -ge 2 ]] || die "$usage"; bench=$2; shift 2 ;;
    -benchtime) [[ $# -ge 2 ]] || die "$usage"; benchtime=$2; shift 2 ;;
    -h|-help|--help) echo "$usage"; exit 0 ;;
    -*) die "unknown flag $1; $usage" ;;
    *) break ;;
  esac
done
[[ $# -eq 2 ]] || die "$usage"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "-rounds must be a positive integer, got '$rounds'"
a=$(git rev-parse --verify --short=12 "$1^{commit}" 2>/dev/null) || die "$1: not a commit"
b=$(git rev-parse --verify --short=12 "$2^{commit}" 2>/dev/null) || die "$2: not a commit"

work=$(mktemp -d)
cleanup() {
  git worktree remove --force "$work/a" >/dev/null 2>&1 || true
  git worktree remove --force "$work/b" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

out=results/ab-$a-$b
mkdir -p "$out"
for side in a b; do
  ref=${!side}
  git worktree add --detach --quiet "$work/$side" "$ref"
  echo "${0##*/}: building $side = $ref" >&2
  (cd "$work/$side" && go test -c -o "$work/$side.test" .)
  config_lines "$ref" >"$out/$side.txt"
done

for ((i = 1; i <= rounds; i++)); do
  for side in a b; do
    echo "${0##*/}: round $i/$rounds: $side" >&2
    # Run from the commit's own tree, as go test would.
    (cd "$work/$side" && "$work/$side.test" -test.run='^$' -test.bench="$bench" -test.benchmem \
      -test.count=1 -test.benchtime="$benchtime") | grep -E '^(Benchmark|goos:|goarch:|pkg:|cpu:)' >>"$out/$side.txt" ||
      die "round $i, $side: the benchmarks failed or none matched -bench '$bench'"
  done
done

scripts/compare.sh "$out/a.txt" "$out/b.txt"
echo "${0##*/}: results in $out/"
