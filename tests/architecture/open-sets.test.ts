/**
 * Every open set has one home (issue 60, item 2), as the scenario kinds have theirs
 * (kinds.test.ts): the end-of-run reasons and their words (src/core/trace/end-reason.ts), the plan
 * modes (TOPOLOGIES in src/core/trace/events.ts), the provider kinds (src/providers/registry.ts,
 * the simulated model's id in src/core/trace/simulated-id.ts) and the learned policy kinds
 * (src/core/learning/kinds/registry.ts). Each case scans src/ and fails on one spelled by hand
 * elsewhere; the last cases show each scan catching one.
 */

import { describe, expect, it } from 'vitest';
import { LEARNED_KINDS } from '../../src/core/learning/kinds/registry';
import { END_REASONS } from '../../src/core/trace/end-reason';
import { OLD_PLAN_WORDS, TOPOLOGIES } from '../../src/core/trace/events';
import { PROVIDER_IDS } from '../../src/providers/registry';
import { quoted, sourceFiles } from '../support/source-scan';

/** The reasons no other code says: any literal of one is a reason spelled by hand. */
const OWN_REASONS = END_REASONS.filter((r) => r.includes('-') || r === 'stalled');
/** Reasons that are also everyday words: spelled by hand when compared with a reason. */
const WORD_REASONS = END_REASONS.filter((r) => !OWN_REASONS.includes(r) && !r.startsWith('budget:'));
/** The words of an end, which only endWords says. */
const END_WORDS = ['budget ran out', 'context overflowed', 'submitted early by', 'was interrupted'];

