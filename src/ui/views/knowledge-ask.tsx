/**
 * The Knowledge view's question to the swarm: it starts the `ask-knowledge-base` scenario in the
 * Run view, where the answer is shown under the question it answers. Said here before the user
 * asks: a question of their own has no reference answer, so the run cannot grade whether the
 * answer is right, only what docs/metrics.md lists for it.
 */

import { createSignal } from 'solid-js';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE } from '../catalog';
import { t } from '../i18n/t';
import { session } from '../run/session';

export function KnowledgeAsk(props: { passages: number }) {
  const [question, setQuestion] = createSignal(app.state().question);

  function ask() {
    const text = question().trim();
    if (text === '') return;
    app.update({ view: 'run', scenario: ASK_KNOWLEDGE_BASE, question: text, size: 0, runs: [] });
    void session.start();
  }

  return (
    <form
      class="kb-search"
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      <label>
        {t('kb.askLabel')}{' '}
        <input
          type="text"
          class="field"
          data-testid="kb-question"
          value={question()}
          onInput={(e) => setQuestion(e.currentTarget.value)}
          placeholder={t('kb.askPlaceholder')}
        />
      </label>
      <button type="submit" class="primary" data-testid="kb-ask" disabled={props.passages === 0}>
        {t('kb.ask')}
      </button>
      <p class="note kb-ask-note" data-testid="kb-ask-note">
        {t('kb.askNote')}
      </p>
    </form>
  );
}
