#!/usr/bin/env bash
# record-shapes.sh: records the many-core reference run (docs/shapes/): the
# headline's rows for the clients their verdicts turn on, in both
# placements, at 2, 4, 8 and 16 CPUs; the load mode's steady rate and
# 50/500 sweep on 16 CPUs; and CPU profiles of one small GET at 2 and 16
# CPUs; on a machine with at least 16 CPUs that need not have Go. Build
# where Go is, run there:
#
#   scripts/record-shapes.sh build DIR       # test binary, benchrun, loadbench into DIR
#   scripts/record-shapes.sh run DIR OUT     # from the repository's root: results into OUT
#
# run writes what docs/shapes/ holds, under the same names:
#   OUT/cpus.txt, OUT/cpus-more.txt  benchrun -bin -cpus: every sample in a
#                                    fresh process on N CPUs, GOMAXPROCS N;
#                                    6 rounds of 0.1 s
#   OUT/load/steady/, OUT/load/sweep/ loadbench -cpus 16: the server on 8
#                                    CPUs, each client process on the other 8
#   OUT/profiles/                    CPU profiles (NAME.pprof beside NAME.txt,
#                                    the result line) and execution traces
#   OUT/machine.txt                  uname, nproc, lscpu
# Set SHAPES, ROUNDS, BENCHTIME or LOAD=0 to change the run (a smoke test
# on a small machine: SHAPES=1,2 ROUNDS=1 LOAD=0).
#
# On the 16-CPU Xeon a sample took about 0.3 s: cpus.txt (768 samples)
# about 4 minutes, cpus-more.txt (576) about 2, the load mode 1.5.
set -euo pipefail

die() { echo "${0##*/}: $*" >&2; exit 1; }

# The rows of cpus.txt and cpus-more.txt, each in process and with the
# server in a process of its own (each file's leaves pair by round).
rows=(
  'H1GetBytes/buf=fresh/client=(nethttp|fasthttp|hertz|hertz_std|raw)$'
  'JSON/client=(nethttp|fasthttp|hertz)$'
  'H1Post4KiB/buf=fresh/client=(nethttp|fasthttp|hertz)$'
  'H1Concurrent/n=50/client=(nethttp|fasthttp|hertz)$'
  'TLSGet/proto=h1/client=(nethttp|hertz)$'
)
more_rows=(
  'H2Get/window=tuned/client=(nethttp|xnethttp2|resty)$'
  'Pool/proto=h1/conn=fresh/client=(nethttp|fasthttp|hertz)$'
  'H1Download/size=1MiB/buf=fresh/client=(nethttp|fasthttp|hertz)$'
  'Upload/size=1MiB/length=unknown/client=(nethttp|fasthttp|hertz)$'
)

# placed prints -bench flags for each row and its server=process twin.
placed() {
  local r
  for r in "$@"; do
    printf '%s\n' -bench "$r" -bench "${r%%/*}/server=process/${r#*/}"
  done
}

case ${1:-} in
build)
  [[ $# -eq 2 ]] || die "usage: ${0##*/} build DIR"
  cd "$(dirname "$0")/.."
  mkdir -p "$2"
  # -buildvcs=true: benchrun -bin names the run by the commit a binary
  # records; go test -c stamps some test binaries only, so the commit is
  # written beside them too, dirty as Go counts it (untracked files too).
  go test -c -buildvcs=true -ldflags='-s -w' -o "$2/root.test" .
  go build -buildvcs=true -ldflags='-s -w' -o "$2" ./cmd/benchrun ./cmd/loadbench
  commit=$(git rev-parse --short=12 HEAD)
  [[ -z $(git status --porcelain) ]] || commit+=-dirty
  echo "$commit" >"$2/commit"
  ;;
run)
  [[ $# -eq 3 ]] || die "usage: ${0##*/} run DIR OUT"
  bin=$(realpath "$2")
  out=$(realpath -m "$3")
  mkdir -p "$out/profiles" "$out/load"
  shapes=${SHAPES:-2,4,8,16}
  { uname -a; nproc; command -v lscpu >/dev/null && lscpu; } >"$out/machine.txt" 2>&1 || true
  benchrun=("$bin/benchrun" -bin "$bin/root.test" -commit "$(cat "$bin/commit")" -cpus "$shapes"
    -rounds "${ROUNDS:-6}" -benchtime "${BENCHTIME:-0.1s}")
  # Results go to stdout as they come: a run cut short keeps its rounds.
  mapfile -t b < <(placed "${rows[@]}")
  "${benchrun[@]}" "${b[@]}" >"$out/cpus.txt"
  mapfile -t b < <(placed "${more_rows[@]}")
  "${benchrun[@]}" "${b[@]}" >"$out/cpus-more.txt"
  if [[ ${LOAD:-1} == 1 ]]; then
    "$bin/loadbench" -cpus "${shapes##*,}" -mode steady -rate 15000 -duration 5s -rounds 1 -out "$out/load/steady"
    "$bin/loadbench" -cpus "${shapes##*,}" -mode sweep -inflight 50,500 -duration 3s -rounds 1 -out "$out/load/sweep"
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
