/**
 * Unit-project setup: FC_NUM_RUNS, when set, is the case count of every fast-check property that
 * does not name its own (those that do read it through fcRuns), so one variable runs them all long.
 */
import fc from 'fast-check';
import { fcRuns } from './fc-runs';

if (process.env.FC_NUM_RUNS) fc.configureGlobal({ numRuns: fcRuns(100) });
