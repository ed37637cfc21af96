#!/usr/bin/env bash
# tls-busy-check.sh: TLSGet/proto=h1 for nethttp and fasthttp on a quiet
# machine and again with a busy loop in another process keeping one core
# occupied (6 cmd/benchrun rounds each), into docs/ab/tlsget-h1-quiet.txt
# and docs/ab/tlsget-h1-busy.txt. Compare with
#
#   go tool benchstat -ignore date docs/ab/tlsget-h1-quiet.txt docs/ab/tlsget-h1-busy.txt
#
# Keep the machine otherwise idle.
set -euo pipefail

cd "$(dirname "$0")/.."
bench='TLSGet/proto=h1/client=(nethttp|fasthttp)$'
busy=
trap '[[ -z $busy ]] || kill "$busy" 2>/dev/null || true' EXIT
go run ./cmd/benchrun -bench "$bench" -rounds 6 -o docs/ab/tlsget-h1-quiet.txt
bash -c 'while :; do :; done' &
busy=$!
go run ./cmd/benchrun -bench "$bench" -rounds 6 -o docs/ab/tlsget-h1-busy.txt
kill "$busy"
busy=
echo "${0##*/}: wrote docs/ab/tlsget-h1-quiet.txt and docs/ab/tlsget-h1-busy.txt"
