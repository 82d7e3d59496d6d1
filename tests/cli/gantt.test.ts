import { describe, expect, it } from 'vitest';
import { gantt, MAX_GANTT_ROWS } from '../../src/cli/gantt';
import type { ScheduleEntry } from '../../src/core/trace/schedule';

const entry = (
  worker: string,
  start: number,
  finish: number,
  outcome: ScheduleEntry['outcome'] = 'finished',
): ScheduleEntry => ({ task: `t-${worker}-${start}`, worker, start, finish, outcome, attempt: 1 });

describe('the text Gantt chart', () => {
  it('draws each worker’s entries on its own row, in worker order', () => {
    const chart = gantt([entry('sa-2', 0, 5), entry('sa-1', 5, 10, 'failed'), entry('sa-10', 0, 10)], 10, 10);
    const [one, two, ten, axis] = chart.split('\n');
    expect(one).toBe(' sa-1 │     ╳╳╳╳╳│');
    expect(two).toBe(' sa-2 │█████     │');
    expect(ten).toBe('sa-10 │██████████│');
    expect(axis?.trim()).toMatch(/^0\s+10$/);
  });

  it('draws at most MAX_GANTT_ROWS workers and says how many more the JSON has', () => {
    const entries = Array.from({ length: 50_000 }, (_, i) => entry(`sa-${i + 1}`, 0, 1));
    const lines = gantt(entries, 1).split('\n');
    expect(lines).toHaveLength(MAX_GANTT_ROWS + 2);
    expect(lines.at(-2)).toMatch(/… 49800 more workers \(--json lists every entry\)/);
  });
});
