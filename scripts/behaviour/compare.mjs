// Compares two captures of scripts/behaviour/capture.sh, apart from wall-clock fields: every report
// and every trace must be identical. Prints what differs; exits 1 if anything does.
//   node scripts/behaviour/compare.mjs BEFORE AFTER
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [before, after] = process.argv.slice(2);
const WALL = /wall|Ms$|elapsed|seconds|duration|startedAt|finishedAt|msPerRun/;
const strip = (v) =>
  Array.isArray(v)
    ? v.map(strip)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !WALL.test(k))
            .map(([k, x]) => [k, strip(x)]),
        )
      : v;
const same = (a, b) => JSON.stringify(strip(a)) === JSON.stringify(strip(b));
let differ = 0;
let traces = 0;
for (const name of readdirSync(before).filter((n) => n.endsWith('.json') || n.startsWith('traces-'))) {
  const a = join(before, name);
  const b = join(after, name);
  if (!existsSync(b)) {
    console.log(`missing after: ${name}`);
    differ++;
  } else if (name.endsWith('.json')) {
    if (!same(JSON.parse(readFileSync(a, 'utf8')), JSON.parse(readFileSync(b, 'utf8')))) {
      console.log(`differs: ${name}`);
      differ++;
    }
  } else if (name.startsWith('traces-')) {
    for (const file of readdirSync(a)) {
      traces++;
      const lines = (p) =>
        readFileSync(p, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
      if (!existsSync(join(b, file)) || !same(lines(join(a, file)), lines(join(b, file)))) {
        console.log(`differs: ${name}/${file}`);
        differ++;
      }
    }
  }
}
console.log(
  `${traces} traces and the reports compared: ${differ === 0 ? 'identical apart from wall clock' : `${differ} differ`}`,
);
process.exit(differ === 0 ? 0 : 1);
