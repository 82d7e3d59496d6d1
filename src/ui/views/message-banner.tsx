import { Show } from 'solid-js';

export interface Message {
  readonly kind: 'error' | 'note';
  readonly text: string;
}

/** A view's one-line message: an error is announced at once (alert), a note politely (status). */
export function MessageBanner(props: { message: Message | undefined; testid: string }) {
  return (
    <Show when={props.message}>
      {(m) => (
        <div
          class={m().kind === 'error' ? 'error' : 'note'}
          role={m().kind === 'error' ? 'alert' : 'status'}
          data-testid={props.testid}
        >
          {m().text}
        </div>
      )}
    </Show>
  );
}
