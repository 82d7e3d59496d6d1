/**
 * One run of model-written code in QuickJS, a separate JavaScript engine compiled to WebAssembly:
 * the same function serves Node (a worker thread the host terminates at the deadline,
 * ../node/engine-thread-worker.ts) and the browser (the worker of the opaque-origin sandbox frame,
 * ../browser/engine-worker.ts). Nothing of the host exists in the
 * engine: no `process`, `require`, `import()` loader, file, network, timer, port or console, only
 * ECMAScript's own globals. Its memory is a WebAssembly heap with a hard maximum (`loadEngine`), its
 * stack is capped (`stackBytes`), and an interrupt handler stops it at the run's deadline, which
 * try/catch in the code cannot swallow (QuickJS's interrupt error is uncatchable).
 *
 * Each run gets a fresh runtime and context. The runner (../core/tools/sandbox-runner.ts) is
 * evaluated first; then the code; then, per test call, the runner's `outcome(call)`, which answers
 * with a short string made inside the engine. Only strings cross, and each one's length is read
 * before it is copied out, so nothing the code returns can make the host allocate or serialise
 * more than MAX_RESULT_JSON characters. The expected values never enter the engine.
 *
 * A failure of the engine itself (a host stack overflow from deep native recursion, a WebAssembly
 * trap) throws `EngineBroken`: the caller drops this engine and loads a fresh one, since the
 * broken one's heap may be mid-operation (disposing its handles would abort).
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import {
  type CallOutcome,
  MAX_RESULT_JSON,
  MAX_RUN_RESULTS,
  MAX_TEXT,
  type RawRun,
  ranPastLimit,
} from '../../core/tools/sandbox';
import { sandboxRunnerSource } from '../../core/tools/sandbox-runner';

export interface EngineLimits {
  /** The engine's heap, bytes: past it allocation fails inside the engine. */
  readonly memoryBytes: number;
  /** The engine's stack, bytes: past it a call throws inside the engine. */
  readonly stackBytes: number;
}

/**
 * 64 MB of heap, 160 kB of stack (about 900 nested calls). The stack is kept well below the host's
 * own: QuickJS counts only its WebAssembly shadow stack, while every nested call also spends the
 * host's native stack, and native recursion (JSON.stringify, Array.prototype.join of nested
 * arrays) spends it ten times faster. At 512 kB Node's main thread ran out first, at 256 kB a
 * Chromium worker's did; a host overflow is caught (`EngineBroken`), but then the code is told
 * less clearly why it failed.
 */
export const DEFAULT_ENGINE_LIMITS: EngineLimits = { memoryBytes: 64 * 2 ** 20, stackBytes: 160 * 2 ** 10 };

/**
 * Loads QuickJS (its release build with the synchronous API, the WebAssembly in a file of its own)
 * in a WebAssembly memory of its own whose maximum is the heap limit plus room for the engine
 * itself. That maximum is the memory limit that holds: QuickJS's own `setMemoryLimit` cannot sum
 * what it allocates in an Emscripten build (no `malloc_usable_size`: it counts 8 bytes a block),
 * so it bounds each allocation but not their total, and code that kept 1 MB strings grew the heap
 * past 400 MB under a 64 MB limit. Past the maximum, growing fails, `malloc` returns nothing and
 * the code gets QuickJS's "out of memory"; the memory is reused by the next run.
 *
 * `wasmBinary` is for the browser, whose sandbox worker may not fetch (Node reads the file).
 */
export function loadEngine(
  limits: EngineLimits = DEFAULT_ENGINE_LIMITS,
  wasmBinary?: ArrayBuffer,
): Promise<QuickJSWASMModule> {
  const wasmMemory = new WebAssembly.Memory({
    initial: ENGINE_BASE_BYTES / PAGE,
    maximum: maxPages(limits),
  });
  // With the bytes given, the glue still names a file: a name, not a URL, since a blob worker's
  // script has no address to resolve one against.
  const given = wasmBinary ? { wasmBinary, locateFile: (file: string) => file } : {};
  return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory, ...given }));
}

