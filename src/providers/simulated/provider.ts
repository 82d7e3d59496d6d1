import type { ProviderDescriptor } from '../../core/providers/descriptor';
import { SIMULATED } from '../../core/trace/simulated-id';

/**
 * The seeded simulated model: every run's own (core/providers/simulated.ts), made by the run
 * itself on every host, so it has no factory here, no field and no origin to reach.
 */
export const simulated: ProviderDescriptor = {
  id: SIMULATED,
  label: 'Simulated (seeded, offline)',
  about: 'the seeded simulated model: plays each scenario’s sample task, offline',
  fields: {},
  hosts: [],
  connect: [],
  // It answers an image turn from the run's own numbers (src/core/vision/simulated-sight.ts).
  sight: { kind: 'always' },
};
