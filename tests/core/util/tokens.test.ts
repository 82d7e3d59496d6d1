import { describe, expect, it } from 'vitest';
import { answerTokens, contentTokens, normalizeText } from '../../../src/core/util/tokens';

describe('language-aware answer tokens', () => {
  it('cuts Chinese written without spaces into characters, keeping Latin words and numbers whole', () => {
    expect(answerTokens('卡洛米建于1712年。', 'zh')).toEqual(['卡', '洛', '米', '建', '于', '1712', '年']);
    expect(answerTokens('Kalomi建于1712年，人口为48000！', 'zh')).toEqual([
      'kalomi',
      '建',
      '于',
      '1712',
      '年',
      '人',
      '口',
      '为',
      '48000',
    ]);
  });

  it('folds case, ё and Unicode forms, and drops punctuation as SQuAD does', () => {
    expect(normalizeText('Лётчик ЁЛКА')).toBe('летчик елка');
    // "é" composed and decomposed are one token after NFC.
    expect(answerTokens('Café', 'en')).toEqual(answerTokens('Cafe\u0301', 'en'));
    expect(answerTokens('Город Каломи — 1 000 человек.', 'ru')).toEqual([
      'город',
      'каломи',
      '1',
      '000',
      'человек',
    ]);
    expect(answerTokens("It's 1,000 people.", 'en')).toEqual(['its', '1000', 'people']);
  });

  it('drops the articles in English only', () => {
    expect(answerTokens('The answer is a number', 'en')).toEqual(['answer', 'is', 'number']);
    expect(answerTokens('the a an', 'ru')).toEqual(['the', 'a', 'an']);
  });

  it('keeps content tokens: no stop words of the language, no short words, Han characters one by one', () => {
    expect(contentTokens('Varo was founded in 1712.', 'en')).toEqual(['varo', 'founded', '1712']);
    expect(contentTokens('Город Каломи был основан в 1712 году.', 'ru')).toEqual([
      'город',
      'каломи',
      'основан',
      '1712',
      'году',
    ]);
    expect(contentTokens('卡洛米的人口为48000。', 'zh')).toEqual(['卡', '洛', '米', '人', '口', '48000']);
  });
});
