/**
 * How the Router's plan is run from the page: with a real model, on the user's own request (the
 * team of the plan works on it, core/run/request-plan.ts); with the simulated model, as a sample
 * task of the workflow, said in plain words before the run.
 */

import { Show } from 'solid-js';
import { ownRequestPolicy, policyForPlan, type TeamPlan } from '../../core/router/plan';
import type { Route } from '../../core/router/router';
import { formationsOf } from '../../core/run/formations';
import { SIMULATED } from '../../core/trace/simulated-id';
import { openai } from '../../providers/openai/provider';
import { providerOf } from '../../providers/registry';
import { webllm } from '../../providers/webllm/provider';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE, findScenario } from '../catalog';
import { providerLabel } from '../i18n/provider-words';
import { t } from '../i18n/t';
import { ownRequestGrading } from '../model/quality';
import { session } from '../run/session';
import { sampleLine, setRouted } from './no-run-hint';

const isKnowledgeBase = (scenario: string) => scenario === ASK_KNOWLEDGE_BASE;

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
function teamWords(plan: TeamPlan): string {
  const roles = [...new Set(plan.workers)].join(', ');
  const first = plan.workers[0] ?? '';
  if (plan.topology === 'single') return t('router.teamSingle', { role: first });
  if (plan.topology === 'peers') return t('router.teamPeers', { roles, first });
  return t('router.teamSwarm', { manager: plan.manager_role ?? '', roles });
}

/** With the simulated model: the workflow's sample task (or the knowledge base), said before the run. */
function sampleRun(a: { request: string }, r: { scenario: string; policy: string }) {
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
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What runs the plan here: the workflow's scenario under the formation's policy, or why not. */
function runnable(plan: TeamPlan, route: Route): { scenario: string; policy: string } | string {
  // A question for the knowledge base is asked of the user's own documents, as the Knowledge view
  // asks it: the request itself is the question.
  const kb = findScenario(ASK_KNOWLEDGE_BASE);
  const id = kb?.type === 'task' && kb.spec.kind === route.workflow ? kb.id : route.workflow;
  const entry = findScenario(id);
  if (!entry) return t('router.noScenario', { workflow: route.workflow });
  const policy = policyForPlan[plan.topology];
  // With a real model, any workflow's own request can be run by peers (core/run/request-plan.ts).
  const own = realModel() !== undefined && !isKnowledgeBase(id);
  if (
    !own &&
    policy === 'peers' &&
    !(entry.type === 'task' && formationsOf(entry.spec.kind).includes('peers'))
  ) {
    return t('router.noPeers', { workflow: route.workflow });
  }
  return { scenario: id, policy };
}

/**
 * The plan's run, under the plan: the user's own request run by the plan's team with a real
 * model, else the workflow's sample task; or why the page cannot run it.
 */
export function PlanRun(props: { request: string; route: Route; plan: TeamPlan }) {
  const run = () => runnable(props.plan, props.route);
  return (
    <Show
      when={typeof run() !== 'string' && (run() as { scenario: string; policy: string })}
      fallback={<p class="note">{run() as string}</p>}
    >
      {(r) => (
        <Show when={!isKnowledgeBase(r().scenario) && realModel()} fallback={sampleRun(props, r())}>
          {(model) => (
            <>
              <p class="note" data-testid="router-own">
                {t('router.own', {
                  model: capitalize(model()),
                  team: teamWords(props.plan),
                  grading: ownRequestGrading(props.route.workflow),
                })}
              </p>
              <button
                type="button"
                class="primary"
                data-testid="router-run-own"
                onClick={() => {
                  setRouted({ request: props.request, scenario: r().scenario });
                  app.update({
                    view: 'run',
                    scenario: r().scenario,
                    policy: ownRequestPolicy[props.plan.topology],
                    size: 0,
                    runs: [],
                    ask: props.request,
                    team: props.plan.workers,
                    lead: props.plan.manager_role ?? '',
                  });
                  // "Run your request" runs it: it opened an idle Run view before.
                  void session.start();
                }}
              >
                {t('router.runOwn', { model: model(), policy: ownRequestPolicy[props.plan.topology] })}
              </button>
            </>
          )}
        </Show>
      )}
    </Show>
  );
}
