/**
 * API keys, kept in this browser's storage only (localStorage, one key per server origin) and
 * nowhere else: never in a URL, a trace, an export or a log. redact-download.ts is the last line
 * of defence on every file the app writes, and key-policy.ts decides which keys are kept at all.
 */
import { keyRefusal, redactable } from './key-policy';

export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const ITEM = 'swarmflight.apiKeys';

export interface ApiKeyStore {
  /** The key saved for this server's origin, or '' . */
  load(baseUrl: string): string;
  /** Throws, in words, for a key too short or too common to be a secret (key-policy.ts). */
  save(baseUrl: string, key: string): void;
  forget(baseUrl: string): void;
  forgetAll(): void;
  /** Every saved key that could be a secret, for redaction. */
  secrets(): string[];
}

/** The origin a key belongs to; a URL that does not parse is its own bucket. */
function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return baseUrl.trim();
  }
}

/**
 * This browser's localStorage, or undefined where the browser refuses it: reading the property
 * itself throws a SecurityError with storage blocked (cookies off, a sandboxed frame).
 */
export function browserStorage(): KeyStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function apiKeyStore(storage: KeyStorage | undefined = browserStorage()): ApiKeyStore {
  const read = (): Record<string, string> => {
    try {
      const parsed = JSON.parse(storage?.getItem(ITEM) ?? '{}') as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const write = (keys: Record<string, string>) => {
    if (!storage)
      throw new Error(
        'This browser does not let the page store anything (storage is blocked), so the key cannot be kept.',
      );
    try {
      if (Object.keys(keys).length === 0) storage.removeItem(ITEM);
      else storage.setItem(ITEM, JSON.stringify(keys));
    } catch (error) {
      throw new Error(
        `This browser refused to store the key: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return {
    load: (baseUrl) => read()[originOf(baseUrl)] ?? '',
    save(baseUrl, key) {
      const refusal = keyRefusal(key);
      if (refusal) throw new Error(refusal);
      const keys = read();
      const trimmed = key.trim();
      if (trimmed === '') delete keys[originOf(baseUrl)];
      else keys[originOf(baseUrl)] = trimmed;
      write(keys);
    },
    forget(baseUrl) {
      const keys = read();
      delete keys[originOf(baseUrl)];
      write(keys);
    },
    forgetAll: () => write({}),
    secrets: () => redactable(Object.values(read())),
  };
}
