import { describe, expect, it } from 'vitest';
import { TextIndex, textTerms } from '../../../src/core/kb/text-index';

describe('full-text terms', () => {
  it('cuts spaced scripts into words as before, function words left out', () => {
    expect(textTerms('The capital of Kelland is Varo-Nord, founded 1712.')).toEqual([
      'capital',
      'kelland',
      'varo',
      'nord',
      'founded',
      '1712',
    ]);
    expect(textTerms('Город Каломи основан в 1712 году')).toEqual([
      'город',
      'каломи',
      'основан',
      'в',
      '1712',
      'году',
    ]);
  });

  it('indexes Chinese written without spaces by character bigrams, Latin words and numbers whole', () => {
    expect(textTerms('卡洛米建于1712年，人口为48000。')).toEqual([
      '卡洛',
      '洛米',
      '米建',
      '建于',
      '1712',
      '年',
      '人口',
      '口为',
      '48000',
    ]);
    expect(textTerms('Kalomi是一座城市')).toEqual(['kalomi', '是一', '一座', '座城', '城市']);
  });

  it('finds the Chinese passage about the entity a question names', () => {
    const index = new TextIndex();
    const passages = [
      '卡洛米是卡洛兰的一座城市，建于1712年，人口为48000。',
      '赞诺埃是莫里亚的一座城市，建于905年，人口为1961000。',
      '诺雷·赞巴（生于1950年）是一位来自卡洛米的工程师。',
    ];
    for (const [i, p] of passages.entries()) index.add(i, p);
    expect(index.search('赞诺埃有多少人口？', 3)[0]?.id).toBe(1);
    expect(index.search('诺雷·赞巴是哪一年出生的？', 3)[0]?.id).toBe(2);
  });
});
