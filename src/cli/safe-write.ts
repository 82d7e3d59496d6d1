/**
 * Every file the CLI writes goes through here, in two steps:
 *
 * 1. `checkOutputs`, before a run starts: each output's folder exists and is writable, the output
 *    is not a directory, not one of the command's inputs (compared as resolved real paths, so a
 *    symlink or `./x` does not hide `x`), and no two outputs are the same file. A run that would
 *    end in an unwritable file is refused at once, with exit code 2, instead of after its work.
 * 2. `writeFiles`, after it: every file goes to a temporary file in its own folder first, and only
 *    when all are whole are they renamed over their names. A full disk or a vanished folder leaves
 *    no half file and overwrites nothing; the temporary files are removed.
 *
 * `fileIn` turns a name derived from ids into a path that cannot leave its folder.
 */
import {
  accessSync,
  constants,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './errors';

/** An output, with the flag that named it (for messages). */
export interface Output {
  readonly path: string;
  readonly flag: string;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** The path as the file system resolves it; for a file not there yet, its folder resolved. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(resolve(path))), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

function checkFolder(folder: string, output: Output): void {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(folder);
  } catch (error) {
    const code = codeOf(error);
    throw new UsageError(
      `${output.flag} ${output.path}: ${code === 'ENOENT' ? `the folder ${folder} does not exist` : `cannot reach the folder ${folder} (${code})`}`,
    );
  }
  if (!stats.isDirectory()) throw new UsageError(`${output.flag} ${output.path}: ${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UsageError(`${output.flag} ${output.path}: the folder ${folder} is not writable`);
  }
}

/** Refuses, before any work, an output that could not be written or would overwrite an input. */
export function checkOutputs(outputs: readonly Output[], inputs: readonly string[]): void {
  const inputPaths = new Map(inputs.map((i) => [realPath(i), i]));
  const seen = new Map<string, Output>();
  for (const output of outputs) {
    if (output.path === '') throw new UsageError(`${output.flag} must name a file`);
    checkFolder(dirname(resolve(output.path)), output);
    let stats: ReturnType<typeof statSync> | undefined;
    try {
      stats = statSync(output.path);
    } catch {
      stats = undefined;
    }
    if (stats?.isDirectory())
      throw new UsageError(`${output.flag} ${output.path}: is a directory, not a file`);
    if (stats && !stats.isFile()) {
      throw new UsageError(`${output.flag} ${output.path}: is not a regular file (a device, pipe or socket)`);
    }
    const real = realPath(output.path);
    const input = inputPaths.get(real);
    if (input !== undefined) {
      throw new UsageError(
        `${output.flag} ${output.path}: is the input ${input}; writing it would overwrite it`,
      );
    }
    const twin = seen.get(real);
    if (twin) {
      throw new UsageError(
        `${output.flag} ${output.path}: is the same file as ${twin.flag} ${twin.path}; one would overwrite the other`,
      );
    }
    seen.set(real, output);
  }
}

/**
 * A folder for outputs (`--trace-dir`): made if missing, with its parent required to exist (a
 * typo should not grow a tree of folders), and writable.
 */
export function prepareOutputDir(dir: string, flag: string): void {
  const output = { path: dir, flag };
  checkFolder(dirname(resolve(dir)), output);
  try {
    mkdirSync(dir);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST')
      throw new UsageError(`${flag} ${dir}: cannot make the folder (${codeOf(error)})`);
  }
  checkFolder(dir, output);
}

/**
 * `dir/name` where `name` is built from ids: every character outside [A-Za-z0-9_.-] becomes `_`
 * and leading dots are dropped, so the file lands in `dir` whatever an id holds.
 */
export function fileIn(dir: string, name: string): string {
  const safe = name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_');
  const path = join(dir, safe === '' ? '_' : safe);
  if (dirname(resolve(path)) !== resolve(dir)) throw new Error(`"${name}" does not name a file in ${dir}`);
  return path;
}

let counter = 0;
const tempFor = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}-${++counter}.tmp`);

/** A file to write whole. */
export interface FileText {
  readonly path: string;
  readonly text: string | Uint8Array;
}

/**
 * Writes every file whole or none: temporary files beside their names, then renames. A failure
 * removes the temporary files and throws one UsageError naming the file and the cause.
 */
export function writeFiles(files: readonly FileText[]): void {
  const temps: string[] = [];
  const removeTemps = () => {
    for (const temp of temps) rmSync(temp, { force: true });
  };
  for (const file of files) {
    const temp = tempFor(file.path);
    temps.push(temp);
    try {
      writeFileSync(temp, file.text, { flag: 'wx' });
    } catch (error) {
      removeTemps();
      throw new UsageError(`${file.path}: cannot write it (${codeOf(error)}); nothing was written`);
    }
  }
  for (const [i, file] of files.entries()) {
    try {
      // A rename on the same file system replaces the name in one step.
      renameSync(temps[i] as string, file.path);
    } catch (error) {
      removeTemps();
      const done = files.slice(0, i).map((f) => f.path);
      throw new UsageError(
        `${file.path}: cannot write it (${codeOf(error)})${done.length > 0 ? `; already written: ${done.join(', ')}` : '; nothing was written'}`,
      );
    }
  }
}

/** One file, written whole or not at all. */
export function writeFile(path: string, text: string | Uint8Array): void {
  writeFiles([{ path, text }]);
}
