/**
 * A run's analyses as kept with it in the Library: each question, the answer, the model that gave
 * it and when, newest first. Shown under the Run view's "Ask a model about this run" and in the
 * Library's row of the run.
 */
import { For, Show } from 'solid-js';
import type { Analysis } from '../../core/vision/analyze';
import { locale } from '../i18n/locale';
import { t } from '../i18n/t';

export function RunAnalyses(props: { readonly analyses: readonly Analysis[] }) {
  const newestFirst = () => [...props.analyses].reverse();
  return (
    <Show when={props.analyses.length > 0} fallback={<p class="note">{t('analysis.none')}</p>}>
      <ol class="analyses" data-testid="run-analyses">
        <For each={newestFirst()}>
          {(a) => (
            <li data-testid="run-analysis">
              <p class="note" data-testid="run-analysis-by">
                {t('analysis.by', { model: a.model, provider: a.provider, when: whenOf(a.at) })}
              </p>
              <p>
                <strong>{t('analysis.asked')}:</strong>{' '}
                <span data-testid="run-analysis-question">{a.question}</span>
              </p>
              <p class="analysis-answer" data-testid="run-analysis-answer">
                {a.answer}
              </p>
              <p class="note">
                {t('analysis.shown', {
                  images:
                    a.images.length === 0
                      ? t('analysis.noImages')
                      : a.images.map((i) => `${i.label} (${Math.ceil(i.bytes / 1024)} KB)`).join(', '),
                })}
              </p>
            </li>
          )}
        </For>
      </ol>
    </Show>
  );
}

/** The record's time in the reader's own way of writing dates, or as kept if it is not a date. */
function whenOf(at: string): string {
  const time = Date.parse(at);
  return Number.isNaN(time) ? at : new Date(time).toLocaleString(locale());
}
