import { nodeSandbox } from '../src/adapters/node/node-sandbox';
import { runBench } from '../src/core/bench/run-bench';
import { fixedPolicy } from '../src/core/learning/fixed-policy';
import { simulatedProviderFor } from '../src/core/scenarios/players';
import { splitSeeds } from '../src/core/scenarios/splits';
import { readProfiles, readScenario } from '../src/cli/scenario-file';

const n = Number(process.argv[2] ?? 20);
const settings = (process.argv[3] ?? 'all/medium,all+spares/medium,single/large,single/medium,one/small').split(',');
const variant = process.argv[4] ?? 'on';
const profiles0 = readProfiles(undefined);
const sc = readScenario('mix', { profiles: profiles0 });
if (sc.type !== 'mix') throw new Error('mix');
let specs: any = { ...sc.specs };
let profiles: any = profiles0;
if (variant === 'nocrash') profiles = Object.fromEntries(Object.entries(profiles0).map(([k, p]: any) => [k, { ...p, simulator: { ...p.simulator, crashRate: 0 } }]));
if (variant === 'nospawn') specs = Object.fromEntries(Object.entries(specs).map(([k, s]: any) => [k, { ...s, orchestrator: s.orchestrator && { ...s.orchestrator, spawnTokens: 0 } }]));
if (variant === 'nodeadline') specs = Object.fromEntries(Object.entries(specs).map(([k, s]: any) => [k, { ...s, reward: { ...s.reward, deadlineWeight: 0 } }]));
if (variant === 'noorch') specs = Object.fromEntries(Object.entries(specs).map(([k, s]: any) => [k, (k === 'write-story' || k === 'rag-qa') ? (({ orchestrator, ...r }) => ({ ...r, reward: { ...r.reward, stepsWeight: 0 } }))(s) : s]));
const t0 = Date.now();
const report = await runBench({ scenario: { type: 'mix', mix: sc.mix, specs }, policies: settings.map((s) => fixedPolicy(s)), seeds: splitSeeds('validation', n), split: 'validation', profiles, provider: simulatedProviderFor(profiles), ports: { sandbox: nodeSandbox } });
for (const [kind, pol] of Object.entries(report.components ?? {})) {
  console.log(kind.padEnd(14), settings.map((s) => `${s}=${(pol as any)[`fixed:${s}`].reward.mean.toFixed(3)}/r${(pol as any)[`fixed:${s}`].retryCount.mean.toFixed(1)}/cs${(pol as any)[`fixed:${s}`].criticalSteps.mean.toFixed(1)}`).join('  '));
}
console.error(`${variant} ${n} seeds ${(Date.now() - t0) / 1000}s`);
