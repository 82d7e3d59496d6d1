/**
 * What a model orchestrator of the orchestration environment reads and writes: a short system
 * prompt with the environment's trade-offs (docs/simulator.md, "The orchestration environment",
 * in a few lines, its numbers from the parameters in use), one message per decision with what
 * the orchestrator sees — never the hidden difficulties, only what Observed and the views hold —
 * and the options by name, and the reading of the reply, which is untrusted: valibot holds it to
 * the options, and a refusal says what was wrong so the model can answer again.
 */
import * as v from 'valibot';
import type { PendingDecision } from './async-episode';
import {
  CONTROLS,
  MODES,
  type Observed,
  type PlanChoice,
  PROFILES,
  RECOVERIES,
  REPLICAS,
  SHARDS,
  type ShardView,
  SPARES,
} from './decisions';
import { type EnvParams, KINDS } from './params';

export function systemPrompt(p: EnvParams): string {
  const profiles = PROFILES.map((n) => {
    const q = p.profiles[n];
    return `${n} ${q.price}, ${q.turnSteps}, ${q.skill}, ${q.window}`;
  }).join('; ');
  const kinds = KINDS.map((k) => {
    const q = p.kinds[k];
    return `${k} ${q.turnsPerUnit}, ${q.tokensPerUnit}, ${q.answerTokens}`;
  }).join('; ');
  return [
    'You orchestrate model agents on a task of N units of work. You are asked one decision at a time; answer each with one JSON object only.',
    `Solo: you (${p.main.profile}) do every unit in one context: no calls and nothing to wait for, but every turn rereads the whole task, so cost grows with N², accuracy falls as the context fills, and past your window the run fails.`,
    `Spawn: units are sorted by cue (a noisy estimate of difficulty, 0 easy to 1 hard) and cut into shards; each shard goes to a subagent (times the replicas, which vote) that starts from a ${p.agent.overheadTokens}-token brief. Big shards cost more and are less accurate; small ones pay the brief many times. Each of your steps takes ${p.main.base} + ${p.main.perCall} per call written + ${p.main.perAnswer} per answer merged; merged answers fill your context and get garbled more as it fills.`,
    `With k agents on E engines every turn waits ceil(k/E) turn-times; at most ${p.maxSubagents} subagents at once, the rest wait for the next wave. Spares are idle subagents: each costs ${p.main.perSpare} of a step to create and a slot, and never helps. A plain retry reruns the crashed subagent; an escalation or an overflow needs a new one.`,
    `P(right) rises with skill − difficulty. An attempt crashes more often when its shard is harder than its profile's skill, and fails if its context passes the window. After a failure: retry (same profile), escalate (next larger) or degrade (give its units up); at most ${p.maxAttempts} attempts. While failed work waits you may submit the partial answer now.`,
    `A result after the budget (in critical steps) earns no quality. Reward = quality − ${p.reward.mu} · cost / reference cost − ${p.reward.eta} · critical steps / budget.`,
    `Profiles (price per 1k tokens, step-time per turn, skill, window): ${profiles}.`,
    `Kinds (turns, context tokens, answer tokens per unit): ${kinds}.`,
  ].join('\n');
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** The instance as the orchestrator sees it, compact: its cues as quartiles, not one per unit. */
function task(o: Observed) {
  const cues = Array.from(o.cue).sort((a, b) => a - b);
  const at = (q: number) => r2(cues[Math.round(q * (cues.length - 1))] ?? 0);
  return {
    kind: o.kind,
    units: cues.length,
    engines: o.engines,
    budget: r2(o.budget),
    soloSteps: r2(o.soloSteps),
    cueQuartiles: [at(0), at(0.25), at(0.5), at(0.75), at(1)],
  };
}

/** The profiles whose window holds a shard's context: what overflows without any luck involved. */
const fits = (p: EnvParams, s: ShardView) => PROFILES.filter((n) => s.contextNeed <= p.profiles[n].window);

function shard(p: EnvParams, s: ShardView) {
  return {
    units: s.units,
    meanCue: r2(s.meanCue),
    maxCue: r2(s.maxCue),
    contextNeed: Math.round(s.contextNeed),
    fitsIn: fits(p, s),
  };
}

const quoted = (xs: readonly (string | number)[]) =>
  xs.map((x) => (typeof x === 'string' ? `"${x}"` : String(x))).join('|');

/** The message of one decision: what is seen, and the reply format with every option by name. */
export function decisionMessage(p: EnvParams, d: PendingDecision): string {
  switch (d.kind) {
    case 'plan':
      return [
        `Decision: plan. Task: ${JSON.stringify(task(d.view))}`,
        `Answer {"mode": ${quoted(MODES)}, "shard": ${quoted(SHARDS)}, "replicas": ${quoted(REPLICAS)}, "spares": ${quoted(SPARES)}} (solo needs only mode).`,
      ].join('\n');
    case 'profile':
      return [
        `Decision: profile (of one shard). Task: ${JSON.stringify(task(d.view.instance))}`,
        `Shard: ${JSON.stringify(shard(p, d.view))}`,
        `Answer {"profile": ${quoted(PROFILES)}}.`,
      ].join('\n');
    case 'recover':
      return [
        `Decision: recover (after a failed attempt). Task: ${JSON.stringify(task(d.view.instance))}`,
        `Shard: ${JSON.stringify(shard(p, d.view.shard))}`,
        `Failed: ${JSON.stringify({ profile: d.view.profile, attempts: d.view.attempts, overflow: d.view.overflow, stepsSoFar: r2(d.view.t) })}`,
        `Answer {"recovery": ${quoted(RECOVERIES)}}.`,
      ].join('\n');
    case 'control':
      return [
        `Decision: control (failed work waits for another wave). Task: ${JSON.stringify(task(d.view.instance))}`,
        `Now: ${JSON.stringify({ stepsSoFar: r2(d.view.t), answered: r2(d.view.answered), waiting: r2(d.view.waiting), nextWaveSteps: r2(d.view.nextWave) })}`,
        `Answer {"control": ${quoted(CONTROLS)}} (go: run the next wave; submit: answer now with what is in).`,
      ].join('\n');
  }
}

/** An option given as a number or as a string of one ("2"): models write both. */
const numberOption = (name: string, options: readonly number[]) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.transform(Number))], `${name} must be a number`),
    v.picklist(options, `${name} must be one of ${options.join(', ')}`),
  );
