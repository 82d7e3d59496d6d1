import { createMemo, For, on, Show, untrack } from 'solid-js';
import { PictureDownload } from '../export/picture-download';
import { t } from '../i18n/t';
import type { RunSnapshot } from '../model/replay';
import { type AgentEdge, type AgentNode, agentGraph, subagentRadius } from './agent-graph';
import { agentLabels } from './agent-labels';

const SIZE = 320;
const R = 24;
/** One colour per round of messages (cycled past five), spawn edges grey. */
const ROUND_COLOURS = ['#2f6fdf', '#d9822b', '#7a4fd6', '#1b9e77', '#c2417a'];
/** Replacements, in the self-healing marks' red. */
const REPLACE_COLOUR = '#d1342f';
const roundColour = (round: number) => ROUND_COLOURS[(round - 1) % ROUND_COLOURS.length] as string;
const STATE_FILL = {
  running: '#f5c542',
  failed: '#e0675f',
  // Stopped before it ended: not the finished green (a stopped run read as done).
  cancelled: '#b8bec9',
  idle: '#7cc79a',
  orchestrator: '#2b3240',
} as const;

const fill = (n: AgentNode) =>
  n.kind === 'orchestrator'
    ? STATE_FILL.orchestrator
    : n.running > 0
      ? STATE_FILL.running
      : n.failed > 0 && n.failed === n.attempts
        ? STATE_FILL.failed
        : n.cancelled > 0 && n.cancelled + n.failed === n.attempts
          ? STATE_FILL.cancelled
          : STATE_FILL.idle;

/**
 * An arrow between two nodes, stopping at their rims; messages bend to one side so the two
 * directions between a pair, and the rounds, do not draw over each other.
 */
function arrowPath(a: AgentNode, b: AgentNode, bend: number, ra: number, rb: number): string {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const sx = a.x + ux * ra;
  const sy = a.y + uy * ra;
  const ex = b.x - ux * (rb + 4);
  const ey = b.y - uy * (rb + 4);
  const mx = (sx + ex) / 2 - uy * bend;
  const my = (sy + ey) / 2 + ux * bend;
  return `M${sx.toFixed(1)},${sy.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`;
}

/**
 * The topology view: the run's agents and who talks to whom (agent-graph.ts). Messages are
 * arrows coloured by round, listed under the picture in words for readers and screen readers.
 * Message text is model output: shown as text, never as markup.
 */
