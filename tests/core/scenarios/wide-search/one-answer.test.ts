import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { runAnswer } from '../../../../src/core/run/final-answer';
import { prepareRun } from '../../../../src/core/run/prepare';
import { runPrepared } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { gradeOptions, type WideSearchInstance } from '../../../../src/core/scenarios/wide-search';
import { gradeTable } from '../../../../src/core/scenarios/wide-search/grade';
import { parseMarkdownTable } from '../../../../src/core/scenarios/wide-search/table';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

/**
 * Issue 44: a wide search handed back each subagent's fragment glued together — ROW lines, then a
 * table per subagent repeating them. It hands back one table now, in the gold schema's columns,
 * each entity once, and that table is what was graded.
 */
const profiles = loadProfiles();

describe('a wide search’s answer', () => {
  it('is one table in the gold columns, each key once, graded exactly as shown', async () => {
    for (const [plan, policy] of [
      ['swarm', heuristicPolicy],
      ['single', serialPolicy],
    ] as const) {
      for (const seed of [1, 2, 3]) {
        const run = prepareRun({
          scenario: { type: 'task', spec: loadSpec('wide-search', 'wide-search') },
          seed,
          plan,
          profiles,
        });
        if (run.type !== 'task') throw new Error('not a task run');
        const result = await runPrepared(run, {
          policy,
          provider: simulatedProviderFor(profiles),
          keepEvents: true,
        });
        const text = runAnswer(run, result.answers) ?? '';
        expect(text, `${plan} seed ${seed}`).not.toMatch(/ROW\[/);
        const parsed = parseMarkdownTable(text);
        if (!parsed.ok) throw new Error(`${plan} seed ${seed}: not one table: ${parsed.message}`);
        // The whole answer is the table: header, delimiter and one line per row.
        expect(text.trim().split('\n')).toHaveLength(parsed.table.rows.length + 2);
        const instance = run.instance as WideSearchInstance;
        expect(parsed.table.columns).toEqual(instance.gold.columns);
        const key = instance.gold.columns.indexOf(instance.spec.key);
        const keys = parsed.table.rows.map((r) => (r[key] ?? '').trim().toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        // Graded as shown: the table's own grade is the run's.
        const shown = gradeTable(instance.gold, parsed.table, gradeOptions(instance));
        expect(shown.itemF1).toBeCloseTo(result.metrics.itemF1, 12);
        // And the trace records that same answer.
        const graded = result.events.find((e) => e.type === 'run.graded');
        expect(graded?.type === 'run.graded' ? graded.answer : undefined).toBe(text);
      }
    }
  });
});
