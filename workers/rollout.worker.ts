// One rollout worker of the page's training: it plays the episodes of each PARL batch the training
// worker (train.worker.ts) hands it, over the port startTraining() gave both. Coding episodes run
// their code through the training worker's sandbox, handed over with the setup, so the programs
// it remembers are remembered for every rollout worker.
import { rolloutHost, serveRollouts } from '../src/adapters/browser/rollout-host';

serveRollouts(self, rolloutHost());
