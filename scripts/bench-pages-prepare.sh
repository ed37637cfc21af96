#!/usr/bin/env bash
# scripts/bench-pages-prepare.sh MACHINE: readies origin's gh-pages branch
# for MACHINE's nightly stores (.github/workflows/bench.yml runs it first in
# each machine's job, in the checkout, with a token that may push):
#
#   - creates the branch, empty, when it does not exist (the action fails
#     to store into a missing branch); the machines' jobs run at once, so a
#     push that loses the race to the other's is fine when the branch is
#     there afterwards;
#   - for linux-x64, moves the history of the single-machine nightly (it
#     ran on ubuntu-latest, an x64 runner) from dev/bench/data.js to
#     dev/bench/linux-x64/data.js, once: its series go on under the same
#     names, on their machine's page.
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
machine=$1
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

[[ $machine == linux-x64 ]] || exit 0
pages=$(mktemp -d)
trap 'git worktree remove --force "$pages" 2>/dev/null || rm -rf "$pages"' EXIT
# Another machine's store may push between our fetch and push: try again
# from the new tip.
for attempt in 1 2 3; do
  git "${auth[@]}" fetch -q origin gh-pages
  git worktree add -q --force --detach "$pages" FETCH_HEAD
  if [[ ! -e $pages/dev/bench/data.js || -e $pages/dev/bench/$machine/data.js ]]; then
    exit 0 # nothing to move, or moved already
  fi
  mkdir -p "$pages/dev/bench/$machine"
  git -C "$pages" mv dev/bench/data.js "dev/bench/$machine/data.js"
  git -C "$pages" "${bot[@]}" commit -q -m "Move the single-machine benchmark history to dev/bench/$machine"
  if git -C "$pages" "${auth[@]}" push -q origin HEAD:gh-pages; then
    echo "moved dev/bench/data.js to dev/bench/$machine/data.js"
    exit 0
  fi
  git worktree remove --force "$pages"
  echo "bench-pages-prepare.sh: push rejected (attempt $attempt), trying again" >&2
  sleep $((attempt * 5))
done
echo "bench-pages-prepare.sh: could not move the history" >&2
exit 1
