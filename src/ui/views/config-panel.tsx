import { createResource, For, Show } from 'solid-js';
import { contextStrategyNames } from '../../core/agents/context/registry';
import { fixedSettings, settingName } from '../../core/learning/fixed-policy';
import { policyNames } from '../../core/policy/registry';
import { FAILURE_POLICIES, JOIN_MODES } from '../../core/runtime/config';
import { PROFILE_NAMES } from '../../core/scenarios/profiles';
import type { PlayMode } from '../../core/trace/events';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE, catalog, findScenario, sizeRange } from '../catalog';
import { t } from '../i18n/t';
import { savedPolicies } from '../run/policies';
import { policiesVersion } from '../run/saved-policies';
import { quoted } from '../url-state';
import { ChaosControl } from './chaos-control';
import { optionTitle } from './option-title';
import { PreferenceControl } from './preference-control';
import { ProviderPicker } from './provider-picker';

const num = (event: Event) => Number((event.currentTarget as HTMLInputElement).value) || 0;
const text = (event: Event) => (event.currentTarget as HTMLSelectElement).value;

/** The fixed settings, as policy names: each is one arm of the bandit, run without learning. */
const fixedNames = fixedSettings().map((setting) => `fixed:${settingName(setting)}`);

/** Every setting of a run; each change goes to the URL, so the experiment is a link. */
export function ConfigPanel() {
  const s = () => app.state();
  const isGraph = () => findScenario(s().scenario)?.type === 'graph';
  const range = () => {
    const entry = findScenario(s().scenario);
    return entry ? sizeRange(entry) : undefined;
  };
  const ownRequest = () => s().ask.trim() !== '' && s().provider !== SIMULATED;
  const [saved] = createResource(policiesVersion, savedPolicies);
  // A link can name a saved policy this browser does not have: the picker shows that name (it is
  // what Run would try) and says so, rather than showing another policy it will not run.
  const missing = () => {
    const policy = s().policy;
    const list = saved();
    if (!list || !/^(parl|bandit):/.test(policy)) return undefined;
    return list.some((p) => `${p.kind}:${p.name}` === policy) ? undefined : policy;
  };
  return (
    <div class="panel form">
      <h2>{t('settings.heading')}</h2>
      <label>
        {t('settings.scenario')}
        <select
          data-testid="scenario-select"
          // The sidebar cuts a long title short; hovering shows all of it.
          title={findScenario(s().scenario)?.title}
          value={s().scenario}
          onChange={(e) => app.update({ scenario: text(e), size: 0 })}
        >
          <For each={catalog}>{(entry) => <option value={entry.id}>{optionTitle(entry.title)}</option>}</For>
        </select>
      </label>
      {/* The scenario that asks the user's own documents asks this question (the Knowledge view's
          Ask fills it in); empty, it asks what the documents say. */}
      <Show when={s().scenario === ASK_KNOWLEDGE_BASE}>
        <label>
          {t('settings.question')}
          <input
            type="text"
            maxLength={1000}
            data-testid="kb-run-question"
            placeholder={t('settings.questionPlaceholder')}
            value={s().question}
            onChange={(e) => app.update({ question: e.currentTarget.value })}
          />
        </label>
      </Show>
      {/* The user's own request is split by its team's roles, not by the sample's size. */}
      <Show when={!ownRequest() && range()}>
        {(r) => (
          <label>
            {t('settings.size', { min: r().min, max: r().max })}
            <input
              type="number"
              min={r().min}
              max={r().max}
              value={s().size || r().default}
              onChange={(e) => {
                const v = num(e);
                app.update({ size: v >= r().min && v <= r().max ? v : 0 });
              }}
            />
          </label>
        )}
      </Show>
      <label>
        {t('settings.seed')}
        <input
          type="number"
          min="0"
          data-testid="seed-input"
          value={s().seed}
          onChange={(e) => app.update({ seed: Math.max(0, Math.floor(num(e))) })}
        />
      </label>
      <label>
        {t('settings.policy')}
        <select
          data-testid="policy-select"
          value={s().policy}
          onChange={(e) => app.update({ policy: text(e) })}
        >
          <For each={policyNames()}>{(name) => <option value={name}>{name}</option>}</For>
          {/* A pure-scheduling card has tasks of fixed cost and no agents: nothing for a model to
              orchestrate, so the model orchestrator is offered for task scenarios only. */}
          <option value="llm" disabled={isGraph()} title={isGraph() ? t('settings.llmTitle') : undefined}>
            {isGraph() ? t('settings.llmGraph') : t('settings.llm')}
          </option>
          <optgroup label={t('settings.fixed')}>
            <For each={fixedNames}>
              {(name) => (
                <option value={name} selected={s().policy === name}>
                  {name}
                </option>
              )}
            </For>
            {/* A link's per-kind setting (fixed:wide-search=all/large:…) is shown as it is. */}
            <Show when={s().policy.startsWith('fixed:') && !fixedNames.includes(s().policy)}>
              <option value={s().policy} selected>
                {s().policy}
              </option>
            </Show>
          </optgroup>
          <For each={saved() ?? []}>
            {(p) => (
              // `selected`, not only the select's value: these options arrive after the select has
              // taken the link's value, which then matched nothing and showed the first policy.
              <option value={`${p.kind}:${p.name}`} selected={s().policy === `${p.kind}:${p.name}`}>
                {t('settings.trained', { kind: p.kind, name: p.name })}
              </option>
            )}
          </For>
          <Show when={missing()}>
            {(name) => (
              <option value={name()} selected>
                {t('settings.notHere', { name: name() })}
              </option>
            )}
          </Show>
        </select>
      </label>
      <Show when={/^(parl|bandit):/.test(s().policy)}>
        <label title={t('settings.playsTitle')}>
          {t('settings.plays')}
          <select
            data-testid="play-select"
            value={s().play}
            onChange={(e) => app.update({ play: text(e) as PlayMode })}
          >
            <option value="greedy">{t('settings.greedy')}</option>
            <option value="sample">{t('settings.sample')}</option>
          </select>
        </label>
      </Show>
      <PreferenceControl />
      <Show when={missing()}>
        {(name) => (
          <p class="note warning" role="alert" data-testid="policy-missing">
            {t('settings.missing', { name: quoted(name()) })}
          </p>
        )}
      </Show>
      <ProviderPicker />
      <label>
        {t('settings.profile')}
        <select value={s().profile} onChange={(e) => app.update({ profile: text(e) as never })}>
          <option value="">{t('settings.scenarios')}</option>
          <For each={PROFILE_NAMES}>{(name) => <option value={name}>{name}</option>}</For>
        </select>
      </label>
      <details>
        <summary>{t('settings.more')}</summary>
        <div class="form">
          <label>
            {t('settings.concurrent')}
            <input
              type="number"
              min="0"
              max="100"
              value={s().subagents}
              onChange={(e) => app.update({ subagents: Math.min(100, Math.max(0, num(e))) })}
            />
          </label>
          <label>
            {t('settings.criticalBudget')}
            <input
              type="number"
              min="0"
              value={s().criticalSteps}
              onChange={(e) => app.update({ criticalSteps: Math.max(0, num(e)) })}
            />
          </label>
          <label>
            {t('settings.toolBudget')}
            <input
              type="number"
              min="0"
              value={s().toolCalls}
              onChange={(e) => app.update({ toolCalls: Math.max(0, num(e)) })}
            />
          </label>
          <label>
            {t('settings.join')}
            <select value={s().join} onChange={(e) => app.update({ join: text(e) as never })}>
              <option value="">{t('settings.scenarios')}</option>
              <For each={JOIN_MODES}>{(name) => <option value={name}>{name}</option>}</For>
            </select>
          </label>
          <label>
            {t('settings.failure')}
            <select value={s().failure} onChange={(e) => app.update({ failure: text(e) as never })}>
              <option value="">{t('settings.scenarios')}</option>
              <For each={FAILURE_POLICIES}>{(name) => <option value={name}>{name}</option>}</For>
            </select>
          </label>
          <label>
            {t('settings.context')}
            <select value={s().context} onChange={(e) => app.update({ context: text(e) as never })}>
              <option value="">{t('settings.scenarios')}</option>
              <For each={contextStrategyNames}>{(name) => <option value={name}>{name}</option>}</For>
            </select>
          </label>
          <label>
            {t('settings.pace')}
            <input
              type="number"
              min="0"
              max="5000"
              value={s().pace}
              onChange={(e) => app.update({ pace: Math.min(5000, Math.max(0, num(e))) })}
            />
          </label>
        </div>
      </details>
      <ChaosControl />
    </div>
  );
}
