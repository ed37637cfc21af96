#!/usr/bin/env bash
# load-smoke.sh: a short, bounded load on cmd/benchserver from outside tools:
# wrk for HTTP/1.1, h2load for h2c (every route, bodies on POST). Every
# request must succeed with a 2xx. Loopback only; stops the servers it
# started. Skips a tool that is not installed. The routes, bad input,
# malformed requests and the program's signals and exit status are Go tests
# (go test ./server/ ./server/h2c/ ./cmd/benchserver/).
#
#   scripts/load-smoke.sh
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
server_pid=
# halt PID: SIGINT, then SIGKILL if it has not exited within 10 s. A
# background job of a non-interactive shell starts with SIGINT ignored, so a
# SIGINT sent before the Go runtime has installed its handler is lost; the
# bound keeps that (or a server that hangs in shutdown) from stalling CI.
halt() {
  kill -INT "$1" 2>/dev/null || return 0
  for _ in $(seq 100); do
    kill -0 "$1" 2>/dev/null || return 0
    sleep 0.1
  done
  echo "load-smoke: benchserver ignored SIGINT for 10 s; killing it" >&2
  kill -KILL "$1" 2>/dev/null || true
}
cleanup() {
  if [[ -n $server_pid ]]; then
    halt "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

fail() { echo "load-smoke: FAIL: $*" >&2; exit 1; }
pass() { echo "load-smoke: ok   $*"; }

if ! command -v wrk >/dev/null && ! command -v h2load >/dev/null; then
  echo "load-smoke: neither wrk nor h2load is installed; nothing to do (apt-get install wrk nghttp2-client)"
  exit 0
fi

go build -o "$tmp/benchserver" ./cmd/benchserver

# start_server ARGS...: starts benchserver on a free loopback port, sets url.
start_server() {
  # Emptied here, not by the child's redirection: the loop below must never
  # read the previous server's URL before the new process has truncated it.
  : >"$tmp/out"
  "$tmp/benchserver" -addr 127.0.0.1:0 "$@" >"$tmp/out" 2>"$tmp/err" &
  server_pid=$!
  url=
  for _ in $(seq 50); do
    url=$(awk '/^serving /{print $2}' "$tmp/out")
    [[ -n $url ]] && break
    kill -0 "$server_pid" 2>/dev/null || fail "benchserver $* exited: $(cat "$tmp/err")"
    sleep 0.1
  done
  [[ -n $url ]] || fail "benchserver $* printed no URL: $(cat "$tmp/err")"
}

stop_server() {
  halt "$server_pid"
  wait "$server_pid" || fail "benchserver exited $? on SIGINT: $(cat "$tmp/err")"
  server_pid=
}

if command -v wrk >/dev/null; then
  start_server
  for path in /json /bytes/65536; do
    timeout 30 wrk -t2 -c50 -d3s --timeout 5s "$url$path" >"$tmp/wrk" 2>&1 || fail "wrk $path: $(cat "$tmp/wrk")"
    ! grep -Eq 'Non-2xx|Socket errors' "$tmp/wrk" || fail "wrk $path: $(cat "$tmp/wrk")"
    pass "wrk -c50 -d3s $path: $(awk '/Requests\/sec/{print $2}' "$tmp/wrk") req/s, no errors"
  done
  stop_server
else
  echo "load-smoke: wrk is not installed; skipping HTTP/1.1 (apt-get install wrk)"
fi

if command -v h2load >/dev/null; then
  start_server -proto h2c
  # POST /echo with a 64 KiB body, POST /multipart with a small form. h2load
  # counts 3xx/4xx/5xx as failures in its "succeeded".
  head -c 65536 /dev/urandom >"$tmp/64k"
  printf -- '--smoke\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n--smoke--\r\n' >"$tmp/form"
  for route in / /json /stats /bytes/65536 /bytes/1048576 /sse/100 "/echo -d $tmp/64k" \
    "/multipart -d $tmp/form -H Content-Type:multipart/form-data;boundary=smoke"; do
    read -r path data <<<"$route"
    n=20000
    [[ $path == /bytes/1048576 || $path == /sse/* ]] && n=2000
    # shellcheck disable=SC2086 # $data is "-d FILE [-H HEADER]" or nothing
    timeout 60 h2load -n "$n" -c 10 -m 10 $data "$url$path" >"$tmp/h2load" 2>&1 || fail "h2load $route: $(cat "$tmp/h2load")"
    grep -q "requests: $n total, $n started, $n done, $n succeeded, 0 failed, 0 errored" "$tmp/h2load" ||
      fail "h2load $route: $(cat "$tmp/h2load")"
    grep -q "status codes: $n 2xx" "$tmp/h2load" || fail "h2load $route: $(cat "$tmp/h2load")"
    pass "h2load -n $n -c 10 -m 10 ${route%% *}: $(awk '/^finished in/{print $4, $5}' "$tmp/h2load" | tr -d ,), all 2xx"
  done
  stop_server
else
  echo "load-smoke: h2load is not installed; skipping h2c (apt-get install nghttp2-client)"
fi
