/**
 * A `swarm bench --scenario mix --json` report split by task kind: each policy's mean reward per
 * kind, and the baseline's difference from it. A mix's overall margin can hide a kind where a
 * policy loses (docs/learning.md reads PARL against the bandit this way). The report does not
 * name each instance's kind; it is drawn again here from the seed, as bench drew it.
 *
 * With `--intervals`, each difference also gets its paired 95% bootstrap interval within the kind
 * (bench's method and seed); `--baseline NAME` pairs against another policy of the report than
 * bench's baseline, so one report serves several trained policies.
 *
 * Usage: npx tsx scripts/learning/by-kind.ts BENCH.json [--seed-start N] [--metric reward] [--baseline NAME] [--intervals]
 */
import { readFileSync } from 'node:fs';
import { drawBenchTask, parseMix } from '../../src/core/learning/mix';
import { parseSplit, splitSeeds } from '../../src/core/scenarios/splits';
import { pairedBootstrap } from '../../src/core/stats/paired';
import { hashString } from '../../src/core/util/rng';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
};
const file = args[0];
if (!file || file.startsWith('--')) {
  console.error(
    'usage: npx tsx scripts/learning/by-kind.ts BENCH.json [--seed-start N] [--metric reward] [--baseline NAME] [--intervals]',
  );
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
if (report.scenario !== 'mix') {
  console.error(`${file}: a report of scenario ${report.scenario}; this splits a mix's report by kind`);
  process.exit(2);
}
const parsed = parseMix(readFileSync(new URL('../../scenarios/mix.json', import.meta.url), 'utf8'), 'mix');
if (!parsed.ok) throw new Error(parsed.error);
const seeds = splitSeeds(parseSplit(report.split), report.seeds, Number(option('seed-start', '1')));
const kinds = seeds.map((seed) => drawBenchTask(parsed.spec, seed).component.scenario);
const metric = option('metric', 'reward');
const names = Object.keys(report.policies);
const base: string = option('baseline', report.baseline ?? names[0]);
if (!names.includes(base)) {
  console.error(`${file}: --baseline ${base} is not a policy of the report (${names.join(', ')})`);
  process.exit(2);
}
const intervals = args.includes('--intervals');
const values = (policy: string): number[] => report.policies[policy][metric].values;
const fmt = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3);

console.log(
  `${file}: ${metric} by kind, ${report.split} split, ${seeds.length} instances; (baseline − policy)`,
);
console.log(['kind'.padEnd(14), 'n'.padStart(4), ...names.map((p) => p.slice(-26).padStart(28))].join(' '));
for (const kind of [...[...new Set(kinds)].sort(), 'all']) {
  const at = kinds.flatMap((k, i) => (kind === 'all' || k === kind ? [i] : []));
  const mean = (policy: string) => at.reduce((a, i) => a + (values(policy)[i] as number), 0) / at.length;
  const cells = names.map((p) =>
    (mean(p).toFixed(3) + (p === base ? '' : ` (${fmt(mean(base) - mean(p))})`)).padStart(28),
  );
  console.log([kind.padEnd(14), String(at.length).padStart(4), ...cells].join(' '));
  if (!intervals) continue;
  for (const p of names) {
    if (p === base) continue;
    const pick = (policy: string) => at.map((i) => values(policy)[i] as number);
    const d = pairedBootstrap(pick(p), pick(base), { seed: hashString(metric) });
    console.log(`    ${base} − ${p}: ${fmt(d.mean)} [${fmt(d.low)}, ${fmt(d.high)}]`);
  }
}
