/**
 * A check of rows against the conversational formats Hugging Face TRL reads (its "Dataset formats
 * and types" guide): every problem of every row, each with a code and the path it is at, so a row
 * that would fail in a trainer (or train the wrong thing) fails here first.
 *
 * - SFT (language modeling, conversational): `messages`, a list of `{role, content}`; an optional
 *   `tools` list of function schemas for tool calling.
 * - DPO (preference, conversational, explicit prompt): `prompt`, `chosen` and `rejected`, each a
 *   list of messages; chosen and rejected are assistant turns and differ.
 * - A role is system, user, assistant or tool. A content is a string, or a list of typed parts
 *   (`{"type": "text", "text": …}`) — one or the other throughout a dataset, never both.
 * - An assistant turn's `tool_calls` are `{id, type: "function", function: {name, arguments}}`
 *   with `arguments` a JSON object as a string and ids unique in the conversation; a `tool`
 *   message answers an earlier call by its `tool_call_id`.
 * - No string may look like an API key (redact.ts).
 */
import { findKeys } from './redact';
import { canonicalJson, type DatasetFormat, roles } from './rows';

export const problemCodes = [
  'not-an-object',
  'missing-column',
  'not-a-list',
  'empty-list',
  'not-a-message',
  'missing-role',
  'bad-role',
  'bad-content',
  'mixed-content',
  'empty-turn',
  'no-assistant-turn',
  'not-assistant',
  'bad-tool-call',
  'orphan-tool-message',
  'bad-tools',
  'chosen-equals-rejected',
  'secret',
] as const;
export type ProblemCode = (typeof problemCodes)[number];

export interface Problem {
  readonly code: ProblemCode;
  /** What is wrong, naming where: `messages[2].role: "bot" is not one of …`. */
  readonly message: string;
}

/** How contents are written: strings, or lists of typed parts. A dataset keeps to one. */
export type ContentStyle = 'string' | 'parts';

const isObject = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x);

/** What a dataset's check carries from row to row: the content style its first content set. */
export interface CheckState {
  style?: ContentStyle;
}

/** The problems of one row; `state` carries the dataset's content style across rows. */
export function checkRow(row: unknown, format: DatasetFormat, state: CheckState = {}): Problem[] {
  const problems: Problem[] = [];
  const add = (code: ProblemCode, message: string) => problems.push({ code, message });
  if (!isObject(row)) {
    add('not-an-object', 'a row is a JSON object');
    return problems;
  }
  const list = (column: string): unknown[] | undefined => {
    const value = row[column];
    if (value === undefined) add('missing-column', `"${column}" is missing`);
    else if (!Array.isArray(value)) add('not-a-list', `"${column}" is not a list of messages`);
    else if (value.length === 0) add('empty-list', `"${column}" has no messages`);
    else return value;
    return undefined;
  };
  const context = { add, state };
  if (format === 'sft') {
    const tools = toolNames(row.tools, add);
    const messages = list('messages');
    if (messages) {
      checkConversation(messages, 'messages', context, tools);
      const calls = messages.some((m) => isObject(m) && m.tool_calls !== undefined && m.tool_calls !== null);
      if (calls && tools === undefined) {
        add('bad-tools', '"messages" call tools but the row has no "tools" list for the chat template');
      }
      if (!messages.some((m) => isObject(m) && m.role === 'assistant')) {
        add('no-assistant-turn', '"messages" has no assistant turn to learn');
      }
    }
  } else {
    const prompt = list('prompt');
    const chosen = list('chosen');
    const rejected = list('rejected');
    if (prompt) checkConversation(prompt, 'prompt', context);
    for (const [name, answer] of [
      ['chosen', chosen],
      ['rejected', rejected],
    ] as const) {
      if (!answer) continue;
      answer.forEach((m, i) => {
        if (isObject(m) && m.role !== 'assistant') {
          add(
            'not-assistant',
            `${name}[${i}].role is ${JSON.stringify(m.role)}: ${name} holds assistant turns`,
          );
        }
      });
      checkConversation([...(prompt ?? []), ...answer], name, context, undefined, prompt?.length ?? 0);
    }
    if (chosen && rejected && canonicalJson(chosen) === canonicalJson(rejected)) {
      add('chosen-equals-rejected', '"chosen" and "rejected" are the same answer: the pair teaches nothing');
    }
  }
  for (const [path, text] of strings(row, '')) {
    if (findKeys(text).length > 0) add('secret', `${path || 'a key'} holds text that looks like an API key`);
  }
  return problems;
}

/** The problems of every row of a dataset, for the rows that have any (rows counted from 0). */
export function checkRows(
  rows: readonly unknown[],
  format: DatasetFormat,
): { readonly row: number; readonly problems: readonly Problem[] }[] {
  const state: CheckState = {};
  return rows.flatMap((row, i) => {
    const problems = checkRow(row, format, state);
    return problems.length > 0 ? [{ row: i, problems }] : [];
  });
}

