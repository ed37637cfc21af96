#!/usr/bin/env bash
# tls-profile.sh: where a TLS 1.3 handshake's CPU goes, with and without
# session resumption. Profiles BenchmarkTLSHandshake/proto=h1/resume=off
# and resume=on for nethttp (client and server in one process, as in the
# suite) and writes the benchmark lines and `go tool pprof -top -cum` of
# each to docs/tls-handshake-profile.txt. Keep the machine otherwise idle.
#
#   scripts/tls-profile.sh
set -euo pipefail

cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/suite.test" .
out=docs/tls-handshake-profile.txt
{
  echo "# scripts/tls-profile.sh: commit $(git describe --always --dirty --abbrev=12), $(go env GOVERSION), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  for resume in off on; do
    name="TLSHandshake/proto=h1/resume=$resume/client=nethttp"
    echo
    echo "## $name: suite.test (go test -c .) -test.run '^\$' -test.bench '^BenchmarkTLSHandshake\$/^proto=h1\$/^resume=$resume\$/^client=nethttp\$' -test.benchtime 3s -test.benchmem -test.cpuprofile FILE"
    "$tmp/suite.test" -test.run '^$' -test.bench "^BenchmarkTLSHandshake\$/^proto=h1\$/^resume=$resume\$/^client=nethttp\$" \
      -test.benchtime 3s -test.benchmem -test.cpuprofile "$tmp/$resume.pprof" | grep '^Benchmark'
    echo
    go tool pprof -top -cum -nodecount=70 "$tmp/suite.test" "$tmp/$resume.pprof" 2>/dev/null | grep -v '^\(File\|Build ID\|Time\):'
  done
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "${0##*/}: wrote $out"
