import type { ChaosRunReport } from '../core/experiments/chaos';
import { baselineKey, baselineOf, rememberRun } from '../core/healing/knowledge';
import { policyByName } from '../core/policy/registry';
import { DEFAULT_POLICY } from '../core/request/defaults';
import { formationProblem } from '../core/run/formations';
import { KIND_IDS } from '../core/scenarios/registry';
import { type FaultKind, faultKinds } from '../core/trace/events';
import { type ChaosSettings, chaosSeed, SLOW_FAULT_MS } from './chaos-run';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { readKnowledgeFile, writeKnowledgeFile } from './knowledge-file';
import { MAX_SEEDS, MAX_TIMER_MS } from './limits';
import { checkOutputs } from './safe-write';
import { chaosThroughRedis, sweepFlags } from './scale-out/sweep-flags';
import { readProfiles, readScenario, scenarioInputs } from './scenario-file';

type Print = (text: string) => void;

export const chaosTable = defineCommand({
  name: 'chaos',
  usage: [
    `chaos --scenario ID --faults ${faultKinds.join(',')}|none [--seeds N] [--healing on|detect] [--policy P] [--unresponsive-ms MS] [--hang-ms MS] [--knowledge FILE] [--redis URL [--resume]] [--json]`,
  ],
  about:
    "Runs a task scenario on the simulated provider with faults put into chosen agents — one task's first attempt per fault kind, drawn from the seed — and scores what the self-healing loop made of them (docs/healing.md): faults injected, detected (an anomaly on the faulty attempt), false positives (anomalies on healthy attempts), tasks lost, the mean time to recovery in critical steps and wall ms, and quality. --healing detect monitors only: detections are recorded, nothing is stopped, and a hung agent waits for the pool's hang timeout. --faults none injects nothing and reports falsePositiveRate, the share of attempts flagged.",
  flags: [
    {
      name: 'scenario',
      type: 'string',
      value: 'ID',
      required: true,
      help: `a task scenario: ${KIND_IDS.join(', ')}, or a file`,
    },
    {
      name: 'faults',
      type: 'string',
      value: 'F,…',
      required: true,
      help: `${faultKinds.join(', ')}, or none`,
    },
    { name: 'seeds', type: 'whole', value: 'N', min: 1, max: MAX_SEEDS, default: 5, help: 'instances 1..N' },
    {
      name: 'healing',
      type: 'choice',
      value: 'M',
      choices: ['on', 'detect', 'off'],
      default: 'on',
      help: 'on: quarantine and replace; detect: record only, the control arm (off, the older word, is read as detect: a chaos run always watches)',
    },
    { name: 'policy', type: 'string', value: 'P', default: DEFAULT_POLICY, help: 'the orchestration policy' },
    {
      name: 'unresponsive-ms',
      type: 'whole',
      value: 'MS',
      min: 1,
      max: MAX_TIMER_MS,
      default: 1000,
      help: 'a model turn unanswered this long is an unresponsive agent (more than the 600 ms a slow agent adds to each turn)',
    },
    {
      name: 'hang-ms',
      type: 'whole',
      value: 'MS',
      min: 1,
      max: MAX_TIMER_MS,
      default: 5000,
      help: 'the pool gives up on an attempt after this long',
    },
    {
      name: 'knowledge',
      type: 'string',
      value: 'FILE',
      help: 'baselines across runs: critical steps past 1.5× the baseline of the scenario and size raise an alert; healthy runs update the file',
    },
    ...sweepFlags((values) =>
      values.knowledge !== undefined
        ? 'with --knowledge each run learns from the healthy runs before it, in order, which a sweep across machines does not keep'
        : undefined,
    ),
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const chaosHelp = helpText(chaosTable);

function faultsOf(raw: string | undefined): FaultKind[] {
  if (raw === undefined) throw new UsageError(`--faults is required: ${faultKinds.join(',')} or none`);
  if (raw.trim() === 'none') return [];
  const names = raw.split(',').map((f) => f.trim());
  for (const name of names) {
    if (!(faultKinds as readonly string[]).includes(name)) {
      throw new UsageError(
        `--faults: "${name}" is not a fault; the faults are ${faultKinds.join(', ')}, or none`,
      );
    }
  }
  return [...new Set(names)] as FaultKind[];
}

export async function chaos(argv: string[], out: Print, err: Print = () => {}): Promise<void> {
  const flags = parseFlags(chaosTable, argv);
  const values = {
    scenario: flags.scenario,
    policy: flags.policy,
    knowledge: flags.knowledge,
    json: flags.json === true,
  };
  const faults = faultsOf(flags.faults);
  const seeds = flags.seeds;
  const healing = flags.healing === 'on' ? 'on' : 'detect';
  // Timers take at most 2^31 − 1 ms (the flags' range); past that they fire at once.
  const unresponsiveMs = flags['unresponsive-ms'];
  const hangMs = flags['hang-ms'];
  if (hangMs <= unresponsiveMs) throw new UsageError('--hang-ms must be longer than --unresponsive-ms');
  if (faults.includes('slow') && unresponsiveMs <= SLOW_FAULT_MS) {
    throw new UsageError(
      `--unresponsive-ms must be longer than a slow agent's ${SLOW_FAULT_MS} ms turns, or slow is taken for a hang`,
    );
  }
  const scenario = readScenario(values.scenario);
  if (scenario.type !== 'task')
    throw new UsageError(
      `--scenario: ${values.scenario} is ${scenario.type === 'mix' ? 'a mix of scenarios' : 'a graph'}; chaos runs one task scenario's agents (${KIND_IDS.join(', ')})`,
    );
  const profiles = readProfiles();
  const policyName = values.policy ?? DEFAULT_POLICY;
  let policy: ReturnType<typeof policyByName>;
  try {
    policy = policyByName(policyName);
  } catch (error) {
    throw new UsageError(`--policy: ${(error as Error).message}`);
  }
  const formation = formationProblem(scenario.spec.kind, policy.plan ?? 'swarm');
  if (formation) throw new UsageError(`--policy ${policyName}: ${formation}`);
  let knowledge = values.knowledge === undefined ? undefined : readKnowledgeFile(values.knowledge);
  // The knowledge file is written after the runs: a path that cannot be written is refused now.
  if (values.knowledge !== undefined)
    checkOutputs([{ path: values.knowledge, flag: '--knowledge' }], scenarioInputs(values.scenario));
  const settings: ChaosSettings = {
    spec: scenario.spec,
    profiles,
    policy: policyName,
    faults,
    healing,
    unresponsiveMs,
    hangMs,
  };
  const runs: ChaosRunReport[] = [];
  if (flags.redis !== undefined) {
    // Each seed a job for the workers of --redis (docs/scale-out.md): the same runs, in seed order.
    const seedList = Array.from({ length: seeds }, (_, i) => i + 1);
    runs.push(...(await chaosThroughRedis(settings, seedList, flags, err)));
  }
  for (let seed = 1; flags.redis === undefined && seed <= seeds; seed++) {
    const key = (size: number) => baselineKey(values.scenario, size);
    const { report, size } = await chaosSeed(settings, seed, (size) =>
      knowledge ? baselineOf(knowledge, key(size)) : undefined,
    );
    runs.push(report);
    // Only a healthy run teaches what normal is: nothing injected, nothing flagged, nothing lost.
    if (knowledge && report.faultsInjected === 0 && report.falsePositives === 0 && report.tasksLost === 0) {
      knowledge = rememberRun(knowledge, key(size), report.criticalSteps);
    }
  }
  if (knowledge && values.knowledge !== undefined) writeKnowledgeFile(values.knowledge, knowledge);
  const report = summarise(values.scenario, faults, healing, runs);
  out(values.json ? JSON.stringify(report) : text(report));
}

function summarise(
  scenario: string,
  faults: readonly FaultKind[],
  healing: string,
  runs: readonly ChaosRunReport[],
) {
  const sum = (f: (r: ChaosRunReport) => number) => runs.reduce((s, r) => s + f(r), 0);
  const mean = (xs: (number | null)[]) => {
    const kept = xs.filter((x): x is number => x !== null);
    return kept.length === 0 ? null : kept.reduce((s, x) => s + x, 0) / kept.length;
  };
  const injected = sum((r) => r.faultsInjected);
  const detected = sum((r) => r.detected);
  const attempts = sum((r) => r.attempts);
  const byFault = Object.fromEntries(
    faults.map((fault) => {
      const mine = runs.flatMap((r) => r.faults.filter((f) => f.fault === fault));
      return [
        fault,
        {
          injected: mine.length,
          detected: mine.filter((f) => f.detectedAs !== null).length,
          as: [...new Set(mine.flatMap((f) => (f.detectedAs ? [f.detectedAs] : [])))],
          mttrSteps: mean(mine.map((f) => f.recoveredSteps)),
        },
      ];
    }),
  );
  return {
    scenario,
    faults,
    healing,
    seeds: runs.length,
    faultsInjected: injected,
    detected,
    recall: injected === 0 ? null : detected / injected,
    falsePositives: sum((r) => r.falsePositives),
    alerts: sum((r) => r.alerts),
    attempts,
    falsePositiveRate: attempts === 0 ? 0 : sum((r) => r.falsePositives) / attempts,
    tasksLost: sum((r) => r.tasksLost),
    mttrSteps: mean(runs.map((r) => r.mttrSteps)),
    mttrMs: mean(runs.map((r) => r.mttrMs)),
    quality: mean(runs.map((r) => r.quality)),
    criticalSteps: mean(runs.map((r) => r.criticalSteps)),
    byFault,
    runs,
  };
}

function text(r: ReturnType<typeof summarise>): string {
  const f = (x: number | null, d = 3) => (x === null ? '—' : x.toFixed(d));
  return [
    `${r.scenario}, ${r.seeds} seeds, faults ${r.faults.join(',') || 'none'}, healing ${r.healing}`,
    `faults injected ${r.faultsInjected}, detected ${r.detected} (recall ${f(r.recall)}), false positives ${r.falsePositives} of ${r.attempts} attempts (${f(r.falsePositiveRate)})`,
    `run alerts (critical steps past 1.5× the baseline) ${r.alerts}; tasks lost ${r.tasksLost}; MTTR ${f(r.mttrSteps, 1)} steps, ${f(r.mttrMs, 0)} ms; quality ${f(r.quality)}; critical steps ${f(r.criticalSteps, 1)}`,
    ...Object.entries(r.byFault).map(
      ([fault, b]) =>
        `  ${fault.padEnd(10)} ${b.detected}/${b.injected} detected${b.as.length ? ` as ${b.as.join(', ')}` : ''}; MTTR ${f(b.mttrSteps, 1)} steps`,
    ),
  ].join('\n');
}
