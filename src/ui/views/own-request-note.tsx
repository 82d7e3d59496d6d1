/**
 * The Run view's line about the user's own request, brought from the Router: with a real model the
 * team works on it (core/run/request-plan.ts), with the simulated model the sample task runs
 * instead. Either way the page says which before the run, and lets the user drop the request.
 */

import { Show } from 'solid-js';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { ownRequestGrading } from '../model/quality';
import { sampleTask } from './no-run-hint';

const kindOfScenario = (id: string) => {
  const entry = findScenario(id);
  return entry?.type === 'task' ? entry.spec.kind : undefined;
};

const forget = () => app.update({ ask: '', team: [], lead: '' });

export function OwnRequestNote() {
  const ask = () => app.state().ask.trim();
  const team = () => [...new Set(app.state().team)].join(', ');
  return (
    <Show when={ask() !== ''}>
      <p class="note own-request" data-testid="own-request-note">
        <Show
          when={app.state().provider !== SIMULATED}
          fallback={
            <>
              Your request “{ask()}” needs a real model: with the simulated model, Run plays the sample task
              {sampleTask(app.state().scenario) ? ` “${sampleTask(app.state().scenario)?.title}”` : ''}.
              Choose WebLLM or an endpoint to run your request.{' '}
            </>
          }
        >
          Your request: “<strong data-testid="own-request-text">{ask()}</strong>”
          {team() ? `, worked on by ${team()}` : ''}
          {app.state().lead ? ` under ${app.state().lead}` : ''}, in place of the sample task. Its answer is
          graded {ownRequestGrading(kindOfScenario(app.state().scenario))}.{' '}
        </Show>
        <button type="button" class="secondary" data-testid="own-request-forget" onClick={forget}>
          Run the sample task instead
        </button>
      </p>
    </Show>
  );
}
