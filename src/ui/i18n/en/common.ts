/** Words more than one view says: counts (with each language's plural forms), run states. */
export const commonEn = {
  'unit.ms': '{n} ms',
  'unit.s': '{n} s',
  'unit.bytes': '{n} B',
  'unit.size': '{n} {unit, select, kb {KB} mb {MB} other {GB}}',
  'count.attempts': '{n, plural, one {# attempt} other {# attempts}}',
  'count.events': '{n, plural, one {# event} other {# events}}',
  'status.idle': 'idle',
  'status.starting': 'starting',
  'status.running': 'running',
  'status.done': 'done',
  'status.cancelled': 'cancelled',
  'status.failed': 'failed',
  'status.interrupted': 'interrupted',
  'status.loading': 'loading',
  'status.notFound': 'not found',
  'status.unreadable': 'unreadable',
} as const;