/** The engine's memory before any run: the Emscripten build's own initial size, 16 MB. */
const ENGINE_BASE_BYTES = 16 * 2 ** 20;
const PAGE = 64 * 1024;
const maxPages = (limits: EngineLimits): number => Math.ceil((ENGINE_BASE_BYTES + limits.memoryBytes) / PAGE);

/**
 * Whether the engine's memory has grown past three quarters of its maximum. A WebAssembly memory
 * never shrinks, so after such a run the engine is replaced: the next run starts with room, and a
 * memory that full after a run means this run filled it (an allocation can fail short of the very
 * maximum, when the block asked for is bigger than what is left).
 */
export function engineExhausted(engine: QuickJSWASMModule, limits: EngineLimits): boolean {
  return engine.getWasmMemory().buffer.byteLength >= 0.75 * maxPages(limits) * PAGE;
}

/** The engine failed, not the code: drop the module and load a new one. */
export class EngineBroken extends Error {}

/**
 * Runs `code`, then each of `calls`, in a fresh QuickJS context of `engine`, all within
 * `timeoutMs` of starting (`now` is the clock, Date.now in both hosts). Never throws but
 * `EngineBroken`.
 */
export function runInEngine(
  engine: QuickJSWASMModule,
  code: string,
  calls: readonly string[],
  timeoutMs: number,
  limits: EngineLimits = DEFAULT_ENGINE_LIMITS,
  now: () => number = Date.now,
): RawRun {
  const deadline = now() + timeoutMs;
  let interrupted = false;
  const held: QuickJSHandle[] = [];
  let runtime: QuickJSRuntime | undefined;
  let vm: QuickJSContext | undefined;
  let run: RawRun;
  try {
    runtime = engine.newRuntime();
    // No runtime.setMemoryLimit: the memory's maximum holds instead (loadEngine), and QuickJS's
    // own count, 8 bytes a block here, ran out first on many small objects, throwing `null`.
    runtime.setMaxStackSize(limits.stackBytes);
    runtime.setInterruptHandler(() => {
      if (now() >= deadline) interrupted = true;
      return interrupted;
    });
    vm = runtime.newContext();
    run = play(runtime, vm, held, code, calls, () => interrupted);
    if (interrupted) run = { ok: false, error: `timed out after ${timeoutMs} ms` };
    // One native call (a built-in over a huge array-like) runs no bytecode, so the interrupt
    // handler is not asked until it returns: a run that ended past its deadline is failed here,
    // never graded, whatever it answered. (The host stops a call that does not return at all.)
    else if (now() > deadline) run = { ok: false, error: ranPastLimit(timeoutMs) };
    else if (engineExhausted(engine, limits)) run = outOfMemory(run, limits);
  } catch (error) {
    // Nothing is disposed: the engine stopped mid-operation, and freeing its runtime would abort.
    throw new EngineBroken(
      `the sandbox engine failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
    );
  }
  try {
    // Every handle is let go before its context: one left over fails the runtime's disposal.
    for (const handle of held) handle.dispose();
    vm.dispose();
    runtime.dispose();
  } catch (error) {
    throw new EngineBroken(`the sandbox engine failed to clean up: ${String(error).slice(0, 300)}`);
  }
  return run;
}

/** The run itself: the runner, the code, its queued jobs, then each call. */
function play(
  runtime: QuickJSRuntime,
  vm: QuickJSContext,
  held: QuickJSHandle[],
  code: string,
  calls: readonly string[],
  interrupted: () => boolean,
): RawRun {
  const hold = (result: ReturnType<QuickJSContext['evalCode']>): QuickJSHandle | undefined => {
    held.push(result.error ?? result.value);
    return result.error ? undefined : result.value;
  };
  const runner = hold(vm.evalCode(sandboxRunnerSource, 'runner.js'));
  if (!runner) return { ok: false, error: 'the sandbox did not start' };
  // Taken before the code runs: the runner is in no global, so the code cannot replace it.
  const describeLoadError = vm.getProp(runner, 'describeLoad');
  held.push(describeLoadError);
  const loaded = vm.evalCode(code, 'run_js.js');
  hold(loaded);
  if (loaded.error) {
    if (interrupted()) return { ok: false, error: 'interrupted' };
    return { ok: false, error: describe(vm, describeLoadError, loaded.error) ?? 'Error: (unprintable)' };
  }
  // Jobs the code queued (promise reactions) run now, under the deadline: a microtask that loops
  // is stopped like any loop. What they throw is theirs; it reaches nothing.
  settleJobs(runtime, interrupted);
  const outcomes: CallOutcome[] = [];
  // Each result is bounded, and so is their sum: the calls come from a model too (run_js), and
  // 600 results of 64 kB each would be 39 MB copied into the host and into the trace.
  let spent = 0;
  for (const call of calls) {
    if (interrupted()) break;
    if (spent > MAX_RUN_RESULTS) {
      outcomes.push({ error: `not run: this run's results passed ${MAX_RUN_RESULTS / 1024} kB` });
      continue;
    }
    const outcome = callOutcome(vm, runner, call);
    spent += 'error' in outcome ? outcome.error.length : (outcome.json?.length ?? 0);
    outcomes.push(outcome);
  }
  settleJobs(runtime, interrupted);
  return { ok: true, outcomes };
}

