import { describe, expect, it } from 'vitest';
import {
  type ColumnRule,
  GradeConfigError,
  gradeTable,
  parseRules,
  type TableGrade,
} from '../../../../src/core/scenarios/wide-search/grade';
import {
  cellText,
  dateNear,
  extractNumber,
  normColumn,
  normStr,
  numberNear,
  parseDate,
  urlMatch,
} from '../../../../src/core/scenarios/wide-search/normalize';
import { parseCsv, parseMarkdownTable, type Table } from '../../../../src/core/scenarios/wide-search/table';

function csv(text: string): Table {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(r.message);
  return r.table;
}

function markdown(...lines: string[]): Table {
  const r = parseMarkdownTable(lines.join('\n'));
  if (!r.ok) throw new Error(r.message);
  return r.table;
}

type Metrics = Pick<
  TableGrade,
  'itemPrecision' | 'itemRecall' | 'itemF1' | 'rowPrecision' | 'rowRecall' | 'rowF1' | 'success'
>;

/** Compares the six ratios to 12 places and success exactly. */
function expectMetrics(grade: TableGrade, want: Metrics): void {
  for (const k of ['itemPrecision', 'itemRecall', 'itemF1', 'rowPrecision', 'rowRecall', 'rowF1'] as const) {
    expect(grade[k], k).toBeCloseTo(want[k], 12);
  }
  expect(grade.success).toBe(want.success);
}

/** Precision and recall given, F1 derived: 2PR / (P + R). */
const pr = (itemP: number, itemR: number, rowP: number, rowR: number, success = false): Metrics => {
  const f1 = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
  return {
    itemPrecision: itemP,
    itemRecall: itemR,
    itemF1: f1(itemP, itemR),
    rowPrecision: rowP,
    rowRecall: rowR,
    rowF1: f1(rowP, rowR),
    success,
  };
};

describe('normalizers (metric_utils.py)', () => {
  it('norm_column and norm_str drop case, spaces and emphasis', () => {
    expect(normColumn('  Founded Year ')).toBe('foundedyear');
    expect(normStr(' **New  York** ')).toBe('newyork');
    // Only ASCII spaces go: a tab inside stays, as in the Python.
    expect(normStr('a\tb')).toBe('a\tb');
  });

  it('reads pandas NA strings as "nan"', () => {
    for (const na of ['', ' ', 'N/A', 'n/a', 'NA', 'null', 'NULL', 'NaN', 'None', '<NA>']) {
      expect(cellText(na)).toBe('nan');
    }
    expect(cellText(' Paris ')).toBe('Paris');
    expect(cellText('none')).toBe('none');
  });

  it('extract_number takes the first number, commas dropped, percent kept', () => {
    expect(extractNumber('$1,234.50 million')).toBe('1234.50');
    expect(extractNumber('about -3 degrees')).toBe('-3');
    expect(extractNumber('12.5% growth')).toBe('12.5%');
    expect(extractNumber('.75')).toBe('.75');
    expect(extractNumber('2019-2020')).toBe('2019');
    expect(extractNumber('unknown')).toBe('NULL');
  });

  it('number_near: relative tolerance, percent as a fraction, two non-numbers equal only if equal', () => {
    expect(numberNear('1260', '1200', 0.05)).toBe(1); // |60| ≤ 1200 · 0.05 = 60
    expect(numberNear('1261', '1200', 0.05)).toBe(0); // 61 > 60
    expect(numberNear('50%', '0.5', 0)).toBe(1);
    expect(numberNear('0', '0', 0)).toBe(1);
    expect(numberNear('0.001', '0', 0.5)).toBe(0); // |gold| · tol = 0
    expect(numberNear('NULL', 'NULL', 0)).toBe(1);
    expect(numberNear('NULL', '3', 0.5)).toBe(0);
  });

  it('url_match compares the sets of hosts, case as written', () => {
    expect(urlMatch('http://www.acme.com/', 'https://www.acme.com/about?x=1')).toBe(1);
    expect(urlMatch('https://acme.com', 'https://www.acme.com')).toBe(0);
    expect(urlMatch('see https://a.com and http://b.org/x', 'http://b.org https://a.com/y')).toBe(1);
    expect(urlMatch('acme.com', 'https://acme.com')).toBe(0); // no scheme: no URL found
    expect(urlMatch('n/a', 'unknown')).toBe(1); // no URL on either side: equal empty sets
    expect(urlMatch('https://ACME.com', 'https://acme.com')).toBe(0);
  });

  it('reads the common date forms, the 1st of the month when no day is given', () => {
    const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
    for (const s of ['2020-03-05', '2020/3/5', '2020.03.05', '2020-03-05T10:00:00', '03/05/2020']) {
      expect(parseDate(s), s).toBe(day(2020, 3, 5));
    }
    for (const s of ['5 March 2020', 'March 5, 2020', 'Mar. 5th, 2020', '5th Mar 2020', '2020年3月5日']) {
      expect(parseDate(s), s).toBe(day(2020, 3, 5));
    }
    expect(parseDate('13/04/2020')).toBe(day(2020, 4, 13)); // day first when the first number > 12
    expect(parseDate('March 2020')).toBe(day(2020, 3, 1));
    expect(parseDate('2020-03')).toBe(day(2020, 3, 1));
    expect(parseDate('2020')).toBe(day(2020, 1, 1));
    for (const s of ['2020-02-30', 'Marchish 5, 2020', 'soon', 'nan']) expect(parseDate(s), s).toBeNull();
  });

  it('date_near: within 31 days; two non-dates match, one does not', () => {
    expect(dateNear('2020-03-05', '2020-04-05')).toBe(1); // 31 days
    expect(dateNear('2020-03-05', '2020-04-06')).toBe(0); // 32 days
    expect(dateNear('nan', 'unknown')).toBe(1);
    expect(dateNear('2020-03-05', 'unknown')).toBe(0);
  });
});

