/**
 * A run's status in the page's language. The status itself ('running', 'done', …) stays the
 * state's name (data-state, the store); a status the catalogue does not know is shown as it is.
 */

import type { MessageId } from './catalog';
import { t } from './t';

const WORDS: Readonly<Record<string, MessageId>> = {
  idle: 'status.idle',
  starting: 'status.starting',
  running: 'status.running',
  done: 'status.done',
  cancelled: 'status.cancelled',
  failed: 'status.failed',
  interrupted: 'status.interrupted',
  loading: 'status.loading',
  'not found': 'status.notFound',
  unreadable: 'status.unreadable',
};

export const statusWord = (status: string): string => {
  const id = Object.hasOwn(WORDS, status) ? WORDS[status] : undefined;
  return id === undefined ? status : t(id);
};
