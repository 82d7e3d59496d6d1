/**
 * How the Router's plan is run from the page: with a real model, on the user's own request (the
 * team of the plan works on it, core/run/request-plan.ts); with the simulated model, as a sample
 * task of the workflow, said in plain words before the run.
 */

import { Show } from 'solid-js';
import { ownRequestPolicy, type TeamPlan } from '../../core/router/plan';
import { SIMULATED } from '../../core/trace/simulated-id';
import { openai } from '../../providers/openai/provider';
import { providerOf } from '../../providers/registry';
import { webllm } from '../../providers/webllm/provider';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE } from '../catalog';
import { providerLabel } from '../i18n/provider-words';
import { t } from '../i18n/t';
import { sampleLine, setRouted } from './no-run-hint';

// The policy that runs a plan on the user's own request with a real model (core/router/plan.ts).
export { ownRequestPolicy };

export const isKnowledgeBase = (scenario: string) => scenario === ASK_KNOWLEDGE_BASE;

/** The real model the Run view is set to, in words, or undefined with the simulated one. */
export function realModel(): string | undefined {
  // Words that read mid-sentence; capitalize() starts a sentence with them.
  const s = app.state();
  if (s.provider === webllm.id) return s.wmodel ? t('router.webllmModel', { model: s.wmodel }) : 'WebLLM';
  if (s.provider === openai.id)
    return s.model ? t('router.endpointModel', { model: s.model }) : t('router.endpointAny');
  // Any other registered provider, by its own label.
  if (s.provider !== SIMULATED) {
    const p = providerOf(s.provider);
    return p ? providerLabel(p) : s.provider;
  }
  return undefined;
}

/** Who does what, in a sentence: the roles the run's agents will be named after. */
export function teamWords(plan: TeamPlan): string {
  const roles = [...new Set(plan.workers)].join(', ');
  const first = plan.workers[0] ?? '';
  if (plan.topology === 'single') return t('router.teamSingle', { role: first });
  if (plan.topology === 'peers') return t('router.teamPeers', { roles, first });
  return t('router.teamSwarm', { manager: plan.manager_role ?? '', roles });
}

/** With the simulated model: the workflow's sample task (or the knowledge base), said before the run. */
export function sampleRun(a: { request: string }, r: { scenario: string; policy: string }) {
  return (
    <>
      <Show
        when={sampleLine(r.scenario, app.state().provider)}
        fallback={
          <p class="note" data-testid="router-kb">
            {t('router.kb')}
          </p>
        }
      >
        {(line) => (
          <p class="note" data-testid="router-sample">
            {line()}.
          </p>
        )}
      </Show>
      <button
        type="button"
        class="secondary"
        data-testid="router-run"
        onClick={() => {
          setRouted({ request: a.request, scenario: r.scenario });
          app.update({
            view: 'run',
            scenario: r.scenario,
            policy: r.policy,
            size: 0,
            runs: [],
            ask: '',
            team: [],
            lead: '',
            ...(r.scenario === ASK_KNOWLEDGE_BASE ? { question: a.request } : {}),
          });
        }}
      >
        {t('router.openScenario', { scenario: r.scenario, policy: r.policy })}
      </button>
    </>
  );
}

/** A phrase at the start of a sentence. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
