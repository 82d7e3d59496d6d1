/**
 * The tool port of the agent loop: a registry of tools by name, each with the definition the
 * model is shown and a `run`, and the check a call passes before it runs.
 */

import type { ToolCall, ToolDefinition } from '../providers/types';

export interface ToolResult {
  readonly ok: boolean;
  /** What the model reads back in the tool message. */
  readonly content: string;
}

export interface Tool {
  readonly definition: ToolDefinition;
  /** Gets arguments already checked against the definition's schema. May reject: the loop catches it. */
  run(args: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<ToolResult>;
}

/** Tools by name (the name in each definition). A profile's `allowed` list picks among them. */
export type ToolRegistry = Readonly<Record<string, Tool>>;

/** Why a call was not run. Every kind is answered to the model with an error message. */
export type CallRejection =
  | 'malformed-arguments'
  | 'unknown-tool'
  | 'refused-capability'
  | 'invalid-arguments';

export type CheckedCall =
  | { readonly ok: true; readonly tool: Tool; readonly args: Readonly<Record<string, unknown>> }
  | {
      readonly ok: false;
      readonly rejection: CallRejection;
      readonly message: string;
      readonly args: unknown;
    };

/**
 * Checks one call of the model, in the order a reader would: is the tool known, may this profile
 * use it, do the arguments parse, do they fit the tool's schema. `args` is what the trace records:
 * the parsed arguments, or the raw string when it does not parse.
 */
export function checkCall(registry: ToolRegistry, allowed: readonly string[], call: ToolCall): CheckedCall {
  const name = call.function.name;
  const raw = call.function.arguments;
  let args: unknown = raw;
  let parseError: string | undefined;
  try {
    // An empty string is what some servers send for a tool without parameters.
    args = JSON.parse(raw.trim() === '' ? '{}' : raw);
  } catch {
    // Our own words, not the engine's: V8's message changed between Node 20 and Chromium ("…at
    // position 23" gained "(line 1 column 24)"), and the message goes back to the model, into its
    // context, its token count and the trace, so the same run differed between the CLI and the page.
    parseError = jsonProblem(raw);
  }
  const reject = (rejection: CallRejection, message: string): CheckedCall => ({
    ok: false,
    rejection,
    message: `Error: ${message}`,
    args,
  });
  const available = `Available tools: ${allowed.join(', ') || 'none'}.`;
  const tool = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!tool) return reject('unknown-tool', `there is no tool named "${name}". ${available}`);
  if (!allowed.includes(name)) {
    return reject(
      'refused-capability',
      `the tool "${name}" is outside your capabilities and was not run. ${available}`,
    );
  }
  if (parseError !== undefined) {
    return reject(
      'malformed-arguments',
      `the arguments of ${name} are not valid JSON (${parseError}). Send one JSON object.`,
    );
  }
  if (!isObject(args)) return reject('invalid-arguments', `the arguments of ${name} must be a JSON object.`);
  const problem = schemaProblem(tool.definition.function.parameters, args, 'arguments');
  if (problem !== undefined) return reject('invalid-arguments', `invalid arguments for ${name}: ${problem}.`);
  return { ok: true, tool, args };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const fits = (expected: string, actual: string): boolean =>
  expected === actual || (expected === 'number' && actual === 'integer');

/**
 * The first way `value` breaks `schema`, or undefined when it fits. Only the JSON Schema subset
 * tool definitions use is understood — `type` (one or a list), `properties`, `required`, `enum`,
 * and `items` for arrays; other keywords are ignored, so an unknown keyword never rejects a call.
 */
export function schemaProblem(schema: unknown, value: unknown, path: string): string | undefined {
  if (!isObject(schema)) return undefined;
  const actual = typeOf(value);
  const type = schema.type;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
    if (!types.some((t) => fits(t, actual))) return `${path} must be ${types.join(' or ')}, got ${actual}`;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
    return `${path} must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`;
  }
  if (isObject(value)) {
    for (const key of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof key === 'string' && !Object.hasOwn(value, key)) return `${path}.${key} is required`;
    }
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, sub] of Object.entries(properties)) {
      if (!Object.hasOwn(value, key)) continue;
      const problem = schemaProblem(sub, value[key], `${path}.${key}`);
      if (problem !== undefined) return problem;
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    for (let i = 0; i < value.length; i++) {
      const problem = schemaProblem(schema.items, value[i], `${path}[${i}]`);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

/**
 * What is wrong with text that JSON.parse refused, in words that do not depend on the engine: an
 * unclosed string, an unclosed object or array (the usual cut-off reply), or something else.
 */
export function jsonProblem(raw: string): string {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  if (inString) return 'a string is not closed';
  if (depth > 0)
    return `it ends before ${depth === 1 ? 'an object or array is' : `${depth} objects or arrays are`} closed`;
  if (depth < 0) return 'it closes an object or array it never opened';
  return 'it is not one JSON value';
}
