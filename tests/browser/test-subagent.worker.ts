// A subagent worker for tests: the production host with faults on cue, its model turns behind the
// gate named by the worker's name, if any (tests/support/test-subagent.ts).
import * as Comlink from 'comlink';
import { testSubagentHost } from '../support/test-subagent';

Comlink.expose(testSubagentHost(self.name || undefined), self);
