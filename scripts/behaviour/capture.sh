#!/bin/bash
# Captures what a refactor must leave unchanged (issue 42, "Behaviour unchanged"): bench --json of
# every task scenario (10 seeds; serial, heuristic, and peers where it applies) with every run's
# trace, schedule on stg-100, and chaos on 5 seeds. Compare two captures with compare.mjs.
#   bash scripts/behaviour/capture.sh OUTDIR      (run from the checkout to capture)
set -u
out="$1"; mkdir -p "$out"
S() { npm run --silent swarm -- "$@"; }
for sc in wide-search deep-search mixed-coding write-story teach-explain rag-qa compare-options general; do
  pol=serial,heuristic
  # peers where the kind has that formation (its `formations` in src/core/scenarios/<kind>/index.ts)
  case "$sc" in compare-options | general) pol=serial,heuristic,peers ;; esac
  S bench --scenario "$sc" --policies "$pol" --seeds 10 --json --trace-dir "$out/traces-$sc" > "$out/bench-$sc.json" || echo "bench $sc failed" >&2
done
S schedule --graph scenarios/graphs/stg-100.json --workers 4 --json > "$out/schedule.json"
S chaos --scenario wide-search --faults hang,loop,crash,malformed,inject,slow --seeds 5 --json > "$out/chaos.json"
