import { readKbFile, writeKbFile } from '../adapters/node/kb-file';
import { checkChunking, DEFAULT_CHUNKING, KbError, kbEmbedder } from '../core/kb';
import { UsageError } from './errors';
import {
  type CommandTable,
  defineCommand,
  type Flag,
  type FlagValues,
  helpText,
  parseCommand,
} from './flags';
import { readInputFile } from './input-file';
import { gatherDocuments } from './kb-paths';
import { checkOutputs } from './safe-write';

type Print = (text: string) => void;

const kbFlag = {
  name: 'kb',
  type: 'string',
  value: 'FILE',
  required: true,
  help: 'the knowledge base file',
} as const satisfies Flag;
const jsonFlag = { name: 'json', type: 'boolean', help: 'print one JSON document' } as const satisfies Flag;

export const kbIngestTable = defineCommand({
  name: 'kb ingest',
  usage: ['kb ingest --kb FILE --paths PATH… [--chunk-size N] [--overlap N] [--json]'],
  about:
    "A local knowledge base in one file (docs/knowledge-base.md): documents cut into passages of about --chunk-size tokens (--overlap shared with the one before), embedded with the weight-free hashing embedder and indexed for full text; kb search fuses both rankings. kb ingest adds files and folders (walked for .txt .md .markdown .rst .rst.txt .html .htm .pdf); a file given again replaces its old version; FILE is created if absent. Unreadable, empty, binary, over 20 MB or unparseable files are skipped and listed; if anything fails, FILE is left as it was. Prints {documents, chunks, tokens, ms, skipped}. The chunking of an existing FILE is its own: the flags set a new one's, and a different one asked of an existing FILE is refused.",
  positionals: {
    name: 'PATH…',
    help: 'the words after --paths are all paths, as a shell glob gives them',
  },
  flags: [
    kbFlag,
    {
      name: 'paths',
      type: 'string',
      value: 'PATH',
      multiple: true,
      required: true,
      help: 'files or folders to ingest',
    },
    {
      name: 'chunk-size',
      type: 'whole',
      value: 'N',
      min: 1,
      default: DEFAULT_CHUNKING.chunkSize,
      help: "tokens a passage holds, about (a new FILE's)",
    },
    {
      name: 'overlap',
      type: 'whole',
      value: 'N',
      min: 0,
      default: DEFAULT_CHUNKING.overlap,
      help: "tokens a passage shares with the one before (a new FILE's)",
    },
    jsonFlag,
  ],
});

export const kbSearchTable = defineCommand({
  name: 'kb search',
  usage: ['kb search --kb FILE (--query TEXT | --queries FILE) [--top-k N] [--json]'],
  about:
    "Searches a knowledge base (kb ingest) for one query, or a file of queries (one a line, or a JSON array of strings), fusing the hashing embedder's ranking and the full-text one; prints for each {query, ms, results: [{source, chunk, score, text}]}.",
  flags: [
    kbFlag,
    { name: 'query', type: 'string', value: 'TEXT', help: 'the query' },
    {
      name: 'queries',
      type: 'string',
      value: 'FILE',
      help: 'queries, one a line, or a JSON array of strings',
    },
    { name: 'top-k', type: 'whole', value: 'N', min: 1, default: 5, help: 'passages per query' },
    jsonFlag,
  ],
});

export const kbStatsTable = defineCommand({
  name: 'kb stats',
  usage: ['kb stats --kb FILE [--json]'],
  about: 'What a knowledge base holds: documents, passages, tokens, embedder, bytes.',
  flags: [kbFlag, jsonFlag],
});

const SUBCOMMANDS: Readonly<Record<string, CommandTable>> = {
  ingest: kbIngestTable,
  search: kbSearchTable,
  stats: kbStatsTable,
};

export const kbHelp = Object.values(SUBCOMMANDS).map(helpText).join('\n\n');

/** A flag of another kb subcommand, refused by name rather than as an unknown option. */
function refuseOthersFlags(sub: string, args: readonly string[]): void {
  const own = new Set(SUBCOMMANDS[sub]?.flags.map((f) => f.name));
  for (const arg of args) {
    if (arg === '--') return;
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0] as string;
    if (own.has(name)) continue;
    const owners = Object.entries(SUBCOMMANDS)
      .filter(([, table]) => table.flags.some((f) => f.name === name))
      .map(([other]) => `kb ${other}`);
    if (owners.length > 0)
      throw new UsageError(`--${name} does not apply: it is for ${owners.join(' and ')}, not kb ${sub}`);
  }
}

