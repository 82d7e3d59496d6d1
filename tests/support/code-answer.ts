/**
 * A chat-completions reply whose answer to a coding task is `code` in a fenced block, beside a
 * function that is wrong for any task: only what `code` does could make a test pass. For the
 * hostile-model tests of `swarm bench --scenario mixed-coding`.
 */
export function codeAnswer(index: number, code: string) {
  const content = `Here is the code.\n\n\`\`\`js\n${code}\nfunction __wrong() { return -1; }\n\`\`\``;
  return {
    id: `c${index}`,
    object: 'chat.completion',
    model: 'hostile-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 },
  };
}
