/**
 * Which API keys the page agrees to keep. Every saved key is redacted from every download, so a
 * "key" that is also ordinary text would rewrite the download: `null`, `true` or `task` saved as
 * a key once turned `"maxOrchestratorSteps":null` into `[redacted]` and every event type
 * `task.assigned` into `[redacted].assigned`, and the file no longer imported. A key is refused
 * when it is short, a JSON literal, a number, made of too few different characters, or a word of
 * the traces' own vocabulary (event types, their parts and field names) or a stock placeholder.
 */

export const MIN_KEY_LENGTH = 8;

/**
 * Words a trace, scenario or report holds as text (src/core/trace/events.ts and spec-types.ts),
 * and placeholder keys people type. Kept lowercase; compared ignoring case.
 */
const VOCABULARY: ReadonlySet<string> = new Set([
  // Event types and their parts.
  ...'agent.context agent.message anomaly.detected budget.exhausted chaos.fault healing.action llm.turn orchestrator.step run.finished run.graded run.started subagent.spawned task.assigned task.cancelled task.degraded task.failed task.finished task.ready task.retried task.skipped task.started tool.call tool_call assign spawn join replan finish'
    .split(' ')
    .flatMap((t) => [t, ...t.split(/[._]/)]),
  // Field names of events, headers and scenario files.
  ...'actions allowedTools attempt budgets callId caller chunkSize columns content context contextWindow corpus counts criteria dependencyShare description evidence exercisesPerAgent failurePolicy finishReason idleSubagents maxOutputTokens metrics mirrorShare nextObservation observation onBudgetExhausted overlap profile profiles provider question questions readyAt rejection rewardProxy rowsPerAgent scenario simulator staleShare subagent subagents systemPrompt threshold timeoutMs tolerance toolCalls topology waiting wallMs workers maxConcurrentSubagents maxOrchestratorSteps maxStepsPerSubagent maxToolCalls maxTokens maxCost maxWallMs maxCriticalSteps mainStepCost criticalSteps interrupted cancelled completed finished running simulated heuristic critical-path serial orchestrator redacted'
    .split(' ')
    .map((w) => w.toLowerCase()),
  // Placeholders.
  ...'password passw0rd changeme apikey api-key api_key secret-key your-key your-api-key sk-xxxxxxxx sk-placeholder placeholder undefined infinity lm-studio no-key none-needed dummy-key test-key'.split(
    ' ',
  ),
]);

const JSON_LITERALS = new Set(['null', 'true', 'false']);

/** Why `key` is not kept as a secret, in words; undefined when it is. */
export function keyRefusal(raw: string): string | undefined {
  const key = raw.trim();
  if (key === '') return undefined;
  const why = (reason: string) =>
    `This key was not saved: ${reason}. Every saved key is removed from downloads, so a key that is also ordinary text would rewrite them; use the key your server issued (local servers mostly need none: leave the field empty).`;
  if (JSON_LITERALS.has(key.toLowerCase())) return why(`"${key}" is a JSON literal, not a secret`);
  if (VOCABULARY.has(key.toLowerCase())) return why(`"${key}" is a word the app's own traces and files use`);
  if (key.length < MIN_KEY_LENGTH) {
    return why(
      `it has ${key.length} character${key.length === 1 ? '' : 's'}, and a key needs at least ${MIN_KEY_LENGTH}`,
    );
  }
  if (/^[-+]?\d+(\.\d+)?$/.test(key)) return why('it is a number, which traces are full of');
  if (new Set(key.toLowerCase()).size < 4) return why('it is made of fewer than 4 different characters');
  return undefined;
}

/** The keys worth redacting: those the page would keep now (a key saved before these rules is skipped). */
export const redactable = (secrets: readonly string[]): string[] =>
  secrets.filter((s) => typeof s === 'string' && s.trim() !== '' && keyRefusal(s) === undefined);