export async function kb(argv: string[], out: Print): Promise<void> {
  const [sub, ...rest] = argv;
  const table = sub === undefined || !Object.hasOwn(SUBCOMMANDS, sub) ? undefined : SUBCOMMANDS[sub];
  if (sub === undefined || table === undefined)
    throw new UsageError(
      `kb: expected ingest, search or stats, got ${sub === undefined ? 'nothing' : `"${sub}"`}`,
    );
  refuseOthersFlags(sub, rest);
  // Each subcommand's flags parsed by its own table, so each reads its values with their types.
  const json = (values: { readonly json?: boolean | undefined }) => (j: unknown, text: string) =>
    out(values.json ? JSON.stringify(j, null, 2) : text);
  try {
    if (sub === 'ingest') {
      const { values, positionals } = parseCommand(kbIngestTable, rest);
      return await ingest(values.kb, values, rest, positionals, json(values));
    }
    if (sub === 'search') {
      const values = parseCommand(kbSearchTable, rest).values;
      return await search(values.kb, values, json(values));
    }
    const values = parseCommand(kbStatsTable, rest).values;
    const file = values.kb;
    const print = json(values);
    const base = readKbFile(file, kbEmbedder());
    const stats = { ...base.stats(), bytes: JSON.stringify(base.toSnapshot()).length };
    return print(
      stats,
      `${file}: ${stats.documents} documents, ${stats.chunks} passages, ${stats.tokens} tokens, ${stats.embedder}, ${stats.bytes} bytes`,
    );
  } catch (error) {
    if (error instanceof KbError) throw new UsageError(error.message);
    throw error;
  }
}

/** Whether `--name` itself was given (not its default). */
const given = (args: readonly string[], name: string) =>
  args.some((a) => a === `--${name}` || a.startsWith(`--${name}=`));

async function ingest(
  file: string,
  values: FlagValues<typeof kbIngestTable.flags>,
  rest: readonly string[],
  positionals: readonly string[],
  print: (j: unknown, t: string) => void,
) {
  // --paths takes every path after it, as a shell glob gives them: the words up to the next flag.
  const following: string[] = [];
  let inPaths = false;
  for (const arg of rest) {
    if (arg === '--') break;
    if (arg.startsWith('--')) inPaths = arg === '--paths' || arg.startsWith('--paths=');
    else if (inPaths) following.push(arg);
  }
  const stray = positionals.find((word) => !following.includes(word));
  if (stray !== undefined)
    throw new UsageError(
      `"${stray}" is neither a flag's value nor a path: the paths are the words after --paths, up to the next flag`,
    );
  const paths = [...new Set([...(values.paths ?? []), ...following])];
  const chunking = { chunkSize: values['chunk-size'], overlap: values.overlap };
  try {
    checkChunking(chunking, { size: '--chunk-size', overlap: '--overlap' });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // The knowledge base is written after the ingest: a folder that is not there is said first.
  checkOutputs([{ path: file, flag: '--kb' }], []);
  const started = performance.now();
  const base = readKbFile(file, kbEmbedder(), chunking);
  // An existing knowledge base keeps the chunking it was made with: another one is not applied.
  for (const [flag, key] of [
    ['chunk-size', 'chunkSize'],
    ['overlap', 'overlap'],
  ] as const) {
    if (given(rest, flag) && base.chunking[key] !== chunking[key])
      throw new UsageError(
        `--${flag} does not apply: ${file} already has passages cut with --${flag} ${base.chunking[key]} (a knowledge base keeps its chunking; give a new FILE for another)`,
      );
  }
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

async function search(file: string, values: SearchValues, print: (j: unknown, t: string) => void) {
  const queries = queryList(values);
  const topK = values['top-k'];
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

type SearchValues = FlagValues<typeof kbSearchTable.flags>;

function queryList(values: SearchValues): string[] {
  if (values.query !== undefined && values.queries !== undefined)
    throw new UsageError('give --query or --queries, not both');
  if (typeof values.query === 'string') {
    if (values.query.trim() === '') throw new UsageError('--query is empty');
    return [values.query];
  }
  const file = values.queries;
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
