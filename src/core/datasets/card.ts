/**
 * The dataset card written beside a dataset's files: a Hugging Face card (YAML front matter naming
 * the splits' files, then Markdown) that says what the rows are, how many of each kind on each
 * side, where they came from and what was left out and why, the filters and thresholds, the row
 * schema, and how to load and train on it with TRL.
 */
import type { DatasetBuild } from './build';
import { trajectoryDrops } from './trajectories';

const fmt = (x: number) => String(Math.round(x * 1000) / 1000);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const kindText: Readonly<Record<string, string>> = {
  plans:
    'meta-router plans: system = the meta-router instruction (single, swarm or peers), user = the request, assistant = the team plan as JSON `{"thought", "topology", "manager_role", "workers"}`; one row per request, the plan to imitate among its successful runs (the highest mean reward, or a simpler plan within the margin of it)',
  'next-speaker':
    'next-speaker decisions: system = the next-speaker instruction, user = the request, the team and the history so far, assistant = `{"next_action": "call_agent", "agent_id": …}` or `{"next_action": "terminate"}` after the last turn',
  trajectories:
    "subagent trajectories: system = the agent's system prompt, user = its task, then its turns — assistant messages (with `tool_calls` when it called tools) and `tool` messages with each result (`tool_call_id`) — up to its final answer; a `tools` column lists the tools called",
  preferences:
    'preference pairs of meta-router plans: prompt = [meta-router instruction, request], chosen and rejected = one assistant turn each, a team plan as JSON',
};

