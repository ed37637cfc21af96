#!/usr/bin/env bash
# net-report.sh: records the net= rows (the suite's benchmarks over the
# emulated paths of package netem) with cmd/benchrun, 6 rounds of every
# leaf in its own process, each sample one op after the two warm-up ops
# every leaf makes, in two runs: the lan and wan rows into
# docs/network.txt (about 25 minutes), the lossy rows into
# docs/network-lossy.txt (about 55: an op there takes up to 4 s, a 1 MiB
# upload at 1 % loss). Then it rewrites every page made from them with go
# generate (doc.go): docs/network/, docs/network-lossy/, docs/network.md
# and README.md's "On a real path". Keep the machine otherwise idle: the
# paths' timing shares its CPUs.
#
#   scripts/net-report.sh          # both runs, then the pages
#   scripts/net-report.sh lan-wan  # the lan and wan rows only, then the pages
#   scripts/net-report.sh lossy    # the lossy rows only, then the pages
set -euo pipefail

die() { echo "${0##*/}: $*" >&2; exit 1; }

which=${1:-all}
[[ $# -le 1 && $which =~ ^(all|lan-wan|lossy)$ ]] || die "usage: scripts/net-report.sh [lan-wan|lossy]"
cd "$(dirname "$0")/.."
# benchrun writes its -o file only when the whole run succeeds.
record() { go run ./cmd/benchrun -rounds 6 -benchtime 1x -bench "$1" -o "$2"; }
if [[ $which != lossy ]]; then record 'net=(lan|wan)' docs/network.txt; fi
if [[ $which != lan-wan ]]; then record 'net=lossy' docs/network-lossy.txt; fi
go generate .
echo "${0##*/}: wrote docs/network/, docs/network-lossy/, docs/network.md and README.md's \"On a real path\""
