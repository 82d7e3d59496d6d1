import { createEffect, createSignal, For, on, Show } from 'solid-js';
import { openOrchestrationWorker } from '../../adapters/orchestration-client';
import type {
  Leaderboard,
  LeaderRow,
  StoredOrchestrationPolicy,
} from '../../adapters/orchestration-protocol';
import { defaultRolloutWorkers, MAX_PAGE_ROLLOUT_WORKERS } from '../../adapters/rollout-workers-default';
import type { OrchestrationCheckpoint } from '../../core/learning/orchestration/checkpoint';
import { orchestrationCurvesSvg } from '../../core/learning/orchestration/curves';
import type { CurvePoint } from '../../core/learning/orchestration/train';
import { encodeTrace } from '../../core/trace/jsonl';
import { app } from '../app-state';
import { savePolicy } from '../run/save-policy';
import { policiesVersion, savedPolicyList } from '../run/saved-policies';
import { services } from '../services';
import { MessageBanner } from './message-banner';

type Phase = 'idle' | 'training' | 'done' | 'stopped' | 'failed';
const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
/** A number as the intervals beside it write theirs: a negative one with the minus sign, not a hyphen. */
const fixed = (x: number, digits: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(digits)}`;

/** The policies saved in this browser that are orchestration policies (not the scenario mix's). */
async function storedOrchestrationPolicies(): Promise<StoredOrchestrationPolicy[]> {
  return (await savedPolicyList())
    .filter((p) => p.kind === 'orchestration')
    .map(({ name, checkpoint }) => ({ name, checkpoint }));
}

/**
 * PARL in the orchestration environment, in the page: train in a Web Worker with live curves of
 * each reward term, save the policy in this browser, rank every saved policy and baseline on the
 * test split (with paired intervals and a Pareto plot), and open any of them on one test instance
 * in the Run view.
 */
export function OrchestrationPanel() {
  const worker = openOrchestrationWorker();
  const [phase, setPhase] = createSignal<Phase>('idle');
  const [seed, setSeed] = createSignal(1);
  const [episodes, setEpisodes] = createSignal(100_000);
  const [rollouts, setRollouts] = createSignal(defaultRolloutWorkers());
  const [progress, setProgress] = createSignal({ done: 0, total: 0 });
  const [curves, setCurves] = createSignal<readonly CurvePoint[]>([]);
  const [checkpoint, setCheckpoint] = createSignal<OrchestrationCheckpoint | undefined>();
  const [name, setName] = createSignal('');
  const [message, setMessage] = createSignal<{ kind: 'error' | 'note'; text: string } | undefined>();
  const [board, setBoard] = createSignal<Leaderboard | undefined>();
  const [ranking, setRanking] = createSignal(false);
  const [instance, setInstance] = createSignal(1);
  let stored: StoredOrchestrationPolicy[] = [];

  let ranks = 0;
  async function rank() {
    // A save or a delete while a ranking runs starts another: only the latest one is shown.
    const mine = ++ranks;
    setRanking(true);
    try {
      const policies = await storedOrchestrationPolicies();
      const next = await worker.leaderboard(policies);
      if (mine !== ranks) return;
      stored = policies;
      setBoard(next);
    } catch (error) {
      if (mine !== ranks) return;
      setMessage({
        kind: 'error',
        text: `The leaderboard could not be computed: ${(error as Error).message}`,
      });
    } finally {
      if (mine === ranks) setRanking(false);
    }
  }
  // At first and again whenever a policy is saved or deleted, here or in the other trainer's list.
  createEffect(on(policiesVersion, () => void rank()));

  async function train() {
    setMessage(undefined);
    setCurves([]);
    setCheckpoint(undefined);
    setPhase('training');
    setProgress({ done: 0, total: episodes() });
    try {
      const result = await worker.train(
        seed(),
        episodes(),
        (points, done, total) => {
          setCurves((c) => [...c, ...points]);
          setProgress({ done, total });
        },
        rollouts(),
      );
      setCheckpoint(result.checkpoint);
      setName((n) => n || `orchestration-seed${seed()}`);
      setPhase('done');
      setMessage({
        kind: 'note',
        text: `Trained ${episodes().toLocaleString('en')} episodes in ${result.seconds.toFixed(1)} s${
          result.rolloutWorkers > 0
            ? `, ${result.rolloutWorkers} rollout worker${result.rolloutWorkers === 1 ? '' : 's'} beside the trainer (they played ${result.workerEpisodes.toLocaleString('en')})`
            : ''
        }.`,
      });
    } catch (error) {
      const stopped = (error as Error).message === 'stopped';
      setPhase(stopped ? 'stopped' : 'failed');
      setMessage(
        stopped
          ? { kind: 'note', text: 'Stopped: nothing was kept. Training is quick; run it again whole.' }
          : { kind: 'error', text: `Training failed: ${(error as Error).message}` },
      );
    }
  }

  async function save() {
    const c = checkpoint();
    if (!c) return;
    try {
      await savePolicy(name(), c);
      setMessage({ kind: 'note', text: `Saved as “${name()}”; it is on the leaderboard below.` });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    }
  }

  async function open(row: LeaderRow) {
    setMessage(undefined);
    try {
      const policy = row.baseline
        ? row.name.replace(/ \(.*\)$/, '')
        : stored.find((p) => p.name === row.name);
      if (!policy) throw new Error(`policy "${row.name}" is no longer saved`);
      const { header, events } = await worker.trace(policy, instance() - 1);
      const store = await services.store();
      const run = await store.importTrace(encodeTrace(header, events), {
        label: `${row.name} on test instance ${instance()}`,
        startedAt: Date.now(),
      });
      app.update({ view: 'run', runs: [run.id] });
    } catch (error) {
      setMessage({ kind: 'error', text: `Could not open ${row.name}: ${(error as Error).message}` });
    }
  }

  return (
    <div class="panel" data-testid="orchestration-panel">
      <h2>Learn how to orchestrate — in the orchestration environment</h2>
      <p class="note">
        A second, hand-set simulator (docs/simulator.md): solo or spawn, shard size, replicas, a profile per
        shard, what to do on failure, when to submit. Cost is in the reward. PARL trains here in a Web Worker,
        in seconds. Its policies run only its own episodes, not your scenarios: to train a policy that runs
        them, use "Train the runtime's orchestrator" below.
      </p>
      <div class="actions">
        <label>
          Seed{' '}
          <input
            type="number"
            min="0"
            value={seed()}
            onChange={(e) => setSeed(Math.max(0, Math.floor(Number(e.currentTarget.value)) || 0))}
          />
        </label>
        <label>
          Episodes{' '}
          <input
            type="number"
            min="64"
            max="1000000"
            step="1000"
            data-testid="orch-episodes"
            value={episodes()}
            onChange={(e) =>
              setEpisodes(Math.min(1_000_000, Math.max(64, Math.floor(Number(e.currentTarget.value)) || 64)))
            }
          />
        </label>
        <label title="Web Workers that play episodes beside the trainer's own; the default leaves the page a core to draw with">
          Rollout workers{' '}
          <input
            type="number"
            min="0"
            max={MAX_PAGE_ROLLOUT_WORKERS}
            data-testid="orch-workers"
            value={rollouts()}
            onChange={(e) =>
              setRollouts(
                Math.min(
                  MAX_PAGE_ROLLOUT_WORKERS,
                  Math.max(0, Math.floor(Number(e.currentTarget.value)) || 0),
                ),
              )
            }
          />
        </label>
        <button
          type="button"
          class="primary"
          data-testid="orch-train"
          disabled={phase() === 'training'}
          onClick={() => void train()}
        >
          Train PARL
        </button>
        <button
          type="button"
          class="secondary"
          disabled={phase() !== 'training'}
          onClick={() => worker.stop()}
        >
          Stop
        </button>
      </div>
      <progress data-testid="orch-progress" max={progress().total || 1} value={progress().done} />
      <div class="note" data-testid="orch-status">
        {phase()} · {progress().done.toLocaleString('en')} / {progress().total.toLocaleString('en')} episodes
      </div>
      <MessageBanner message={message()} testid="orch-message" />
      <Show when={curves().length > 0}>
        <div class="figure curves">
          <img
            src={svgUrl(orchestrationCurvesSvg(`PARL, seed ${seed()}`, curves()))}
            alt="Training curves: reward and its terms r_perf, λ1·r_parallel and λ2·r_finish; quality and cost; critical steps; solo rate and unused subagents, by episode"
            data-testid="orch-curves"
          />
        </div>
      </Show>
      <Show when={checkpoint()}>
        {(c) => (
          <div class="actions">
            <input
              value={name()}
              onInput={(e) => setName(e.currentTarget.value)}
              aria-label="Orchestration policy name"
              data-testid="orch-name"
            />
            <button type="button" class="primary" data-testid="orch-save" onClick={() => void save()}>
              Save in this browser
            </button>
            <button
              type="button"
              class="secondary"
              data-testid="orch-download"
              onClick={() =>
                services.download(`${name() || 'orchestration-policy'}.json`, JSON.stringify(c(), null, 1))
              }
            >
              Download JSON
            </button>
          </div>
        )}
      </Show>
      <h3>Leaderboard on the test split</h3>
      <Show
        when={board()}
        fallback={
          <p class="note">{ranking() ? 'Choosing the baselines on validation and scoring on test…' : ''}</p>
        }
      >
        {(b) => (
          <>
            <p class="note">
              {b().instances} test instances, never used for training or choosing. Δ is the mean difference in
              reward against the best fixed setting ({b().bestFixed}, chosen on validation), with its paired
              95% bootstrap interval.
            </p>
            <label>
              Open on test instance{' '}
              <input
                type="number"
                min="1"
                max={b().instances}
                value={instance()}
                data-testid="orch-instance"
                onChange={(e) =>
                  setInstance(
                    Math.min(b().instances, Math.max(1, Math.floor(Number(e.currentTarget.value)) || 1)),
                  )
                }
              />
            </label>
            <table class="data stack" data-testid="orch-leaderboard">
              <thead>
                <tr>
                  <th>policy</th>
                  <th>reward</th>
                  <th>Δ vs best fixed [95%]</th>
                  <th>quality</th>
                  <th>cost ÷ ref</th>
                  <th>critical steps</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                <For each={b().rows}>
                  {(r) => (
                    <tr data-testid="orch-row" data-policy={r.name}>
                      <td>{r.baseline ? r.name : <strong>{r.name}</strong>}</td>
                      <td data-label="reward">{fixed(r.reward, 3)}</td>
                      <td data-label="Δ vs best fixed [95%]">
                        {r.vsBestFixed
                          ? `${signed(r.vsBestFixed.mean)} [${signed(r.vsBestFixed.low)}, ${signed(r.vsBestFixed.high)}]`
                          : '—'}
                      </td>
                      <td data-label="quality">{fixed(r.quality, 3)}</td>
                      <td data-label="cost ÷ ref">{fixed(r.relativeCost, 2)}</td>
                      <td data-label="critical steps">{r.criticalSteps.toFixed(1)}</td>
                      <td>
                        <button
                          type="button"
                          class="secondary"
                          data-testid="orch-open"
                          onClick={() => void open(r)}
                        >
                          Open in Run view
                        </button>
                      </td>
                    </tr>
                  )}
                </For>
              </tbody>
            </table>
            <div class="figure">
              <img
                src={svgUrl(b().paretoSvg)}
                alt="Quality against cost and against critical steps for every policy, Pareto front dashed"
                data-testid="orch-pareto"
              />
            </div>
          </>
        )}
      </Show>
    </div>
  );
}
