import { describe, expect, it } from 'vitest';
import { fixedSettings, parseFixed, settingName } from '../../../src/core/learning/fixed-policy';

describe('fixed settings', () => {
  it('are single on every profile, then every width with every profile, named WIDTH/PROFILE, and parse back', () => {
    const settings = fixedSettings();
    expect(settings).toHaveLength(18);
    expect(settings.slice(0, 3).map(settingName)).toEqual(['single/small', 'single/medium', 'single/large']);
    for (const s of settings) expect(parseFixed(settingName(s))).toEqual(s);
    // The older word for one agent, as a link or a script may still hold it, is the same setting.
    expect(parseFixed('solo/large')).toEqual(parseFixed('single/large'));
    expect(() => parseFixed('spawn/large')).toThrow('unknown width "spawn"');
  });

  it('take one setting per task kind, and refuse a kind given twice or a part without =', () => {
    const byKind = parseFixed('wide-search=all/large:deep-search=one/medium') as ReadonlyMap<string, unknown>;
    expect([...byKind.keys()]).toEqual(['wide-search', 'deep-search']);
    expect(byKind.get('deep-search')).toEqual({ width: 'one', profile: 'medium' });
    expect(() => parseFixed('wide-search=all/large:wide-search=one/small')).toThrow(/given twice/);
    expect(() => parseFixed('wide-search=all/large:half/small')).toThrow(/is not KIND=WIDTH\/PROFILE/);
  });
});
