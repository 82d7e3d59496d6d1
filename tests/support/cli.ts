import { main } from '../../src/cli/main';

/** Runs the CLI in-process, capturing what it prints and its exit code. */
export function runCli(args: string[]): { code: number; stdout: string; stderr: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    args,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
