import { main } from '../../src/cli/main';

/**
 * Runs a CLI command in-process and awaits it, capturing what it prints and its exit code (every
 * command is asynchronous: main imports its module first).
 */
export async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
