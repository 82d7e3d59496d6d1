/**
 * What a run handed back: the final answer drawn as what it is, a table, headings, paragraphs,
 * code blocks and lists (model output is untrusted: it is never read as HTML, every string is a
 * text node), the raw text one click away, the grader's criteria, and its citations `[file#chunk]` as buttons that open the cited
 * passage when the caller can look one up.
 */

import { createMemo, createSignal, For, Show } from 'solid-js';
import { parseMarkdownTable, type Table } from '../../core/scenarios/wide-search/table';
import { citationsIn } from '../../core/tools/knowledge';
import { AnswerBlocks, AnswerTable } from '../answer/answer-blocks';
import { t } from '../i18n/t';
import { formatFixed } from '../model/format';

export type PassageLookup = (source: string, chunk: number) => Promise<string | undefined>;

type Segment = { text: string } | { source: string; chunk: number; raw: string };

/** The text cut into plain runs and citations, in order. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(/\[([^\]#\n]+)#(\d+)\]/g)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ source: (m[1] as string).trim(), chunk: Number(m[2]), raw: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The answer as a table when it is one Markdown table and nothing else (wide search's merged rows). */
export function tableOf(text: string): Table | undefined {
  const lines = text.trim().split(/\r\n|\n|\r/);
  if (lines.length < 2 || !lines.every((l) => l.includes('|'))) return undefined;
  const parsed = parseMarkdownTable(text);
  return parsed.ok ? parsed.table : undefined;
}

/** What each task answered, in plan order: the pieces the run's answer was made from. */
export interface AnswerPiece {
  readonly task: string;
  readonly text: string;
}

export function AnswerView(props: {
  text: string;
  criteria?: Readonly<Record<string, number>> | undefined;
  lookup?: PassageLookup | undefined;
  /** The grader's score and the measure it is, so the criteria read with the Quality card's number. */
  score?: string | undefined;
  /** What the answer shown may lack, in words. */
  note?: string | undefined;
  /** The tasks' own answers, shown on request beside an answer made from several of them. */
  pieces?: readonly AnswerPiece[] | undefined;
}) {
  const table = createMemo(() => tableOf(props.text));
  const [open, setOpen] = createSignal<{ cite: string; text: string } | undefined>();
  const show = async (source: string, chunk: number, cite: string) => {
    const text = props.lookup ? await props.lookup(source, chunk) : undefined;
    setOpen({ cite, text: text ?? 'That passage is not in the knowledge base.' });
  };
  /** A block's text with its citations as buttons that open the cited passage. */
  const inline = (text: string) => (
    <For each={segments(text)}>
      {(s) =>
        'text' in s ? (
          s.text
        ) : (
          <button
            type="button"
            class="citation"
            data-testid="citation"
            data-source={s.source}
            data-chunk={s.chunk}
            disabled={!props.lookup}
            onClick={() => void show(s.source, s.chunk, s.raw)}
          >
            {s.raw}
          </button>
        )
      }
    </For>
  );
  return (
    <div class="figure" data-testid="run-answer">
      <h3>
        {t('answer.heading')}
        <Show when={citationsIn(props.text).length > 0 && props.lookup}> {t('answer.citations')}</Show>
      </h3>
      <Show when={props.score}>
        {(score) => (
          <p class="note" data-testid="answer-score">
            {t('answer.score', { score: score() })}
          </p>
        )}
      </Show>
      <Show when={props.note}>
        <p class="note" data-testid="answer-note">
          {props.note}
        </p>
      </Show>
      <Show when={props.criteria}>
        {(criteria) => (
          <ul class="criteria" aria-label={t('answer.criteria')}>
            <For each={Object.entries(criteria())}>
              {([name, value]) => (
                <li data-testid="criterion" data-name={name} data-value={value}>
                  {name} <strong>{formatFixed(value, 2)}</strong>
                </li>
              )}
            </For>
          </ul>
        )}
      </Show>
      {/* A table answer as a table (its cells as text, never HTML), the rows the grader read. */}
      <Show when={table()}>
        {(t) => <AnswerTable columns={t().columns} rows={t().rows} testid="answer-table" />}
      </Show>
      <Show when={(props.pieces?.length ?? 0) > 1}>
        <details class="answer-pieces" data-testid="answer-pieces">
          <summary>{t('answer.pieces', { n: props.pieces?.length ?? 0 })}</summary>
          <For each={props.pieces}>
            {(p) => (
              <div class="answer-piece">
                <strong>{p.task}</strong>
                <pre>{p.text}</pre>
              </div>
            )}
          </For>
        </details>
      </Show>
      {/* Drawn as what it is (headings, paragraphs, code, lists, tables), every string as text.
          Focusable, so that a keyboard can scroll a long answer. */}
      <section class="answer-text" tabindex="0" aria-label={t('answer.final')} hidden={table() !== undefined}>
        <Show when={table() === undefined}>
          <AnswerBlocks text={props.text} inline={inline} />
        </Show>
      </section>
      {/* The text exactly as the run handed it back, one click away. */}
      <details class="answer-raw" data-testid="answer-raw">
        <summary>{t('answer.raw')}</summary>
        <pre>{props.text}</pre>
      </details>
      <Show when={open()}>
        {(p) => (
          <blockquote class="passage" data-testid="cited-passage">
            <strong>{p().cite}</strong> {p().text}
          </blockquote>
        )}
      </Show>
    </div>
  );
}
