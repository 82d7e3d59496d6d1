import { describe, expect, it } from 'vitest';
import { apiKeyStore, type KeyStorage, redactSecrets } from '../../src/adapters/api-key-store';

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
    keys.save('https://api.example.com/v1', ' sk-one ');
    keys.save('http://localhost:8080/v1', 'sk-two');
    expect(keys.load('https://api.example.com/v2/other')).toBe('sk-one');
    expect(keys.load('http://localhost:8080')).toBe('sk-two');
    expect(keys.load('http://localhost:11434/v1')).toBe('');
    expect(apiKeyStore(storage).secrets().sort()).toEqual(['sk-one', 'sk-two']);
  });

  it('forgets one key, or all, leaving nothing in storage', () => {
    const storage = memoryStorage();
    const keys = apiKeyStore(storage);
    keys.save('https://a.example/v1', 'sk-a');
    keys.save('https://b.example/v1', 'sk-b');
    keys.forget('https://a.example/v1');
    expect(keys.load('https://a.example/v1')).toBe('');
    expect(keys.secrets()).toEqual(['sk-b']);
    keys.save('https://b.example/v1', '');
    expect(storage.data.size).toBe(0);
    keys.save('https://c.example/v1', 'sk-c');
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
    expect(() => apiKeyStore(full).save('https://a.example', 'sk-a')).toThrow(
      /refused to store the key: quota/,
    );
    const blocked = apiKeyStore(undefined);
    expect(blocked.load('https://a.example')).toBe('');
    expect(blocked.secrets()).toEqual([]);
    expect(() => blocked.save('https://a.example', 'sk-a')).toThrow(/storage is blocked/);
  });

  it('survives storage holding garbage', () => {
    const storage = memoryStorage();
    storage.setItem('swarmflight.apiKeys', '{not json');
    expect(apiKeyStore(storage).load('https://a.example')).toBe('');
  });
});

describe('redactSecrets', () => {
  it('replaces every secret, also JSON-escaped, and leaves short strings alone', () => {
    const secret = 'sk-"quoted"\\key';
    const text = `raw ${secret} json ${JSON.stringify({ k: secret })} and abc`;
    const out = redactSecrets(text, [secret, 'abc']);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(out).toContain('and abc');
    expect(out.match(/\[redacted\]/g)).toHaveLength(2);
  });
});
