#!/usr/bin/env bash
# scripts/bench-pages-prepare.sh MACHINE: readies origin's gh-pages branch
# for MACHINE's nightly stores (.github/workflows/bench.yml runs it first in
# each machine's job, in the checkout, with a token that may push):
#
# it creates the branch, empty, when it does not exist (the action fails
# to store into a missing branch); the machines' jobs run at once, so a
# push that loses the race to the other's is fine when the branch is there
# afterwards. (The one-time move of the single-machine history is a manual
# step in docs/ci.md.)
#
# The workflow's checkout keeps no credentials (the suite runs third-party
# code afterwards): with GH_TOKEN set, git authenticates to github.com with
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

