/**
 * What a learned policy (PARL, a bandit) decided in this run, and with what probability: its plan
 * before the task was split (single, swarm or a cut swarm, or the bandit's arm), then each decision's width,
 * profile and go / submit, what its failed tasks do (retry, escalate, degrade) and whether its
 * spare replicas run and vote (run, drop). The trace keeps the same numbers (orchestrator.step
 * `choices`, the header's `planChoices`), ready for off-policy evaluation.
 */
import { For, Show } from 'solid-js';
import { type PlayMode, type PolicyChoice, todaysPlanWords } from '../../core/trace/events';
import { t } from '../i18n/t';
import { formatFixed } from '../model/format';
import type { RunSnapshot } from '../model/replay';

const HEADS: Readonly<Record<string, string>> = {
  plan: 'plan',
  arm: 'setting',
  width: 'width',
  profile: 'profile',
  control: 'then',
  retry: 'failed tasks',
  vote: 'spare replicas',
};

/**
 * "plan swarm (p 0.93)", "profile large (p 0.64)": one choice in words; an older trace's plan or
 * arm in the learned policies' old words (`spawn`, `solo/large`) in today's.
 */
export const choiceWords = (c: PolicyChoice): string =>
  `${HEADS[c.head] ?? c.head} ${c.head === 'plan' || c.head === 'arm' ? todaysPlanWords(c.option) : c.option} (p ${formatFixed(c.probability, 2)})`;

export function PolicyDecisions(props: {
  snapshot: RunSnapshot;
  plan: readonly PolicyChoice[] | undefined;
  /** How the policy chose in this run (the trace header's `play`); greedy when absent. */
  play?: PlayMode | undefined;
}) {
  return (
    <Show when={(props.plan?.length ?? 0) > 0 || props.snapshot.decisions.length > 0}>
      <div class="figure" data-testid="policy-decisions">
        <h3>{t('decisions.heading')}</h3>
        <p class="note">
          {t('decisions.note', {
            how: props.play === 'sample' ? t('decisions.sampled') : t('decisions.greedy'),
          })}
        </p>
        <ol class="calls">
          <Show when={props.plan}>
            {(plan) => (
              <li data-testid="policy-plan">
                <code>{t('decisions.before')}</code> {plan().map(choiceWords).join(' · ')}
              </li>
            )}
          </Show>
          <For each={props.snapshot.decisions}>
            {(d) => (
              <li data-testid="policy-decision">
                <code>{t('decisions.step', { step: d.step, t: d.t })}</code>{' '}
                {d.choices.map(choiceWords).join(' · ')}
              </li>
            )}
          </For>
        </ol>
      </div>
    </Show>
  );
}
