// Training off the page's thread: the host from src/adapters/train-host.ts, exposed with Comlink and
// driven by startTraining() in src/adapters/train-client.ts. Coding episodes run their code in
// nested sandbox workers, one per run, as on the page.
import { expose } from 'comlink';
import { trainHost } from '../src/adapters/train-host';
import { workerSandbox } from '../src/adapters/worker-sandbox';

expose(trainHost({ sandbox: workerSandbox() }));
