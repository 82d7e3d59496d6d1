import { describe, expect, it } from 'vitest';
import { hashingEmbedder } from '../../../../src/core/embeddings/hashing';
import { KnowledgeBase } from '../../../../src/core/kb';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { finalAnswer } from '../../../../src/core/run/final-answer';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { knowledgeSearchOf } from '../../../../src/core/scenarios/rag-qa';
import type { RagQaSpec } from '../../../../src/core/scenarios/rag-qa/spec';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import type { ScenarioPorts } from '../../../../src/core/scenarios/types';
import { citationsIn } from '../../../../src/core/tools/knowledge';
import { encodeTrace, withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();

async function run(spec: RagQaSpec, seed: number, policy = heuristicPolicy, ports: ScenarioPorts = {}) {
  const kind = scenarioKinds['rag-qa'];
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, spec.size.default),
    policy,
    profiles,
    provider: simulatedProviderFor(profiles),
    ports,
    keepEvents: true,
  });
}

describe('the rag-qa scenario on its generated notes', () => {
  const spec = loadSpec('rag-qa', 'rag-qa');

  it('answers every sub-question with a citation of a passage that supports it, the same every time', async () => {
    for (const policy of [serialPolicy, heuristicPolicy]) {
      const a = await run(spec, 5, policy);
      const b = await run(spec, 5, policy);
      expect(encodeTrace(a.header, withoutWallClock(a.events ?? []))).toBe(
        encodeTrace(b.header, withoutWallClock(b.events ?? [])),
      );
      const graded = a.events?.find((e) => e.type === 'run.graded');
      expect(graded && 'criteria' in graded ? graded.criteria?.citations : undefined).toBe(1);
      expect(a.metrics.toolCalls).toBe(spec.size.default); // one search per sub-question
    }
  });

  it('reaches the gold passage more often than not over seeds', async () => {
    let retrieval = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const r = await run(spec, seed);
      const graded = r.events?.find((e) => e.type === 'run.graded');
      retrieval += graded && 'criteria' in graded ? (graded.criteria?.retrieval ?? 0) : 0;
    }
    expect(retrieval / 8).toBeGreaterThan(0.5);
  });
});

describe('rag-qa on the user own knowledge base', () => {
  it('splits a compound question, answers each part from the knowledge base, and cites it', async () => {
    const kb = KnowledgeBase.create(hashingEmbedder(), { chunkSize: 64, overlap: 8 });
    await kb.addDocuments([
      { source: 'tides.md', text: 'The tides are caused by the gravity of the Moon pulling on the oceans.' },
      { source: 'bread.txt', text: 'Sourdough rises because wild yeast ferments the dough.' },
    ]);
    const spec: RagQaSpec = {
      ...loadSpec('ask-knowledge-base', 'rag-qa'),
      question: 'What causes the tides? Why does sourdough rise?',
    };
    const r = await run(spec, 1, heuristicPolicy, { knowledge: knowledgeSearchOf(kb) });
    const answer = finalAnswer(r.plan, r.answers) ?? '';
    expect(citationsIn(answer).map((c) => c.source)).toEqual(['tides.md', 'bread.txt']);
    expect(r.metrics.quality).toBe(1);
  });

  it('says there is no knowledge base when none was lent, without failing the run', async () => {
    const r = await run(loadSpec('ask-knowledge-base', 'rag-qa'), 1, serialPolicy);
    expect(r.metrics.quality).toBe(0);
    expect(r.reason).toBe('completed');
  });
});
