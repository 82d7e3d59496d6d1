/**
 * Retrieval on a corpus no one here wrote: the Python 3.11 standard library's documentation
 * sources (Debian package python3.11-doc, html/_sources/library/*.rst.txt). Ingests the folder as
 * `swarm kb ingest` does, then asks the hand-written plain-language questions of
 * bench/data/python-docs-questions.json (no module names in them), each with the file that
 * answers it, and prints recall@5 and MRR (of the gold file's first passage in the top 5) on the
 * dev half (even positions: the questions looked at while tuning) and the test half (odd
 * positions: measured, never tuned on), for the fused search and for each ranking alone, with the
 * ingest time and the median search time.
 *
 *   npx tsx bench/kb-recall.ts [CORPUS_DIR]
 */

import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gatherDocuments } from '../src/cli/kb-paths';
import { KnowledgeBase, kbEmbedder } from '../src/core/kb';

const corpus = process.argv[2] ?? '/usr/share/doc/python3.11/html/_sources/library/';
if (!existsSync(corpus)) {
  console.log(
    `${corpus} is absent: install it with \`apt-get install python3.11-doc\` (Debian) and run again.`,
  );
  process.exit(0);
}
const questions: { q: string; gold: string }[] = JSON.parse(
  readFileSync(new URL('./data/python-docs-questions.json', import.meta.url), 'utf8'),
);

const t0 = performance.now();
const { documents } = await gatherDocuments([corpus]);
const kb = KnowledgeBase.create(kbEmbedder());
await kb.addDocuments(documents);
const ingestMs = performance.now() - t0;
const stats = kb.stats();
console.log(
  `corpus: ${documents.length} files, ${stats.chunks} passages, ${stats.tokens.toLocaleString()} tokens; ingest ${(ingestMs / 1000).toFixed(1)} s`,
);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

for (const using of ['both', 'embeddings', 'words'] as const) {
  const rows = { dev: [] as number[], test: [] as number[] };
  const times: number[] = [];
  for (const [i, { q, gold }] of questions.entries()) {
    const started = performance.now();
    const results = await kb.search(q, 5, using);
    times.push(performance.now() - started);
    const rank = results.findIndex((r) => basename(r.source) === gold);
    (i % 2 === 0 ? rows.dev : rows.test).push(rank < 0 ? 0 : 1 / (rank + 1));
  }
  const line = (name: string, rr: number[]) =>
    `${name} (${rr.length}): recall@5 ${(rr.filter((x) => x > 0).length / rr.length).toFixed(3)}, MRR ${(rr.reduce((a, b) => a + b, 0) / rr.length).toFixed(3)}`;
  console.log(
    `${using.padEnd(10)} ${line('dev', rows.dev)} · ${line('test', rows.test)} · median search ${median(times).toFixed(1)} ms`,
  );
}
