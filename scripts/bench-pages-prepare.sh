#!/usr/bin/env bash
# scripts/bench-pages-prepare.sh MACHINE: readies origin's gh-pages branch
# for MACHINE's nightly stores (.github/workflows/bench.yml's store job runs
# it before the stores, in the checkout, with a token that may push):
#
# it creates the branch, empty, when it does not exist (the action fails
# to store into a missing branch); a push that loses a race (to another
# workflow run's, say) is fine when the branch is there afterwards. (The one-time move of the single-machine history is a manual
# step in docs/ci.md.)
#
# It then seeds MACHINE's dev/bench/MACHINE/data.js, with no entries, when
# the branch has none: without one, github-action-benchmark v1.22.0 starts
# from a shallow copy of its default data ({ ...DEFAULT_DATA_JSON } in its
# src/write.ts), whose entries object its retry after a lost push race
# shares, so the machine's first run was stored twice. A seed that loses
# the race to the other machine's push is made again on the new tip, up to
# five times.
#
# The workflow's checkout keeps no credentials (only the steps that push
# get the token): with GH_TOKEN set, git authenticates to github.com with
# it for this script's fetches and pushes only, as actions/checkout would.
#
# scripts/bench_pages_test.go runs it against a local bare repository.
set -euo pipefail

if [[ $# -ne 1 || -z $1 ]]; then
  echo "usage: scripts/bench-pages-prepare.sh MACHINE" >&2
  exit 2
fi
bot=(-c user.name='github-actions[bot]' -c user.email='41898282+github-actions[bot]@users.noreply.github.com')
auth=()
if [[ -n ${GH_TOKEN:-} ]]; then
  auth=(-c "http.https://github.com/.extraheader=AUTHORIZATION: basic $(printf 'x-access-token:%s' "$GH_TOKEN" | base64 | tr -d '\n')")
fi

if ! git "${auth[@]}" ls-remote --exit-code --heads origin gh-pages >/dev/null; then
  tree=$(git hash-object -w -t tree /dev/null)
  commit=$(git "${bot[@]}" commit-tree "$tree" -m "Start the gh-pages branch for benchmark results")
  if ! git "${auth[@]}" push origin "$commit:refs/heads/gh-pages"; then
    git "${auth[@]}" ls-remote --exit-code --heads origin gh-pages >/dev/null ||
      { echo "bench-pages-prepare.sh: could not create gh-pages" >&2; exit 1; }
  fi
fi


# The seed, as the action writes data.js: its SCRIPT_PREFIX, then the JSON.
data="dev/bench/$1/data.js"
seed='window.BENCHMARK_DATA = {"lastUpdate":0,"repoUrl":"","entries":{}}'
for attempt in 1 2 3 4 5; do
  git "${auth[@]}" fetch -q origin "+refs/heads/gh-pages:refs/bench-prepare/gh-pages"
  tip=$(git rev-parse refs/bench-prepare/gh-pages)
  if git cat-file -e "$tip:$data" 2>/dev/null; then
    break
  fi
  index=$(mktemp)
  rm -f "$index" # read-tree writes a new index there
  GIT_INDEX_FILE=$index git read-tree "$tip"
  blob=$(printf '%s\n' "$seed" | git hash-object -w --stdin)
  GIT_INDEX_FILE=$index git update-index --add --cacheinfo "100644,$blob,$data"
  tree=$(GIT_INDEX_FILE=$index git write-tree)
  rm -f "$index"
  commit=$(git "${bot[@]}" commit-tree "$tree" -p "$tip" -m "Seed $data for the first store of $1")
  if git "${auth[@]}" push -q origin "$commit:refs/heads/gh-pages"; then
    break
  fi
  [[ $attempt -lt 5 ]] || { echo "bench-pages-prepare.sh: could not seed $data" >&2; exit 1; }
done
git update-ref -d refs/bench-prepare/gh-pages