export function AgentGraphView(props: { snapshot: RunSnapshot }) {
  let svg: SVGSVGElement | undefined;
  const graph = createMemo(() => agentGraph(props.snapshot, SIZE));
  const byId = createMemo(() => new Map(graph().nodes.map((n) => [n.id, n])));
  const bend = (e: AgentEdge) =>
    e.kind === 'message' ? 14 + 10 * (e.round - 1) : e.kind === 'replace' ? 10 : 0;
  // As many as the healing panel's "N replaced": one per replace action whose attempt is drawn.
  const replacements = () => graph().nodes.filter((n) => n.replaced).length;
  const messages = () => props.snapshot.messages;
  const ring = () => graph().nodes.filter((n) => n.kind !== 'orchestrator').length;
  const radius = (n: AgentNode) => (n.kind === 'orchestrator' ? R : subagentRadius(ring(), SIZE, R));
  // Names outside the ring, placed so that none covers another or a circle; the picture grows to
  // hold them.
  // Placed again only when the agents change, not at every event of a live run: with a hundred
  // subagents the checks are ten thousand pairs.
  const who = createMemo(() =>
    graph()
      .nodes.map((n) => `${n.id}=${n.label}`)
      .join('|'),
  );
  const names = createMemo(
    on(who, () => untrack(() => agentLabels(graph(), (id) => radius(byId().get(id) as AgentNode), SIZE))),
  );
  const nameOf = createMemo(() => new Map(names().labels.map((l) => [l.id, l])));
  const box = () => names().bounds;
  return (
    <div class="agent-graph">
      <svg
        ref={svg}
        data-testid="agent-graph"
        viewBox={`${box().x.toFixed(1)} ${box().y.toFixed(1)} ${box().width.toFixed(1)} ${box().height.toFixed(1)}`}
        role="img"
        aria-label={t('agents.label', {
          n: graph().nodes.length,
          peers: graph().decentralized ? 'yes' : 'no',
          messages: messages().length,
        })}
        // As wide as the names need, at the scale the ring alone was drawn at.
        style={{ width: '100%', 'max-width': `${Math.round((420 * box().width) / SIZE)}px`, height: 'auto' }}
      >
        <defs>
          <For each={[1, 2, 3, 4, 5]}>
            {(round) => <Arrowhead id={`arrow-${round}`} fill={roundColour(round)} />}
          </For>
          <Arrowhead id="arrow-replace" fill={REPLACE_COLOUR} />
        </defs>
        <For each={graph().edges}>
          {(e) => {
            const a = () => byId().get(e.from);
            const b = () => byId().get(e.to);
            return (
              <Show when={a() && b()}>
                <path
                  d={arrowPath(
                    a() as AgentNode,
                    b() as AgentNode,
                    bend(e),
                    radius(a() as AgentNode),
                    radius(b() as AgentNode),
                  )}
                  fill="none"
                  stroke={
                    e.kind === 'spawn'
                      ? '#b8bec9'
                      : e.kind === 'replace'
                        ? REPLACE_COLOUR
                        : roundColour(e.round)
                  }
                  stroke-width={e.kind === 'message' ? 1.5 + Math.min(3, e.texts.length - 1) : 1.2}
                  stroke-dasharray={e.kind === 'replace' ? '4 3' : undefined}
                  marker-end={
                    e.kind === 'message'
                      ? `url(#arrow-${((e.round - 1) % 5) + 1})`
                      : e.kind === 'replace'
                        ? 'url(#arrow-replace)'
                        : undefined
                  }
                  data-testid={`agent-${e.kind}`}
                  data-from={e.from}
                  data-to={e.to}
                  data-round={e.round}
                >
                  <title>
                    {e.kind === 'spawn'
                      ? t('agents.made', { from: e.from, to: e.to })
                      : e.kind === 'replace'
                        ? t('agents.replaced', { from: e.from, to: e.to, why: e.texts.join(' · ') })
                        : t('agents.message', {
                            round: e.round ?? '',
                            from: e.from,
                            to: e.to,
                            text: e.texts.join(' · '),
                          })}
                  </title>
                </path>
              </Show>
            );
          }}
        </For>
        <For each={graph().nodes}>
          {(n) => (
            <g
              data-testid="agent-node"
              data-agent={n.id}
              data-kind={n.kind}
              data-quarantined={n.quarantined > 0 ? 'true' : undefined}
              data-replaced={n.replaced ? 'true' : undefined}
              data-after={n.after}
              // A replaced agent works no more: drawn faded, its replacement in full.
              opacity={n.replaced ? 0.55 : undefined}
            >
              <circle cx={n.x} cy={n.y} r={radius(n)} fill={fill(n)} stroke="#2b3240" stroke-width="1" />
              <Show when={n.quarantined > 0}>
                {/* Quarantined by the self-healing loop: a dashed red ring. */}
                <circle
                  cx={n.x}
                  cy={n.y}
                  r={radius(n) + 4}
                  fill="none"
                  stroke="#d1342f"
                  stroke-width="2"
                  stroke-dasharray="4 3"
                />
              </Show>
              <Show when={radius(n) >= 9}>
                <text
                  x={n.x}
                  y={n.y + 4}
                  text-anchor="middle"
                  font-size="10"
                  fill={n.kind === 'orchestrator' ? '#fff' : '#1d232e'}
                >
                  {n.kind === 'orchestrator' ? t('agents.orch') : n.attempts}
                </text>
              </Show>
              <Show when={nameOf().get(n.id)}>
                {(l) => (
                  <text
                    data-testid="agent-label"
                    x={l().x.toFixed(1)}
                    y={l().y.toFixed(1)}
                    text-anchor={l().anchor}
                    dominant-baseline="central"
                    transform={
                      l().rotate
                        ? `rotate(${l().rotate.toFixed(1)} ${l().x.toFixed(1)} ${l().y.toFixed(1)})`
                        : undefined
                    }
                    font-size="11"
                    fill="#1d232e"
                  >
                    {l().text}
                  </text>
                )}
              </Show>
              <title>{n.kind === 'orchestrator' ? t('agents.orchestrator') : agentTitle(n)}</title>
            </g>
          )}
        </For>
      </svg>
      <p class="note mono" aria-live="polite">
        {graph().decentralized ? t('agents.notePeers') : t('agents.note')}
        {replacements() > 0 ? t('agents.healed', { n: replacements() }) : ''}
      </p>
      <Show when={messages().length > 0}>
        <ol class="messages" aria-label={t('agents.messages')}>
          <For each={messages()}>
            {(m) => (
              <li data-testid="agent-message-row" data-from={m.from} data-to={m.to} data-round={m.round}>
                <span class="mono" style={{ color: roundColour(m.round) }}>
                  {t('agents.round', { round: m.round, from: m.from, to: m.to })}
                </span>{' '}
                {m.content}
              </li>
            )}
          </For>
        </ol>
      </Show>
      <div class="actions note">
        <PictureDownload
          svg={() => svg}
          name="agents"
          label={t('agents.pictureName')}
          title={t('agents.pictureTitle')}
        />
      </div>
    </div>
  );
}

/** An arrowhead marker for the graph's edges: one per round's colour, one for replacements. */
function Arrowhead(props: { id: string; fill: string }) {
  return (
    <marker
      id={props.id}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth="7"
      markerHeight="7"
      orient="auto-start-reverse"
    >
      <path d="M0,0 L10,5 L0,10 z" fill={props.fill} />
    </marker>
  );
}

/** A subagent's node in words: its turns, and what befell them. */
function agentTitle(n: AgentNode): string {
  return [
    t('agents.node', { label: n.label, profile: n.profile, n: n.attempts }),
    n.running ? t('agents.running', { n: n.running }) : '',
    n.failed ? t('agents.failed', { n: n.failed }) : '',
    n.cancelled ? t('agents.stopped', { n: n.cancelled }) : '',
    n.quarantined ? t('agents.quarantined', { n: n.quarantined }) : '',
    n.refused ? t('agents.refused', { n: n.refused }) : '',
    n.replaced ? t('agents.replacedMark') : '',
    n.after ? t('agents.after', { after: n.after }) : '',
  ].join('');
}
