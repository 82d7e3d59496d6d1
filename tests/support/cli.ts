import { main } from '../../src/cli/main';

/** Runs a synchronous CLI command in-process, capturing what it prints and its exit code. */
export function runCli(args: string[]): { code: number; stdout: string; stderr: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    args,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  if (typeof code !== 'number') throw new Error(`"${args[0]}" is asynchronous: use runCliAsync`);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** Runs any CLI command in-process and awaits it. */
export async function runCliAsync(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
