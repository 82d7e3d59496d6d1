import { hashingEmbedder } from '../core/embeddings/hashing';
import { DEFAULT_SEED } from '../core/request/defaults';
import { defaultArbitrationThreshold } from '../core/router/arbitration';
import { readRouterCheckpoint } from '../core/router/checkpoint';
import { profileLadder } from '../core/router/choice';
import type { Prediction } from '../core/router/classifier';
import { indexExamples, nearestFor } from '../core/router/nearest';
import { readTeamPlan, type TeamPlan } from '../core/router/plan';
import { planWithModel } from '../core/router/plan-model';
import { planForRoute } from '../core/router/plan-route';
import { type RouterModel, routeQuery } from '../core/router/router';
import { KIND_IDS } from '../core/scenarios/registry';
import { queuedLine, queueIfUnsure } from './arbitrate';
import { defaultRouter } from './default-router';
import { UsageError } from './errors';
import { defineCommand, type FlagValue, helpText, parseCommand } from './flags';
import { readInputFile } from './input-file';
import { MAX_SEED, MAX_TIMER_MS } from './limits';
import { providerFlags, providerOfFlags } from './provider-flags';
import { type PlanRun, replyWatchOf, runOwnPlan, runPlan } from './route-run';
import { evaluateRequests } from './router-eval';
import { simulatedRouterProvider } from './sim-router-provider';

type Print = (text: string) => void;

/** `--eval` scores requests files: the flags that route, plan or run one query do not apply beside it. */
const scoring = (values: Readonly<Record<string, FlagValue>>) =>
  values.eval !== undefined ? '--eval scores requests files; it routes, plans and runs no query' : undefined;

/** The flags of the run `--run` makes: without it nothing is run. */
const withRun = (values: Readonly<Record<string, FlagValue>>) =>
  scoring(values) ?? (values.run === true ? undefined : 'nothing is run without --run');

