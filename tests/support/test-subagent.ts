/**
 * Test doubles for the subagent pools, usable in-thread and inside a Worker (no vitest here):
 * a gate that holds every model turn until the test lets it through, seen across threads over a
 * BroadcastChannel, and a subagent host that crashes or hangs on cue.
 */

import { subagentHost } from '../../src/adapters/browser/subagent-host';
import type { SubagentApi } from '../../src/adapters/wire/subagent-protocol';
import type { Provider } from '../../src/core/providers/types';
import type { AttemptRequest } from '../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../src/core/scenarios/players';

/** Task ids that make a test subagent misbehave instead of running the attempt. */
export const faults = {
  /** Throws (a thread pool's executor) or dies with an uncaught error (a worker). */
  crash: 'fault:crash',
  /** The call itself rejects. */
  reject: 'fault:reject',
  /** Never answers. */
  hang: 'fault:hang',
} as const;

type GateMessage =
  | { readonly type: 'enter'; readonly id: string }
  | { readonly type: 'leave'; readonly id: string }
  | { readonly type: 'release'; readonly id: string };

/** Waits on the gate `name` before each completion; an aborted request leaves the gate. */
export function gatedProvider(inner: Provider, name: string): Provider {
  return {
    name: inner.name,
    async complete(request) {
      const id = crypto.randomUUID();
      const channel = new BroadcastChannel(name);
      const signal = request.signal;
      let onAbort = (): void => {};
      try {
        await new Promise<void>((resolve, reject) => {
          channel.onmessage = (event: MessageEvent<GateMessage>) => {
            if (event.data.type === 'release' && event.data.id === id) resolve();
          };
          onAbort = () => {
            channel.postMessage({ type: 'leave', id } satisfies GateMessage);
            reject(new Error('aborted at the gate'));
          };
          channel.postMessage({ type: 'enter', id } satisfies GateMessage);
          if (signal?.aborted) onAbort();
          else signal?.addEventListener('abort', onAbort, { once: true });
        });
      } finally {
        signal?.removeEventListener('abort', onAbort);
        channel.close();
      }
      return inner.complete(request);
    },
  };
}

/** The test's side of a gate: who is held now, and the most held at once. */
export class Gate {
  readonly name = `gate-${crypto.randomUUID()}`;
  readonly held = new Set<string>();
  entered = 0;
  maxHeld = 0;
  private open = false;
  private readonly channel = new BroadcastChannel(this.name);

  constructor() {
    this.channel.onmessage = (event: MessageEvent<GateMessage>) => {
      const m = event.data;
      if (m.type === 'enter') {
        this.entered++;
        this.held.add(m.id);
        this.maxHeld = Math.max(this.maxHeld, this.held.size);
        if (this.open) this.release();
      } else if (m.type === 'leave') {
        this.held.delete(m.id);
      }
    };
  }

  /** Lets every held completion through. */
  release(): void {
    for (const id of this.held) this.channel.postMessage({ type: 'release', id } satisfies GateMessage);
    this.held.clear();
  }

  /** Lets everything through from now on. */
  openUp(): void {
    this.open = true;
    this.release();
  }

  close(): void {
    this.channel.close();
  }

  /** Resolves once `check()` holds and has kept holding for `quietMs` (messages cross threads). */
  async settle(check: () => boolean, quietMs = 40, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let since = check() ? Date.now() : undefined;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!check()) since = undefined;
      else since ??= Date.now();
      if (since !== undefined && Date.now() - since >= quietMs) return;
      if (Date.now() > deadline) throw new Error(`the gate did not settle within ${timeoutMs} ms`);
    }
  }
}

/**
 * The production host with faults on cue (`faults`), its model turns behind the gate `gate` when
 * one is named. A worker from tests/ exposes it; the real worker file stays free of test hooks.
 */
export function testSubagentHost(gate?: string): SubagentApi {
  const host = subagentHost((_provider, setup) => {
    const base = simulatedProviderFor(setup.profiles);
    return gate ? gatedProvider(base, gate) : base;
  });
  return {
    init: (setup, provider) => host.init(setup, provider),
    abort: () => host.abort(),
    rest: () => host.rest(),
    async run(request: AttemptRequest) {
      switch (request.taskId) {
        case faults.crash:
          // Uncaught, outside the call: the worker fires `error` and the call never answers.
          setTimeout(() => {
            throw new Error('the subagent fell over');
          });
          return new Promise(() => {});
        case faults.reject:
          throw new Error('the subagent refused');
        case faults.hang:
          return new Promise(() => {});
        default:
          return host.run(request);
      }
    },
  };
}
