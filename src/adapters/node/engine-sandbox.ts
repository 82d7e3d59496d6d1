/**
 * A `CodeSandbox` that runs each run in QuickJS (./engine-run.ts) on this thread, and grades what
 * comes back here (`gradeRun`). The engine is loaded on the first run and kept; if the engine
 * itself fails (`EngineBroken`), that run fails in words and the next run loads a fresh engine.
 * The promise never rejects.
 *
 * Runs are synchronous inside: a run holds this thread for at most its time limit (the engine's
 * interrupt handler stops it there), and runs asked for at once take their turns.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { type CodeSandbox, type CodeTest, gradeRun, type SandboxResult } from '../../core/tools/sandbox';
import {
  DEFAULT_ENGINE_LIMITS,
  EngineBroken,
  type EngineLimits,
  engineExhausted,
  loadEngine,
  runInEngine,
} from '../common/engine-run';

export interface EngineSandboxOptions {
  /** Loads the engine (a QuickJS WebAssembly module). @default loadEngine(limits) */
  readonly load?: (limits: EngineLimits) => Promise<QuickJSWASMModule>;
  /** @default DEFAULT_ENGINE_LIMITS */
  readonly limits?: EngineLimits;
}

export function engineSandbox(options: EngineSandboxOptions = {}): CodeSandbox {
  const limits = options.limits ?? DEFAULT_ENGINE_LIMITS;
  const load = options.load ?? loadEngine;
  let engine: Promise<QuickJSWASMModule> | undefined;
  // Engines a run broke or filled. Runs asked for at once all wait on one load, so one of them may
  // retire the engine while the others hold it: each checks here, just before it runs, and loads
  // afresh rather than touch a heap left mid-operation.
  const retired = new WeakSet<QuickJSWASMModule>();
  const current = async (): Promise<QuickJSWASMModule> => {
    for (;;) {
      const loading = engine ?? load(limits);
      engine = loading;
      try {
        const module = await loading;
        if (!retired.has(module)) return module;
      } catch (error) {
        if (engine === loading) engine = undefined; // the next run tries again
        throw error;
      }
      if (engine === loading) engine = undefined;
    }
  };
  const retire = (module: QuickJSWASMModule): void => {
    retired.add(module);
  };
  return {
    async run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult> {
      let module: QuickJSWASMModule;
      try {
        module = await current();
      } catch (error) {
        return { ok: false, error: `the sandbox engine did not load: ${String(error).slice(0, 300)}` };
      }
      try {
        const calls = tests.map((t) => t.call);
        const run = runInEngine(module, String(code), calls, timeoutMs, limits);
        if (engineExhausted(module, limits)) retire(module);
        return gradeRun(tests, run);
      } catch (error) {
        retire(module);
        if (error instanceof EngineBroken) return { ok: false, error: error.message };
        return { ok: false, error: 'the sandbox engine failed' };
      }
    },
  };
}
