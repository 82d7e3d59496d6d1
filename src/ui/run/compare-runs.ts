/**
 * The Compare view's picked policies, run one after another on one scenario and seed through the
 * page's one session (`session.start`, the path the Run view's "Compare with a single agent"
 * takes), so each run is made, shown and stored in the Library as any other. A policy that cannot
 * load (a saved policy deleted, a bad checkpoint, `llm` with no model) gets its message and the
 * others still run. The comparison's state lives here, not in the view, so it goes on when the
 * view is left and shows again when it is opened.
 */

import { createRoot, createSignal } from 'solid-js';
import { LLM_POLICY } from '../../core/request/policy-name';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { saidOf } from '../i18n/page-error';
import { type Said, words } from '../i18n/words';
import type { PickState } from '../model/compare-picks';
import type { AppState } from '../url-state';
import { resolvePolicy } from './policies';
import { session } from './session';

export interface Comparison {
  readonly scenario: string;
  readonly seed: number;
  readonly picks: readonly PickState[];
  /** Stopped by the user: the run going on was stopped and the queued ones dropped. */
  readonly stopped: boolean;
}

/**
 * Why a policy cannot run on these settings, before anything starts; undefined when it can load.
 * A trained policy is loaded as a run would load it (and checked against the bundled profiles).
 */
export async function loadProblem(policy: string, settings: AppState): Promise<Said | undefined> {
  if (policy === LLM_POLICY) return llmProblem(settings);
  if (!policy.includes(':')) return undefined;
  try {
    await resolvePolicy(policy);
    return undefined;
  } catch (error) {
    return saidOf(error);
  }
}

/**
 * Why `llm` is not offered: a model orchestrates agents, so it needs a model (the simulated one
 * only plays one offline, which a comparison of orchestrators would pass off as a model's) and a
 * task scenario.
 */
export function llmProblem(settings: Pick<AppState, 'scenario' | 'provider'>): Said | undefined {
  if (findScenario(settings.scenario)?.type === 'graph') return words('pickError.llmGraph');
  if (settings.provider === SIMULATED) return words('pickError.llmModel');
  return undefined;
}

function createComparisons() {
  const [current, setCurrent] = createSignal<Comparison | undefined>();
  let stopping = false;

  const setPick = (index: number, pick: PickState) =>
    setCurrent((c) => (c ? { ...c, picks: c.picks.map((p, i) => (i === index ? pick : p)) } : c));

  /** The runs made so far, in the picks' order, into the link while the Compare view is open. */
  const showRuns = () => {
    const c = current();
    if (!c || app.state().view !== 'compare') return;
    app.update({ runs: c.picks.flatMap((p) => (p.state === 'done' ? [p.id] : [])) });
  };

  /** Runs `policies` on the settings' scenario and seed, one after another; the first is the baseline. */
  async function run(policies: readonly string[], settings: AppState = app.state()): Promise<void> {
    if (running() || session.busy()) return;
    stopping = false;
    setCurrent({
      scenario: settings.scenario,
      seed: settings.seed,
      picks: policies.map((policy): PickState => ({ policy, state: 'queued' })),
      stopped: false,
    });
    if (app.state().view === 'compare') app.update({ runs: [] });
    for (const [index, policy] of policies.entries()) {
      if (stopping) break;
      setPick(index, { policy, state: 'running' });
      const problem = await loadProblem(policy, settings);
      if (problem !== undefined) {
        setPick(index, { policy, state: 'failed', message: problem });
        continue;
      }
      // Step mode would hold each run for "Next step", which this view does not have.
      const id = await session.start({ ...settings, policy, step: false, runs: [] }, { open: false });
      const ended = session.view();
      if (ended.status === 'done' && id !== undefined) {
        setPick(index, { policy, state: 'done', id });
        showRuns();
      } else {
        const why: Said =
          ended.status === 'cancelled'
            ? words('pickError.stopped')
            : ended.error === undefined
              ? words('pickError.notEnded')
              : ended.error;
        setPick(index, { policy, state: 'failed', message: why });
      }
    }
    setCurrent((c) =>
      c
        ? {
            ...c,
            stopped: stopping,
            // What never started is said so, not left "queued" for ever.
            picks: c.picks.map((p) =>
              p.state === 'queued'
                ? { policy: p.policy, state: 'failed' as const, message: words('pickError.notRun') }
                : p,
            ),
          }
        : c,
    );
    showRuns();
  }

  function running(): boolean {
    return current()?.picks.some((p) => p.state === 'queued' || p.state === 'running') ?? false;
  }

  return {
    current,
    running,
    run,
    /** Stops the run going on and drops the queued ones; the runs already made stay. */
    stop: () => {
      stopping = true;
      session.stop();
    },
  };
}

export const comparisons = createRoot(createComparisons);