describe('gradeTable: hand-computed cases', () => {
  const gold = csv('name,capital\nFrance,Paris\nSpain,Madrid\nItaly,Rome\nChile,Santiago\n');
  const keys = ['name'];

  it('scores a perfect answer 1 everywhere, rows and columns in any order', () => {
    const pred = markdown(
      '| Capital | Name |',
      '|---|---|',
      '| Santiago | Chile |',
      '| Rome | Italy |',
      '| Madrid | Spain |',
      '| Paris | France |',
    );
    expectMetrics(gradeTable(gold, pred, { keys }), pr(1, 1, 1, 1, true));
  });

  it('drops duplicate predicted keys, keeping the first', () => {
    // Spain's first row is wrong, its second right: only the first counts. 3 rows after de-duplication;
    // items: France 2 + Spain 1 + Italy 2 = 5; rows right: France, Italy = 2.
    const pred = markdown(
      '| name | capital |',
      '|---|---|',
      '| France | Paris |',
      '| Spain | Barcelona |',
      '| Spain | Madrid |',
      '| Italy | Rome |',
      '| France | Lyon |',
    );
    const grade = gradeTable(gold, pred, { keys });
    expect(grade.predRows).toBe(3);
    expectMetrics(grade, pr(5 / 6, 5 / 8, 2 / 3, 2 / 4));
  });

  it('counts missing rows against recall only', () => {
    // 2 of 4 gold rows, both right: items 4 / (2·2) = 1 and 4 / (4·2) = 0.5.
    const pred = markdown('| name | capital |', '|---|---|', '| France | Paris |', '| Chile | Santiago |');
    expectMetrics(gradeTable(gold, pred, { keys }), pr(1, 0.5, 1, 0.5));
  });

  it('counts extra rows against precision only', () => {
    // 4 right rows + 2 unknown: items 8 / (6·2) and 8 / (4·2).
    const pred = markdown(
      '| name | capital |',
      '|---|---|',
      '| France | Paris |',
      '| Spain | Madrid |',
      '| Italy | Rome |',
      '| Chile | Santiago |',
      '| Peru | Lima |',
      '| Japan | Tokyo |',
    );
    expectMetrics(gradeTable(gold, pred, { keys }), pr(8 / 12, 1, 4 / 6, 1));
  });

  it('scores an empty prediction 0, and two empty tables a success as the Python does', () => {
    const empty = markdown('| name | capital |', '|---|---|');
    expectMetrics(gradeTable(gold, empty, { keys }), pr(0, 0, 0, 0));
    expectMetrics(gradeTable(csv('name,capital\n'), empty, { keys }), pr(0, 0, 0, 0, true));
  });

  it('joins on normalized keys: case, spaces and emphasis do not matter', () => {
    const pred = markdown(
      '| NAME | Capital |',
      '|---|---|',
      '| **france** | paris |',
      '| S pain | MADRID |',
      '| ITALY | Rome |',
      '|  chile  | santiago |',
    );
    expectMetrics(gradeTable(gold, pred, { keys }), pr(1, 1, 1, 1, true));
  });

  it('gives a row the minimum of its cells while items count each cell', () => {
    const g = csv('name,a,b,c\nx,1,2,3\n');
    const p = markdown('| name | a | b | c |', '|---|---|---|---|', '| x | 1 | 9 | 3 |');
    // Cells 1 (key), 1, 0, 1: items 3 / 4; the row scores min = 0.
    expectMetrics(gradeTable(g, p, { keys: ['name'] }), pr(3 / 4, 3 / 4, 0, 0));
  });

  it('applies a number tolerance relative to the gold value', () => {
    const g = csv('name,pop\na,1000\nb,1000\nc,2%\n');
    const p = markdown('| name | pop |', '|--|--|', '| a | 1,049 |', '| b | 1051 people |', '| c | 0.02 |');
    const rules: Record<string, ColumnRule> = { pop: { rule: 'number', tolerance: 0.05 } };
    // a: |49| ≤ 50 → 1; b: 51 > 50 → 0; c: 2% = 0.02 → 1. Items 2·3 − 1 = 5 of 6; rows 2 of 3.
    expectMetrics(gradeTable(g, p, { keys: ['name'], rules }), pr(5 / 6, 5 / 6, 2 / 3, 2 / 3));
    // As strings all three differ ("1,049" ≠ "1000", "0.02" ≠ "2%"): only the keys score, 3 of 6.
    expectMetrics(gradeTable(g, p, { keys: ['name'] }), pr(3 / 6, 3 / 6, 0, 0));
  });

  it('matches URLs by host with the url rule', () => {
    const g = csv('name,site\na,https://www.a.com/about\nb,https://b.org\n');
    const p = markdown('| name | site |', '|--|--|', '| a | http://www.a.com |', '| b | https://www.b.org |');
    // a: same host → 1; b: b.org ≠ www.b.org → 0. Items 3 of 4, rows 1 of 2.
    expectMetrics(
      gradeTable(g, p, { keys: ['name'], rules: { site: { rule: 'url' } } }),
      pr(3 / 4, 3 / 4, 1 / 2, 1 / 2),
    );
  });

  it('matches exact cells ignoring case only, and judge cells as normalized strings', () => {
    const g = csv('k,e,j\na,New York,New York\n');
    const rules: Record<string, ColumnRule> = { e: { rule: 'exact' }, j: { rule: 'judge' } };
    // exact: "new york" = "New York" ignoring case; judge: "NewYork" → "newyork" = "newyork".
    const cased = markdown('| k | e | j |', '|-|-|-|', '| a | new york | NewYork |');
    expect(gradeTable(g, cased, { keys: ['k'], rules }).itemRecall).toBe(1);
    // exact keeps spaces: "NewYork" ≠ "New York", so 2 of 3 cells.
    const spaced = markdown('| k | e | j |', '|-|-|-|', '| a | NewYork | NewYork |');
    expect(gradeTable(g, spaced, { keys: ['k'], rules }).itemRecall).toBeCloseTo(2 / 3, 12);
  });

  it('treats pandas NA spellings as one missing value', () => {
    const g = csv('k,v\na,\nb,N/A\n');
    const p = markdown('| k | v |', '|-|-|', '| a | n/a |', '| b | |');
    expectMetrics(gradeTable(g, p, { keys: ['k'] }), pr(1, 1, 1, 1, true));
  });

  it('scores 0 when the prediction lacks a gold column or adds one, naming them', () => {
    const lacking = markdown('| name |', '|---|', '| France |');
    expect(gradeTable(gold, lacking, { keys })).toMatchObject({
      itemF1: 0,
      rowF1: 0,
      success: false,
      missingColumns: ['capital'],
      extraColumns: [],
    });
    const adding = markdown('| name | capital | note |', '|-|-|-|', '| France | Paris | x |');
    expect(gradeTable(gold, adding, { keys })).toMatchObject({ itemF1: 0, extraColumns: ['note'] });
  });

  it('names an unknown key column, an unknown rule column and a repeated gold column', () => {
    const pred = markdown('| name | capital |', '|-|-|', '| France | Paris |');
    const thrown = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error as GradeConfigError;
      }
      throw new Error('expected an error');
    };
    const k = thrown(() => gradeTable(gold, pred, { keys: ['country'] }));
    expect(k).toBeInstanceOf(GradeConfigError);
    expect(k.subject).toBe('keys');
    expect(k.message).toBe('no key column "country" in the gold table (columns: "name", "capital")');
    const r = thrown(() => gradeTable(gold, pred, { keys, rules: { population: { rule: 'number' } } }));
    expect(r.subject).toBe('rules');
    expect(r.message).toMatch(/^a rule for column "population", which the gold table does not have/);
    const d = thrown(() => gradeTable(csv('a,A\n1,2\n'), pred, { keys: ['a'] }));
    expect([d.subject, d.message]).toEqual(['gold', 'column "a" appears twice']);
    expect(thrown(() => gradeTable(gold, pred, { keys: [] })).subject).toBe('keys');
  });
});

