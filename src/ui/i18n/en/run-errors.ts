/**
 * Why a run on the page could not start or stopped (run/session.ts, run/policies.ts). The
 * endpoint's own words and the core's refusals go in as they are.
 */
export const runErrorsEn = {
  'runError.emptyKnowledge': 'The knowledge base is empty: import documents in the Knowledge view first.',
  'runError.endpointFailed': 'The model endpoint failed ({kind}): {message}',
  'runError.noSavedPolicy':
    'policy: no checkpoint "{ref}" (the name of a policy saved in this browser, as the Train view lists it)',
};
