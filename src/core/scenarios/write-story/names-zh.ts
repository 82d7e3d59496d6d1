/** Chinese names in a story (names.ts): found as runs of characters, wherever they stand. */

import type { Drift } from './drift';

export function mentionsZh(text: string, name: string): number {
  if (name === '') return 0;
  return text.split(name).length - 1;
}

/**
 * The surname followed by as many characters as the given name, exactly one of them different:
 * "陈思源" for "陈思远". Two differences are another word ("陈旧的" is not 陈思远).
 */
export function driftsZh(text: string, cast: readonly string[]): Drift[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const name of cast) {
    const chars = Array.from(name);
    if (chars.length < 2) continue;
    const surname = chars[0] as string;
    const given = chars.slice(1);
    const pattern = new RegExp(`${surname}\\p{Script=Han}{${given.length}}`, 'gu');
    for (const m of text.matchAll(pattern)) {
      const spelt = Array.from(m[0]).slice(1);
      const differ = spelt.filter((ch, i) => ch !== given[i]).length;
      if (differ !== 1 || cast.includes(m[0])) continue;
      const known = counts.get(m[0]);
      counts.set(m[0], { name, count: (known?.count ?? 0) + 1 });
    }
  }
  return [...counts].map(([spelling, { name, count }]) => ({ name, spelling, count }));
}
