import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulatedProvider } from '../../../src/core/providers/simulated';
import type { Provider } from '../../../src/core/providers/types';
import { topologies, workflows } from '../../../src/core/router/choice';
import { parseTeamPlan, planComplexity, readTeamPlan, teamFor } from '../../../src/core/router/plan';
import { META_ROUTER_KIND, metaRouterPlayer, planWithModel } from '../../../src/core/router/plan-model';
import { planForRoute } from '../../../src/core/router/plan-route';
import { routeQuery } from '../../../src/core/router/router';
import { decodeTrace } from '../../../src/core/trace/jsonl';
import { loadProfiles } from '../../support/scenarios';

const valid = {
  thought: 'one agent is enough',
  topology: 'single',
  manager_role: null,
  workers: ['Assistant'],
};

describe('readTeamPlan', () => {
  it('accepts a plan that keeps the schema', () => {
    expect(readTeamPlan(valid)).toEqual({ ok: true, plan: valid });
  });

  it.each([
    [{ ...valid, topology: 'hierarchical' }, 'topology', /one of single, swarm, peers/],
    [
      { ...valid, manager_role: 'Boss' },
      'manager_role',
      /^manager_role: a role for a swarm plan \(its orchestrator\), null otherwise$/,
    ],
    [{ ...valid, topology: 'swarm' }, 'manager_role', /a role for a swarm plan/],
    [{ ...valid, workers: [] }, 'workers', /at least one role/],
    [{ ...valid, workers: ['A', 'B'] }, 'workers', /^workers: a single plan has exactly one$/],
    [{ ...valid, topology: 'peers' }, 'workers', /at least two peers/],
    [{ ...valid, workers: ['<b>x</b>'] }, 'workers.0', /a role is a name/],
    [{ ...valid, thought: '' }, 'thought', /may not be empty/],
    [{ ...valid, extra: 1 }, 'extra', /exactly thought, topology, manager_role and workers/],
  ])('refuses %j, naming %s', (plan, field, message) => {
    const reading = readTeamPlan(plan);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.field).toBe(field);
    expect(reading.message).toMatch(message);
  });

  it('reads the words older plans and traces used, centralized and decentralized, as swarm and peers', () => {
    const old = { ...valid, topology: 'centralized', manager_role: 'Editor', workers: ['Writer'] };
    expect(readTeamPlan(old)).toEqual({ ok: true, plan: { ...old, topology: 'swarm' } });
    const peers = { ...valid, topology: 'decentralized', workers: ['A', 'B'] };
    expect(readTeamPlan(peers)).toEqual({ ok: true, plan: { ...peers, topology: 'peers' } });
    // An old trace, as every reader decodes it.
    const header = JSON.parse(
      readFileSync('tests/fixtures/traces/orchestration-episode-3.jsonl', 'utf8').split('\n')[0] as string,
    );
    const plan = { thought: 't', topology: 'decentralized', manager_role: null, workers: ['A', 'B'] };
    const decoded = decodeTrace(`${JSON.stringify({ ...header, plan })}\n`);
    expect(decoded.ok && decoded.header.plan?.topology).toBe('peers');
  });

  it('reads a plan from a fenced reply, and says when a reply is not JSON', () => {
    expect(parseTeamPlan(`Here it is:\n\`\`\`json\n${JSON.stringify(valid)}\n\`\`\``)).toEqual({
      ok: true,
      plan: valid,
    });
    expect(parseTeamPlan('{topology: single')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^not JSON/),
    });
  });
});

describe('plans from routes', () => {
  it('makes a schema-valid plan of every choice', () => {
    for (const topology of topologies) {
      for (const workflow of workflows) {
        const plan = teamFor(topology, workflow, 'why');
        expect(readTeamPlan(plan), `${topology}/${workflow}`).toEqual({ ok: true, plan });
      }
    }
  });

  it('plans every shipped example request with a schema-valid plan', () => {
    const lines = readFileSync('scenarios/router/requests.jsonl', 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(250);
    for (const line of lines) {
      const { query } = JSON.parse(line) as { query: string };
      const plan = planForRoute(routeQuery(undefined, query));
      expect(readTeamPlan(plan).ok, query).toBe(true);
    }
  });

  it('plans a comparison for peers and a short question for one agent', () => {
    const compare = planForRoute(
      routeQuery(undefined, 'Compare these three e-bikes and tell me which one to buy.'),
    );
    expect(compare).toMatchObject({ topology: 'peers', manager_role: null });
    expect(compare.workers).toHaveLength(3);
    expect(planForRoute(routeQuery(undefined, 'What is the capital of Peru?'))).toMatchObject({
      topology: 'single',
      workers: ['Assistant'],
    });
    expect(planComplexity(teamFor('single', 'general', ''))).toBeLessThan(planComplexity(compare));
  });
});

describe('planWithModel', () => {
  const profiles = loadProfiles();
  const sim = simulatedProvider({
    profiles: Object.fromEntries(
      Object.entries(profiles).map(([name, p]) => [
        name,
        // Every first reply slips: the model is told its error and corrects it.
        { model: `sim-${name}`, contextWindow: p.contextWindow, simulator: { ...p.simulator, itemError: 1 } },
      ]),
    ),
    players: { [META_ROUTER_KIND]: metaRouterPlayer },
  });

  it('answers a plan that breaks the schema with its error, counts it, and takes the corrected one', async () => {
    const result = await planWithModel(sim, 'Compare these laptops and pick one', { model: 'sim-medium' });
    expect(result.refused).toEqual([
      'manager_role: a role for a swarm plan (its orchestrator), null otherwise',
    ]);
    expect(result.plan).toMatchObject({ topology: 'peers' });
    expect(result.messages.filter((m) => m.role === 'user')[1]?.content).toMatch(
      /does not match the schema: manager_role/,
    );
  });

  it('gives up after its attempts with no plan and every refusal', async () => {
    const prose: Provider = {
      name: 'prose',
      complete: async () => ({
        id: 'x',
        model: 'm',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'A team of five, I think.' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    };
    const result = await planWithModel(prose, 'anything', { model: 'm', attempts: 2 });
    expect(result.plan).toBeUndefined();
    expect(result.refused).toHaveLength(2);
  });
});
