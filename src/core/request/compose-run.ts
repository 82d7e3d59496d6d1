/**
 * One way to build a run (issue 60, item 1): from a run request, read by its schema, and a host —
 * what the page, the API or the CLI lends a run (profiles, checkpoints, providers, a code
 * sandbox, a knowledge base, the simulated model at its pace, its healing timings) — to
 * everything a run needs: the request with its defaults, the policy (`llm` included), the prepared
 * run with the policy's plan, the real model if one was asked for, and the self-healing setup.
 * Every refusal is a RequestError naming the field, in the words below, the same on every host.
 */

import type { HealingSetup } from '../healing/setup';
import { preferenceRefusal } from '../learning/resolve-policy';
import type { Policy } from '../policy/types';
import type { ProviderSpec } from '../providers/factories';
import type { Provider } from '../providers/types';
import { prepareRunFor } from '../run/plan-turn';
import type { PreparedRun, PreparedTaskRun } from '../run/prepare';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ScenarioInstance } from '../scenarios/types';
import { SIMULATED } from '../trace/simulated-id';
import { type CheckpointSource, type PolicyHost, policyOf } from './policy-of';
import {
  checkAgainst,
  healingOf,
  type NormalRequest,
  normalRequest,
  RequestError,
  type RequestScenario,
  runInputOf,
} from './run-input';
import type { RunRequest } from './run-request';

/** A real model opened for a run, with the profiles naming its model (the trace header's). */
export interface OpenedProvider {
  readonly provider: Provider;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
}

export type { CheckpointSource };

/** What a host lends a run: its profiles, checkpoints and simulated model (PolicyHost), and more. */
export interface RunHost extends PolicyHost {
  /** The real providers this host can open, by `provider.kind` (the simulated one always runs). */
  readonly providerKinds: readonly string[];
  /**
   * Opens the real model a checked request names; refuses a field it cannot use with a
   * RequestError naming it.
   */
  openProvider?(spec: ProviderSpec, profiles: Readonly<Record<string, ProfileSpec>>): Promise<OpenedProvider>;
  /** A code sandbox for scenarios that run code. */
  readonly sandbox: boolean;
  /** A knowledge base of the user's own documents. */
  readonly knowledgeBase: boolean;
  /**
   * The self-healing loop's timings on this host for this run (they follow its pace and its
   * model); the mode and the faults are the request's (healingOf).
   */
  healingTimings(
    run: PreparedTaskRun,
    real: boolean,
  ): Omit<HealingSetup, 'mode' | 'faults'> | Promise<Omit<HealingSetup, 'mode' | 'faults'>>;
  /** Cancels the `llm` orchestrator's plan turn. */
  readonly signal?: AbortSignal;
  /**
   * The request's policy, resolved by the host already: a bench resolves each name once for all
   * its seeds (a learned policy's checkpoint read once), and lends it to every run.
   */
  readonly policy?: Policy;
  /** An instance already made from the scenario for this seed: a bench lends one to every policy. */
  readonly instance?: ScenarioInstance;
}

/** Everything a run needs, composed from its request and its host. */
export interface ComposedRun {
  readonly request: NormalRequest;
  readonly prepared: PreparedRun;
  readonly policy: Policy;
  /** The real model asked for; undefined: the simulated one plays the agents. */
  readonly real?: OpenedProvider & { readonly kind: string; readonly model: string };
  /** The profiles the run's agents are made from (a real model's named in them). */
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** The self-healing loop and the faults the request asks for; undefined for none. */
  readonly healing?: HealingSetup;
}

/**
 * Composes a run from a request already read by its schema (readRunRequest) and the scenario it
 * names, as the host's catalogue holds it.
 */
export async function composeRun(
  request: RunRequest,
  scenario: RequestScenario,
  host: RunHost,
): Promise<ComposedRun> {
  checkAgainst(request, scenario, {
    profiles: host.profiles,
    sandbox: host.sandbox,
    knowledgeBase: host.knowledgeBase,
    providers: [SIMULATED, ...host.providerKinds],
  });
  const task = normalRequest(request);
  const asked = request.provider;
  // A graph scenario has no agents for a model to play (checkAgainst refused one).
  const real =
    asked && asked.kind !== SIMULATED && scenario.type === 'task' ? await opened(asked, host) : undefined;
  const profiles = real?.profiles ?? host.profiles;
  const policy = host.policy ?? (await policyOf(task.policy, task.play, host, real));
  // A trained policy without preference inputs plays the default preference only (issue 59).
  const refused = preferenceRefusal(policy, task.preference);
  if (refused) throw new RequestError('preference', refused);
  let prepared: PreparedRun;
  try {
    // The policy's plan: the llm orchestrator's plan turn is taken here, before the run is built.
    prepared = await prepareRunFor(
      policy,
      runInputOf(task, scenario, {
        profiles,
        plan: undefined,
        ...(host.instance ? { instance: host.instance } : {}),
      }),
      host.signal,
    );
  } catch (error) {
    if (host.signal?.aborted) throw error;
    // What is left to refuse is the policy's formation (a peers policy on a scenario without a
    // decentralized plan): the other fields were checked above.
    throw new RequestError('policy', (error as Error).message);
  }
  const healing =
    prepared.type === 'task'
      ? healingOf(task, await host.healingTimings(prepared, real !== undefined))
      : undefined;
  return {
    request: task,
    prepared,
    policy,
    profiles,
    ...(real ? { real } : {}),
    ...(healing ? { healing } : {}),
  };
}

async function opened(
  spec: ProviderSpec,
  host: RunHost,
): Promise<OpenedProvider & { kind: string; model: string }> {
  if (!host.openProvider || !host.providerKinds.includes(spec.kind))
    throw new RequestError('provider.kind', `provider.kind "${spec.kind}" is not run here`);
  try {
    const open = await host.openProvider(spec, host.profiles);
    return { ...open, kind: spec.kind, model: spec.model ?? '' };
  } catch (error) {
    // A factory names the field it could not use (its folder's node.ts).
    if (error instanceof RequestError) throw error;
    throw new RequestError('provider', `provider: ${(error as Error).message}`);
  }
}
