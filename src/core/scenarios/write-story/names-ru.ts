/**
 * Russian names in a story (names.ts). A name declines: "Мира" is also "Миры", "Мире", "Миру",
 * "Мирой"; "Глеб" is "Глеба", "Глебу", "Глебом", "Глебе". So a word is a mention when it is the
 * name's stem followed by a case ending, and ё and е count as one letter, as Russian writing
 * treats them.
 */

import { distance } from 'fastest-levenshtein';
import type { Drift } from './drift';

/** Case endings of personal names, longest first. */
const ENDINGS = ['ою', 'ею', 'ой', 'ей', 'ом', 'ем', 'а', 'я', 'ы', 'и', 'е', 'у', 'ю', ''];

const fold = (s: string): string => s.replace(/ё/g, 'е').replace(/Ё/g, 'Е');

/** The name without the ending its nominative has (а, я, й, ь), which the other cases replace. */
export const stemOf = (name: string): string => fold(name).replace(/[аяйь]$/u, '');

// Capitalised words that open Russian sentences, however close they come to a name ("Все" is one
// letter from the stem of "Вера").
const ORDINARY = new Set(
  (
    'Все Всё Вот Вдруг Вас Вам Тогда Теперь Там Тут Так Кто Что Как Когда Никто Ничто Нет Небо Ещё ' +
    'Его Её Их Они Она Оно Мы Вы Ты Мне Меня Но На По Под Над Для Без Лишь Даже Уже Пока Потом ' +
    'После Перед Затем Снова Время Времени Свет Каждый Где Где-то Здесь Это Эта Этот Мама Папа'
  ).split(' '),
);

/** Capitalised Cyrillic words, whole (not inside a longer word). */
const WORD = /(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}ё]+(?![\p{L}\p{N}])/gu;

function isFormOf(word: string, stem: string): boolean {
  const w = fold(word);
  return w.startsWith(stem) && ENDINGS.includes(w.slice(stem.length));
}

/** The word's stem: the word without the longest case ending that leaves three letters or more. */
function wordStem(word: string): string {
  const w = fold(word);
  for (const e of ENDINGS)
    if (e !== '' && w.endsWith(e) && w.length - e.length >= 3) return w.slice(0, -e.length);
  return w.replace(/[ьй]$/u, '');
}

export function mentionsRu(text: string, name: string): number {
  const stem = stemOf(name);
  let n = 0;
  for (const m of text.matchAll(WORD)) if (isFormOf(m[0], stem)) n++;
  return n;
}

export function driftsRu(text: string, cast: readonly string[]): Drift[] {
  const stems = cast.map((name) => ({ name, stem: stemOf(name) }));
  const counts = new Map<string, { name: string; count: number }>();
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (ORDINARY.has(word) || stems.some((s) => isFormOf(word, s.stem))) continue;
    const stem = wordStem(word);
    const near = stems.find(
      (s) =>
        s.stem[0] === stem[0] && s.stem !== stem && distance(s.stem, stem) <= (s.stem.length <= 4 ? 1 : 2),
    );
    if (!near) continue;
    const known = counts.get(word);
    counts.set(word, { name: near.name, count: (known?.count ?? 0) + 1 });
  }
  return [...counts].map(([spelling, { name, count }]) => ({ name, spelling, count }));
}

/** Every occurrence of the misspelt word becomes the name in the same case: "Мере" → "Мире". */
export function fixRu(text: string, drift: Drift): string {
  const ending = fold(drift.spelling).slice(wordStem(drift.spelling).length);
  const right = ending === '' ? drift.name : drift.name.replace(/[аяйь]$/u, '') + ending;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${drift.spelling}(?![\\p{L}\\p{N}])`, 'gu');
  return text.replace(pattern, right);
}
