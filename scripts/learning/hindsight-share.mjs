#!/usr/bin/env node
/**
 * Issue 59 item 5: what share of the gap between the best fixed setting per kind and the
 * per-instance best with hindsight PARL closes, on the grid's own instances.
 *
 *   node scripts/learning/hindsight-share.mjs grid.json bench-validation.json [POLICY …]
 *
 * grid.json is `swarm grid --json` on a split; bench-validation.json is `swarm bench --json` on the
 * same split and seeds with `fixed:<perKindPolicy>` and the POLICYs (default: every parl:… policy).
 * Per instance, the gap is ceiling − best-per-kind and PARL's part of it is PARL − best-per-kind;
 * the share is the ratio of their means, with a 95% bootstrap interval over instances (paired:
 * both means from the same resample). The bench's best-per-kind values must equal the grid's
 * per-kind composition instance by instance, which checks that the two read the same instances.
 */
import { readFileSync } from 'node:fs';

const [gridFile, benchFile, ...wanted] = process.argv.slice(2);
if (!gridFile || !benchFile) {
  console.error('usage: node scripts/learning/hindsight-share.mjs GRID.json BENCH.json [POLICY …]');
  process.exit(2);
}
const grid = JSON.parse(readFileSync(gridFile, 'utf8'));
const bench = JSON.parse(readFileSync(benchFile, 'utf8'));
const rows = grid.settings;
const n = rows[0].values.length;
const ceiling = Array.from({ length: n }, (_, i) => Math.max(...rows.map((r) => r.values[i])));
const perKindName = grid.perKindPolicy;
const perKind = bench.policies[perKindName]?.reward.values;
if (!perKind) {
  console.error(`${benchFile} has no ${perKindName}; bench it beside the policies`);
  process.exit(2);
}
if (perKind.length !== n) {
  console.error(`${benchFile} has ${perKind.length} instances, ${gridFile} ${n}`);
  process.exit(2);
}
const worst = Math.max(...perKind.map((x, i) => (ceiling[i] < x - 1e-9 ? x - ceiling[i] : 0)));
if (worst > 0) {
  console.error(
    `the best per kind beats the grid's ceiling by ${worst} on some instance: not the same instances`,
  );
  process.exit(2);
}
const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
// A seeded generator (mulberry32), so the interval is the same every time.
let state = 59;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const gap = ceiling.map((c, i) => c - perKind[i]);
console.log(
  `${n} instances: best per kind ${mean(perKind).toFixed(3)}, hindsight ceiling ${mean(ceiling).toFixed(3)}, gap ${mean(gap).toFixed(3)}`,
);
const names = wanted.length > 0 ? wanted : Object.keys(bench.policies).filter((p) => p.startsWith('parl:'));
for (const name of names) {
  const v = bench.policies[name]?.reward.values;
  if (!v) {
    console.error(`${benchFile} has no ${name}`);
    process.exit(2);
  }
  const gain = v.map((x, i) => x - perKind[i]);
  const share = mean(gain) / mean(gap);
  const shares = [];
  for (let b = 0; b < 2000; b++) {
    let g = 0;
    let h = 0;
    for (let k = 0; k < n; k++) {
      const i = Math.floor(random() * n);
      g += gain[i];
      h += gap[i];
    }
    shares.push(g / h);
  }
  shares.sort((a, b) => a - b);
  const pct = (x) => `${(100 * x).toFixed(0)}%`;
  console.log(
    `  ${name}: ${mean(v).toFixed(3)}, closes ${pct(share)} [${pct(shares[49])}, ${pct(shares[1949])}] of the gap`,
  );
}
