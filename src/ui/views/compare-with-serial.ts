import { DEFAULT_POLICY } from '../../core/request/defaults';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { t } from '../i18n/t';
import { session } from '../run/session';
import { services } from '../services';

/** Runs the single agent on the same scenario and seed after the swarm, then compares the two. */
/**
 * The open run beside a single agent on the same task. A stored run's single agent runs that run's
 * scenario, seed and size (from its header), not the sidebar's, which may name another scenario:
 * a diamond graph was compared with a wide search. Returns why it cannot, if it cannot.
 */
export async function compareWithSerial(): Promise<string | undefined> {
  const settings = app.state();
  const stored = settings.runs[0];
  if (stored === undefined) {
    const swarm = await session.start({
      ...settings,
      policy: settings.policy === 'serial' ? DEFAULT_POLICY : settings.policy,
    });
    const serial = await session.start({ ...app.state(), policy: 'serial' });
    if (swarm && serial) app.update({ view: 'compare', runs: [swarm, serial] });
    return undefined;
  }
  const header = (await (await services.store()).get(stored))?.header;
  if (!header) return t('run.compareGone');
  if (header.scenario.kind === 'orchestration') return t('run.compareOrchestration');
  if (!findScenario(header.scenario.id)) return t('run.compareNoScenario', { scenario: header.scenario.id });
  const serial = await session.start({
    ...settings,
    scenario: header.scenario.id,
    seed: header.seed,
    size: header.size ?? 0,
    policy: 'serial',
    runs: [],
  });
  if (serial) app.update({ view: 'compare', runs: [stored, serial] });
  return undefined;
}
