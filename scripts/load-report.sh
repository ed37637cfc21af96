#!/usr/bin/env bash
# load-report.sh: re-runs the load mode's reference runs that docs/load.md
# shows (about half an hour on 2 cores; keep the machine otherwise idle),
# each into its own docs/load/NAME/ (results.txt, README.md, charts), then
# rewrites docs/load.md's load tables from those files.
#
#   scripts/load-report.sh              # every run
#   scripts/load-report.sh NAME...      # only these (steady sweep overload
#                                       # nopause pause json600k bin8m check)
#
# overload offers three times the best delivered rate of docs/load/sweep
# (loadbench -overload-of),
# so run sweep first (or have it). check loads one benchserver alternately
# with wrk -t2 -c50 (installed from Debian's packages if missing) and with
# loadbench's sweep at 50 in flight, three times each, and records both in
# docs/load/generator-check.txt, then a CPU profile of the fasthttp client
# process in docs/load/generator-profile.txt.
set -euo pipefail

die() { echo "${0##*/}: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
all=(steady sweep overload nopause pause json600k bin8m check)
(($# > 0)) || set -- "${all[@]}"
for name; do
  [[ " ${all[*]} " == *" $name "* ]] || die "unknown run $name: want some of ${all[*]}"
done

tmp=$(mktemp -d)
# Every run writes into $stage, moved into docs/load (publish) only when all
# are done or one failed: a run after another that had written into the
# tree would otherwise record its commit as -dirty.
stage=$tmp/stage
mkdir "$stage"
server_pid=
# publish moves what the runs finished into docs/load. A run that failed
# part-way has no results.txt: the committed run stays, and its
# results.partial.txt (loadbench's finished lines) goes beside it. A file
# still named *.tmp was not finished and is left out.
publish() {
  local f name
  for f in "$stage"/*; do
    [[ -e $f ]] || continue
    name=${f##*/}
    if [[ $f == *.tmp ]]; then
      continue
    elif [[ -d $f && ! -s $f/results.txt ]]; then
      if [[ -s $f/results.partial.txt ]]; then
        mkdir -p "docs/load/$name"
        mv "$f/results.partial.txt" "docs/load/$name/"
      fi
      rm -rf "$f"
      continue
    fi
    rm -rf "docs/load/$name"
    mv "$f" docs/load/
  done
}
cleanup() {
  [[ -z $server_pid ]] || kill "$server_pid" 2>/dev/null || true
  publish
  rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/loadbench" ./cmd/loadbench
go build -o "$tmp/benchserver" ./cmd/benchserver

# start_server ARGS...: a benchserver on a free loopback port; sets url.
start_server() {
  : >"$tmp/server.out" # emptied by us first: never read the last server's URL
  "$tmp/benchserver" -addr 127.0.0.1:0 "$@" >"$tmp/server.out" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    url=$(awk 'NR == 1 && $1 == "serving" { print $2 }' "$tmp/server.out")
    [[ -z $url ]] || return 0
    sleep 0.1
  done
  die "benchserver did not start: $(cat "$tmp/server.out")"
}
stop_server() {
  kill "$server_pid"
  wait "$server_pid" || true
  server_pid=
}

reports=()
for name; do
  out=$stage/$name
  case $name in
    steady) "$tmp/loadbench" -mode steady -rate 2000 -duration 5s -out "$out" ;;
    sweep) "$tmp/loadbench" -mode sweep -inflight 50,100,200,500 -duration 5s -out "$out" ;;
    overload)
      sweep=$stage/sweep/results.txt # this invocation's sweep, or the committed one
      [[ -s $sweep ]] || sweep=docs/load/sweep/results.txt
      "$tmp/loadbench" -mode overload -overload-of "$sweep" -duration 5s -out "$out"
      ;;
    nopause) "$tmp/loadbench" -mode steady -rate 1000 -duration 5s -out "$out" ;;
    pause)
      start_server -pause 200ms -pause-every 1s
      "$tmp/loadbench" -target "$url" -mode steady -rate 1000 -duration 5s -out "$out"
      stop_server
      ;;
    json600k) "$tmp/loadbench" -payload json600k -rate 50 -duration 5s -out "$out" ;;
    bin8m) "$tmp/loadbench" -payload bin8m -rate 20 -duration 5s -out "$out" ;;
    check)
      command -v wrk >/dev/null || { apt-get install -y wrk >/dev/null 2>&1 || sudo apt-get install -y wrk >/dev/null; }
      start_server
      {
        echo "# One benchserver ($url), loaded alternately by wrk -t2 -c50 -d5s $url/json"
        echo "# and by loadbench -target $url -mode sweep -inflight 50 -duration 5s -clients fasthttp,raw -rounds 1."
        for _ in 1 2 3; do
          wrk -t2 -c50 -d5s "$url/json" | awk '/Requests\/sec/ { print "wrk " $2 " req/s" }'
          "$tmp/loadbench" -target "$url" -mode sweep -inflight 50 -duration 5s -clients fasthttp,raw -rounds 1 2>/dev/null |
            awk '$1 ~ /^BenchmarkLoad\// { print $1 " " $3 " " $4 }'
        done
      } >"$stage/generator-check.txt.tmp"
      mv "$stage/generator-check.txt.tmp" "$stage/generator-check.txt"
      # Where the client process's CPU goes (a fourth run, profiled, not in
      # the ratios above): loadbench's own part is loadbench/load and time.Now.
      "$tmp/loadbench" -target "$url" -mode sweep -inflight 50 -duration 5s -clients fasthttp -rounds 1 -cpuprofile "$tmp/prof" >/dev/null 2>&1
      {
        echo "# go tool pprof -top -cum of loadbench -target URL -mode sweep -inflight 50 -duration 5s -clients fasthttp -cpuprofile DIR"
        go tool pprof -top -cum -nodecount=60 "$tmp/prof/fasthttp-50-r1.pprof" 2>/dev/null | grep -v '^\(File\|Build ID\|Time\):'
      } >"$stage/generator-profile.txt.tmp"
      mv "$stage/generator-profile.txt.tmp" "$stage/generator-profile.txt"
      stop_server
      continue
      ;;
  esac
  reports+=("docs/load/$name")
done
publish
# Every docs/load/NAME that holds a results.txt.
go run ./cmd/benchreport -load 'docs/load/*' -readme docs/load.md
echo "${0##*/}: wrote ${reports[*]:-nothing but the check} and docs/load.md's load tables"
