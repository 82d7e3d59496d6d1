/**
 * A run's answer drawn as what it is: headings, paragraphs, code blocks, lists and tables
 * (markdown-blocks.ts cuts the text). Model output is untrusted: every string goes in as a text
 * node through Solid's JSX, never as markup, so HTML in an answer is shown as its characters.
 */

import { For, type JSX, Match, Switch } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import { t } from '../i18n/t';
import { headingTag, markdownBlocks } from './markdown-blocks';

/**
 * A table in a box that scrolls sideways when wider than the panel. The box is the scroll
 * container (never the table, styles.css), and a keyboard can reach and scroll it.
 */
export function AnswerTable(props: {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  testid?: string | undefined;
}) {
  return (
    // On a phone each row is a block of labelled lines (styles.css, table.data.stack): a sideways
    // scroll hid the columns past the screen's edge. The box scrolls up and down when long.
    <section class="answer-table" tabindex="0" aria-label={t('answer.table')}>
      <table class="data stack" data-testid={props.testid}>
        <thead>
          <tr>
            <For each={props.columns}>{(c) => <th scope="col">{c}</th>}</For>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(row) => (
              <tr>
                <For each={row}>{(cell, i) => <td data-label={props.columns[i()] ?? ''}>{cell}</td>}</For>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </section>
  );
}

/**
 * The blocks of `text`; `inline` draws the text inside a block (plain text, or text with its
 * citations as buttons).
 */
export function AnswerBlocks(props: { text: string; inline: (text: string) => JSX.Element }) {
  return (
    <For each={markdownBlocks(props.text)}>
      {(b) => (
        <Switch>
          <Match when={b.type === 'heading' && b}>
            {(h) => <Dynamic component={headingTag(h().level)}>{props.inline(h().text)}</Dynamic>}
          </Match>
          <Match when={b.type === 'paragraph' && b}>{(p) => <p>{props.inline(p().text)}</p>}</Match>
          <Match when={b.type === 'code' && b}>
            {(c) => (
              <pre class="answer-code">
                <code class={c().lang ? `language-${c().lang}` : undefined}>{c().text}</code>
              </pre>
            )}
          </Match>
          <Match when={b.type === 'list' && b}>
            {(l) => (
              <Dynamic component={l().ordered ? 'ol' : 'ul'} start={l().start}>
                <For each={l().items}>{(item) => <li>{props.inline(item)}</li>}</For>
              </Dynamic>
            )}
          </Match>
          <Match when={b.type === 'table' && b}>
            {(t) => <AnswerTable columns={t().columns} rows={t().rows} />}
          </Match>
        </Switch>
      )}
    </For>
  );
}
