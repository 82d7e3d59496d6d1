/**
 * Search over 100,000 passages: the knowledge base's hybrid search (the query embedded, an exact
 * scan of every vector, the full-text index, reciprocal rank fusion), timed per query with the
 * median and the 95th percentile, and each half alone. Two corpora:
 *
 * - `docs` (when the Python docs are installed, apt-get install python3.11-doc): the 3,282
 *   passages of the standard library's documentation, ingested 31 times over (101,742 passages
 *   of real text, as many as a large documentation set), asked the 64 questions of
 *   bench/data/python-docs-questions.json five times;
 * - `synthetic`: passages of ~60 made-up words drawn from a 5,000-word vocabulary by Zipf's law
 *   (its most common words are in nearly every passage, like function words, which makes the
 *   full-text half work hardest), asked 300 random 2–6-word queries.
 *
 *   npx tsx bench/kb-search.ts [docs|synthetic] [PASSAGES]
 */

import { existsSync, readFileSync } from 'node:fs';
import { gatherDocuments } from '../src/cli/kb-paths';
import { chunkText, KnowledgeBase, kbEmbedder } from '../src/core/kb';
import { createRng } from '../src/core/util/rng';

const DOCS = '/usr/share/doc/python3.11/html/_sources/library/';
const mode = process.argv[2] ?? (existsSync(DOCS) ? 'docs' : 'synthetic');
const n = Number(process.argv[3] ?? 100_000);
const rng = createRng(17);
const syllables = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'xe',
  'zu',
  'bra',
  'chi',
  'dro',
  'fle',
  'gri',
];
const vocabulary = Array.from({ length: 5000 }, (_, i) => {
  let w = '';
  for (let k = 0, x = i + 1; k < 3 || x > 0; k++, x = Math.floor(x / syllables.length))
    w += syllables[x % syllables.length];
  return w;
});
// Zipf: word r drawn with probability ∝ 1 / (r + 1).
const cumulative: number[] = [];
let total = 0;
for (let r = 0; r < vocabulary.length; r++) {
  total += 1 / (r + 1);
  cumulative.push(total);
}
const word = () => {
  const x = rng.next() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo] as string;
};
const sentence = (words: number) => `${Array.from({ length: words }, word).join(' ')}.`;

const t0 = performance.now();
const kb = KnowledgeBase.create(kbEmbedder(), { chunkSize: 512, overlap: 64 });
let queries: string[];
if (mode === 'docs') {
  const { documents } = await gatherDocuments([DOCS]);
  const passages = documents.flatMap((d) =>
    chunkText(d.text, kb.chunking).map((c, i) => ({ source: `${d.source}#${i}`, text: c.text })),
  );
  // Each passage as a document of its own, so that its copies stay one passage each.
  for (let copy = 0; kb.stats().chunks < n; copy++) {
    await kb.addDocuments(passages.map((p) => ({ source: `copy${copy}/${p.source}`, text: p.text })));
  }
  const asked: { q: string }[] = JSON.parse(
    readFileSync(new URL('./data/python-docs-questions.json', import.meta.url), 'utf8'),
  );
  queries = Array.from({ length: 5 }, () => asked.map((a) => a.q)).flat();
} else {
  const perDoc = 100;
  for (let d = 0; d < n / perDoc; d++) {
    await kb.addDocuments(
      Array.from({ length: perDoc }, (_, i) => ({
        source: `doc-${d}/p${i}.txt`,
        text: `${sentence(30)} ${sentence(30)}`,
      })),
    );
  }
  queries = Array.from({ length: 300 }, () => Array.from({ length: 2 + rng.int(0, 4) }, word).join(' '));
}
const built = performance.now() - t0;
console.log(
  `${mode}: ${kb.stats().chunks.toLocaleString()} passages, ${kb.stats().dim} dimensions, built in ${(built / 1000).toFixed(1)} s`,
);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number;
for (const using of ['both', 'embeddings', 'words'] as const) {
  for (const q of queries.slice(0, 10)) await kb.search(q, 5, using); // warm-up
  const times: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    await kb.search(q, 5, using);
    times.push(performance.now() - started);
  }
  console.log(
    `${using.padEnd(10)} median ${pct(times, 0.5).toFixed(1)} ms · p95 ${pct(times, 0.95).toFixed(1)} ms over ${times.length} queries`,
  );
}
