# lib.sh: helpers shared by the benchmark scripts. Source it; don't run it.

die() { echo "${0##*/}: $*" >&2; exit 1; }

# config_lines COMMIT: benchfmt configuration lines describing this run.
# benchstat shows them in its headers and can group or -ignore by them.
config_lines() {
  local cpu
  cpu=$(awk -F': ' '/^model name/{print $2; exit}' /proc/cpuinfo 2>/dev/null || true)
  echo "commit: $1"
  echo "go: $(go env GOVERSION)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(uname -sm), $(getconf _NPROCESSORS_ONLN) CPUs${cpu:+, $cpu}"
}

# head_commit: the checked-out commit, marked -dirty with local changes.
head_commit() {
  local c
  c=$(git rev-parse --short=12 HEAD 2>/dev/null) || { echo unknown; return; }
  git diff --quiet HEAD 2>/dev/null || c+=-dirty
  echo "$c"
}

# Config keys that differ between any two runs, so benchstat must ignore
# them to put two runs in one table.
ALWAYS_DIFFERENT=commit,date
