import { hashingEmbedder } from '../core/embeddings/hashing';
import { workflows } from '../core/router/choice';
import { type EvalScore, evaluateRouting } from '../core/router/evaluate';
import { examplesOf } from '../core/router/requests';
import type { RouterModel } from '../core/router/router';
import { trainRouter } from '../core/router/train';
import { UsageError } from './errors';
import { readRequestsFile } from './requests-file';

type Print = (text: string) => void;

const layers = ['rules', 'classifier', 'router'] as const;

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** "deep-search→general 2, …": the off-diagonal of a confusion table, most frequent first. */
function confusions(score: EvalScore): string {
  const wrong: [string, number][] = [];
  for (const [gold, row] of Object.entries(score.confusion)) {
    for (const [predicted, n] of Object.entries(row ?? {})) {
      if (predicted !== gold) wrong.push([`${gold}→${predicted}`, n as number]);
    }
  }
  wrong.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return wrong.map(([pair, n]) => `${pair} ${n}`).join(', ') || 'none';
}

/**
 * `swarm route --eval FILE`: scores the rules, the classifier and the whole router on the test
 * split of a requests file. The model is the given checkpoint, or one trained here on the file's
 * train split (the bandit then has no runs and never swaps).
 */
export async function evaluateRequests(
  file: string,
  checkpoint: { file: string; model: RouterModel } | undefined,
  json: boolean,
  out: Print,
): Promise<void> {
  // Several files (one per language) are read as one: "a.jsonl,b.jsonl".
  const files = file.split(',').map((f) => f.trim());
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  // The same file twice would count each of its requests twice in every score.
  if (twice !== undefined) throw new UsageError(`--eval names ${twice} twice; give each file once`);
  const requests = files.flatMap((f) => readRequestsFile(f));
  const test = examplesOf(requests, 'test');
  if (test.length === 0) throw new UsageError(`${file}: no request has "split": "test" to evaluate on`);
  const train = examplesOf(requests, 'train');
  if (!checkpoint && train.length === 0) {
    throw new UsageError(`${file}: no request has "split": "train" to train on (or pass --router)`);
  }
  const model = checkpoint?.model ?? trainRouter([], { requests: train }).model;
  const embedder = hashingEmbedder();
  const scores = await evaluateRouting(model, test, { embedder });
  // The same router, scored on each language's test requests alone.
  const testOf = (lang: string) =>
    requests
      .filter((r) => r.split === 'test' && r.lang === lang)
      .map((r) => ({ text: r.query, label: r.label }));
  const languages = [...new Set(requests.filter((r) => r.split === 'test').map((r) => r.lang))].sort();
  const perLanguage: Record<string, { n: number; rules: number; classifier: number; router: number }> = {};
  for (const lang of languages) {
    const s = await evaluateRouting(model, testOf(lang), { embedder });
    perLanguage[lang] = {
      n: s.router.n,
      rules: s.rules.accuracy,
      classifier: s.classifier.accuracy,
      router: s.router.accuracy,
    };
  }
  if (json) {
    out(
      JSON.stringify({
        file,
        checkpoint: checkpoint?.file ?? null,
        train: checkpoint ? null : train.length,
        test: test.length,
        scores,
        perLanguage,
      }),
    );
    return;
  }
  const trainedOn = checkpoint
    ? `router ${checkpoint.file}`
    : `a router trained here on its ${train.length} train requests`;
  const cell = (layer: (typeof layers)[number], workflow: (typeof workflows)[number]) => {
    const s = scores[layer].perWorkflow[workflow];
    return s ? `${s.correct}/${s.n}`.padStart(12) : ''.padStart(12);
  };
  const row = (name: string, cells: string[]) => `${name.padEnd(18)}${cells.join('')}`;
  out(
    [
      `${test.length} test requests of ${file}; ${trainedOn}`,
      row(
        'workflow',
        layers.map((l) => l.padStart(12)),
      ),
      ...workflows
        .filter((w) => scores.rules.perWorkflow[w])
        .map((w) =>
          row(
            w,
            layers.map((l) => cell(l, w)),
          ),
        ),
      row(
        'workflow accuracy',
        layers.map((l) => percent(scores[l].workflowAccuracy).padStart(12)),
      ),
      row(
        'label accuracy',
        layers.map((l) => percent(scores[l].accuracy).padStart(12)),
      ),
      ...(languages.length > 1
        ? [
            'label accuracy by language:',
            ...languages.map((lang) => {
              const p = perLanguage[lang] as (typeof perLanguage)[string];
              return row(
                `  ${lang} (${p.n})`,
                [p.rules, p.classifier, p.router].map((x) => percent(x).padStart(12)),
              );
            }),
          ]
        : []),
      'confusions (gold→predicted workflow):',
      ...layers.map((l) => `  ${l.padEnd(11)}${confusions(scores[l])}`),
    ].join('\n'),
  );
}
