import type { ScheduleEntry } from '../core/trace/schedule';

/** A text Gantt chart: one row per worker, time scaled to `width` columns. */
export function gantt(entries: readonly ScheduleEntry[], makespan: number, width = 72): string {
  if (entries.length === 0 || makespan === 0) return '';
  const workers = [...new Set(entries.map((e) => e.worker))].sort(
    (a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')),
  );
  const scale = width / makespan;
  const label = Math.max(...workers.map((w) => w.length));
  const rows = workers.map((w) => {
    const row = Array.from({ length: width }, () => ' ');
    for (const e of entries) {
      if (e.worker !== w) continue;
      const from = Math.floor(e.start * scale);
      const to = Math.max(from + 1, Math.floor(e.finish * scale));
      const mark = e.outcome === 'finished' ? '█' : e.outcome === 'failed' ? '╳' : '░';
      for (let c = from; c < Math.min(to, width); c++) row[c] = mark;
    }
    return `${w.padStart(label)} │${row.join('')}│`;
  });
  const axis = `${' '.repeat(label)} 0${String(makespan).padStart(width + 1)}`;
  return [...rows, axis].join('\n');
}