/**
 * Independent vectors: each computed by hand from `evaluate_single_query` in ByteDance-Seed/WideSearch
 * src/evaluation/evaluation.py (with metric_utils.py's metrics), following its steps on paper; the
 * Python itself was not run (pandas is not installed on these machines). C = columns, G / P = gold / predicted rows after
 * de-duplication, Σi = sum of cell scores, Σr = sum of row minima.
 */
describe('gradeTable agrees with the official WideSearch definition', () => {
  it('V1: a wrong cell, a number within 5%, a missing and an extra row', () => {
    const g = csv(
      'name,country,population\nAlpha,France,100\nBeta,Spain,200\nGamma,Italy,300\nDelta,Greece,400\n',
    );
    const p = markdown(
      '| Name | Country | Population |',
      '|---|---|---|',
      '| Alpha | france | 100 |', //   1 + 1 + 1 = 3, row 1
      '| Beta | Portugal | 200 |', //  1 + 0 + 1 = 2, row 0
      '| Gamma | Italy | 310 |', //    |310 − 300| = 10 ≤ 300 · 0.05 = 15: 3, row 1
      '| Epsilon | Malta | 500 |', // no gold row
    );
    const grade = gradeTable(g, p, {
      keys: ['name'],
      rules: { population: { rule: 'number', tolerance: 0.05 } },
    });
    // C = 3, G = 4, P = 4, Σi = 8, Σr = 2: item P = R = 8/12, row P = R = 2/4.
    expectMetrics(grade, pr(8 / 12, 8 / 12, 2 / 4, 2 / 4));
  });

  it('V2: a duplicated key keeps its first row; a gold row is missing', () => {
    const g = csv('city,year\nParis,1900\nRome,1901\nOslo,1902\n');
    const p = markdown(
      '| city | year |',
      '|---|---|',
      '| Paris | 1900 |',
      '| Paris | 1999 |',
      '| Rome | 1950 |',
    );
    // Paris 1900 kept (2, row 1), Paris 1999 dropped, Rome 1 + 0 (row 0). C = 2, G = 3, P = 2, Σi = 3, Σr = 1.
    // item P = 3/4 = 0.75, R = 3/6 = 0.5, F1 = 2·0.375/1.25 = 0.6; row P = 1/2, R = 1/3, F1 = (1/3)/(5/6) = 0.4.
    const grade = gradeTable(g, p, { keys: ['city'] });
    expectMetrics(grade, pr(0.75, 0.5, 0.5, 1 / 3));
    expect(grade.itemF1).toBeCloseTo(0.6, 12);
    expect(grade.rowF1).toBeCloseTo(0.4, 12);
  });

  it('V3: two key columns and the url rule', () => {
    const g = csv(
      'company,year,site\nAcme,2020,https://www.acme.com/about\nAcme,2021,https://acme.com\nGlobex,2020,http://globex.io/en\n',
    );
    const p = markdown(
      '| company | year | site |',
      '|---|---|---|',
      '| Acme | 2020 | http://www.acme.com/ |', // host www.acme.com both: 3, row 1
      '| Acme | 2021 | https://www.acme.com |', // www.acme.com ≠ acme.com: 2, row 0
      '| Globex | 2020 | globex.io |', //            no URL ≠ {globex.io}: 2, row 0
    );
    // C = 3, G = P = 3, Σi = 7, Σr = 1: item 7/9 everywhere, row 1/3 everywhere.
    expectMetrics(
      gradeTable(g, p, { keys: ['company', 'year'], rules: { site: { rule: 'url' } } }),
      pr(7 / 9, 7 / 9, 1 / 3, 1 / 3),
    );
  });

  it('V4: percentages, thousands separators, the tolerance boundary and exact_match', () => {
    const g = csv('country,share,capital\nA,50%,Alpha City\nB,0.25,Beta\nC,1200,Gamma\nD,7,Delta\n');
    const p = markdown(
      '| country | share | capital |',
      '|---|---|---|',
      '| a | 0.5 | alpha city |', //    0.5 = 50%; exact ignores case: 3, row 1
      '| B | 25% | BETA |', //           0.25 = 25%: 3, row 1
      '| C | 1,260 | Gamma |', //        |60| ≤ 1200 · 0.05 = 60 (boundary holds): 3, row 1
      '| D | 7.4 | Delta  City |', //    |0.4| > 7 · 0.05 = 0.35; "delta  city" ≠ "delta": 1, row 0
    );
    const rules: Record<string, ColumnRule> = {
      share: { rule: 'number', tolerance: 0.05 },
      capital: { rule: 'exact' },
    };
    // C = 3, G = P = 4, Σi = 10, Σr = 3: item 10/12, row 3/4.
    expectMetrics(gradeTable(g, p, { keys: ['country'], rules }), pr(10 / 12, 10 / 12, 3 / 4, 3 / 4));
  });

  it('V5: a fully right answer in prose, reordered, with emphasis: success', () => {
    const g = csv('title,author\nDune,Frank Herbert\nEmma,Jane Austen\n');
    const p = parseMarkdownTable(
      'Here you go:\n\n| Author | Title |\n|---|---|\n| Jane Austen | **Emma** |\n| frank herbert | Dune |\n\nDone.\n',
    );
    if (!p.ok) throw new Error(p.message);
    // norm_str: "**emma**" → "emma", "frank herbert" → "frankherbert". Σi = 4 = G·C = P·C: all 1, score 1.
    expectMetrics(gradeTable(g, p.table, { keys: ['title'] }), pr(1, 1, 1, 1, true));
  });

  it('V6: a row partly right scores its minimum; an extra row lowers precision', () => {
    const g = csv('name,a,b,c\nx,1,2,3\ny,4,5,6\n');
    const p = markdown(
      '| name | a | b | c |',
      '|---|---|---|---|',
      '| x | 1 | 2 | 3 |',
      '| y | 4 | 0 | 6 |',
      '| z | 7 | 8 | 9 |',
    );
    // x: 4, row 1; y: 1 + 1 + 0 + 1 = 3, row min 0; z unmatched. C = 4, G = 2, P = 3, Σi = 7, Σr = 1.
    // item P = 7/12, R = 7/8, F1 = 2·(49/96)/(35/24) = 0.7; row P = 1/3, R = 1/2, F1 = (1/3)/(5/6) = 0.4.
    const grade = gradeTable(g, p, { keys: ['name'] });
    expectMetrics(grade, pr(7 / 12, 7 / 8, 1 / 3, 1 / 2));
    expect(grade.itemF1).toBeCloseTo(0.7, 12);
  });

  it('V7: date_near within 31 days', () => {
    const g = csv('event,date\nLaunch,2020-03-05\nSummit,2020-01-01\n');
    const p = markdown(
      '| event | date |',
      '|---|---|',
      '| launch | March 20, 2020 |',
      '| summit | 1 March 2020 |',
    );
    // Launch: 15 days apart → 2, row 1; Summit: 60 days → 1, row 0. C = 2, G = P = 2, Σi = 3, Σr = 1.
    expectMetrics(
      gradeTable(g, p, { keys: ['event'], rules: { date: { rule: 'date' } } }),
      pr(3 / 4, 3 / 4, 1 / 2, 1 / 2),
    );
  });

  it('V8: keys normalized by norm_str, numbers extracted from text, an extra row', () => {
    const g = csv('name,score\nAlpha Beta,10\nGamma,20\n');
    const p = markdown(
      '| name | score |',
      '|---|---|',
      '| alphabeta | 10.0 |',
      '| GAMMA | 20 pts |',
      '| Delta | 5 |',
    );
    // "Alpha Beta" → "alphabeta"; 10.0 = 10; "20 pts" → 20. C = 2, G = 2, P = 3, Σi = 4, Σr = 2.
    // item P = 4/6, R = 4/4, F1 = 0.8; row P = 2/3, R = 1, F1 = 0.8.
    const grade = gradeTable(g, p, { keys: ['name'], rules: { score: { rule: 'number' } } });
    expectMetrics(grade, pr(4 / 6, 1, 2 / 3, 1));
    expect(grade.itemF1).toBeCloseTo(0.8, 12);
  });

  it('V9: an extra column: required columns differ, every score 0', () => {
    const g = csv('city,year\nParis,1900\n');
    const p = markdown('| city | year | notes |', '|---|---|---|', '| Paris | 1900 | capital |');
    expectMetrics(gradeTable(g, p, { keys: ['city'] }), pr(0, 0, 0, 0));
  });

  it('departs on purpose where the Python de-duplicates before normalizing', () => {
    // The Python keeps both "Paris" and "paris" (distinct raw text), joins both to the gold row and
    // reports recall 2/1 = 2. We de-duplicate on the normalized key, so recall stays 1.
    const g = csv('city,year\nParis,1900\n');
    const p = markdown('| city | year |', '|---|---|', '| Paris | 1900 |', '| paris | 1900 |');
    expectMetrics(gradeTable(g, p, { keys: ['city'] }), pr(1, 1, 1, 1, true));
  });
});

