import { createSignal, For, Show } from 'solid-js';
import { installBridge, localOrigins } from './bridge';
import { consoleApi, pageApi } from './page-api';
import { isWebOrigin } from './protocol';

const origins = localOrigins();
const [asking, setAsking] = createSignal<readonly string[]>([]);

/**
 * Installs `window.swarmflight` (the swarm control API for the console) and the iframe bridge,
 * once, when the page starts.
 */
export function installSwarmApi(): void {
  (window as unknown as { swarmflight: unknown }).swarmflight = consoleApi();
  installBridge(window, {
    api: pageApi,
    origins,
    onAsk: (origin) => {
      // The bridge never asks for an opaque origin; should it, "null" is still not offered, as
      // allowing it would let in every sandboxed frame of every site.
      if (!isWebOrigin(origin)) return;
      if (!asking().includes(origin)) setAsking((list) => [...list, origin]);
    },
  });
}

/** The user's answer to a page that asked to drive swarms here through the iframe bridge. */
export function BridgeConsent() {
  const answer = (origin: string, allow: boolean) => {
    if (allow) origins.allow(origin);
    setAsking((list) => list.filter((o) => o !== origin));
  };
  return (
    <Show when={asking().length > 0}>
      <For each={asking()}>
        {(origin) => (
          <div
            class="problems"
            role="alertdialog"
            aria-label="A page asks to drive swarms"
            data-testid="bridge-consent"
          >
            <strong>{origin}</strong> embeds this page and asks to create and run swarms here. Allow it only
            if you trust that site.{' '}
            <button
              type="button"
              class="primary"
              data-testid="bridge-allow"
              onClick={() => answer(origin, true)}
            >
              Allow
            </button>{' '}
            <button
              type="button"
              class="secondary"
              data-testid="bridge-deny"
              onClick={() => answer(origin, false)}
            >
              Deny
            </button>
          </div>
        )}
      </For>
    </Show>
  );
}
