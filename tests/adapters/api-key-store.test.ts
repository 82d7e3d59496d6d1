import { describe, expect, it } from 'vitest';
import { apiKeyStore, type KeyStorage } from '../../src/adapters/browser/api-key-store';

function memoryStorage(): KeyStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('apiKeyStore', () => {
  it('keeps one key per server origin', () => {
    const storage = memoryStorage();
    const keys = apiKeyStore(storage);
    keys.save('https://api.example.com/v1', ' sk-one-0123456789 ');
    keys.save('http://localhost:8080/v1', 'sk-two-0123456789');
    expect(keys.load('https://api.example.com/v2/other')).toBe('sk-one-0123456789');
    expect(keys.load('http://localhost:8080')).toBe('sk-two-0123456789');
    expect(keys.load('http://localhost:11434/v1')).toBe('');
    expect(apiKeyStore(storage).secrets().sort()).toEqual(['sk-one-0123456789', 'sk-two-0123456789']);
  });

  it('forgets one key, or all, leaving nothing in storage', () => {
    const storage = memoryStorage();
    const keys = apiKeyStore(storage);
    keys.save('https://a.example/v1', 'sk-a-0123456789');
    keys.save('https://b.example/v1', 'sk-b-0123456789');
    keys.forget('https://a.example/v1');
    expect(keys.load('https://a.example/v1')).toBe('');
    expect(keys.secrets()).toEqual(['sk-b-0123456789']);
    keys.save('https://b.example/v1', '');
    expect(storage.data.size).toBe(0);
    keys.save('https://c.example/v1', 'sk-c-0123456789');
    keys.forgetAll();
    expect(storage.data.size).toBe(0);
  });

  it('says so when the browser refuses to store, and reads nothing', () => {
    const full: KeyStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => apiKeyStore(full).save('https://a.example', 'sk-a-0123456789')).toThrow(
      /refused to store the key: quota/,
    );
    const blocked = apiKeyStore(undefined);
    expect(blocked.load('https://a.example')).toBe('');
    expect(blocked.secrets()).toEqual([]);
    expect(() => blocked.save('https://a.example', 'sk-a-0123456789')).toThrow(/storage is blocked/);
  });

  it('survives storage holding garbage', () => {
    const storage = memoryStorage();
    storage.setItem('swarmflight.apiKeys', '{not json');
    expect(apiKeyStore(storage).load('https://a.example')).toBe('');
  });
});

describe('keys too short or too common to be secrets', () => {
  it.each([
    ['null', /JSON literal/],
    ['true', /JSON literal/],
    ['false', /JSON literal/],
    ['task', /word the app's own traces and files use/],
    ['assigned', /word the app's own traces and files use/],
    ['maxOrchestratorSteps', /word the app's own traces and files use/],
    ['sk-1234', /7 characters, and a key needs at least 8/],
    ['1234567890', /is a number/],
    ['aaaaaaaaaaaa', /fewer than 4 different characters/],
    ['password', /word the app's own traces and files use/],
  ])('refuses %s, says why, and keeps nothing', (key, why) => {
    const storage = memoryStorage();
    const keys = apiKeyStore(storage);
    expect(() => keys.save('https://a.example/v1', key)).toThrow(why);
    expect(() => keys.save('https://a.example/v1', key)).toThrow(/was not saved/);
    expect(storage.data.size).toBe(0);
    expect(keys.secrets()).toEqual([]);
  });

  it('keeps a real-looking key, and an empty one still forgets', () => {
    const keys = apiKeyStore(memoryStorage());
    keys.save('https://a.example/v1', 'sk-proj-Zx81kQ2mN0');
    expect(keys.secrets()).toEqual(['sk-proj-Zx81kQ2mN0']);
    keys.save('https://a.example/v1', '  ');
    expect(keys.secrets()).toEqual([]);
  });

  it('does not redact with a common key saved before the rules existed', () => {
    const storage = memoryStorage();
    storage.setItem(
      'swarmflight.apiKeys',
      JSON.stringify({ 'https://a.example': 'null', 'https://b.example': 'task' }),
    );
    const keys = apiKeyStore(storage);
    expect(keys.load('https://a.example/v1')).toBe('null');
    expect(keys.secrets()).toEqual([]);
  });
});
