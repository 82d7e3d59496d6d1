// The orchestration environment off the page's thread: training, the leaderboard and traces of
// single episodes, from src/adapters/orchestration-host.ts, exposed with Comlink.
import { expose } from 'comlink';
import { orchestrationHost } from '../src/adapters/orchestration-host';

expose(orchestrationHost());
