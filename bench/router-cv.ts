/**
 * K-fold cross-validation of the default router on one language's train split: what the router
 * confuses, found without looking at the held-out (test) split. Each fold trains the router as
 * `swarm route` does (rules, naive Bayes and the nearest-neighbour vote over the hashing embedder,
 * on the train split of every shipped requests file) but with the fold's requests left out, and
 * routes them. Test requests are dropped as soon as the files are read: they are never trained on,
 * scored or printed here, so what this reports can be used to revise the data and the rules.
 *
 *   npx tsx bench/router-cv.ts [LANG=ru] [FOLDS=10] [--misses] [--without-rules] [--json]
 *   npx tsx bench/router-cv.ts ru --validate FRESH.jsonl [--misses]
 *
 * `--validate` routes requests written afresh and in no shipped file (any split field), with the
 * router trained on every shipped train request: a check of the rules on requests they were not
 * revised on, made before those requests join the train split.
 *
 * Folds are dealt round-robin within each label (every fold holds each workflow's share), so the
 * split is the same on every run. `--misses` lists the misrouted train requests with the rules
 * that matched them.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRequestsFile } from '../src/cli/requests-file';
import { hashingEmbedder } from '../src/core/embeddings/hashing';
import { choiceLabel } from '../src/core/router/choice';
import type { Example } from '../src/core/router/classifier';
import { predictNaiveBayes } from '../src/core/router/classifier';
import { indexExamples, type NearestIndex, nearestFor } from '../src/core/router/nearest';
import type { LabelledRequest } from '../src/core/router/requests';
import { type RouterModel, routeQuery } from '../src/core/router/router';
import { applyRules, defaultRules } from '../src/core/router/rules';
import { trainRouter } from '../src/core/router/train';

const argv = process.argv.slice(2);
const validateAt = argv.indexOf('--validate');
const validate = validateAt >= 0 ? argv[validateAt + 1] : undefined;
const rest = validateAt >= 0 ? argv.filter((_, i) => i !== validateAt && i !== validateAt + 1) : argv;
const flags = new Set(rest.filter((a) => a.startsWith('--')));
const [lang = 'ru', foldArg = '10'] = rest.filter((a) => !a.startsWith('--'));
const folds = Number(foldArg);
if (
  !['en', 'zh', 'ru'].includes(lang) ||
  !Number.isInteger(folds) ||
  folds < 2 ||
  (validateAt >= 0 && !validate)
) {
  console.error(
    'usage: npx tsx bench/router-cv.ts [en|zh|ru] [FOLDS ≥ 2] [--misses] [--without-rules] [--validate FILE] [--json]',
  );
  process.exit(2);
}

const dir = new URL('../scenarios/router/', import.meta.url).pathname;
const train: LabelledRequest[] = readdirSync(dir)
  .filter((name) => /^requests.*\.jsonl$/.test(name))
  .sort()
  .flatMap((name) => readRequestsFile(join(dir, name)))
  .filter((r) => r.split === 'train');
const mine = train.filter((r) => r.lang === lang);

// Round-robin within each label, in file order.
const foldOf = new Map<LabelledRequest, number>();
const seen = new Map<string, number>();
for (const r of mine) {
  const i = seen.get(r.label) ?? 0;
  seen.set(r.label, i + 1);
  foldOf.set(r, i % folds);
}

// `--without-rules`: the language's own rules left out, to see what the learned layers alone make
// of the requests (the rules were revised on this very split, so with them the figures flatter).
const table = flags.has('--without-rules') ? defaultRules.filter((rule) => rule.lang !== lang) : defaultRules;
const embedder = hashingEmbedder();
const asExample = (r: LabelledRequest): Example => ({ text: r.query, label: r.label });
type Layer = 'rules' | 'classifier' | 'router';
const layers: Layer[] = ['rules', 'classifier', 'router'];
const right: Record<Layer, Map<string, number>> = {
  rules: new Map(),
  classifier: new Map(),
  router: new Map(),
};
const total = new Map<string, number>();
const confusion = new Map<string, number>();
const misses: { query: string; gold: string; router: string; rules: string }[] = [];

/** Routes one request with the three layers, as evaluateRouting (src/core/router/evaluate.ts) does, and tallies it. */
async function score(model: RouterModel, index: NearestIndex, r: LabelledRequest): Promise<void> {
  const nearest = await nearestFor(embedder, index, r.query);
  const rules = applyRules(r.query, table);
  const predicted: Record<Layer, string> = {
    rules: choiceLabel(rules.choice),
    classifier: predictNaiveBayes(model.classifier, r.query).label,
    router: choiceLabel(routeQuery(model, r.query, { nearest, rules: table })),
  };
  total.set(r.label, (total.get(r.label) ?? 0) + 1);
  for (const layer of layers) {
    if (predicted[layer] === r.label) right[layer].set(r.label, (right[layer].get(r.label) ?? 0) + 1);
  }
  if (predicted.router !== r.label) {
    const key = `${r.label}→${predicted.router}`;
    confusion.set(key, (confusion.get(key) ?? 0) + 1);
    misses.push({
      query: r.query,
      gold: r.label,
      router: predicted.router,
      rules: `${predicted.rules} [${rules.matched.join(', ') || 'none'}]`,
    });
  }
}

if (validate) {
  // Fresh requests, in no shipped file yet: the router trained on the whole train split routes them.
  const fresh = readRequestsFile(validate).filter((r) => r.lang === lang);
  const { model } = trainRouter([], { requests: train.map(asExample) });
  const index = await indexExamples(embedder, model.examples ?? []);
  for (const r of fresh) await score(model, index, r);
} else {
  for (let k = 0; k < folds; k++) {
    const held = mine.filter((r) => foldOf.get(r) === k);
    if (held.length === 0) continue;
    const { model } = trainRouter([], { requests: train.filter((r) => foldOf.get(r) !== k).map(asExample) });
    const index = await indexExamples(embedder, model.examples ?? []);
    for (const r of held) await score(model, index, r);
  }
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const n = sum(total);
if (flags.has('--json')) {
  console.log(
    JSON.stringify({
      lang,
      folds,
      n,
      accuracy: Object.fromEntries(layers.map((l) => [l, sum(right[l]) / n])),
      perLabel: Object.fromEntries(
        [...total].map(([label, t]) => [
          label,
          { n: t, ...Object.fromEntries(layers.map((l) => [l, right[l].get(label) ?? 0])) },
        ]),
      ),
      confusion: Object.fromEntries(confusion),
      misses,
    }),
  );
} else {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    validate
      ? `${n} fresh ${lang} requests of ${validate}, routed by a router trained on the shipped train split`
      : `${folds}-fold cross-validation on the ${n} ${lang} train requests (test split not read)`,
  );
  console.log(`${'label'.padEnd(24)}${layers.map((l) => l.padStart(12)).join('')}`);
  for (const [label, t] of [...total].sort()) {
    console.log(
      `${label.padEnd(24)}${layers.map((l) => `${right[l].get(label) ?? 0}/${t}`.padStart(12)).join('')}`,
    );
  }
  console.log(
    `${'label accuracy'.padEnd(24)}${layers.map((l) => pct(sum(right[l]) / n).padStart(12)).join('')}`,
  );
  const sorted = [...confusion].sort((a, b) => b[1] - a[1]);
  console.log(
    `router misses (gold→predicted label): ${sorted.map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
  );
  if (flags.has('--misses')) {
    for (const m of misses) console.log(`  ${m.gold} → ${m.router}; rules ${m.rules}: ${m.query}`);
  }
}
