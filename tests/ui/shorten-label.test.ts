import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../src/core/graph/validate';
import { criticalPathPolicy } from '../../src/core/policy/critical-path';
import { makeConfig } from '../../src/core/runtime/config';
import { simulate } from '../../src/core/runtime/simulate';
import { charsFor, fitLabels, MAX_NODE_WIDTH } from '../../src/ui/dag/node-labels';
import { foldTrace, RunFolder } from '../../src/ui/model/replay';
import { ELLIPSIS, labelWidth, shortenLabel, shortenMiddle } from '../../src/ui/shorten-label';
import { layoutTimeline } from '../../src/ui/timeline/timeline-layout';
import { diamond } from '../core/graph/test-graphs';

/**
 * Names and lines the page shortens (walk-through, issue 44): write-story's section headings were
 * cut mid-word ("Section 2: The lighth…"), in Chinese mid-word or past the node's width, and a
 * cut by code units or code points could split a character written as several.
 */
const MAX = charsFor(MAX_NODE_WIDTH);

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Offsets in `text` between words, and between graphemes. */
const wordEnds = (text: string) =>
  new Set([0, ...[...words.segment(text)].map((s) => s.index + s.segment.length)]);
const graphemeEnds = (text: string) =>
  new Set([0, ...[...graphemes.segment(text)].map((s) => s.index + s.segment.length)]);

/** No lone surrogate: no character written as a surrogate pair was split. */
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/** What a cut kept of `text` ends where a word of it ends (and a grapheme, so no character is split). */
function expectCutAtWord(shown: string, text: string, max: number) {
  expect(shown.endsWith(ELLIPSIS), shown).toBe(true);
  expect(labelWidth(shown)).toBeLessThanOrEqual(max);
  const kept = shown.slice(0, -1);
  expect(kept.length).toBeGreaterThan(0);
  expect(text.startsWith(kept), shown).toBe(true);
  expect(wordEnds(text).has(kept.length), `"${shown}" ends mid-word`).toBe(true);
  expect(graphemeEnds(text).has(kept.length), `"${shown}" splits a character`).toBe(true);
}

const english = "Section 2: The lighthouse keeper's secret";
const chinese = '第二节：灯塔看守人的秘密与海上的风暴来临之前的最后一夜';
const russian = 'Глава вторая: тайна смотрителя маяка';

describe('a shortened label', () => {
  it('keeps a name that fits whole, with no "…"', () => {
    for (const text of ['section-1', '第二节：灯塔', 'Глава вторая']) {
      expect(shortenLabel(text, MAX)).toBe(text);
      expect(fitLabels([text], MAX)).toEqual([text]);
    }
  });

  it('cuts an English heading after a word', () => {
    expect(shortenLabel(english, MAX)).toBe('Section 2: The…');
    expect(shortenLabel(english, 12)).toBe('Section 2…');
    expectCutAtWord(fitLabels([english], MAX)[0] as string, english, MAX);
  });

  it('cuts a Chinese heading between words, a Han character counted two columns', () => {
    const shown = fitLabels([chinese], MAX)[0] as string;
    expectCutAtWord(shown, chinese, MAX);
    // A node fits about half as many Han characters as Latin letters.
    expect([...shown].length).toBeLessThanOrEqual(MAX / 2 + 1);
    expect(shortenLabel(chinese, 8)).toBe('第二节…');
  });

  it('cuts a Russian heading after a word', () => {
    expect(fitLabels([russian], MAX)).toEqual(['Глава вторая: тайна…']);
    expectCutAtWord(shortenLabel(russian, 12), russian, 12);
    expect(shortenLabel(russian, 12)).toBe('Глава…');
  });

  it('never splits a letter from its combining mark or a surrogate pair', () => {
    // "Ёлки" written decomposed: Е and U+0308 are one grapheme.
    const decomposed = 'Ёжик и ёлка: новогодняя история'.normalize('NFD');
    for (let max = 2; max < 20; max++) {
      const shown = shortenLabel(decomposed, max);
      expect(graphemeEnds(decomposed).has(shown.length - 1), shown).toBe(true);
    }
    // 𠮷 (U+20BB7) is a surrogate pair: no lone surrogate is left at any width.
    const pairs = '𠮷野家𠮷野家𠮷野家𠮷野家𠮷野家';
    for (let max = 2; max < 20; max++) expect(wellFormed(shortenLabel(pairs, max))).toBe(true);
  });

  it('cuts a single over-long word between graphemes, not to nothing', () => {
    const word = 'Supercalifragilisticexpialidocious';
    expect(shortenLabel(word, 12)).toBe('Supercalifr…');
    expect(shortenLabel(`${word} story`, 12)).toBe('Supercalifr…');
  });

  it('keeps the start and the end of names that would read alike, each at a word', () => {
    const names = [`${english}, at dawn`, `${english}, at night`];
    const shown = fitLabels(names, MAX);
    expect(new Set(shown).size).toBe(2);
    expect(shown[1]).toBe('Section 2…at night');
    expect(shortenMiddle(russian, 12)).toBe('Глава…маяка');
    for (const s of shown) expect(labelWidth(s)).toBeLessThanOrEqual(MAX);
  });

  it("cuts a model orchestrator's logged call after a word and between characters", () => {
    const folder = new RunFolder();
    // 𠮷 at code units 199–200, where a cut at 200 code units split it.
    const result = `${'海上的风暴来临'.repeat(28)}灯塔看𠮷${'，海上的风暴来临'.repeat(20)}`;
    folder.push({
      seq: 0,
      t: 1,
      wallMs: 0,
      type: 'tool.call',
      caller: 'orchestrator',
      callId: 'c0',
      tool: 'assign_task',
      args: { agent: 'a', prompt: chinese.repeat(10) },
      ok: true,
      result,
    });
    const call = folder.snapshot().orchestrator[0];
    expect(wellFormed(call?.result as string)).toBe(true);
    expectCutAtWord(call?.result as string, result, 201);
    expectCutAtWord(call?.args as string, JSON.stringify({ agent: 'a', prompt: chinese.repeat(10) }), 161);
  });

  it("names a timeline's lanes within its margin, cut after a word", () => {
    const snap = foldTrace(
      simulate({ graph: graphOrThrow(diamond), config: makeConfig({ seed: 1 }), policy: criticalPathPolicy })
        .events,
    );
    const names = [english, chinese, russian];
    const named = new Map(snap.subagents.map((s, i) => [s.id, `${names[i % 3]} ${i + 1}`]));
    const l = layoutTimeline(
      {
        ...snap,
        subagents: snap.subagents.map((s) => ({ ...s, id: named.get(s.id) as string })),
        segments: snap.segments.map((s) => ({ ...s, subagent: named.get(s.subagent) as string })),
      },
      { width: 500 },
    );
    const room = Math.floor((l.left - 6) / 6.5);
    expect(l.laneNames[0]).toBe('orchestrator');
    l.lanes.slice(1).forEach((lane, i) => {
      expectCutAtWord(l.laneNames[i + 1] as string, lane, room);
    });
  });
});
