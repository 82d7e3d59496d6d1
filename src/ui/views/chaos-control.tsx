import { For, untrack } from 'solid-js';
import type { HealingMode } from '../../core/request/run-request';
import { type FaultKind, faultKinds } from '../../core/trace/events';
import { app } from '../app-state';
import { faultAbout } from '../i18n/evidence-words';
import { type MessageId, t } from '../i18n/t';
import { say } from '../i18n/words';

const MODE_NOTE: Readonly<Record<HealingMode, MessageId>> = {
  on: 'chaos.on',
  detect: 'chaos.detect',
  off: 'chaos.off',
};

/**
 * The chaos control (docs/healing.md): faults to put into chosen agents of the next run — one
 * task's first attempt per fault, drawn from the seed — and whether the self-healing loop
 * quarantines and replaces them or only watches.
 */
export function ChaosControl() {
  const chosen = () => app.state().chaos;
  const toggle = (fault: FaultKind, on: boolean) =>
    app.update({ chaos: on ? [...chosen(), fault] : chosen().filter((f) => f !== fault) });
  return (
    // Open at first when the link asks for faults; after that the visitor opens and closes it. A
    // reactive `open` closed it again on every change of any setting (picking "detect" shut it).
    <details data-testid="chaos-control" open={untrack(chosen).length > 0}>
      <summary>
        {t('chaos.summary')}
        {chosen().length > 0 ? ` — ${chosen().join(', ')}` : ''}
      </summary>
      <fieldset class="form">
        <legend>{t('chaos.faults')}</legend>
        <For each={faultKinds}>
          {(fault) => (
            <label class="check">
              <input
                type="checkbox"
                data-testid={`chaos-${fault}`}
                checked={chosen().includes(fault)}
                onChange={(e) => toggle(fault, e.currentTarget.checked)}
              />
              <span>{t('fault.option', { fault, about: say(faultAbout(fault)) })}</span>
            </label>
          )}
        </For>
        <label>
          {t('chaos.healing')}
          <select
            data-testid="healing-mode"
            value={app.state().healing}
            onChange={(e) => app.update({ healing: e.currentTarget.value as HealingMode })}
          >
            <option value="on">{t('chaos.onShort')}</option>
            <option value="detect">{t('chaos.detectShort')}</option>
            <option value="off">{t('chaos.offShort')}</option>
          </select>
        </label>
        {/* The options stay short, so a narrow select does not cut them; what the mode does is said here. */}
        <p class="note" data-testid="healing-mode-note">
          {t(MODE_NOTE[app.state().healing])}
        </p>
      </fieldset>
    </details>
  );
}
