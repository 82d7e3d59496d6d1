/**
 * An error the page words itself (run/session.ts) records English, what a stored run keeps and the
 * API says, and is shown in the page's language; another's error (the core's, an endpoint's) is
 * shown as its own message.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { PageError, saidOf } from '../../../src/ui/i18n/page-error';
import { say, words } from '../../../src/ui/i18n/words';

describe("the page's own errors", () => {
  it('keep English as their message and are said in the language shown', async () => {
    await Promise.all([loadCatalog('zh'), loadCatalog('ru')]);
    const failed = new PageError(
      words('runError.endpointFailed', {
        kind: 'auth',
        message: 'The server refused the API key (HTTP 401).',
      }),
    );
    expect(failed.message).toBe(
      'The model endpoint failed (auth): The server refused the API key (HTTP 401).',
    );
    const said = saidOf(failed);
    expect(say(said, 'en')).toBe(failed.message);
    expect(say(said, 'ru')).toBe(
      'Эндпоинт модели дал сбой (auth): The server refused the API key (HTTP 401).',
    );
    expect(say(said, 'zh')).toBe('模型端点出错（auth）：The server refused the API key (HTTP 401).');
    const missing = saidOf(new PageError(words('runError.noSavedPolicy', { ref: 'gone' })));
    expect(say(missing, 'en')).toBe(
      'policy: no checkpoint "gone" (the name of a policy saved in this browser, as the Train view lists it)',
    );
    expect(say(missing, 'ru')).toContain('«gone»');
    expect(say(saidOf(new PageError(words('runError.emptyKnowledge'))), 'zh')).toBe(
      '知识库是空的：请先在“知识库”视图中导入文档。',
    );
  });

  it("shows another's error as its own words", () => {
    const core = new Error('join must be one of async, barrier, not "later"');
    expect(say(saidOf(core), 'ru')).toBe(core.message);
  });
});
