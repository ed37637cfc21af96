#!/usr/bin/env bash
# scripts/bench-notify.sh ALERT MACHINE: the nightly's one notification of
# an alert (.github/workflows/bench.yml's notify job runs exactly this for
# each machine whose run crossed the threshold). ALERT is the Markdown
# scripts/bench-alert.sh wrote.
#
# One open issue per machine carries the alerts: the first alert opens it
# (GitHub notifies the repository's watchers), a later one comments on it
# (its participants are notified) instead of opening another. The issue is
# found by the hidden marker its body starts with; closing it means the next
# alert opens a new one. Needs gh, with GH_TOKEN (issues: write), REPO
# (owner/name) and RUN_URL (the workflow run) in the environment.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: scripts/bench-notify.sh ALERT MACHINE" >&2
  exit 2
fi
if [[ ! -s $1 ]]; then
  echo "bench-notify.sh: alert file $1 missing or empty" >&2
  exit 2
fi
: "${REPO:?REPO=owner/name is required}" "${RUN_URL:?RUN_URL is required}"
alert=$1
machine=$2
marker="<!-- httpclientbench:nightly-alert:$machine -->"
# The repository's Pages site, where the dashboard job publishes the page.
pages="https://${REPO%%/*}.github.io/${REPO#*/}/dev/bench/dashboard/"

body=$(mktemp)
trap 'rm -f "$body"' EXIT
{
  echo "$marker"
  cat "$alert"
  echo
  echo "Workflow run: $RUN_URL. Dashboard: $pages. Confirm on a quiet machine before acting on it (docs/ci.md, *What an alert or a flag means*)."
} >"$body"

# Every open issue with the marker, read whole (a pipe into head could cut
# gh off and fail under pipefail); GitHub lists the newest first, so the
# last is the oldest, the one earlier alerts went to.
numbers=$(gh api --paginate "repos/$REPO/issues?state=open&per_page=100" \
  --jq ".[] | select(.pull_request == null and ((.body // \"\") | startswith(\"$marker\"))) | .number")
number=${numbers##*$'\n'}
if [[ -n $number ]]; then
  gh api --method POST "repos/$REPO/issues/$number/comments" -F body=@"$body" --jq .html_url
else
  gh api --method POST "repos/$REPO/issues" -f title="Nightly benchmarks on $machine: rows 2x worse or counters per op that rose" \
    -F body=@"$body" --jq .html_url
fi
