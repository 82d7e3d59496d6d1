import type { Player } from '../../src/core/providers/player';
import type { ChatRequest, Provider, ToolCall } from '../../src/core/providers/types';
import { createRng, type Rng } from '../../src/core/util/rng';

export interface PlayerDrive {
  /** @default 0 */
  readonly errorRate?: number;
  /** @default 1 */
  readonly callsPerTurn?: number;
  /** The rng of turn n. @default createRng(n) */
  readonly rng?: (turn: number) => Rng;
  /** Rewrites the arguments of a call before the loop sees them (to send broken JSON). */
  readonly mangle?: (turn: number, call: ToolCall) => string | undefined;
}

/**
 * A provider that only asks a scenario's players for their move, at a fixed error rate: unlike the
 * simulated provider it adds no context degradation, malformed calls or token counting, so a test
 * sees the player's own behaviour through the real agent loop.
 */
export function playerProvider(players: Readonly<Record<string, Player>>, drive: PlayerDrive = {}): Provider {
  return {
    name: 'test-player',
    async complete(request: ChatRequest) {
      const meta = request.metadata as { subtask: { descriptor: { kind: string } }; turn: number };
      const turn = meta.turn;
      const player = players[meta.subtask.descriptor.kind] as Player;
      const move = player({
        descriptor: meta.subtask.descriptor,
        messages: request.messages,
        tools: (request.tools ?? []).map((t) => t.function.name),
        errorRate: drive.errorRate ?? 0,
        callsPerTurn: drive.callsPerTurn ?? 1,
        rng: (drive.rng ?? createRng)(turn),
      });
      const calls: ToolCall[] = move.calls.map((c, i) => {
        const call: ToolCall = {
          id: `call_${turn}_${i + 1}`,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        };
        const args = drive.mangle?.(turn, call);
        return args === undefined ? call : { ...call, function: { ...call.function, arguments: args } };
      });
      return {
        id: `r${turn}`,
        model: 'test',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: move.content,
              ...(calls.length > 0 ? { tool_calls: calls } : {}),
            },
            finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
    },
  };
}
