/**
 * The seeded simulated model's provider id: the one provider core itself makes
 * (core/providers/simulated.ts), and the provider a trace header names when a run names none:
 * kept here, below the runtime, which writes that header. Its descriptor (src/providers/simulated) and every
 * reader (the request, the page, the CLI, the API) use this, not the word; the other providers'
 * ids are their folders' (src/providers/registry.ts). tests/architecture/open-sets.test.ts fails on
 * a provider id spelled by hand.
 */
export const SIMULATED = 'simulated';