const nameOption = <T extends string>(name: string, options: readonly T[]) =>
  v.picklist(options, `${name} must be one of ${options.join(', ')}`);

const planReply = v.variant(
  'mode',
  [
    v.object({ mode: v.literal('solo') }),
    v.object({
      mode: v.literal('spawn'),
      shard: numberOption('shard', SHARDS),
      replicas: numberOption('replicas', REPLICAS),
      spares: v.optional(nameOption('spares', SPARES), 'none'),
    }),
  ],
  `mode must be one of ${MODES.join(', ')}`,
);
const profileReply = v.object({ profile: nameOption('profile', PROFILES) });
const recoverReply = v.object({ recovery: nameOption('recovery', RECOVERIES) });
const controlReply = v.object({ control: nameOption('control', CONTROLS) });

/** A choice by name: "solo", "spawn/2/1/spares-none", "large", "retry", "go". */
export function optionLabel(kind: PendingDecision['kind'], choice: PlanChoice | number): string {
  if (typeof choice !== 'number')
    return MODES[choice.mode] === 'solo'
      ? 'solo'
      : `spawn/${SHARDS[choice.shard]}/${REPLICAS[choice.replicas]}/spares-${SPARES[choice.spares]}`;
  const options = { plan: MODES, profile: PROFILES, recover: RECOVERIES, control: CONTROLS }[kind];
  return String(options[choice]);
}

export type Reading =
  | { readonly ok: true; readonly choice: PlanChoice | number; readonly label: string }
  | { readonly ok: false; readonly message: string };

/** The reply's JSON object: the whole text, inside a code fence, or the first object in prose. */
function jsonOf(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1] ?? text;
  try {
    return JSON.parse(fenced.trim());
  } catch {
    // Models put a sentence around the object: take what lies from its first { to its last }.
    const start = fenced.indexOf('{');
    const end = fenced.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(fenced.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

function refusal(issues: readonly v.BaseIssue<unknown>[]): Reading {
  const issue = issues[0] as v.BaseIssue<unknown>;
  const path = v.getDotPath(issue);
  // valibot's own words for a missing key ("Invalid key: Expected …") read worse than these.
  if (path && issue.input === undefined) return { ok: false, message: `${path} is missing` };
  return {
    ok: false,
    message: path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message,
  };
}

/** Reads a reply to a decision of `kind`, as option indices, or says what is wrong with it. */
export function readReply(kind: PendingDecision['kind'], text: string | null): Reading {
  if (text === null || text.trim() === '') return { ok: false, message: 'the reply is empty' };
  const json = jsonOf(text);
  if (json === undefined || typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, message: 'the reply is not a JSON object' };
  switch (kind) {
    case 'plan': {
      const r = v.safeParse(planReply, json);
      if (!r.success) return refusal(r.issues);
      const o = r.output;
      const choice: PlanChoice =
        o.mode === 'solo'
          ? { mode: MODES.indexOf('solo'), shard: 0, replicas: 0, spares: 0 }
          : {
              mode: MODES.indexOf('spawn'),
              shard: SHARDS.indexOf(o.shard as (typeof SHARDS)[number]),
              replicas: REPLICAS.indexOf(o.replicas as (typeof REPLICAS)[number]),
              spares: SPARES.indexOf(o.spares),
            };
      return { ok: true, choice, label: optionLabel('plan', choice) };
    }
    case 'profile': {
      const r = v.safeParse(profileReply, json);
      return r.success
        ? { ok: true, choice: PROFILES.indexOf(r.output.profile), label: r.output.profile }
        : refusal(r.issues);
    }
    case 'recover': {
      const r = v.safeParse(recoverReply, json);
      return r.success
        ? { ok: true, choice: RECOVERIES.indexOf(r.output.recovery), label: r.output.recovery }
        : refusal(r.issues);
    }
    case 'control': {
      const r = v.safeParse(controlReply, json);
      return r.success
        ? { ok: true, choice: CONTROLS.indexOf(r.output.control), label: r.output.control }
        : refusal(r.issues);
    }
  }
}