export function renderCard(build: DatasetBuild, files: { train: string; validation: string }): string {
  const { options, sources } = build;
  const sft = options.format === 'sft';
  const hasValidation = build.validation.length > 0;
  const lines: string[] = [
    '---',
    'configs:',
    '- config_name: default',
    '  data_files:',
    '  - split: train',
    `    path: ${files.train}`,
    ...(hasValidation ? ['  - split: validation', `    path: ${files.validation}`] : []),
    'tags:',
    '- trl',
    `- ${options.format}`,
    '- swarmflight',
    '---',
    '',
    `# SwarmFlight ${sft ? 'SFT' : 'DPO'} dataset`,
    '',
    `Cut from logged SwarmFlight runs by \`swarm export-dataset --format ${options.format}\` (docs/datasets.md), in the conversational ${sft ? 'language-modeling' : 'preference'} format Hugging Face TRL reads.`,
    '',
    '## Rows',
    '',
    '| kind | train | validation |',
    '|---|---:|---:|',
  ];
  let train = 0;
  let validation = 0;
  for (const [kind, count] of Object.entries(build.kinds)) {
    if (!count) continue;
    lines.push(`| ${kind} | ${count.train} | ${count.validation} |`);
    train += count.train;
    validation += count.validation;
  }
  lines.push(`| **all** | **${train}** | **${validation}** |`, '');
  lines.push(
    `Split by request: ${plural(build.requests.train, 'request')} in \`${files.train}\`, ${plural(build.requests.validation, 'request')} in \`${files.validation}\`; no request is on both sides (a hash of the request decides, validation share ${fmt(options.valFraction)}).`,
    '',
    `Languages of the requests (detected from their script): ${
      Object.entries(build.languages)
        .map(([language, n]) => `${language} ${n}`)
        .join(', ') || 'none'
    }.`,
    '',
    '## Sources',
    '',
    `- ${plural(sources.traces, 'trace')}, ${plural(sources.runs, 'run')} read; skipped: ${
      Object.entries(sources.skipped)
        .map(([why, n]) => `${n} ${why}`)
        .join(', ') || 'none'
    }.`,
  );
  if (sources.qualifying !== undefined) {
    lines.push(
      `- ${plural(sources.qualifying, 'successful run')} imitated (episodeSuccess 1, reward ≥ ${fmt(options.minReward)}).`,
    );
  }
  if (build.arbitrated) {
    lines.push(
      `- ${plural(build.arbitrated.rows, 'plan row')} from arbitrated requests (the router was unsure; a user or a stronger model gave the label)${build.arbitrated.superseded > 0 ? `; ${build.arbitrated.superseded} more left to the runs that already teach those requests` : ''}.`,
    );
  }
  if (build.trajectoryDrops && options.kinds.includes('trajectories')) {
    const drops = trajectoryDrops.filter((d) => (build.trajectoryDrops?.[d] ?? 0) > 0);
    lines.push(
      `- Attempts that made no trajectory: ${drops.map((d) => `${build.trajectoryDrops?.[d]} ${d}`).join(', ') || 'none'} (unfinished: failed or cut off; empty-turn: a reply with neither text nor calls; cut-text: a reply the trace cut at 8,000 characters; malformed-call: arguments that were not a JSON object).`,
    );
  }
  if (build.dpo) {
    const d = build.dpo;
    lines.push(
      `- ${plural(d.requests, 'request')} seen, ${d.contested} with two or more plans; ${plural(d.pairs, 'pair')} formed (${d.byReward} by reward, ${d.bySimplicity} by simplicity); dropped: ${d.droppedSmallGap} for a gap under the margin, ${d.droppedBelowMin} below the minimum reward.`,
    );
  }
  lines.push('', '## Filters', '');
  if (sft) {
    lines.push(
      `- Successful runs only: \`episodeSuccess\` 1 and reward ≥ ${fmt(options.minReward)} (--min-reward). A supervised row says "do this".`,
      `- Plans: among a request's successful plans, the highest mean reward, unless a simpler one is within the margin ${fmt(options.margin)} of it (--margin): as simple as still solves it.`,
      `- Next-speaker history: ${options.history}${options.history === 'summary' ? '' : `, k ${options.k}`}${options.history === 'random-truncation' ? `, seed ${options.seed}` : ''}.`,
    );
  } else {
    lines.push(
      `- Per request and plan, the mean reward. Of two plans, the higher mean reward is chosen when the gap is at least ${fmt(options.margin)} (--margin): smaller gaps are mostly the cost term, and the tie rule decides them. The margin is not a significance test: with one run per plan a larger gap can still be one draw's luck.`,
      '- Tie rule: under the margin, when both plans succeeded on every run, the simpler plan (fewer agents; then single < peers < swarm) is chosen — as simple as still solves it. Otherwise the pair is dropped.',
      `- A pair whose chosen plan's mean reward is under ${fmt(options.minReward)} (--min-reward) is dropped.`,
    );
  }
  lines.push(
    `- Identical rows kept once: ${plural(build.duplicates, 'duplicate')} dropped.`,
    `- Keys: every string scrubbed of API-key-like text (sk-…, Bearer …, hf_…, …): ${plural(build.redacted, 'row')} had some.`,
    '- Every row passed the TRL format check (docs/datasets.md) before it was written.',
    '',
    '## Schema',
    '',
  );
  for (const kind of Object.keys(build.kinds)) lines.push(`- **${kind}**: ${kindText[kind] ?? kind}.`);
  lines.push(
    '',
    sft
      ? 'Each line: `{"messages": [{"role": "system" | "user" | "assistant" | "tool", "content": "…"}, …]}`, plus `"tools": [{"type": "function", "function": {"name", "description", "parameters"}}]` on rows that call tools. An assistant turn that calls tools has `"tool_calls": [{"id", "type": "function", "function": {"name", "arguments": "<JSON object as a string>"}}]`; each result is `{"role": "tool", "tool_call_id", "name", "content"}`.'
      : 'Each line: `{"prompt": [{"role": "system", …}, {"role": "user", …}], "chosen": [{"role": "assistant", "content": "<plan JSON>"}], "rejected": [{"role": "assistant", "content": "<plan JSON>"}]}`.',
  );
  if (sft && options.kinds.includes('trajectories')) {
    lines.push(
      '',
      "The tools' definitions are not in the traces: each row's `tools` gives the tools it calls with a minimal JSON schema — the argument names its calls used and their JSON types, nothing marked required. Replace them with the real definitions (src/core/tools) if your chat template renders descriptions.",
    );
  }
  const dataFiles = hasValidation
    ? `{"train": "${files.train}", "validation": "${files.validation}"}`
    : `{"train": "${files.train}"}`;
  const evalArg = hasValidation ? ', eval_dataset=ds["validation"]' : '';
  lines.push(
    '',
    '## How to load',
    '',
    '```python',
    'from datasets import load_dataset',
    '',
    `ds = load_dataset("json", data_files=${dataFiles})`,
    '```',
    '',
    sft ? 'Supervised fine-tuning with TRL:' : 'Direct preference optimization with TRL:',
    '',
    '```python',
    ...(sft
      ? [
          'from trl import SFTConfig, SFTTrainer',
          '',
          'trainer = SFTTrainer(',
          '    model="Qwen/Qwen2.5-0.5B-Instruct",',
          '    args=SFTConfig(output_dir="swarmflight-sft"),',
          `    train_dataset=ds["train"]${evalArg},`,
          ')',
          'trainer.train()',
        ]
      : [
          'from transformers import AutoModelForCausalLM, AutoTokenizer',
          'from trl import DPOConfig, DPOTrainer',
          '',
          'model_id = "Qwen/Qwen2.5-0.5B-Instruct"',
          'model = AutoModelForCausalLM.from_pretrained(model_id)',
          'tokenizer = AutoTokenizer.from_pretrained(model_id)',
          'trainer = DPOTrainer(',
          '    model=model,',
          '    args=DPOConfig(output_dir="swarmflight-dpo"),',
          `    train_dataset=ds["train"]${evalArg},`,
          '    processing_class=tokenizer,',
          ')',
          'trainer.train()',
        ]),
    '```',
    '',
  );
  return lines.join('\n');
}
