import { parseArgs } from 'node:util';
import { readKbFile, writeKbFile } from '../adapters/node/kb-file';
import { checkChunking, DEFAULT_CHUNKING, KbError, kbEmbedder } from '../core/kb';
import { UsageError, wholeNumber } from './errors';
import { readInputFile } from './input-file';
import { gatherDocuments } from './kb-paths';
import { checkOutputs } from './safe-write';

type Print = (text: string) => void;

export const kbHelp = `swarm kb ingest --kb FILE --paths PATH… [--chunk-size 512] [--overlap 64] [--json]
swarm kb search --kb FILE (--query TEXT | --queries FILE) [--top-k 5] [--json]
swarm kb stats --kb FILE [--json]

A local knowledge base in one file (docs/knowledge-base.md): documents cut into passages of
about --chunk-size tokens (--overlap shared with the one before), embedded with the weight-free
hashing embedder and indexed for full text; search fuses both rankings.

  ingest    adds files and folders (walked for .txt .md .markdown .rst .rst.txt .html .htm
            .pdf); a file given again replaces its old version; FILE is created if absent.
            Unreadable, empty, binary, over 20 MB or unparseable files are skipped and listed;
            if anything fails, FILE is left as it was. Prints {documents, chunks, tokens, ms,
            skipped}. The chunking of an existing FILE is its own: the flags set a new one's.
  search    one query, or a file of queries (one a line, or a JSON array of strings); prints
            for each {query, ms, results: [{source, chunk, score, text}]}
  stats     documents, passages, tokens, embedder, bytes`;

export async function kb(argv: string[], out: Print): Promise<void> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      kb: { type: 'string' },
      paths: { type: 'string', multiple: true },
      'chunk-size': { type: 'string' },
      overlap: { type: 'string' },
      query: { type: 'string' },
      queries: { type: 'string' },
      'top-k': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const file = values.kb;
  if (file === undefined) throw new UsageError('--kb FILE is required: the knowledge base file');
  const print = (json: unknown, text: string) => out(values.json ? JSON.stringify(json, null, 2) : text);
  try {
    if (sub === 'ingest') return await ingest(file, values, rest, print);
    if (sub === 'search') return await search(file, values, print);
    if (sub === 'stats') {
      const base = readKbFile(file, kbEmbedder());
      const stats = { ...base.stats(), bytes: JSON.stringify(base.toSnapshot()).length };
      return print(
        stats,
        `${file}: ${stats.documents} documents, ${stats.chunks} passages, ${stats.tokens} tokens, ${stats.embedder}, ${stats.bytes} bytes`,
      );
    }
  } catch (error) {
    if (error instanceof KbError) throw new UsageError(error.message);
    throw error;
  }
  throw new UsageError(
    `kb: expected ingest, search or stats, got ${sub === undefined ? 'nothing' : `"${sub}"`}`,
  );
}

type Values = Record<string, string | string[] | boolean | undefined>;

async function ingest(file: string, values: Values, rest: string[], print: (j: unknown, t: string) => void) {
  // --paths takes every path after it, as a shell glob gives them.
  const at = rest.indexOf('--paths');
  const following =
    at < 0
      ? []
      : rest.slice(at + 1).filter((_, i, all) => !all.slice(0, i + 1).some((a) => a.startsWith('--')));
  const paths = [...new Set([...((values.paths as string[] | undefined) ?? []), ...following])];
  if (paths.length === 0) throw new UsageError('--paths PATH… is required: files or folders to ingest');
  const chunking = {
    chunkSize: wholeNumber(
      'chunk-size',
      values['chunk-size'] as string | undefined,
      DEFAULT_CHUNKING.chunkSize,
      1,
    ),
    overlap: wholeNumber('overlap', values.overlap as string | undefined, DEFAULT_CHUNKING.overlap),
  };
  try {
    checkChunking(chunking, { size: '--chunk-size', overlap: '--overlap' });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // The knowledge base is written after the ingest: a folder that is not there is said first.
  checkOutputs([{ path: file, flag: '--kb' }], []);
  const started = performance.now();
  const base = readKbFile(file, kbEmbedder(), chunking);
  const { documents, skipped } = await gatherDocuments(paths);
  if (documents.length > 0) {
    await base.addDocuments(documents);
    writeKbFile(file, base);
  }
  const ms = Math.round(performance.now() - started);
  const added = new Set(documents.map((d) => d.source));
  const docs = base.documents().filter((d) => added.has(d.source));
  const result = {
    documents: docs.length,
    chunks: docs.reduce((n, d) => n + d.chunks, 0),
    tokens: docs.reduce((n, d) => n + d.tokens, 0),
    ms,
    skipped,
  };
  const skippedText = skipped.map((s) => `\n  skipped ${s.path}: ${s.reason}`).join('');
  // Nothing added is an error, said once on stderr: not a summary on stdout beside exit 2.
  if (documents.length === 0)
    throw new UsageError(`nothing to ingest from ${paths.join(', ')}${skippedText}`);
  print(
    result,
    `${file}: added ${result.documents} documents, ${result.chunks} passages, ${result.tokens} tokens in ${ms} ms${skippedText}`,
  );
}

async function search(file: string, values: Values, print: (j: unknown, t: string) => void) {
  const queries = queryList(values);
  const topK = wholeNumber('top-k', values['top-k'] as string | undefined, 5, 1);
  const base = readKbFile(file, kbEmbedder());
  if (base.stats().chunks === 0)
    throw new UsageError(`${file}: the knowledge base is empty (or absent): run kb ingest first`);
  const answers = [];
  for (const query of queries) {
    const started = performance.now();
    const results = await base.search(query, topK);
    answers.push({ query, ms: Number((performance.now() - started).toFixed(3)), results });
  }
  const text = answers
    .map((a) =>
      [
        `${a.query} (${a.ms.toFixed(1)} ms)`,
        ...a.results.map(
          (r, i) =>
            `  ${i + 1}. ${r.source}#${r.chunk} ${r.score.toFixed(4)}  ${r.text.replace(/\s+/g, ' ').slice(0, 100)}`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
  print(values.queries ? answers : answers[0], text);
}

function queryList(values: Values): string[] {
  if (values.query !== undefined && values.queries !== undefined)
    throw new UsageError('give --query or --queries, not both');
  if (typeof values.query === 'string') {
    if (values.query.trim() === '') throw new UsageError('--query is empty');
    return [values.query];
  }
  const file = values.queries as string | undefined;
  if (file === undefined) throw new UsageError('--query TEXT or --queries FILE is required');
  const text = readInputFile(file, 'queries');
  if (text.trimStart().startsWith('[')) {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list) || !list.every((q) => typeof q === 'string'))
      throw new UsageError(`${file}: expected a JSON array of strings`);
    return list;
  }
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) throw new UsageError(`${file}: no queries in it`);
  return lines;
}
