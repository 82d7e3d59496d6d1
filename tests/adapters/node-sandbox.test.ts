import { nodeSandbox } from '../../src/adapters/node-sandbox';
import { sandboxContract } from '../support/sandbox-contract';

sandboxContract('node:vm', () => nodeSandbox, { hidden: ['process', 'require'] });
