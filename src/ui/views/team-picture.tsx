import { For, Show } from 'solid-js';
import type { TeamPlan } from '../../core/router/plan';
import { t } from '../i18n/t';

const W = 150;
const H = 34;
const GAP = 16;

/**
 * A plan's team, drawn: the manager above the workers it hands work to (swarm), peers in a row
 * linked to one another (peers: they talk on a shared board), or one agent.
 */
export function TeamPicture(props: { plan: TeamPlan }) {
  const workers = () => props.plan.workers;
  const width = () => Math.max(W, workers().length * (W + GAP) - GAP) + 8;
  const top = () => (props.plan.manager_role === null ? 4 : H + 50);
  const x = (i: number) => 4 + i * (W + GAP) + (width() - 8 - (workers().length * (W + GAP) - GAP)) / 2;
  const height = () => top() + H + (props.plan.topology === 'peers' ? 34 : 6);
  return (
    <svg
      class="team-picture"
      data-testid="team-picture"
      role="img"
      aria-label={t('team.picture', {
        topology: props.plan.topology,
        members: [props.plan.manager_role, ...workers()].filter(Boolean).join(', '),
      })}
      viewBox={`0 0 ${width()} ${height()}`}
      width={width()}
      height={height()}
    >
      <Show when={props.plan.manager_role}>
        {(manager) => (
          <g data-testid="team-manager">
            <For each={workers()}>
              {(_, i) => (
                <line
                  x1={width() / 2}
                  y1={4 + H}
                  x2={x(i()) + W / 2}
                  y2={top()}
                  stroke="currentColor"
                  stroke-opacity="0.5"
                />
              )}
            </For>
            <rect
              x={width() / 2 - W / 2}
              y={4}
              width={W}
              height={H}
              rx={6}
              fill="var(--accent-soft, #dbeafe)"
              stroke="currentColor"
            />
            <text x={width() / 2} y={4 + H / 2 + 5} text-anchor="middle" font-size="13">
              {manager()}
            </text>
          </g>
        )}
      </Show>
      <Show when={props.plan.topology === 'peers'}>
        <For each={workers().slice(1)}>
          {(_, i) => (
            <path
              d={`M ${x(i()) + W / 2} ${top() + H} q ${(W + GAP) / 2} 28 ${W + GAP} 0`}
              fill="none"
              stroke="currentColor"
              stroke-opacity="0.5"
            />
          )}
        </For>
      </Show>
      <For each={workers()}>
        {(role, i) => (
          <g data-testid="team-worker">
            <rect
              x={x(i())}
              y={top()}
              width={W}
              height={H}
              rx={6}
              fill="var(--card, #fff)"
              stroke="currentColor"
            />
            <text x={x(i()) + W / 2} y={top() + H / 2 + 5} text-anchor="middle" font-size="13">
              {role}
            </text>
          </g>
        )}
      </For>
    </svg>
  );
}
