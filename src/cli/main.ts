import { ReportedFailure, UsageError } from './errors';
import { escapeUnsafe, forTerminal } from './terminal-text';

type Command = (
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
) => void | Promise<void>;

interface Loaded {
  readonly run: Command;
  readonly help: string;
}

/**
 * Each command's module, imported only when that command runs: importing all of them (and, under
 * tsx, compiling them) took about 0.75 s of every start, `--help` included, against about 0.25 s
 * for the one a command needs (docs/cli.md).
 */
const commands: Record<string, () => Promise<Loaded>> = {
  analyze: () => import('./analyze').then((m) => ({ run: m.analyze, help: m.analyzeHelp })),
  bench: () => import('./bench').then((m) => ({ run: m.bench, help: m.benchHelp })),
  grid: () => import('./grid').then((m) => ({ run: m.grid, help: m.gridHelp })),
  kb: () => import('./kb').then((m) => ({ run: m.kb, help: m.kbHelp })),
  arbitrate: () => import('./arbitrate').then((m) => ({ run: m.arbitrate, help: m.arbitrateHelp })),
  chaos: () => import('./chaos').then((m) => ({ run: m.chaos, help: m.chaosHelp })),
  'next-speaker': () =>
    import('./next-speaker').then((m) => ({ run: m.nextSpeakerCommand, help: m.nextSpeakerHelp })),
  fork: () => import('./fork').then((m) => ({ run: m.fork, help: m.forkHelp })),
  evaluate: () => import('./evaluate').then((m) => ({ run: m.evaluate, help: m.evaluateHelp })),
  experiment: () => import('./experiment').then((m) => ({ run: m.experiment, help: m.experimentHelp })),
  'export-trace': () =>
    import('./export-trace').then((m) => ({ run: m.exportTrace, help: m.exportTraceHelp })),
  'export-dataset': () =>
    import('./export-dataset').then((m) => ({ run: m.exportDataset, help: m.exportDatasetHelp })),
  replay: () => import('./replay').then((m) => ({ run: m.replay, help: m.replayHelp })),
  route: () => import('./router').then((m) => ({ run: m.route, help: m.routeHelp })),
  run: () => import('./run').then((m) => ({ run: m.run, help: m.runHelp })),
  schedule: () => import('./schedule').then((m) => ({ run: m.schedule, help: m.scheduleHelp })),
  score: () => import('./score').then((m) => ({ run: m.score, help: m.scoreHelp })),
  train: () => import('./train').then((m) => ({ run: m.train, help: m.trainHelp })),
  'train-router': () =>
    import('./train-router').then((m) => ({ run: m.trainRouter, help: m.trainRouterHelp })),
  worker: () => import('./worker').then((m) => ({ run: m.worker, help: m.workerHelp })),
  queue: () => import('./queue-status').then((m) => ({ run: m.queue, help: m.queueHelp })),
};

/**
 * Commands that were, and what replaced them: a script written for an older version is told where
 * to go, not only that the name is unknown.
 */
const retired: Record<string, string> = {
  orchestration:
    'the separate orchestration environment was retired: the runtime is the one world policies learn in. ' +
    'Train with `swarm train --scenario mix --policy parl|bandit --out FILE`, rank fixed settings with ' +
    '`swarm grid --scenario mix`, and judge policies with `swarm bench --scenario mix --policies parl:FILE,…`',
};

const usage = `usage: npm run --silent swarm -- <command> [flags]

commands:
  ${Object.keys(commands).join('\n  ')}

Every command accepts --json (one JSON document on stdout) and --help.`;

/** Messages go to stderr, results to stdout. */
type Print = (text: string) => void;
const toStdout: Print = (t) => process.stdout.write(`${t}\n`);
const toStderr: Print = (t) => process.stderr.write(`${t}\n`);

/** Flags a command takes more than once, each adding a value (kb --paths, arbitrate --label, analyze --image). */
const REPEATABLE = new Set(['paths', 'label', 'image']);

/**
 * The first flag given twice, if any: node's parseArgs keeps the last silently, so
 * `--seed 1 … --seed 2` ran seed 2 with no word. Nothing after a bare `--` is a flag.
 */
export function repeatedFlag(args: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const arg of args) {
    if (arg === '--') return undefined;
    if (!arg.startsWith('--')) continue;
    const flag = arg.slice(2).split('=')[0] as string;
    if (REPEATABLE.has(flag)) continue;
    if (seen.has(flag)) return flag;
    seen.add(flag);
  }
  return undefined;
}

/**
 * Runs one CLI command: the exit code, at once for a usage or an unknown command, otherwise in a
 * promise (the command's module is imported first).
 */
export function main(
  argv: string[],
  rawOut: Print = toStdout,
  rawErr: Print = toStderr,
): number | Promise<number> {
  // Whatever a command prints may quote a file's ids and values: escaped for the terminal, and on
  // stderr cut where a single run of text is too long to read (terminal-text.ts).
  const out: Print = (t) => rawOut(escapeUnsafe(t));
  const err: Print = (t) => rawErr(forTerminal(t));
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    (name === undefined ? err : out)(usage);
    return name === undefined ? 2 : 0;
  }
  // Own keys only: "constructor" or "toString" name no command.
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load && Object.hasOwn(retired, name)) {
    err(`swarm ${name}: ${retired[name]}`);
    return 2;
  }
  if (!load) {
    err(`swarm: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  const twice = repeatedFlag(rest);
  if (twice !== undefined) {
    err(`swarm ${name}: error: --${twice} is given twice; give it once (which one was meant cannot be told)`);
    return 2;
  }
  const failed = (error: unknown): number => {
    const e = error as Error & { code?: string };
    // node:util parseArgs reports unknown or malformed flags with these codes.
    const usageLike =
      error instanceof UsageError || (typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS'));
    err(`swarm ${name}: error: ${e.message}`);
    // A model endpoint's failure (ProviderError, by name: main stays free of the adapters) is
    // explained in full by its message, as a ReportedFailure is; a stack would only hide it.
    const reported = error instanceof ReportedFailure || e.name === 'ProviderError';
    if (!usageLike && !reported) err(e.stack ?? '');
    return usageLike ? 2 : 1;
  };
  return load().then((command) => {
    if (rest.includes('--help') || rest.includes('-h')) {
      out(command.help);
      return 0;
    }
    try {
      const done = command.run(rest, out, err);
      return done instanceof Promise ? done.then(() => 0, failed) : 0;
    } catch (error) {
      return failed(error);
    }
  });
}

// Run when executed directly (tsx src/cli/main.ts), not when imported by tests.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '')) {
  // `swarm run … | head -1`: the reader has gone, so there is no one left to print to. Stop
  // quietly, as other command-line tools do, rather than with an unhandled 'error' event's stack.
  // Files a command writes are written whole or not at all (safe-write.ts), so none is left half.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  Promise.resolve(main(process.argv.slice(2))).then((code) => {
    process.exitCode = code;
  });
}
