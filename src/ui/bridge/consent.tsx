import { createSignal, For, Show } from 'solid-js';
import { t, tParts } from '../i18n/t';
import { installBridge, localOrigins } from './bridge';
import { isFramed } from './framing';
import { consoleApi, pageApi } from './page-api';
import { isWebOrigin } from './protocol';

// Read once: a document does not move in or out of a frame.
const framed = isFramed();
const origins = localOrigins(localStorage, framed);
const [asking, setAsking] = createSignal<readonly string[]>([]);

/**
 * Installs `window.swarmflight` (the swarm control API for the console) and the bridge, once,
 * when the page starts.
 */
export function installSwarmApi(): void {
  (window as unknown as { swarmflight: unknown }).swarmflight = consoleApi();
  installBridge(window, {
    api: pageApi,
    origins,
    framed,
    onAsk: (origin) => {
      // The bridge never asks for an opaque origin; should it, "null" is still not offered, as
      // allowing it would let in every sandboxed frame of every site.
      if (!isWebOrigin(origin)) return;
      if (!asking().includes(origin)) setAsking((list) => [...list, origin]);
    },
  });
}

/**
 * The user's answer to a page that asked to drive swarms here through the bridge. Inside another
 * page's frame there is no Allow to click, only a note saying why: the frame may be transparent,
 * under a decoy of the framing page's (clickjacking), so a click there is not surely the user's.
 */
export function BridgeConsent() {
  const answer = (origin: string, allow: boolean) => {
    if (allow && !framed) origins.allow(origin);
    setAsking((list) => list.filter((o) => o !== origin));
  };
  return (
    <Show when={asking().length > 0}>
      <For each={asking()}>
        {(origin) =>
          framed ? (
            <div class="problems" role="status" aria-label={t('bridge.label')} data-testid="bridge-framed">
              {tParts('bridge.framed', { origin, strong: (c) => <strong>{c}</strong> })}{' '}
              <button
                type="button"
                class="secondary"
                data-testid="bridge-framed-dismiss"
                onClick={() => answer(origin, false)}
              >
                {t('common.dismiss')}
              </button>
            </div>
          ) : (
            <div
              class="problems"
              role="alertdialog"
              aria-label={t('bridge.label')}
              data-testid="bridge-consent"
            >
              {tParts('bridge.ask', { origin, strong: (c) => <strong>{c}</strong> })}{' '}
              <button
                type="button"
                class="primary"
                data-testid="bridge-allow"
                onClick={() => answer(origin, true)}
              >
                {t('bridge.allow')}
              </button>{' '}
              <button
                type="button"
                class="secondary"
                data-testid="bridge-deny"
                onClick={() => answer(origin, false)}
              >
                {t('bridge.deny')}
              </button>
            </div>
          )
        }
      </For>
    </Show>
  );
}