export const routeTable = defineCommand({
  name: 'route',
  usage: [
    'route "QUERY" [--router ROUTER.json] [--plan FILE | --planner rules|model] [--profile P] [--threshold T] [--queue QUEUE.json] [--json]',
    'route "QUERY" --run [--seed N] [--trace FILE.jsonl] [--reply-deadline-ms MS] [--healing on|detect|off] [--provider KIND [its flags]] [the flags above]',
    'route --eval REQUESTS.jsonl[,…] [--router ROUTER.json] [--json]',
  ],
  about: `Picks a topology (single | swarm | peers) and a workflow (${KIND_IDS.join(' | ')}) for the query, lists every plausible choice with its initial probability, and answers with a team plan {thought, topology: single | swarm | peers, manager_role, workers} (docs/router.md). Without --router, the rules and a router trained on the shipped labelled requests (English, Chinese, Russian: their train splits) decide; its training queries also vote by similarity (nearest neighbours over the offline hashing embedder, no weights needed), which catches word forms and typos the classifier misses.`,
  positionals: {
    name: 'QUERY',
    help: 'the request to route; words given without quotes are one query all the same',
  },
  flags: [
    {
      name: 'router',
      type: 'string',
      value: 'FILE',
      help: 'a checkpoint from train-router (default: one trained on the shipped requests)',
    },
    {
      name: 'eval',
      type: 'string',
      value: 'FILE[,FILE…]',
      help: 'score the rules, the classifier and the router on the test split of requests files (trained on their train splits unless --router is given), with the accuracy per language',
    },
    {
      name: 'plan',
      type: 'string',
      value: 'FILE',
      help: 'the plan to use instead, as JSON (checked against the plan schema)',
      appliesUnless: scoring,
    },
    {
      name: 'planner',
      type: 'choice',
      value: 'P',
      choices: ['rules', 'model'],
      default: 'rules',
      help: 'rules: the plan from the route above; model: a meta-router model writes the plan JSON (the simulated one here), held to the plan schema',
      appliesUnless: (values) =>
        scoring(values) ??
        (values.plan !== undefined ? `--plan ${values.plan} is the plan; no planner writes one` : undefined),
    },
    {
      name: 'run',
      type: 'boolean',
      help: "run the plan: on the simulated provider, the workflow's scenario under the formation's policy (single → serial, swarm → heuristic, peers → peers); on a real one (--provider), your request itself; prints its metrics and answer",
      appliesUnless: scoring,
    },
    {
      name: 'seed',
      type: 'whole',
      value: 'N',
      min: 0,
      max: MAX_SEED,
      default: DEFAULT_SEED,
      help: 'the instance --run runs',
      appliesUnless: withRun,
    },
    {
      name: 'trace',
      type: 'string',
      value: 'FILE',
      help: 'where --run writes its trace (JSONL)',
      appliesUnless: withRun,
    },
    // The wording of reply-watch.ts's help, as bench gives these two.
    {
      name: 'reply-deadline-ms',
      type: 'whole',
      value: 'MS',
      min: 1,
      max: MAX_TIMER_MS,
      help: "the longest one model reply may take in all, retries included; past it the attempt fails, saying so (default: 60 s plus the profile's output limit at 10 tokens a second: 162 s small, 265 s medium, 470 s large)",
      appliesUnless: withRun,
    },
    {
      name: 'healing',
      type: 'choice',
      choices: ['on', 'detect', 'off'],
      help: 'the self-healing loop: on quarantines and replaces a misbehaving agent, detect records what it sees, off runs none (default: on with a real model, off with the simulated one, whose figures stay those of a run without the loop)',
      appliesUnless: withRun,
    },
    ...providerFlags(withRun, {
      who: "who --run runs on (the simulated model plays the workflow's sample task; any other runs your request itself, the plan's roles as the team)",
    }),
    {
      name: 'profile',
      type: 'choice',
      value: 'P',
      choices: profileLadder,
      default: 'medium',
      help: 'the profile you would run with',
      appliesUnless: scoring,
    },
    {
      name: 'threshold',
      type: 'string',
      value: 'T',
      default: '0.5',
      help: 'below this confidence (from 0 to 1), escalate to the next larger profile',
      appliesUnless: scoring,
    },
    {
      name: 'queue',
      type: 'string',
      value: 'FILE',
      help: `the arbitration queue (swarm arbitrate): the request is added to it when the router's confidence is under ${defaultArbitrationThreshold}`,
      appliesUnless: scoring,
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const routeHelp = helpText(routeTable);

function readRouter(file: string): RouterModel {
  const text = readInputFile(file, 'router');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined) {
      throw new UsageError(`${file}: cannot read the router (${code === 'ENOENT' ? 'no such file' : code})`);
    }
    throw new UsageError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  const reading = readRouterCheckpoint(json);
  if (!reading.ok) throw new UsageError(`${file}: ${reading.message}`);
  return reading.model;
}

function threshold(raw: string | undefined): number {
  if (raw === undefined) return 0.5;
  const value = Number(raw);
  if (raw.trim() === '' || !(value >= 0 && value <= 1)) {
    throw new UsageError(`--threshold must be a number from 0 to 1, got "${raw}"`);
  }
  return value;
}

export async function route(argv: string[], out: Print): Promise<void> {
  const { values: flags, positionals } = parseCommand(routeTable, argv);
  const values = {
    router: flags.router,
    eval: flags.eval,
    plan: flags.plan,
    run: flags.run === true,
    trace: flags.trace,
    queue: flags.queue,
    json: flags.json === true,
  };
  // Words given without quotes are one query all the same.
  const query = positionals.join(' ').trim();
  if (values.eval !== undefined) {
    if (query !== '') throw new UsageError('--eval scores a requests file: give it no query');
    const checkpoint =
      values.router === undefined ? undefined : { file: values.router, model: readRouter(values.router) };
    await evaluateRequests(values.eval, checkpoint, values.json, out);
    return;
  }
  if (query === '') throw new UsageError('a query is required: swarm route "the task text"');
  const profile = flags.profile;
  const limit = threshold(flags.threshold);
  // Without --router: the router trained on the shipped requests of every language.
  const model = values.router === undefined ? defaultRouter() : readRouter(values.router);
  // The nearest-neighbour layer: the training queries, embedded here without weights.
  let nearest: (Prediction & { readonly embedder: string }) | undefined;
  if (model?.examples && model.examples.length > 0) {
    const embedder = hashingEmbedder();
    const index = await indexExamples(embedder, model.examples);
    nearest = { ...(await nearestFor(embedder, index, query)), embedder: embedder.name };
  }
  const chosen = routeQuery(model, query, { profile, threshold: limit, ...(nearest ? { nearest } : {}) });
  // Active learning: a request the router is unsure of waits in the queue for an arbiter.
  const queued = values.queue === undefined ? undefined : queueIfUnsure(values.queue, query, chosen);
  const planner = flags.planner;
  const planned =
    values.plan !== undefined ? readPlanFile(values.plan) : await makePlan(planner, chosen, query);
  const seed = flags.seed;
  const deadline = flags['reply-deadline-ms'];
  // --provider and its own flags are the registry's (provider-flags.ts): a real one runs the request itself.
  const asked = providerOfFlags(flags);
  const ran =
    values.run && planned.plan && asked
      ? await runOwnPlan(planned.plan, chosen.workflow, query, {
          seed,
          ...(values.trace ? { trace: values.trace } : {}),
          provider: asked,
          flags,
          print: values.json ? () => {} : out,
        })
      : values.run && planned.plan
        ? await runPlan(planned.plan, chosen.workflow, {
            seed,
            ...(values.trace ? { trace: values.trace } : {}),
            ...replyWatchOf(deadline === undefined ? undefined : String(deadline), flags.healing),
          })
        : undefined;
  if (values.run && !planned.plan)
    throw new UsageError(`--run: the model wrote no valid plan (${planned.refused.join('; ')})`);
  // No training query at all like this one: no label to speak of.
  const neighbours = nearest
    ? {
        embedder: nearest.embedder,
        label: nearest.confidence > 0 ? nearest.label : null,
        confidence: nearest.confidence,
      }
    : null;
  if (values.json) {
    out(
      JSON.stringify({
        ...chosen,
        threshold: limit,
        router: values.router ?? null,
        nearest: neighbours,
        plan: planned.plan ?? null,
        planner,
        refusedPlans: planned.refused,
        ...(queued ? { arbitration: queued } : {}),
        ...(ran ? { run: ran } : {}),
      }),
    );
    return;
  }
  const why =
    chosen.source === 'rules'
      ? `rules: ${chosen.rules.join(', ') || 'none matched'}`
      : chosen.source === 'classifier'
        ? 'the classifier'
        : `the bandit (best value for ${chosen.taskType} tasks)`;
  out(
    [
      `${chosen.topology} · ${chosen.workflow}`,
      `confidence ${chosen.confidence.toFixed(2)} from ${why}`,
      ...(neighbours
        ? [
            neighbours.label === null
              ? `nearest training queries (${neighbours.embedder}): none alike`
              : `nearest training queries (${neighbours.embedder}): ${neighbours.label} at ${neighbours.confidence.toFixed(2)}`,
          ]
        : []),
      !chosen.escalate
        ? `profile ${chosen.profile}`
        : chosen.profile === profile
          ? `escalate: confidence below ${limit}, and ${profile} is already the largest profile`
          : `escalate: confidence below ${limit}, run with profile ${chosen.profile} (asked ${profile})`,
      `candidates: ${chosen.candidates.map((c) => `${c.topology}/${c.workflow} ${c.p.toFixed(2)}`).join(', ')}`,
      ...(queued && values.queue !== undefined ? [queuedLine(queued, values.queue)] : []),
      ...(planned.refused.length > 0 ? [`refused plans: ${planned.refused.join('; ')}`] : []),
      `plan (${planner}): ${planned.plan ? JSON.stringify(planned.plan) : 'none'}`,
      ...(ran ? runLines(ran) : []),
    ].join('\n'),
  );
}

/** A plan from a file, held to the schema: a refusal names the field. */
function readPlanFile(file: string): { plan: TeamPlan; refused: readonly string[] } {
  const text = readInputFile(file, '--plan file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code
        ? `--plan ${file}: cannot read it (${code === 'ENOENT' ? 'no such file' : code})`
        : `--plan ${file}: not valid JSON: ${(error as Error).message}`,
    );
  }
  const reading = readTeamPlan(json);
  if (!reading.ok) throw new UsageError(`--plan ${file}: ${reading.message}`);
  return { plan: reading.plan, refused: [] };
}

async function makePlan(
  planner: 'rules' | 'model',
  chosen: ReturnType<typeof routeQuery>,
  query: string,
): Promise<{ plan: TeamPlan | undefined; refused: readonly string[] }> {
  if (planner === 'rules') return { plan: planForRoute(chosen), refused: [] };
  const provider = simulatedRouterProvider();
  const result = await planWithModel(provider, query, { model: 'sim-medium', profile: chosen.profile });
  return { plan: result.plan, refused: result.refused };
}

function runLines(ran: PlanRun): string[] {
  const m = ran.metrics;
  const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(3));
  return [
    `ran ${ran.scenario} seed ${ran.seed} with ${ran.policy}: quality ${f(m.quality)}, critical steps ${m.criticalSteps}, cost ${f(m.cost)}, reward ${f(m.reward)}`,
    ...(ran.trace ? [`trace: ${ran.trace}`] : []),
    ...(ran.answer ? ['answer:', ran.answer] : []),
  ];
}
