import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/core/graph/validate';
import { loadPolicy } from '../../src/core/learning/checkpoint';
import { parseMix } from '../../src/core/learning/mix';
import { readArbitrationItems } from '../../src/core/router/arbitration';
import { readRouterCheckpoint } from '../../src/core/router/checkpoint';
import { parseTeamPlan } from '../../src/core/router/plan';
import { parseRequests } from '../../src/core/router/requests';
import { parseProfiles } from '../../src/core/scenarios/profiles';
import { parseScenario } from '../../src/core/scenarios/spec';
import { gradeTable, parseRules } from '../../src/core/scenarios/wide-search/grade';
import { parseCsv, parseMarkdownTable } from '../../src/core/scenarios/wide-search/table';
import { checkImport, TraceImportError } from '../../src/core/trace/import-check';
import { decodeTrace, encodeTrace } from '../../src/core/trace/jsonl';
import { say } from '../../src/ui/i18n/words';
import { readHash } from '../../src/ui/url-state';
import { diamond } from '../core/graph/test-graphs';
import { fcRuns } from '../support/fc-runs';
import { sampleRun } from '../support/trace-store-contract';
import { hostileText, isClearMessage, mutatedJson } from './mutate';

/**
 * Every parser of something a user or a stranger supplies, fed valid-ish and hostile input: each
 * input gives a valid result or one clear message — never an uncaught exception (a hang would
 * time the test out). Cases per property: fcRuns (FC_NUM_RUNS for the long run).
 */
const RUNS = { numRuns: fcRuns(200) };
const file = (path: string) => readFileSync(path, 'utf8');

describe('fuzzing the parsers', () => {
  it('graph files', () => {
    const valid = JSON.parse(file('scenarios/graphs/diamond.json'));
    fc.assert(
      fc.property(fc.oneof(mutatedJson(valid), fc.jsonValue()), (input) => {
        const r = buildGraph(input);
        if (!r.ok) {
          expect(r.issues.length).toBeGreaterThan(0);
          for (const issue of r.issues) expect(isClearMessage(issue.message)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it.each([
    'wide-search',
    'deep-search',
    'mixed-coding',
    'write-story-zh',
    'teach-explain-ru',
    'rag-qa',
    'compare-options',
  ])('scenario files (%s)', (id) => {
    const text = file(`scenarios/${id}.json`);
    fc.assert(
      fc.property(hostileText(text), (input) => {
        const r = parseScenario(input, `${id}.json`);
        if (!r.ok) expect(isClearMessage(r.error)).toBe(true);
      }),
      RUNS,
    );
  });

  it('mix and profiles files', () => {
    const mix = file('scenarios/mix.json');
    const profiles = file('scenarios/profiles.json');
    fc.assert(
      fc.property(hostileText(mix), hostileText(profiles), (m, p) => {
        const rm = parseMix(m, 'mix.json');
        if (!rm.ok) expect(isClearMessage(rm.error)).toBe(true);
        const rp = parseProfiles(p, 'profiles.json');
        if (!rp.ok) expect(isClearMessage(rp.error)).toBe(true);
      }),
      RUNS,
    );
  });

  it('trace files and imports', () => {
    const d = sampleRun(diamond);
    const text = encodeTrace(d.header, d.events);
    fc.assert(
      fc.property(hostileText(text), (input) => {
        const r = decodeTrace(input);
        if (!r.ok) {
          expect(r.badLines).toBeGreaterThan(0);
          for (const p of r.problems) expect(isClearMessage(p.message)).toBe(true);
        }
        try {
          checkImport(input, { label: 'x', startedAt: 0 }, () => 'id');
        } catch (error) {
          expect(error).toBeInstanceOf(TraceImportError);
          expect(isClearMessage((error as Error).message)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('links (URL hashes)', () => {
    const valid = '#view=run&scenario=wide-search&size=12&seed=3&policy=heuristic&runs=a,b&chaos=hang';
    fc.assert(
      fc.property(
        fc.oneof(
          hostileText(valid),
          fc.webFragments().map((f) => `#${f}`),
        ),
        (hash) => {
          const problems = readHash(hash).problems.map((p) => say(p, 'en'));
          for (const p of problems) expect(isClearMessage(p)).toBe(true);
          expect(problems.every((p) => p.length < 400)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('score inputs: tables, rules, grading', () => {
    const csv = 'Name,Capital\nFrance,Paris\nSpain,Madrid\n';
    const md = '| Name | Capital |\n|---|---|\n| France | Paris |\n';
    const rules = { Capital: 'exact', Name: { rule: 'number', tolerance: 0.1 } };
    fc.assert(
      fc.property(hostileText(csv), hostileText(md), mutatedJson(rules), (c, m, r) => {
        const gold = parseCsv(c);
        const pred = parseMarkdownTable(m);
        const rr = parseRules(r);
        if (!gold.ok) expect(isClearMessage(gold.message)).toBe(true);
        if (!pred.ok) expect(isClearMessage(pred.message)).toBe(true);
        if (!rr.ok) expect(isClearMessage(rr.message)).toBe(true);
        if (gold.ok && pred.ok && rr.ok) {
          try {
            const g = gradeTable(gold.table, pred.table, { keys: ['Name'], rules: rr.rules });
            expect(g.itemF1).toBeGreaterThanOrEqual(0);
            expect(g.itemF1).toBeLessThanOrEqual(1);
          } catch (error) {
            // A configuration the tables cannot satisfy (no key column…) is a named refusal.
            expect((error as Error).name).toBe('GradeConfigError');
            expect(isClearMessage((error as Error).message)).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('policy checkpoints and router files', () => {
    const requests = file('scenarios/router/requests.jsonl').split('\n').slice(0, 5).join('\n');
    fc.assert(
      fc.property(
        fc.jsonValue(),
        hostileText(requests),
        fc.string({ unit: 'binary' }),
        (json, reqs, plan) => {
          try {
            loadPolicy(json, {});
          } catch (error) {
            expect((error as Error).message).toMatch(/^not a usable policy: /);
            expect(isClearMessage((error as Error).message)).toBe(true);
          }
          const router = readRouterCheckpoint(json);
          if (!router.ok) expect(isClearMessage(router.message)).toBe(true);
          const queue = readArbitrationItems(json);
          if (!queue.ok) expect(isClearMessage(queue.message)).toBe(true);
          const r = parseRequests(reqs);
          if (!r.ok) for (const p of r.problems) expect(isClearMessage(p.message)).toBe(true);
          const p = parseTeamPlan(plan);
          if (!p.ok) expect(isClearMessage(p.message)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
