/** JavaScript source as it travels between tasks: out of an answer's fences, joined, and back in. */

const FENCED = /```[^\n]*\n([\s\S]*?)```/g;

/**
 * The code of an answer: its fenced blocks joined in order, or, with no fence, the whole text (a
 * model may answer with bare code). A fence left open (a reply cut short) runs to the end.
 */
export function extractCode(answer: string): string {
  const blocks = [...answer.matchAll(FENCED)].map((m) => (m[1] ?? '').trim());
  if (blocks.length > 0) return joinCode(blocks);
  const open = answer.indexOf('```');
  if (open < 0) return answer.trim();
  const firstLine = answer.indexOf('\n', open);
  return firstLine < 0 ? '' : answer.slice(firstLine + 1).trim();
}

/** Pieces of source one after another, blank ones and exact repeats left out. */
export function joinCode(parts: readonly string[]): string {
  const kept: string[] = [];
  for (const part of parts.map((p) => p.trim())) {
    if (part !== '' && !kept.includes(part)) kept.push(part);
  }
  return kept.join('\n\n');
}

export const fence = (code: string): string => `\`\`\`js\n${code}\n\`\`\``;

/**
 * The declaration of `name` in a piece of code whose last declaration it is (how the player
 * lays out a run_js call: the code it builds on first, its own function last).
 */
export function ownCode(code: string, name: string): string {
  const at = code.lastIndexOf(`function ${name}(`);
  return (at < 0 ? code : code.slice(at)).trim();
}
