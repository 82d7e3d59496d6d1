import { arbitrate, arbitrateHelp } from './arbitrate';
import { bench, benchHelp } from './bench';
import { chaos, chaosHelp } from './chaos';
import { ReportedFailure, UsageError } from './errors';
import { experiment, experimentHelp } from './experiment';
import { exportDataset, exportDatasetHelp } from './export-dataset';
import { exportTrace, exportTraceHelp } from './export-trace';
import { grid, gridHelp } from './grid';
import { kb, kbHelp } from './kb';
import { nextSpeakerCommand, nextSpeakerHelp } from './next-speaker';
import { orchestration, orchestrationHelp } from './orchestration';
import { route, routeHelp, trainRouter, trainRouterHelp } from './router';
import { run, runHelp } from './run';
import { schedule, scheduleHelp } from './schedule';
import { score, scoreHelp } from './score';
import { escapeUnsafe, forTerminal } from './terminal-text';
import { train, trainHelp } from './train';

type Command = (
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
) => void | Promise<void>;

const commands: Record<string, { run: Command; help: string }> = {
  bench: { run: bench, help: benchHelp },
  grid: { run: grid, help: gridHelp },
  kb: { run: kb, help: kbHelp },
  arbitrate: { run: arbitrate, help: arbitrateHelp },
  chaos: { run: chaos, help: chaosHelp },
  'next-speaker': { run: nextSpeakerCommand, help: nextSpeakerHelp },
  experiment: { run: experiment, help: experimentHelp },
  'export-trace': { run: exportTrace, help: exportTraceHelp },
  'export-dataset': { run: exportDataset, help: exportDatasetHelp },
  orchestration: { run: orchestration, help: orchestrationHelp },
  route: { run: route, help: routeHelp },
  run: { run, help: runHelp },
  schedule: { run: schedule, help: scheduleHelp },
  score: { run: score, help: scoreHelp },
  train: { run: train, help: trainHelp },
  'train-router': { run: trainRouter, help: trainRouterHelp },
};

const usage = `usage: npm run --silent swarm -- <command> [flags]

commands:
  ${Object.keys(commands).join('\n  ')}

Every command accepts --json (one JSON document on stdout) and --help.`;

/** Messages go to stderr, results to stdout. */
type Print = (text: string) => void;
const toStdout: Print = (t) => process.stdout.write(`${t}\n`);
const toStderr: Print = (t) => process.stderr.write(`${t}\n`);

/** Runs one CLI command; the exit code, in a promise for the commands that await (bench). */
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
  const command = commands[name];
  if (!command) {
    err(`swarm: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    out(command.help);
    return 0;
  }
  const failed = (error: unknown): number => {
    const e = error as Error & { code?: string };
    // node:util parseArgs reports unknown or malformed flags with these codes.
    const usageLike =
      error instanceof UsageError || (typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS'));
    err(`swarm ${name}: error: ${e.message}`);
    if (!usageLike && !(error instanceof ReportedFailure)) err(e.stack ?? '');
    return usageLike ? 2 : 1;
  };
  try {
    const done = command.run(rest, out, err);
    return done instanceof Promise ? done.then(() => 0, failed) : 0;
  } catch (error) {
    return failed(error);
  }
}

// Run when executed directly (tsx src/cli/main.ts), not when imported by tests.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '')) {
  Promise.resolve(main(process.argv.slice(2))).then((code) => {
    process.exitCode = code;
  });
}
