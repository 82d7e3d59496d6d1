// Training off the page's thread: the host from src/adapters/browser/train-host.ts, exposed with Comlink and
// driven by startTraining() in src/adapters/browser/train-client.ts. Coding episodes run their code in the
// page's sandbox frame, through the portal startTraining() hands this worker, as on the page;
// training replays the same programs, so results are remembered, as `swarm train` does.
import { expose } from 'comlink';
import { acceptSandboxPortal } from '../src/adapters/browser/sandbox-frame';
import { trainHost } from '../src/adapters/browser/train-host';
import { workerSandbox } from '../src/adapters/browser/worker-sandbox';
import { memoSandbox } from '../src/core/tools/memo-sandbox';

acceptSandboxPortal(self);
expose(trainHost({ sandbox: memoSandbox(workerSandbox()) }));
