#!/usr/bin/env bash
# CPU time of `swarm train`'s default PARL training, two trees in one sitting, alternating A/B/A/B
# (docs/benchmarks.md, "CLI training: CPU per episode"). CPU time (user + sys of the whole process
# and its rollout threads, /usr/bin/time) moves much less with other work on the machine than wall
# time does; wall time and episodes/s are printed too, but mean something only on a quiet machine.
#
#   scripts/bench-training.sh BASE_DIR BRANCH_DIR [ROUNDS] [EPISODES]
#
# Each dir is a checkout with node_modules (a `git archive` of a commit with node_modules linked
# in will do). Defaults: 3 rounds of 2,000 episodes. Every checkpoint's sha256 is printed: the
# two trees must write the same bytes.
set -euo pipefail
a=${1:?base dir}
b=${2:?branch dir}
rounds=${3:-3}
episodes=${4:-2000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

run() { # tree label round
  local dir=$1 label=$2 round=$3
  local log="$out/$label-$round.time" ckpt="$out/$label-$round.json"
  (cd "$dir" && /usr/bin/time -f '%U %S %e' -o "$log" node_modules/.bin/tsx src/cli/main.ts train \
    --scenario mix --policy parl --seed 1 --episodes "$episodes" --out "$ckpt" --json >"$out/$label-$round.out" 2>/dev/null)
  read -r user sys wall <"$log"
  local cpu eps sha
  cpu=$(echo "$user + $sys" | bc)
  eps=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(r.episodesPerSecond.toFixed(1))' "$out/$label-$round.out")
  sha=$(sha256sum "$ckpt" | cut -c1-16)
  echo "$label $round cpu=$cpu user=$user sys=$sys wall=$wall episodes/s=$eps load=$(cut -d' ' -f1 /proc/loadavg) sha256=$sha"
  echo "$cpu" >>"$out/$label.cpu"
  echo "$eps" >>"$out/$label.eps"
}

median() { sort -n "$1" | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

for r in $(seq 1 "$rounds"); do
  run "$a" base "$r"
  run "$b" branch "$r"
done
ca=$(median "$out/base.cpu")
cb=$(median "$out/branch.cpu")
echo "median CPU s: base $ca, branch $cb, branch/base $(echo "scale=3; $cb / $ca" | bc)"
echo "median episodes/s: base $(median "$out/base.eps"), branch $(median "$out/branch.eps")"
