import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import type { StatementRepository } from '@causeway/core/ports/statement.repository';
import type {
  StatementRun,
  StatementRunStatus,
  StatementSend,
  StatementSendStatus,
} from '@causeway/core/statements/statement-run.entity';
import { inUnit, toIso, type FirestoreContext } from './firestore-context';

const runId = (organizationId: string, year: number) => `${organizationId}|${year}`;
const sendId = (organizationId: string, year: number, email: string) =>
  `${organizationId}|${year}|${encodeURIComponent(email)}`;

/**
 * `statementRuns` (the document id is the organization's id and the year) and `statementSends` (the same
 * and the donor's e-mail): every change is a transaction reading the document it changes.
 */
export function createFirestoreStatementRepository(context: FirestoreContext): StatementRepository {
  const runs = () => context.firestore.collection('statementRuns');
  const sends = () => context.firestore.collection('statementSends');

  return {
    startRun(input) {
      const document = runs().doc(runId(input.organizationId, input.year));
      const run: StatementRun = {
        ...input,
        startedAt: toIso(input.startedAt),
        finishedAt: input.finishedAt === null ? null : toIso(input.finishedAt),
      };
      return inUnit(context, async (unit) => {
        const current = await unit.get(document);
        if (current.exists && current.get('status') === 'running') return { run: toRun(current), started: false };
        unit.set(document, run);
        return { run: { ...run }, started: true };
      });
    },
    async findRun(organizationId, year) {
      const snapshot = await runs().doc(runId(organizationId, year)).get();
      return snapshot.exists ? toRun(snapshot) : null;
    },
    async listRuns(organizationId) {
      const snapshot = await runs().where('organizationId', '==', organizationId).get();
      return snapshot.docs.map(toRun).sort((a, b) => b.year - a.year);
    },
    async listRunning() {
      const snapshot = await runs().where('status', '==', 'running').get();
      return snapshot.docs.map(toRun);
    },
    updateRun(organizationId, year, id, patch) {
      const document = runs().doc(runId(organizationId, year));
      return inUnit(context, async (unit) => {
        const current = await unit.get(document);
        if (!current.exists || current.get('runId') !== id) return false;
        unit.update(document, {
          ...(patch.total === undefined ? {} : { total: patch.total }),
          ...(patch.status === undefined ? {} : { status: patch.status }),
          ...(patch.finishedAt === undefined
            ? {}
            : { finishedAt: patch.finishedAt === null ? null : toIso(patch.finishedAt) }),
        });
        return true;
      });
    },
    claimSend(claim, staleBefore) {
      const email = claim.email.trim().toLowerCase();
      const document = sends().doc(sendId(claim.organizationId, claim.year, email));
      const stale = new Date(staleBefore).getTime();
      // In a transaction: should another claim commit first, this one reads again and finds it taken.
      return inUnit(context, async (unit) => {
        const current = await unit.get(document);
        if (current.exists) {
          const status = current.get('status') as StatementSendStatus;
          const claimedAt = new Date(toIso(current.get('claimedAt'))).getTime();
          if (!(status === 'failed' || (status === 'sending' && claimedAt < stale))) return false;
        }
        const send: StatementSend = {
          organizationId: claim.organizationId,
          year: claim.year,
          email,
          runId: claim.runId,
          status: 'sending',
          claimedAt: toIso(claim.claimedAt),
          finishedAt: null,
          error: null,
        };
        unit.set(document, send);
        return true;
      });
    },
    async finishSend(key, outcome) {
      const document = sends().doc(sendId(key.organizationId, key.year, key.email.trim().toLowerCase()));
      await inUnit(context, async (unit) => {
        const current = await unit.get(document);
        if (!current.exists || current.get('runId') !== key.runId || current.get('status') !== 'sending') return;
        unit.update(document, { status: outcome.status, finishedAt: toIso(outcome.at), error: outcome.error ?? null });
      });
    },
    async listSends(organizationId, year) {
      const snapshot = await sends().where('organizationId', '==', organizationId).where('year', '==', year).get();
      return snapshot.docs.map(toSend).sort((a, b) => a.email.localeCompare(b.email));
    },
  };
}

function toRun(snapshot: DocumentSnapshot): StatementRun {
  const data: DocumentData = snapshot.data() ?? {};
  return {
    organizationId: String(data.organizationId),
    year: Number(data.year),
    runId: String(data.runId),
    status: String(data.status) as StatementRunStatus,
    total: Number(data.total ?? 0),
    startedBy: String(data.startedBy),
    startedAt: toIso(data.startedAt),
    finishedAt: data.finishedAt == null ? null : toIso(data.finishedAt),
  };
}

function toSend(snapshot: DocumentSnapshot): StatementSend {
  const data: DocumentData = snapshot.data() ?? {};
  return {
    organizationId: String(data.organizationId),
    year: Number(data.year),
    email: String(data.email),
    runId: String(data.runId),
    status: String(data.status) as StatementSendStatus,
    claimedAt: toIso(data.claimedAt),
    finishedAt: data.finishedAt == null ? null : toIso(data.finishedAt),
    error: data.error == null ? null : String(data.error),
  };
}
