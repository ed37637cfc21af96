#!/usr/bin/env bash
# bench.sh: makes a baseline. Runs the suite with enough repeats for
# benchstat, writes results/NAME.txt (the commit, Go version, date and machine
# as benchfmt configuration lines, then go test's output), and prints
# benchstat's summary of it.
#
#   scripts/bench.sh [-count N] [-bench REGEX] [-benchtime D] NAME
#
# Defaults: -count 10 (benchstat advises 10 or more), -bench . (everything:
# about 30 minutes on 2 cores), -benchtime 1s.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

usage="usage: scripts/bench.sh [-count N] [-bench REGEX] [-benchtime D] NAME"
count=10 bench=. benchtime=1s
while [[ $# -gt 0 ]]; do
  case $1 in
    -count) [[ $# -ge 2 ]] || die "$usage"; count=$2; shift 2 ;;
    -bench) [[ $# -ge 2 ]] || die "$usage"; bench=$2; shift 2 ;;
    -benchtime) [[ $# -ge 2 ]] || die "$usage"; benchtime=$2; shift 2 ;;
    -h|-help|--help) echo "$usage"; exit 0 ;;
    -*) die "unknown flag $1; $usage" ;;
    *) break ;;
  esac
done
[[ $# -eq 1 ]] || die "$usage"
name=$1
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || die "NAME must be letters, digits, '.', '_' or '-' (it names results/NAME.txt), got '$name'"
[[ $count =~ ^[1-9][0-9]*$ ]] || die "-count must be a positive integer, got '$count'"
(( count >= 6 )) || echo "${0##*/}: warning: benchstat needs 6 samples for a confidence interval; -count $count gives fewer" >&2

mkdir -p results
out=results/$name.txt
tmp=$(mktemp "results/.$name.XXXXXX")
trap 'rm -f "$tmp"' EXIT
config_lines "$(head_commit)" >"$tmp"
echo "${0##*/}: go test -run='^\$' -bench='$bench' -benchmem -count=$count -benchtime=$benchtime ./... > $out" >&2
go test -run='^$' -bench="$bench" -benchmem -count="$count" -benchtime="$benchtime" ./... | tee -a "$tmp"
grep -q '^Benchmark' "$tmp" || die "no benchmark matched -bench '$bench'"
mv "$tmp" "$out"
trap - EXIT
echo
go tool benchstat "$out"
echo "${0##*/}: wrote $out"
