/** The page's frame: header, views, language switch, the link's problems, the bridge's consent. */
export const shellEn = {
  'nav.label': 'Views',
  'nav.gallery': 'Scenarios',
  'nav.run': 'Run',
  'nav.compare': 'Compare',
  'nav.train': 'Train',
  'nav.library': 'Library',
  'nav.knowledge': 'Knowledge',
  'nav.router': 'Router',
  'lang.label': 'Language',
  'problems.heading': 'Some settings in this link could not be used.',
  'common.dismiss': 'Dismiss',
  'bridge.label': 'A page asks to drive swarms',
  'bridge.framed':
    "<strong>{origin}</strong> asks to create and run swarms here, but this page is shown inside another page's frame, where what you click may not be what you see, so it does not ask you here and nothing was allowed. If you trust that site, let it open SwarmFlight in a window of its own and allow it there.",
  'bridge.ask':
    '<strong>{origin}</strong> asks to create and run swarms here. Allow it only if you trust that site.',
  'bridge.allow': 'Allow',
  'bridge.deny': 'Deny',
} as const;
