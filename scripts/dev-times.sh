#!/usr/bin/env bash
# scripts/dev-times.sh [-ci]: how long a contributor waits here. On a fresh
# clone of HEAD:
#   - the README's test command, `go test ./...`, with empty module and
#     build caches (module downloads included);
#   - the build alone, `go test -count=1 -run='^$' ./...`, with an empty
#     build cache and the modules downloaded;
#   - `go test -count=1 ./...` three times with the build cache warm;
#   - with -ci, `bash .ci/run`.
# Writes the figures, with the commit and the machine, to
# docs/dev-times.txt, and quotes that file in docs/architecture.md (between
# its dev-times markers; the root package's TestDevTimesQuoted checks it).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/dev-times.sh [-ci]" >&2; exit 2; }
ci=false
[[ $# -le 1 ]] || usage
if [[ $# -eq 1 ]]; then
  case $1 in
    -ci) ci=true ;;
    *) usage ;; # an empty "" too
  esac
fi
root=$PWD
out=$root/docs/dev-times.txt
doc=$root/docs/architecture.md
head=$(git rev-parse --short=12 HEAD)
st=$(git status --porcelain) # a failing git stops here (set -e)
if [[ -n $st ]]; then
  echo "dev-times: the working tree differs from HEAD (git status); the clone would not be what you changed" >&2
  exit 1
fi

work=$(mktemp -d)
cleanup() {
  chmod -R u+w "$work" 2>/dev/null || true # the module cache is read-only
  rm -rf "$work" "$out.tmp" "$doc.tmp"
}
trap cleanup EXIT
git clone -q "$root" "$work/clone"
cd "$work/clone"

# timed NAME CMD...: runs CMD, its output to $work/log, and prints NAME and
# its wall time in seconds; a failure fails the script.
timed() {
  local name=$1 start=$SECONDS
  shift
  if ! "$@" >"$work/log" 2>&1; then
    tail -30 "$work/log" >&2
    echo "dev-times: $name failed" >&2
    exit 1
  fi
  printf '%-44s %4d s\n' "$name" $((SECONDS - start))
}

{
  echo "scripts/dev-times.sh at $head, $(date -u +%Y-%m-%d)"
  echo "$(go version | cut -d' ' -f3-), $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo "packages in go test ./...'s build: $(go list -deps -test ./... | wc -l)"
  GOMODCACHE=$work/modcache GOCACHE=$work/gocache \
    timed "fresh clone: go test ./..." go test ./...
  GOMODCACHE=$work/modcache GOCACHE=$work/gocache2 \
    timed "its build alone, modules downloaded" go test -count=1 -run='^$' ./...
  go test ./... >/dev/null 2>&1 || true # warms the build cache
  for i in 1 2 3; do
    timed "warm: go test -count=1 ./... ($i)" go test -count=1 ./...
  done
  if $ci; then
    timed "bash .ci/run" env CI=true bash .ci/run
  fi
} | tee "$out.tmp"
mv "$out.tmp" "$out"

# Quote the file in the doc, in a fence, between the markers.
awk -v f="$out" '
  /^<!-- dev-times:begin -->$/ { print; print "```"; while ((getline l < f) > 0) print l; print "```"; skip = 1; next }
  /^<!-- dev-times:end -->$/ { skip = 0 }
  !skip
' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
echo "written to ${out#"$root"/} and quoted in ${doc#"$root"/}" >&2