function reasonsIn(code: string): string[] {
  const found: string[] = OWN_REASONS.filter((r) => quoted(r).test(code));
  if (/['"`]budget:/.test(code)) found.push('budget:…');
  for (const r of WORD_REASONS) {
    const compared = new RegExp(
      `reason\\w*\\)?\\s*[!=]==?\\s*['"\`]${r}['"\`]|['"\`]${r}['"\`]\\s*[!=]==?\\s*\\w*[rR]eason`,
    );
    if (compared.test(code)) found.push(r);
  }
  for (const w of END_WORDS) if (code.includes(w)) found.push(`"${w}"`);
  return found;
}

const PLAN_WORDS = [...TOPOLOGIES, ...Object.keys(OLD_PLAN_WORDS)].join('|');
/** Two plan modes side by side in a list or a union: a list of them written by hand. */
const PLAN_LIST = new RegExp(`['"\`](${PLAN_WORDS})['"\`]\\s*[,|]\\s*['"\`](${PLAN_WORDS})['"\`]`);
const planListsIn = (code: string): string[] => (PLAN_LIST.exec(code) ?? []).slice(0, 1);

const providersIn = (code: string): string[] => PROVIDER_IDS.filter((id) => quoted(id).test(code));

const KIND_WORDS = LEARNED_KINDS.join('|');
/**
 * A learned policy kind compared, switched on or listed beside another by hand: what
 * `p.kind === 'parl' || p.kind === 'bandit'` was, which kinds/registry.ts answers (isLearnedKind,
 * TRAINABLE_KINDS, a kind's own `play` and `restore`).
 */
const KIND_SPELLED = new RegExp(
  [
    `[!=]==?\\s*['"\`](${KIND_WORDS})['"\`]`,
    `['"\`](${KIND_WORDS})['"\`]\\s*[!=]==?`,
    `case\\s+['"\`](${KIND_WORDS})['"\`]`,
    `['"\`](${KIND_WORDS})['"\`]\\s*[,|]\\s*['"\`](${KIND_WORDS})['"\`]`,
  ].join('|'),
  'g',
);
const policyKindsIn = (code: string): string[] => [...code.matchAll(KIND_SPELLED)].map((m) => m[0]);

/** Files that may name members of a set, each for the reason given. */
const REASON_HOMES: Readonly<Record<string, string>> = {
  'src/core/trace/end-reason.ts': 'the reasons and their words',
  'src/core/runtime/machine.ts':
    'the runtime makes completed, completed-with-failures and stalled (typed EndReason)',
  'src/core/runtime/outcomes.ts': 'the breaker makes task-failed and context-overflow (typed BreakerReason)',
};
const PLAN_HOMES: Readonly<Record<string, string>> = {
  'src/core/trace/events.ts': 'the plan modes and their older words',
  'src/core/learning/plan-options.ts':
    "PARL's plan options: single, swarm and the cuts, a checkpoint's format",
  'src/core/policy/llm/plan-protocol.ts': 'the words the llm orchestrator is offered (solo, swarm) and maps',
};
const PROVIDER_HOMES: Readonly<Record<string, string>> = {
  'src/core/trace/simulated-id.ts': "the simulated model's id, which core's runs fall back to",
  'src/adapters/browser/webllm-provider.ts': 'the webllm provider itself, naming itself in traces',
  'src/adapters/common/openai-provider.ts': 'the openai provider itself, naming itself in traces',
};

/**
 * Where a learned kind may be named outside its folder: the trainer, which trains PARL by its
 * gradient and the bandit by its updates (a kind's trainer is not yet in its folder, issue 60).
 */
const POLICY_KIND_HOMES: Readonly<Record<string, string>> = {
  'src/core/learning/train.ts': 'the trainer: PARL by its gradient, the bandit by its updates',
  'src/core/learning/train-config.ts': "the trainer's settings, some PARL's and some the bandit's",
  'src/cli/train-flags.ts': "swarm train's flags, each for the kind it trains",
  'src/cli/train.ts': "swarm train's rollout workers, which only PARL's training uses",
  'src/adapters/browser/train-host.ts': "the page's rollout workers, which only PARL's training uses",
  'src/adapters/browser/train-client.ts': "the page's rollout workers, which only PARL's training uses",
  'src/cli/aux-rewards.ts': 'a study of PARL’s auxiliary rewards: it trains PARL',
  'src/cli/experiment.ts': 'experiments that train PARL',
  'src/core/bench/preference-experiment.ts': 'the preference experiment: it trains PARL across preferences',
  'src/cli/evaluate.ts': 'off-policy targets: the probabilities of a PARL or a bandit checkpoint',
  'src/core/router/router.ts': "the router's own bandit, a route source and no policy kind",
};

/** Each set's scan over src/, less its homes: "file: what it spelled". */
function scan(find: (code: string) => string[], homes: Readonly<Record<string, string>>, also?: RegExp) {
  const found: string[] = [];
  for (const { file, code } of sourceFiles()) {
    if (Object.hasOwn(homes, file) || also?.test(file)) continue;
    const named = find(code);
    if (named.length > 0) found.push(`${file}: ${named.join(', ')}`);
  }
  return found;
}

describe('the open sets, each written once', () => {
  it('spells an end-of-run reason or its words only in its home', () => {
    expect(scan(reasonsIn, REASON_HOMES)).toEqual([]);
  });

  it('lists the plan modes only in their home (a kind lists its own formations)', () => {
    expect(scan(planListsIn, PLAN_HOMES, /^src\/core\/scenarios\/[^/]+\/index\.ts$/)).toEqual([]);
  });

  it('names a provider kind only in its folder under src/providers', () => {
    expect(scan(providersIn, PROVIDER_HOMES, /^src\/providers\//)).toEqual([]);
  });

  it('names a learned policy kind only in its folder under src/core/learning/kinds', () => {
    expect(scan(policyKindsIn, POLICY_KIND_HOMES, /^src\/core\/learning\/kinds\//)).toEqual([]);
  });

  it('scans the real files: each home spells what it holds, so a stale exception fails too', () => {
    const filesIn = (found: string[]) => found.map((f) => f.slice(0, f.indexOf(':'))).sort();
    expect(filesIn(scan(reasonsIn, {}))).toEqual(Object.keys(REASON_HOMES).sort());
    expect(filesIn(scan(planListsIn, {}, /^src\/core\/scenarios\/[^/]+\/index\.ts$/))).toEqual(
      Object.keys(PLAN_HOMES).sort(),
    );
    expect(filesIn(scan(providersIn, {}, /^src\/providers\//))).toEqual(Object.keys(PROVIDER_HOMES).sort());
    expect(filesIn(scan(policyKindsIn, {}, /^src\/core\/learning\/kinds\//))).toEqual(
      Object.keys(POLICY_KIND_HOMES).sort(),
    );
  });

  it('catches each: a reason compared by hand, a word of an end, a list of modes, a provider, a policy kind', () => {
    // The page's four wordings before issue 60 (status-words.ts, path-summary.ts, metric-cards.ts).
    expect(reasonsIn("if (reason === 'completed-with-failures') return 'with failed tasks';")).toEqual([
      'completed-with-failures',
    ]);
    expect(reasonsIn("if (reason?.startsWith('budget:')) return `ended when its budget ran out`;")).toEqual([
      'budget:…',
      '"budget ran out"',
    ]);
    expect(reasonsIn("if (reason === 'aborted') return 'stopped';")).toEqual(['aborted']);
    expect(reasonsIn("const ended = e.reason !== 'finished';")).toEqual(['finished']);
    expect(reasonsIn("const COMPLETED = new Set(['completed', 'completed-with-failures']);")).toEqual([
      'completed-with-failures',
    ]);
    expect(reasonsIn("interrupted: 'was interrupted (its tab closed or reloaded)'")).toEqual([
      '"was interrupted"',
    ]);
    // Everyday words elsewhere are not reasons.
    expect(reasonsIn("w.on('completed', done); if (signal.aborted) stop();")).toEqual([]);

    expect(planListsIn("const modes: readonly PlanMode[] = ['swarm', 'single', 'peers'];")).toHaveLength(1);
    expect(planListsIn("readonly planMode?: 'single' | 'swarm' | 'peers';")).toHaveLength(1);
    expect(planListsIn("export const PLANS = ['solo', 'spawn', 'spawn/vote3'] as const;")).toHaveLength(1);
    expect(planListsIn("if (mode === 'single') return roles.single;")).toEqual([]);

    expect(providersIn("if (settings.provider === 'openai') return endpoint;")).toEqual(['openai']);
    expect(providersIn("provider: p?.kind ?? 'simulated',")).toEqual(['simulated']);
    expect(providersIn("const label = 'the simulated model';")).toEqual([]);

    // The page's three tests of a learned kind before issue 60 (policies.ts, saved-policies.ts,
    // train-view.tsx), a switch and a hand-written union.
    expect(policyKindsIn(".filter((p) => p.kind === 'parl' || p.kind === 'bandit')")).toHaveLength(2);
    expect(policyKindsIn("if (kind !== 'parl' && kind !== 'bandit') throw refuse();")).toHaveLength(2);
    expect(policyKindsIn("switch (kind) { case 'bandit': return used; }")).toHaveLength(1);
    expect(policyKindsIn("export type SavedKind = 'parl' | 'bandit' | 'retired';")).toHaveLength(1);
    // Its name as a default or a label is no test of a kind.
    expect(policyKindsIn("name: options.name ?? 'parl',")).toEqual([]);
  });
});
