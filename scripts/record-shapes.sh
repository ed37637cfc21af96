#!/usr/bin/env bash
# record-shapes.sh: records the many-core reference run (docs/shapes/): the
# headline's small-request rows in both placements at 2, 4, 8 and 16 CPUs,
# and the load mode's steady rate and 50/500 sweep, on a machine with at
# least 16 CPUs that need not have Go. Build where Go is, run there:
#
#   scripts/record-shapes.sh build DIR       # test binary, benchrun, loadbench into DIR
#   scripts/record-shapes.sh run DIR OUT     # from the repository's root: results into OUT
#
# run writes OUT/shapes.txt (benchrun -cpus: every sample in a fresh
# process restricted to N CPUs with GOMAXPROCS N; 6 rounds of 0.1 s), then
# OUT/steady/ and OUT/sweep/ (loadbench on all CPUs), OUT/profiles/ (CPU
# profiles and execution traces of one small GET in process at 2 and 16
# CPUs) and OUT/machine.txt. Set SHAPES, ROUNDS, BENCHTIME or LOAD=0 to
# change the run (a smoke test on a small machine: SHAPES=1,2 ROUNDS=1).
set -euo pipefail

die() { echo "${0##*/}: $*" >&2; exit 1; }

# The rows: the clients that the headline's verdicts turn on, each row in
# process and with the server in a process of its own.
# 32 leaves, 4 shapes, 6 rounds: 768 samples, each a process of about
# 0.3 s on the 16-CPU Xeon; the whole run, load and profiles included,
# took under 5 minutes there.
rows=(
  'H1GetBytes/buf=fresh/client=(nethttp|fasthttp|hertz|hertz_std|raw)$'
  'JSON/client=(nethttp|fasthttp|hertz)$'
  'H1Post4KiB/buf=fresh/client=(nethttp|fasthttp|hertz)$'
  'H1Concurrent/n=50/client=(nethttp|fasthttp|hertz)$'
  'TLSGet/proto=h1/client=(nethttp|hertz)$'
)

case ${1:-} in
build)
  [[ $# -eq 2 ]] || die "usage: ${0##*/} build DIR"
  cd "$(dirname "$0")/.."
  mkdir -p "$2"
  # -buildvcs=true: benchrun -bin names the run by the commit the binary records.
  go test -c -buildvcs=true -ldflags='-s -w' -o "$2/root.test" .
  go build -buildvcs=true -ldflags='-s -w' -o "$2" ./cmd/benchrun ./cmd/loadbench
  # go test -c stamps the commit into some test binaries only.
  commit=$(git rev-parse --short=12 HEAD)
  git diff --quiet HEAD -- || commit+=-dirty
  echo "$commit" >"$2/commit"
  ;;
run)
  [[ $# -eq 3 ]] || die "usage: ${0##*/} run DIR OUT"
  bin=$(realpath "$2")
  out=$(realpath -m "$3")
  mkdir -p "$out/profiles"
  shapes=${SHAPES:-2,4,8,16}
  benches=()
  for r in "${rows[@]}"; do
    family=${r%%/*} rest=${r#*/}
    benches+=(-bench "$r" -bench "$family/server=process/$rest")
  done
  { uname -a; nproc; command -v lscpu >/dev/null && lscpu; } >"$out/machine.txt" 2>&1 || true
  # Results go to stdout as they come: a run cut short keeps its rounds.
  "$bin/benchrun" -bin "$bin/root.test" -commit "$(cat "$bin/commit")" -cpus "$shapes" -rounds "${ROUNDS:-6}" \
    -benchtime "${BENCHTIME:-0.1s}" "${benches[@]}" >"$out/shapes.txt"
  if [[ ${LOAD:-1} == 1 ]]; then
    "$bin/loadbench" -mode steady -rate 15000 -duration 5s -rounds 1 -out "$out/steady"
    "$bin/loadbench" -mode sweep -inflight 50,500 -duration 3s -rounds 1 -out "$out/sweep"
  fi
  # Where the time of a small GET in process goes, on the smallest and the
  # largest shape.
  leaf='^BenchmarkH1GetBytes$/^buf=fresh$/^client='
  command -v taskset >/dev/null || die "no taskset here: the profiles are not recorded"
  for n in 2 "${shapes##*,}"; do
    for c in nethttp hertz; do
      GOMAXPROCS=$n taskset -c "0-$((n - 1))" "$bin/root.test" -test.run='^$' -test.bench="$leaf$c\$" \
        -test.benchtime=2s -test.cpuprofile="$out/profiles/$c-$n.pprof" >"$out/profiles/$c-$n.txt"
    done
    GOMAXPROCS=$n taskset -c "0-$((n - 1))" "$bin/root.test" -test.run='^$' -test.bench="${leaf}nethttp\$" \
      -test.benchtime=0.2s -test.trace="$out/profiles/nethttp-$n.trace" >/dev/null
  done
  ;;
*) die "usage: ${0##*/} build DIR | run DIR OUT" ;;
esac
