#!/usr/bin/env node
/**
 * Item 4 of issue 41, read off `swarm bench --json` reports: for each report (one training seed,
 * PARL as `--baseline`), PARL − each other policy on reward, with the bench's paired 95% bootstrap
 * interval, and whether the interval is above 0; then the spread of PARL's mean across the
 * reports. Usage: node scripts/learning/judge.mjs bench-seed1.json bench-seed2.json …
 */
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/learning/judge.mjs BENCH.json [BENCH.json …]');
  process.exit(2);
}
const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
const fmt = (x) => (x >= 0 ? '+' : '') + x.toFixed(3);
const parlMeans = [];
let all = true;
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const parl = report.baseline;
  if (!parl?.startsWith('parl:')) {
    console.error(`${file}: the baseline is ${parl}; run bench with --baseline parl:FILE`);
    process.exit(2);
  }
  const reward = (name) => report.policies[name].reward.values;
  const own = mean(reward(parl));
  parlMeans.push(own);
  console.log(
    `${file}: ${parl}, ${report.split} split, ${reward(parl).length} instances, reward ${own.toFixed(3)}`,
  );
  for (const [name, paired] of Object.entries(report.paired)) {
    // The report pairs each policy against the baseline (policy − PARL); PARL − policy flips it.
    const d = paired.reward;
    const beats = -d.high > 0;
    all &&= beats;
    console.log(
      `  PARL − ${name.padEnd(60)} ${fmt(-d.mean)} [${fmt(-d.high)}, ${fmt(-d.low)}]  ${beats ? 'beats' : 'does not beat'}`,
    );
  }
}
if (parlMeans.length > 1) {
  const m = mean(parlMeans);
  const sd = Math.sqrt(parlMeans.reduce((a, x) => a + (x - m) ** 2, 0) / (parlMeans.length - 1));
  console.log(
    `PARL across training seeds: mean ${m.toFixed(3)}, sd ${sd.toFixed(3)}, range ${Math.min(...parlMeans).toFixed(3)}–${Math.max(...parlMeans).toFixed(3)}`,
  );
}
console.log(
  all ? 'PARL beats every policy in every report' : 'PARL does not beat every policy in every report',
);
