import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeQuery } from '../../../src/core/router/router';
import { applyRules } from '../../../src/core/router/rules';
import { detectLanguage, wordCount } from '../../../src/core/util/words';
import { fcRuns } from '../../support/fc-runs';

describe('requests in Chinese and Russian', () => {
  it('routes the design notes’ own examples by the rules of their language', () => {
    const snake = applyRules('帮我写一个贪吃蛇游戏，并写出测试用例，最后打包成exe。');
    expect(snake.choice).toEqual({ topology: 'swarm', workflow: 'mixed-coding' });
    // "exe" is borrowed: the English coding rules do not read a Chinese request, so it votes once.
    expect(snake.matched).toEqual(['zh-code']);
    const compare = applyRules('Сравни три варианта архитектуры по надёжности и стоимости');
    expect(compare.choice).toEqual({ topology: 'peers', workflow: 'compare-options' });
    expect(compare.matched).toEqual(['ru-compare', 'ru-criteria']);
  });

  it('reads each kind of request in each language', () => {
    const cases: [string, string][] = [
      ['列出中国前20大城市的市长和人口，做成表格', 'swarm/wide-search'],
      ['给一个10岁的孩子讲解光合作用，并附上练习题和答案', 'swarm/teach-explain'],
      ['写一个关于勇敢小狐狸的睡前故事', 'swarm/write-story'],
      ['根据我上传的会议纪要，我们对预算做了什么决定？请引用原文', 'swarm/rag-qa'],
      ['Составь таблицу: для каждого из 20 крупнейших городов России мэр и население', 'swarm/wide-search'],
      ['Напиши сказку про кота, который боялся воды', 'swarm/write-story'],
      ['Объясни дроби ребёнку 9 лет, с упражнениями и ответами', 'swarm/teach-explain'],
      ['Что в моих заметках сказано про отпуск? Процитируй', 'swarm/rag-qa'],
      ['Напиши функцию на Python для парсинга дат и тесты к ней', 'swarm/mixed-coding'],
      ['Плюсы и минусы удалённой работы — давай мозговой штурм', 'peers/general'],
    ];
    for (const [query, label] of cases) {
      const d = applyRules(query);
      expect(`${d.choice.topology}/${d.choice.workflow}`, query).toBe(label);
    }
  });

  it('reads Russian chains, documents and debates by their grammar, not by look-alike stems', () => {
    const cases: [string, string][] = [
      // A person named by a participle clause, a relative clause behind a preposition, a relation of a relation.
      ['Какой вуз закончил человек, придумавший тетрис?', 'swarm/deep-search'],
      ['Кто был продюсером первого альбома группы, в которой пел Виктор Цой?', 'swarm/deep-search'],
      ['Кто был учителем учителя Шостаковича?', 'swarm/deep-search'],
      // "материалам" is not "мать", "перечислили" reports a list rather than asking for one.
      ['Ответь только по нашим материалам: какой тариф положен клиенту-юрлицу?', 'swarm/rag-qa'],
      ['По служебной записке от юристов: какие риски сделки они перечислили?', 'swarm/rag-qa'],
      // "рассказать" is a verb, not a story; a debate about children is not a lesson.
      ['Как рассказать первоклашкам, почему идёт дождь? Нужен план на 20 минут', 'swarm/teach-explain'],
      ['Поделитесь разными мнениями: нужны ли детям соцсети до 14 лет?', 'peers/general'],
      ['Duolingo, репетитор или языковые курсы — на чём лучше учить испанский?', 'peers/compare-options'],
    ];
    for (const [query, label] of cases) {
      const d = applyRules(query);
      expect(`${d.choice.topology}/${d.choice.workflow}`, query).toBe(label);
    }
  });

  it('counts words and detects the language of any script', () => {
    expect(wordCount('帮我写一个贪吃蛇游戏')).toBeGreaterThan(3);
    expect(detectLanguage('帮我写一个 Python 脚本')).toBe('zh');
    expect(detectLanguage('Сравни API двух сервисов')).toBe('ru');
    expect(detectLanguage('Compare these laptops')).toBe('en');
    expect(detectLanguage('שלום עולם')).toBe('und');
    expect(detectLanguage('🙂🙂 123')).toBe('und');
  });

  it('routes mixed, emoji, right-to-left and unknown-language text without throwing, unsure of it', () => {
    for (const q of ['مرحبا كيف حالك', '🙂🙂🙂', '\u202Eevil text\u202C', 'hola 你好 привет']) {
      const r = routeQuery(undefined, q);
      expect(r.confidence, q).toBeLessThanOrEqual(0.6);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (q) => {
        const r = routeQuery(undefined, q);
        expect(r.confidence).toBeGreaterThan(0);
        expect(r.confidence).toBeLessThanOrEqual(0.9);
      }),
      { numRuns: fcRuns(200) },
    );
  });
});