/** The tool names a `tools` column declares, or undefined without one. */
function toolNames(
  tools: unknown,
  add: (code: ProblemCode, message: string) => void,
): Set<string> | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) {
    add('bad-tools', '"tools" is not a list of function schemas');
    return undefined;
  }
  const names = new Set<string>();
  tools.forEach((tool, i) => {
    const fn = isObject(tool) ? tool.function : undefined;
    if (
      !isObject(tool) ||
      tool.type !== 'function' ||
      !isObject(fn) ||
      typeof fn.name !== 'string' ||
      fn.name === ''
    ) {
      add('bad-tools', `tools[${i}] is not {"type": "function", "function": {"name", "parameters"}}`);
    } else if (!isObject(fn.parameters)) {
      add('bad-tools', `tools[${i}].function.parameters is not a JSON schema object`);
    } else names.add(fn.name);
  });
  return names;
}

/**
 * A list of messages; `from` is where the part being checked starts (a DPO answer is checked after
 * its prompt, whose own problems were reported once already).
 */
function checkConversation(
  messages: readonly unknown[],
  column: string,
  context: { add: (code: ProblemCode, message: string) => void; state: CheckState },
  tools?: ReadonlySet<string>,
  from = 0,
): void {
  const { add, state } = context;
  const calls = new Set<string>();
  messages.forEach((m, index) => {
    const at = `${column}[${index - from}]`;
    const report = index >= from ? add : () => {};
    if (!isObject(m)) {
      report('not-a-message', `${at} is not a {role, content} object`);
      return;
    }
    if (m.role === undefined) report('missing-role', `${at} has no "role"`);
    else if (!(roles as readonly unknown[]).includes(m.role)) {
      report('bad-role', `${at}.role ${JSON.stringify(m.role)} is not one of ${roles.join(', ')}`);
    }
    const hasCalls = m.tool_calls !== undefined && m.tool_calls !== null;
    const style = contentStyle(m.content);
    if (style === undefined && !(hasCalls && (m.content === undefined || m.content === null))) {
      report('bad-content', `${at}.content is neither a string nor a list of typed parts`);
    } else if (style !== undefined && index >= from) {
      state.style ??= style;
      if (style !== state.style) {
        report(
          'mixed-content',
          `${at}.content is ${style === 'string' ? 'a string' : 'a list of parts'}, but the dataset's contents are ${state.style === 'string' ? 'strings' : 'lists of parts'}`,
        );
      }
    }
    if (m.role === 'assistant' && !hasCalls && isBlank(m.content)) {
      report('empty-turn', `${at} is an assistant turn with neither text nor tool calls`);
    }
    if (hasCalls) {
      if (m.role !== 'assistant')
        report('bad-tool-call', `${at} calls tools, which only an assistant turn may`);
      checkCalls(m.tool_calls, at, calls, tools, report);
    }
    if (m.role === 'tool') {
      if (typeof m.tool_call_id !== 'string' || !calls.has(m.tool_call_id)) {
        report(
          'orphan-tool-message',
          `${at}.tool_call_id ${JSON.stringify(m.tool_call_id)} answers no earlier call`,
        );
      }
    }
  });
}

function checkCalls(
  toolCalls: unknown,
  at: string,
  calls: Set<string>,
  tools: ReadonlySet<string> | undefined,
  add: (code: ProblemCode, message: string) => void,
): void {
  if (!Array.isArray(toolCalls) || toolCalls.length === 0) {
    add('bad-tool-call', `${at}.tool_calls is not a non-empty list`);
    return;
  }
  toolCalls.forEach((call, i) => {
    const where = `${at}.tool_calls[${i}]`;
    const fn = isObject(call) ? call.function : undefined;
    if (!isObject(call) || typeof call.id !== 'string' || call.id === '') {
      add('bad-tool-call', `${where} has no "id"`);
    } else if (calls.has(call.id)) {
      add('bad-tool-call', `${where}.id ${JSON.stringify(call.id)} repeats an earlier call's`);
    } else calls.add(call.id);
    if (!isObject(call) || call.type !== 'function') add('bad-tool-call', `${where}.type is not "function"`);
    if (!isObject(fn) || typeof fn.name !== 'string' || fn.name === '') {
      add('bad-tool-call', `${where}.function.name is missing`);
      return;
    }
    if (tools && !tools.has(fn.name))
      add('bad-tool-call', `${where} calls "${fn.name}", which "tools" does not list`);
    if (typeof fn.arguments !== 'string' || !isObject(parse(fn.arguments))) {
      add('bad-tool-call', `${where}.function.arguments is not a JSON object as a string`);
    }
  });
}

function contentStyle(content: unknown): ContentStyle | undefined {
  if (typeof content === 'string') return 'string';
  if (
    Array.isArray(content) &&
    content.every(
      (part) =>
        isObject(part) &&
        typeof part.type === 'string' &&
        (part.type !== 'text' || typeof part.text === 'string'),
    )
  ) {
    return 'parts';
  }
  return undefined;
}

const isBlank = (content: unknown) =>
  content === undefined ||
  content === null ||
  (typeof content === 'string' && content.trim() === '') ||
  (Array.isArray(content) && content.length === 0);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every string in a value (object keys too), with its path. */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* strings(value[i], `${path}[${i}]`);
  } else if (isObject(value)) {
    for (const [key, v] of Object.entries(value)) {
      yield [path ? `${path} key` : 'a key', key];
      yield* strings(v, path ? `${path}.${key}` : key);
    }
  }
}