/**
 * When allocation fails with the memory full, QuickJS may have no room left to make its "out of
 * memory" error and throws `null`: said in words here, as it is what happened.
 */
function outOfMemory(run: RawRun, limits: EngineLimits): RawRun {
  const words = `InternalError: out of memory (the sandbox's ${limits.memoryBytes / 2 ** 20} MB are full)`;
  if (!run.ok) return run.error === 'Error: null' ? { ok: false, error: words } : run;
  const outcomes = run.outcomes.map((o) => ('error' in o && o.error === 'null' ? { error: words } : o));
  return { ok: true, outcomes };
}

/** Runs queued jobs until none is left; a job that throws stops the batch, not the rest. */
function settleJobs(runtime: QuickJSRuntime, interrupted: () => boolean): void {
  while (runtime.hasPendingJob() && !interrupted()) {
    const result = runtime.executePendingJobs();
    if (result.error) result.error.dispose();
  }
}

/** The runner's answer for one call, read as a bounded string. */
function callOutcome(vm: QuickJSContext, runner: QuickJSHandle, call: string): CallOutcome {
  const argument = vm.newString(call);
  const result = vm.callFunction(runner, vm.undefined, argument);
  argument.dispose();
  if (result.error) {
    result.error.dispose();
    return { error: 'the sandbox could not run this test' };
  }
  const text = boundedString(vm, result.value, MAX_RESULT_JSON + 1);
  result.value.dispose();
  if (text === undefined) return { error: 'the sandbox sent an answer that could not be read' };
  if (text === 'u') return {};
  if (text.startsWith('v')) return { json: text.slice(1) };
  if (text.startsWith('e')) return { error: text.slice(1, MAX_TEXT + 200) };
  return { error: 'the sandbox sent an answer that could not be read' };
}

/** What the code threw while it loaded, described inside the engine. */
function describe(vm: QuickJSContext, describer: QuickJSHandle, thrown: QuickJSHandle): string | undefined {
  const result = vm.callFunction(describer, vm.undefined, thrown);
  if (result.error) {
    result.error.dispose();
    return undefined;
  }
  const text = boundedString(vm, result.value, MAX_TEXT + 200);
  result.value.dispose();
  return text === undefined ? undefined : text.slice(0, MAX_TEXT);
}

/**
 * The handle's text if it is a string of at most `max` characters. The length is read first (a
 * string's `length` is its own, no getter can answer for it), so a long string is never copied.
 */
function boundedString(vm: QuickJSContext, handle: QuickJSHandle, max: number): string | undefined {
  if (vm.typeof(handle) !== 'string') return undefined;
  const length = vm.getProp(handle, 'length');
  const size = vm.getNumber(length);
  length.dispose();
  return size <= max ? vm.getString(handle) : undefined;
}
