/**
 * The Run view's line about the user's own request, brought from the Router: with a real model the
 * team works on it (core/run/request-plan.ts), with the simulated model the sample task runs
 * instead. Either way the page says which before the run, and lets the user drop the request.
 */

import { Show } from 'solid-js';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { t, tParts } from '../i18n/t';
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
              <Show when={sampleTask(app.state().scenario)} fallback={t('own.needsModel', { ask: ask() })}>
                {(sample) => t('own.needsModelTitled', { ask: ask(), title: sample().title })}
              </Show>{' '}
              {t('own.chooseModel')}{' '}
            </>
          }
        >
          {tParts('own.yours', {
            ask: ask(),
            strong: (c) => <strong data-testid="own-request-text">{c}</strong>,
          })}
          {team() ? t('own.team', { team: team() }) : ''}
          {app.state().lead ? t('own.lead', { lead: app.state().lead }) : ''}
          {t('own.inPlace', { grading: ownRequestGrading(kindOfScenario(app.state().scenario)) })}{' '}
        </Show>
        <button type="button" class="secondary" data-testid="own-request-forget" onClick={forget}>
          {t('own.forget')}
        </button>
      </p>
    </Show>
  );
}
