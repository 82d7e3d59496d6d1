import { Show } from 'solid-js';
import type { TraceHeader } from '../../core/trace/header';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import { holds, settingsOfRun } from '../run/settings-of-run';

/**
 * What a replayed run was, and the way back to making it again. The settings form beside a stored
 * run is the next run's, not this one's: an imported trace of policy llm used to open beside a form
 * that still said heuristic, with nothing to say which was which.
 */
export function StoredRunNote(props: { header: TraceHeader }) {
  const settings = () => settingsOfRun(props.header);
  const usable = () => {
    const s = settings();
    return s.ok ? s : undefined;
  };
  const reason = () => {
    const s = settings();
    return s.ok ? '' : say(s.reason);
  };
  const applied = () => {
    const s = usable();
    return s !== undefined && holds(app.state(), s.patch);
  };
  return (
    <div class="note" data-testid="stored-run-note">
      <p>
        {t('stored.line', {
          title: props.header.scenario.title ?? props.header.scenario.id,
          policy: props.header.policy,
          seed: String(props.header.seed),
          provider: props.header.provider,
        })}{' '}
        {applied() ? t('stored.same') : t('stored.other')}
      </p>
      <Show
        when={usable()}
        fallback={
          <p data-testid="run-settings-unavailable">{t('stored.cannot', { reason: reason() ?? '' })}</p>
        }
      >
        {(s) => (
          <>
            <Show when={!applied()}>
              <button
                type="button"
                class="secondary"
                data-testid="use-run-settings"
                onClick={() => app.update(s().patch)}
              >
                {t('stored.use')}
              </button>
            </Show>
            <Show when={s().left.length > 0}>
              <p data-testid="run-settings-left">
                {t('stored.left', {
                  left: s()
                    .left.map((l) => say(l))
                    .join('; '),
                })}
              </p>
            </Show>
          </>
        )}
      </Show>
    </div>
  );
}
