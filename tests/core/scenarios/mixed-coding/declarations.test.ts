import { describe, expect, it } from 'vitest';
import { topLevelStatements } from '../../../../src/core/scenarios/mixed-coding/declarations';
import { LIBRARY } from '../../../../src/core/scenarios/mixed-coding/library';

const names = (code: string) => topLevelStatements(code).map((s) => s.name ?? '?');

describe('topLevelStatements', () => {
  it('cuts the library’s references apart, one declaration each, text kept whole', () => {
    const code = LIBRARY.map((f) => f.reference).join('\n');
    const statements = topLevelStatements(code);
    expect(statements.map((s) => s.name)).toEqual(LIBRARY.map((f) => f.name));
    expect(statements.map((s) => s.text)).toEqual(LIBRARY.map((f) => f.reference));
  });

  it('is not misled by braces in strings, templates, comments and regular expressions', () => {
    const code = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source holding a template literal, as text
      'function a(s) { return s.replace(/[{}]/g, \'}\') + "{" + `${s + `}`}`; } // }',
      '/* { */ function b() { return 1 / 2 / 3; }',
      'const c = { x: [1, 2] }',
      'let d = () => ({ y: "}" })',
      'class E { m() { return "{"; } }',
      'async function f() {}',
    ].join('\n');
    expect(names(code)).toEqual(['a', 'b', 'c', 'd', 'E', 'f']);
    const [a, b] = topLevelStatements(code);
    expect(a?.text.endsWith('} // }')).toBe(true);
    expect(b?.text).toBe('/* { */ function b() { return 1 / 2 / 3; }');
  });

  it('keeps a statement that goes on past a line end whole, and names what declares nothing', () => {
    expect(names('const f =\n  function () { return 1; };\nconsole.log(f());\nfunction g() {}')).toEqual([
      'f',
      '?',
      'g',
    ]);
    expect(names('function a() { return 1; } function b() { return 2; }')).toEqual(['a', 'b']);
    expect(names('// only a comment\n')).toEqual([]);
  });

  it('ends an unclosed declaration at the end of the text', () => {
    expect(topLevelStatements('function sum(xs) {\n  return 0;')).toEqual([
      { text: 'function sum(xs) {\n  return 0;', name: 'sum' },
    ]);
  });
});
