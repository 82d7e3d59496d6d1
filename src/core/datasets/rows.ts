/**
 * The rows a dataset holds, in the conversational formats Hugging Face TRL reads
 * (docs/datasets.md): SFT rows `{messages, tools?}` and preference (DPO) rows
 * `{prompt, chosen, rejected}`, every message `{role, content}` with OpenAI-style `tool_calls` on
 * an assistant turn and `tool_call_id` on a tool message.
 *
 * A row is written exactly as TRL reads it, with no column of ours beside it: what we need to
 * know about a row (its kind, the request it came from) travels next to it in an `Example`.
 */

export const roles = ['system', 'user', 'assistant', 'tool'] as const;
export type Role = (typeof roles)[number];

export interface FunctionCall {
  readonly id: string;
  readonly type: 'function';
  /** `arguments` is a JSON object as a string, as the OpenAI API sends it. */
  readonly function: { readonly name: string; readonly arguments: string };
}

export interface Message {
  readonly role: Role;
  readonly content: string;
  readonly tool_calls?: readonly FunctionCall[];
  /** On a tool message: the call it answers. */
  readonly tool_call_id?: string;
  /** On a tool message: the tool that answered. */
  readonly name?: string;
}

/** A tool as a chat template is shown it: a function with a JSON schema for its arguments. */
export interface ToolSchema {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: Readonly<Record<string, unknown>>;
  };
}

export interface SftRow {
  readonly messages: readonly Message[];
  /** The tools the example calls, when it calls any. */
  readonly tools?: readonly ToolSchema[];
}

export interface DpoRow {
  readonly prompt: readonly Message[];
  readonly chosen: readonly Message[];
  readonly rejected: readonly Message[];
}

export const formats = ['sft', 'dpo'] as const;
export type DatasetFormat = (typeof formats)[number];

/** The kinds of SFT example (docs/datasets.md): meta-router plans, next-speaker decisions, subagent trajectories. */
export const sftKinds = ['plans', 'next-speaker', 'trajectories'] as const;
export type SftKind = (typeof sftKinds)[number];
export type ExampleKind = SftKind | 'preferences';

/** A row and what we know of it: its kind and the request it came from (which the split keys on). */
export interface Example<R = SftRow | DpoRow> {
  readonly kind: ExampleKind;
  readonly request: string;
  readonly row: R;
}

/** JSON with object keys sorted at every depth: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Rows as JSONL: one JSON document a line, a newline after the last. */
export const toJsonl = (rows: readonly unknown[]): string =>
  rows.map((row) => `${JSON.stringify(row)}\n`).join('');
