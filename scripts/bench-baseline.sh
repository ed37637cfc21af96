#!/usr/bin/env bash
# scripts/bench-baseline.sh PREVIOUS_DIR RUN_ID OUT: the nightly's choice of
# baseline (.github/workflows/bench.yml runs exactly this after restoring
# the cache): the machine's last stored run of *another* workflow run,
# copied to OUT, which the alert, the stores' "previous" and benchstat's
# summary all compare with. OUT is removed when there is none (the
# machine's first run).
#
# PREVIOUS_DIR is what the cache restored, the directory the workflow's
# "Keep these results for the next run" step saved: results.txt, the
# results of the run that saved it; run, that run's id; baseline.txt, the
# baseline it was compared with. A re-run attempt restores its own run's
# earlier attempt (bench.yml's restore-keys try the run's own prefix
# first): it takes that attempt's baseline, not its results, so a re-run
# of an alerting night alerts again. A re-run whose earlier attempts saved
# nothing restores the machine's newest cache, which may be a later run's
# (run ids grow with each new run): a newer commit is no baseline, so it
# has none. A cache from before the run file is an earlier run's.
set -euo pipefail

if [[ $# -ne 3 || -z $2 ]]; then
  echo "usage: scripts/bench-baseline.sh PREVIOUS_DIR RUN_ID OUT" >&2
  exit 2
fi
dir=$1 run=$2 out=$3
rm -f "$out"
from=$dir/results.txt
saved=
[[ ! -s $dir/run ]] || saved=$(<"$dir/run")
if [[ $saved == "$run" ]]; then
  from=$dir/baseline.txt
elif [[ $saved =~ ^[0-9]+$ && $run =~ ^[0-9]+$ ]] && ((saved > run)); then
  echo "baseline: none (the restored results are of run $saved, later than this run $run)"
  exit 0
fi
if [[ -s $from ]]; then
  cp "$from" "$out"
  echo "baseline: $from ($(grep -m1 '^commit:' "$out" || echo 'no commit line'))"
else
  echo "baseline: none (the machine's first stored run)"
fi
