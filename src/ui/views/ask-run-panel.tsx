/**
 * "Ask a model about this run", under a finished run in the Run view (live or stored): a question
 * (or a suggested one), a model among the page's (ui/run/ask-models.ts; one that cannot see is
 * marked and refused, in words, before anything is drawn or sent), then the run's pictures drawn to
 * PNG and sent with its summary through the API's analyze (ui/run/ask-run.ts, loaded on the first
 * Ask). While it waits: what it is doing, and Cancel. A failure is said in place; the question
 * stays. The answer is shown beside the pictures the model saw and kept with the run.
 */
import { createMemo, createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { SIMULATED } from '../../core/trace/simulated-id';
import { openai } from '../../providers/openai/provider';
import { app } from '../app-state';
import { saidOf } from '../i18n/page-error';
import { t } from '../i18n/t';
import { type Said, say, words } from '../i18n/words';
import { type AskChoice, askChoices, refusalOf, statedSight } from '../run/ask-models';
import type { Asked, AskPhase } from '../run/ask-run';
import { models } from '../run/models';
import { services } from '../services';
import { RunAnalyses } from './run-analyses';

const SUGGESTED = ['analysis.bottleneck', 'analysis.notBeat', 'analysis.path'] as const;

export interface PanelTrace {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
}

export function AskRunPanel(props: {
  readonly runId: string;
  /** The run's trace: at hand for a stored run, read from the Library for the run that just ended. */
  readonly trace: () => Promise<PanelTrace>;
  /** Whether the Run view's timeline shows the run's end now: only then is it shown to the model. */
  readonly timelineAtEnd: () => boolean;
}) {
  const [question, setQuestion] = createSignal('');
  const choices = createMemo(() => askChoices(app.state(), models.webllm(), statedSight));
  const [picked, setPicked] = createSignal(0);
  const choice = (): AskChoice => choices()[Math.min(picked(), choices().length - 1)] as AskChoice;
  const [phase, setPhase] = createSignal<AskPhase | undefined>();
  const [problem, setProblem] = createSignal<{ kind: 'refused' | 'error' | 'note'; said: Said }>();
  const [asked, setAsked] = createSignal<Asked>();
  const [kept, { refetch }] = createResource(
    () => props.runId,
    async (id) => (await services.analyses()).of(id),
  );
  let abort: AbortController | undefined;
  onCleanup(() => abort?.abort(new Error('the run view closed')));

  async function ask() {
    setProblem(undefined);
    const text = question().trim();
    if (text === '') return setProblem({ kind: 'refused', said: words('analysis.emptyQuestion') });
    const now = choice();
    const refusal = refusalOf(now);
    if (refusal) return setProblem({ kind: 'refused', said: refusal });
    const controller = new AbortController();
    abort = controller;
    try {
      setPhase('drawing');
      const [{ askAboutRun }, trace] = await Promise.all([import('../run/ask-run'), props.trace()]);
      const result = await askAboutRun({
        runId: props.runId,
        ...trace,
        question: text,
        choice: now,
        ...(props.timelineAtEnd() ? { timeline: timelineOnPage() } : {}),
        signal: controller.signal,
        onPhase: setPhase,
      });
      if (controller.signal.aborted) return;
      setAsked(result);
      void refetch();
    } catch (error) {
      setProblem(
        controller.signal.aborted
          ? { kind: 'note', said: words('analysis.cancelled') }
          : { kind: 'error', said: words('analysis.failed', { error: say(saidOf(error)) }) },
      );
    } finally {
      if (abort === controller) abort = undefined;
      setPhase(undefined);
    }
  }

  function download() {
    const list = kept() ?? [];
    const replaced = services.download(
      `swarmflight-analyses-${props.runId}.json`,
      `${JSON.stringify({ run: props.runId, analyses: list }, null, 2)}\n`,
    );
    if (replaced > 0) setProblem({ kind: 'note', said: words('analysis.downloadRedacted', { n: replaced }) });
  }

  const modelName = () => {
    const c = choice();
    return c.provider === SIMULATED ? t('analysis.simulated') : c.model;
  };
  return (
    <section class="figure ask-run" aria-labelledby="ask-run-heading" data-testid="ask-run">
      <h3 id="ask-run-heading">{t('analysis.heading')}</h3>
      <p class="note">{t('analysis.about', { timeline: props.timelineAtEnd() ? 'yes' : 'no' })}</p>
      <form
        class="form ask-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!phase()) void ask();
        }}
      >
        <label>
          {t('analysis.question')}
          <textarea
            class="field"
            rows={2}
            maxLength={2000}
            data-testid="ask-question"
            value={question()}
            onInput={(e) => setQuestion(e.currentTarget.value)}
          />
        </label>
        <fieldset class="ask-suggested">
          <legend class="note">{t('analysis.suggested')}</legend>
          <For each={SUGGESTED}>
            {(id) => (
              <button
                type="button"
                class="secondary"
                data-testid="ask-suggestion"
                onClick={() => setQuestion(t(id))}
              >
                {t(id)}
              </button>
            )}
          </For>
        </fieldset>
        <label>
          {t('analysis.model')}
          <select
            data-testid="ask-model"
            value={String(Math.min(picked(), choices().length - 1))}
            onChange={(e) => setPicked(Number(e.currentTarget.value))}
          >
            <For each={choices()}>
              {(c, i) => (
                <option value={String(i())} data-provider={c.provider}>
                  {`${choiceName(c)} — ${c.sees ? t('analysis.canSee') : t('analysis.cannotSee')}`}
                </option>
              )}
            </For>
          </select>
        </label>
        {/* The option's own words are cut on a phone: what it can do is said in full here. */}
        <p class="note" data-testid="ask-sight">
          {choice().sees ? t('analysis.chosenSees') : t('analysis.chosenBlind')}
        </p>
        <Show when={choice().provider === openai.id && choice().model}>
          <label class="check">
            <input
              type="checkbox"
              data-testid="ask-sees"
              checked={choice().sees}
              onChange={(e) =>
                statedSight.state(choice().endpoint ?? '', choice().model, e.currentTarget.checked)
              }
            />
            {t('analysis.sees')}
          </label>
          <p class="note">{t('analysis.seesHelp')}</p>
        </Show>
        <div class="actions">
          <button type="submit" class="primary" data-testid="ask-button" disabled={phase() !== undefined}>
            {t('analysis.ask')}
          </button>
          <Show when={phase()}>
            <button
              type="button"
              class="secondary"
              data-testid="ask-cancel"
              onClick={() => abort?.abort(new Error('cancelled by the user'))}
            >
              {t('analysis.cancel')}
            </button>
          </Show>
        </div>
      </form>
      <Show when={phase()}>
        {(p) => (
          <p class="note" role="status" data-testid="ask-progress">
            <progress class="ask-progress" aria-label={phaseWords(p(), modelName())} />{' '}
            {phaseWords(p(), modelName())}
          </p>
        )}
      </Show>
      <Show when={problem()}>
        {(p) => (
          <p
            class={p().kind === 'note' ? 'note' : 'error'}
            role={p().kind === 'note' ? 'status' : 'alert'}
            data-testid={`ask-${p().kind}`}
          >
            {say(p().said)}
          </p>
        )}
      </Show>
      <Show when={asked()}>
        {(a) => (
          <div class="ask-result" data-testid="ask-result">
            <div class="ask-pictures">
              <For each={a().pictures}>
                {(picture) => (
                  <figure>
                    <a href={picture.url} target="_blank" rel="noopener">
                      <img
                        src={picture.url}
                        alt={t('analysis.picture', { model: a().analysis.model, label: picture.label })}
                        data-testid="ask-picture"
                      />
                    </a>
                    <figcaption class="note">{picture.label}</figcaption>
                  </figure>
                )}
              </For>
            </div>
            <div class="ask-answer">
              <h4>{t('analysis.answer', { model: a().analysis.model })}</h4>
              <p class="analysis-answer" data-testid="ask-answer">
                {a().analysis.answer}
              </p>
            </div>
          </div>
        )}
      </Show>
      <details class="ask-kept" open={(kept()?.length ?? 0) > 0}>
        <summary data-testid="ask-kept-count">{t('analysis.kept', { n: kept()?.length ?? 0 })}</summary>
        <Show when={kept.error}>
          <p class="error" role="alert">
            {t('analysis.unreadable', { error: String((kept.error as Error).message) })}
          </p>
        </Show>
        <RunAnalyses analyses={kept() ?? []} />
        <Show when={(kept()?.length ?? 0) > 0}>
          <button type="button" class="secondary" data-testid="ask-download" onClick={download}>
            {t('analysis.download')}
          </button>
        </Show>
      </details>
    </section>
  );
}

function choiceName(c: AskChoice): string {
  if (c.provider === SIMULATED) return t('analysis.simulated');
  if (c.provider === openai.id)
    return c.model
      ? t('analysis.endpoint', { model: c.model, endpoint: c.endpoint ?? '' })
      : t('analysis.endpointNoModel', { endpoint: c.endpoint ?? '' });
  return t('analysis.webllm', { model: c.model });
}

function phaseWords(phase: AskPhase, model: string): string {
  if (phase === 'drawing') return t('analysis.drawing');
  if (phase === 'asking') return t('analysis.asking', { model });
  return t('analysis.keeping');
}

/** The Run view's timeline as drawn now (timeline-view.tsx marks it). */
function timelineOnPage(): SVGSVGElement | undefined {
  return document.querySelector<SVGSVGElement>('svg[data-picture="timeline"]') ?? undefined;
}
