import { main } from '../../src/cli/main';

/** A CLI entry: this repository's `main`, or a repository copy's (tests/e2e/new-provider.test.ts). */
type CliEntry = typeof main;

/**
 * Runs CLI commands through `entry` in-process and awaits each, capturing what it prints and its
 * exit code (every command is asynchronous: main imports its module first).
 */
export function cliRunner(entry: CliEntry) {
  return async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await entry(
      args,
      (t) => out.push(t),
      (t) => err.push(t),
    );
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  };
}

/** This repository's CLI, in-process. */
export const runCli = cliRunner(main);