describe('parseRules', () => {
  it('takes "__proto__" and "constructor" as plain column names, whose rules apply', () => {
    const read = parseRules(
      JSON.parse('{"__proto__": {"rule": "number", "tolerance": 0.5}, "constructor": "exact"}'),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(Object.keys(read.rules).sort()).toEqual(['__proto__', 'constructor']);
    const gold = markdown('| Name | __proto__ | constructor |', '|---|---|---|', '| a | 100 | x |');
    const near = markdown('| Name | __proto__ | constructor |', '|---|---|---|', '| a | 140 | x |');
    // 140 is within 50% of 100 only under the number rule; as a string it would not match.
    expect(gradeTable(gold, near, { keys: ['Name'], rules: read.rules }).itemF1).toBe(1);
  });

  it('reads rule names and objects', () => {
    expect(
      parseRules({ site: 'url', price: { rule: 'number', tolerance: 0.05 }, n: { rule: 'number' } }),
    ).toEqual({
      ok: true,
      rules: { site: { rule: 'url' }, price: { rule: 'number', tolerance: 0.05 }, n: { rule: 'number' } },
    });
  });

  it.each([
    [[], /the rules must be a JSON object .* got \[\]/],
    [{ a: 3 }, /^column "a": a rule is a name or an object with "rule", got 3$/],
    [
      { a: 'fuzzy' },
      /^column "a": "rule" must be one of exact, string, judge, number, url, date, contains, got "fuzzy"$/,
    ],
    [{ a: {} }, /^column "a": "rule" must be one of .*, got undefined$/],
    [{ a: { rule: 'number', tolerance: '5%' } }, /^column "a": "tolerance" must be a number ≥ 0 .*got "5%"$/],
    [{ a: { rule: 'number', tolerance: -1 } }, /^column "a": "tolerance" must be a number ≥ 0/],
    [{ a: { rule: 'url', tolerance: 1 } }, /^column "a": unknown field "tolerance" for rule "url"$/],
    [{ a: { rule: 'number', tolerence: 1 } }, /^column "a": unknown field "tolerence"/],
  ])('rejects %j naming the field', (input, message) => {
    const r = parseRules(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});
