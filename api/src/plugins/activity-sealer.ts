/**
 * The activity history's sealer in each API instance (docs/activity.md, "The table, the seals
 * and the chain"): about every `activitySealMs` (1 s), one sealing pass over each organisation
 * this instance wrote entries for in the last two ticks, and every SWEEP_EVERY ticks over every organisation with unsealed
 * entries (another instance's, or one whose seal waited for older transactions). Passes never
 * overlap; closing the server stops the timer and waits for the pass under way.
 */
import fp from 'fastify-plugin';
import {
  organizationsWithUnsealed,
  sealActivity,
  takeWrittenOrganizations,
} from '../db/repositories/activity';

export const DEFAULT_ACTIVITY_SEAL_MS = 1000;
/** Ticks between sweeps of every organisation. */
const SWEEP_EVERY = 10;

export default fp(
  async (fastify) => {
    const everyMs = fastify.config.activitySealMs ?? DEFAULT_ACTIVITY_SEAL_MS;
    if (everyMs <= 0) return;
    const db = fastify.db;
    // Organisations whose PostgreSQL seal is in its first phase: sealed at a later tick.
    const waiting = new Set<string>();
    // The organisations taken at the previous tick: an entry recorded just before a tick may
    // commit just after that tick's pass, so each is sealed at two ticks, not left to a sweep.
    let previous: string[] = [];
    let ticks = 0;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();

    async function pass(): Promise<void> {
      ticks += 1;
      const taken = takeWrittenOrganizations();
      const due = new Set([...waiting, ...previous, ...taken]);
      previous = taken;
      if (ticks % SWEEP_EVERY === 0) {
        for (const id of await organizationsWithUnsealed(db)) due.add(id);
      }
      waiting.clear();
      for (const organizationId of due) {
        if (closed) return;
        const result = await sealActivity(db, organizationId);
        if (result.pending) waiting.add(organizationId);
      }
    }

    function schedule(): void {
      timer = setTimeout(() => {
        running = pass()
          .catch((error: unknown) => fastify.log.error({ err: error }, 'activity sealing failed'))
          .finally(() => {
            if (!closed) schedule();
          });
      }, everyMs);
      timer.unref();
    }

    fastify.addHook('onReady', async () => schedule());
    fastify.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'activity-sealer', dependencies: ['config', 'db'] },
);
