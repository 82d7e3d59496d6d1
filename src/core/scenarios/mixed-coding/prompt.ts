/** What the agents read: one function described, and the whole task as a user would state it. */

import type { CodingFunction } from './instance';

export function describeFunction(fn: CodingFunction): string {
  return [
    `### ${fn.signature}`,
    fn.spec,
    ...(fn.deps.length > 0
      ? [`It builds on ${fn.deps.join(', ')}: call ${fn.deps.length > 1 ? 'them' : 'it'}.`]
      : []),
    'Visible tests:',
    ...fn.visible.map((t) => `- ${t.call} → ${JSON.stringify(t.expect)}`),
  ].join('\n');
}

export function taskPrompt(functions: readonly CodingFunction[]): string {
  return [
    `Write these ${functions.length} JavaScript functions, each as a function declaration. ` +
      'Some build on others: call those rather than repeating their code. ' +
      'Check each with run_js against its visible tests; hidden tests will grade them. ' +
      'When all are done, answer with the code of every function in one ```js block.',
    ...functions.map(describeFunction),
  ].join('\n\n');
}
