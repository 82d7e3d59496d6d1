import { describe, expect, it } from 'vitest';
import type { KeyStorage } from '../../../src/adapters/browser/api-key-store';
import { sayEnglish } from '../../../src/ui/i18n/words';
import { askChoices, createStatedSight, refusalOf } from '../../../src/ui/run/ask-models';
import type { WebllmView } from '../../../src/ui/run/models';
import { defaultState } from '../../../src/ui/url-state';

/**
 * Who "Ask a model about this run" offers, and who it refuses before any call: the simulated model
 * always sees; an endpoint's model sees only on the user's word, kept per endpoint and model; a
 * loaded WebLLM model sees only if it is one of WebLLM's vision builds.
 */

function memoryStorage(): KeyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const noWebllm = { status: 'idle' } as WebllmView;
const ENDPOINT = 'http://127.0.0.1:9/v1';

describe('the models the page can ask about a run', () => {
  it('are the simulated model alone when nothing else is set up, and it sees', () => {
    const choices = askChoices(defaultState, noWebllm, createStatedSight(memoryStorage()));
    expect(choices).toEqual([{ provider: 'simulated', model: 'simulated-vision', sees: true }]);
    expect(refusalOf(choices[0] as never)).toBeUndefined();
  });

  it("refuse an endpoint's model until the user says it sees, then hold that word for it alone", () => {
    const storage = memoryStorage();
    const stated = createStatedSight(storage);
    const settings = { ...defaultState, endpoint: ENDPOINT, model: 'llava' };
    const blind = askChoices(settings, noWebllm, stated)[1];
    expect(blind).toEqual({ provider: 'openai', model: 'llava', endpoint: ENDPOINT, sees: false });
    const said = refusalOf(blind as never);
    expect(said && sayEnglish(said)).toBe(
      `llava at ${ENDPOINT} is not said to see images, so nothing was sent. If it can, tick “This model can see images”; or ask the simulated model.`,
    );

    stated.state(ENDPOINT, 'llava', true);
    expect(askChoices(settings, noWebllm, stated)[1]?.sees).toBe(true);
    expect(refusalOf(askChoices(settings, noWebllm, stated)[1] as never)).toBeUndefined();
    // Another model at the same endpoint is not covered by the word given for llava.
    expect(askChoices({ ...settings, model: 'qwen2.5:1.5b' }, noWebllm, stated)[1]?.sees).toBe(false);
    // Kept in the browser: a new tab reads it back; a word taken back is gone.
    expect(askChoices(settings, noWebllm, createStatedSight(storage))[1]?.sees).toBe(true);
    stated.state(ENDPOINT, 'llava', false);
    expect(askChoices(settings, noWebllm, createStatedSight(storage))[1]?.sees).toBe(false);
  });

  it('ask for the endpoint’s model name before anything else', () => {
    const choice = askChoices({ ...defaultState, endpoint: ENDPOINT }, noWebllm, createStatedSight())[1];
    const said = refusalOf(choice as never);
    expect(said && sayEnglish(said)).toContain('Name the endpoint’s model in the provider settings');
  });

  it('offer a loaded WebLLM model, seeing only if it is a vision build', () => {
    const loaded = (modelId: string) => ({ status: 'ready', modelId }) as WebllmView;
    const stated = createStatedSight(memoryStorage());
    const text = askChoices(defaultState, loaded('Qwen2.5-1.5B-Instruct-q4f16_1-MLC'), stated)[1];
    expect(text?.sees).toBe(false);
    const said = refusalOf(text as never);
    expect(said && sayEnglish(said)).toContain('Qwen2.5-1.5B-Instruct-q4f16_1-MLC cannot see images');
    const vision = askChoices(defaultState, loaded('Phi-3.5-vision-instruct-q4f16_1-MLC'), stated)[1];
    expect(vision?.sees).toBe(true);
  });

  it('read a damaged record of stated models as none', () => {
    const storage = memoryStorage();
    storage.setItem('swarmflight.seeingModels', '{not json');
    const settings = { ...defaultState, endpoint: ENDPOINT, model: 'llava' };
    expect(askChoices(settings, noWebllm, createStatedSight(storage))[1]?.sees).toBe(false);
  });
});
