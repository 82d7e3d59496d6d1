/**
 * The simulated provider's orchestration player: what the seeded simulated model answers when the
 * `llm` orchestrator (./llm-orchestrator.ts) asks it a decision. It reads only the decision message
 * the model was sent (a real model gets nothing else), answers by a few plain rules, and at its
 * profile's error rate writes what weak models write instead: an option that does not exist, or
 * prose. It is the offline stand-in that lets the whole path — prompt, reply, refusal, retry,
 * fallback, the replayed episode, the CLI — run and be tested with no model; it is not a good
 * orchestrator, and nothing is learned from it.
 */
import type { PlayerInput, PlayerMove } from '../../providers/player';

interface Seen {
  decision?: string;
  task?: { kind?: string; budget?: number };
  shard?: { meanCue?: number; fitsIn?: string[] };
  failed?: { profile?: string; attempts?: number; overflow?: boolean };
  now?: { stepsSoFar?: number; nextWaveSteps?: number; answered?: number };
}

/** The decision's kind and the JSON after each `Label: ` of its message (llm-prompt.ts, one per line). */
function read(text: string): Seen {
  const seen: Seen & Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    const m = /^Decision: (\w+)/.exec(line);
    if (m) seen.decision = m[1];
    for (const [label, key] of [
      ['Task: ', 'task'],
      ['Shard: ', 'shard'],
      ['Failed: ', 'failed'],
      ['Now: ', 'now'],
    ] as const) {
      const at = line.indexOf(label);
      if (at < 0) continue;
      try {
        seen[key] = JSON.parse(line.slice(at + label.length));
      } catch {
        // A line the player cannot read leaves that part unseen: the rules below have defaults.
      }
    }
  }
  return seen;
}

const BY_SKILL = ['small', 'medium', 'large'];

function answer(seen: Seen): Record<string, unknown> {
  switch (seen.decision) {
    case 'plan':
      // Deep-search units are long: one per subagent; the rest two, the best fixed shard.
      return { mode: 'spawn', shard: seen.task?.kind === 'deep-search' ? 1 : 2, replicas: 1, spares: 'none' };
    case 'profile': {
      const cue = seen.shard?.meanCue ?? 0.5;
      const wanted = cue > 0.55 ? 2 : cue > 0.3 ? 1 : 0;
      const fits = seen.shard?.fitsIn ?? BY_SKILL;
      // The wanted profile, or the smallest larger one whose window holds the shard.
      const profile = BY_SKILL.slice(wanted).find((p) => fits.includes(p)) ?? 'large';
      return { profile };
    }
    case 'recover': {
      const f = seen.failed ?? {};
      if (f.overflow || (f.attempts ?? 1) >= 2)
        return { recovery: f.profile === 'large' ? 'degrade' : 'escalate' };
      return { recovery: 'retry' };
    }
    case 'control': {
      const now = seen.now ?? {};
      const late =
        (now.stepsSoFar ?? 0) + (now.nextWaveSteps ?? 0) > (seen.task?.budget ?? Number.POSITIVE_INFINITY);
      return { control: late ? 'submit' : 'go' };
    }
    default:
      return {};
  }
}

/** Wrong in the ways models are: a made-up option, or prose around no JSON at all. */
const MISTAKES = [
  { profile: 'huge', recovery: 'restart', control: 'wait', mode: 'swarm' },
  'I would spawn a few agents and see how it goes.',
];

export function orchestrationPlayer(input: PlayerInput): PlayerMove {
  // The decision is the first user message; later ones are refusals the model is answering.
  const first = input.messages.find((m) => m.role === 'user');
  const seen = read(first?.role === 'user' ? first.content : '');
  if (input.rng.next() < input.errorRate) {
    const mistake = MISTAKES[Math.floor(input.rng.next() * MISTAKES.length)];
    return { content: typeof mistake === 'string' ? mistake : JSON.stringify(mistake), calls: [] };
  }
  return { content: JSON.stringify(answer(seen)), calls: [] };
}
