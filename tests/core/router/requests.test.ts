import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChoiceLabel, workflows } from '../../../src/core/router/choice';
import { examplesOf, type LabelledRequest, parseRequests } from '../../../src/core/router/requests';

const line = (o: unknown) => JSON.stringify(o);

describe('parseRequests', () => {
  it('reads one request a line, skipping blank lines, and keeps each line number', () => {
    const text = [
      line({ query: 'Explain tides to a 9-year-old', label: 'swarm/teach-explain', split: 'train' }),
      '',
      line({ query: 'What does my lease say about pets?', label: 'swarm/rag-qa', split: 'test' }),
      '',
    ].join('\n');
    const reading = parseRequests(text);
    expect(reading).toEqual({
      ok: true,
      requests: [
        {
          query: 'Explain tides to a 9-year-old',
          label: 'swarm/teach-explain',
          split: 'train',
          lang: 'en',
          line: 1,
        },
        {
          query: 'What does my lease say about pets?',
          label: 'swarm/rag-qa',
          split: 'test',
          lang: 'en',
          line: 3,
        },
      ],
    });
    if (!reading.ok) return;
    expect(examplesOf(reading.requests, 'test')).toEqual([
      { text: 'What does my lease say about pets?', label: 'swarm/rag-qa' },
    ]);
  });

  it('names the line and the field of every bad request', () => {
    const good = line({ query: 'q', label: 'swarm/rag-qa', split: 'train' });
    const text = [
      good,
      '{"query": "broken",',
      line({ query: 'a poem', label: 'swarm/poem', split: 'train' }),
      line({ query: 'b', label: 'swarm/rag-qa', split: 'dev' }),
      line({ query: '  ', label: 'swarm/rag-qa', split: 'train' }),
      line({ query: 'c', lable: 'swarm/rag-qa', split: 'train' }),
      line(['q', 'swarm/rag-qa']),
      line({ query: 'Q', label: 'single/general', split: 'test' }),
    ].join('\n');
    const reading = parseRequests(text);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const [json, label, split, query, unknown, array, duplicate] = reading.problems.map((p) => p.message);
    expect(json).toMatch(/^not JSON: /);
    expect(label).toBe('"label" must be a topology/workflow label such as "swarm/rag-qa", got "swarm/poem"');
    expect(split).toBe('"split" must be "train" or "test", got "dev"');
    expect(query).toBe('"query" must be a non-empty string');
    expect(unknown).toBe('unknown field "lable" (expected query, label, split, lang)');
    expect(array).toBe('expected an object {"query", "label", "split"}');
    // Case and spacing aside, the same words: it would leak a training example into the test split.
    expect(duplicate).toBe('the same query as line 1');
  });

  it('refuses a file with no request at all', () => {
    expect(parseRequests('\n\n')).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'no requests: expected one {"query", "label", "split"} object a line' }],
    });
  });
});

// Every language's file the repository ships: English, and Chinese and Russian beside it.
const shipped = readdirSync('scenarios/router')
  .filter((f) => /^requests.*\.jsonl$/.test(f))
  .sort();

describe.each(shipped)('scenarios/router/%s', (file) => {
  const reading = parseRequests(readFileSync(`scenarios/router/${file}`, 'utf8'));
  const requests: readonly LabelledRequest[] = reading.ok ? reading.requests : [];

  it('reads cleanly, in one language', () => {
    expect(reading.ok ? [] : reading.problems).toEqual([]);
    expect(new Set(requests.map((r) => r.lang)).size).toBe(1);
  });

  it('holds at least 30 train requests of every workflow, and held-out test requests of every label', () => {
    for (const workflow of workflows) {
      const mine = requests.filter(
        (r) => r.split === 'train' && parseChoiceLabel(r.label)?.workflow === workflow,
      );
      expect(mine.length, workflow).toBeGreaterThanOrEqual(30);
    }
    for (const label of new Set(requests.map((r) => r.label))) {
      const test = requests.filter((r) => r.label === label && r.split === 'test').length;
      expect(test, label).toBeGreaterThanOrEqual(3);
    }
  });
});

it('ships requests in English, Chinese and Russian', () => {
  expect(shipped).toEqual(['requests-ru.jsonl', 'requests-zh.jsonl', 'requests.jsonl']);
});
