import { createResource, For } from 'solid-js';
import { fixedSettings, settingName } from '../../core/learning/fixed-policy';
import { policyNames } from '../../core/policy/registry';
import { t } from '../i18n/t';
import { savedPolicies } from '../run/policies';
import { policiesVersion } from '../run/saved-policies';

/** The policy a fork continues with, labelled: a built-in one, a fixed setting, or one trained in this browser. */
export function ForkPolicySelect(props: {
  value: string;
  onChange: (policy: string) => void;
  ref?: (select: HTMLSelectElement) => void;
}) {
  const [saved] = createResource(policiesVersion, savedPolicies);
  return (
    <label class="inline">
      {t('fork.with')}
      <select
        ref={(select) => props.ref?.(select)}
        class="field"
        data-testid="fork-policy"
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        <For each={policyNames()}>{(name) => <option value={name}>{name}</option>}</For>
        <For each={fixedSettings()}>
          {(s) => {
            // A policy's name, as the CLI and the link write it: not a word to translate.
            const name = `fixed:${settingName(s)}`;
            return <option value={name}>{name}</option>;
          }}
        </For>
        <For each={saved() ?? []}>
          {(p) => (
            <option value={`${p.kind}:${p.name}`}>{t('fork.trained', { kind: p.kind, name: p.name })}</option>
          )}
        </For>
      </select>
    </label>
  );
}
