import { authorize, type Actor } from '../auth/authorization';
import type { Campaign } from '../campaigns/campaign.entity';
import { formatUsd } from '../contracts/payments.contract';
import {
  STATEMENT_PATHS,
  type DonorStatement,
  type OrganizationStatementsResponse,
  type StartStatementRunResponse,
  type StatementRunView,
} from '../contracts/statements.contract';
import type { Donation } from '../donations/donation.entity';
import { receiptPartyOf } from '../donations/receipt-facts';
import type { MailService } from '../email/mail.service';
import type { Organization } from '../organizations/organization.entity';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { StatementRepository } from '../ports/statement.repository';
import { invalid, notFound } from '../shared/errors';
import {
  statementDocument,
  statementFigures,
  statementFileName,
  yearOf,
  type GiftOfStatement,
  type StatementDocument,
} from './statement';
import { STALE_CLAIM_MS, type StatementRun, type StatementSend } from './statement-run.entity';
import { statementMail } from './statement.mail';

export type StatementsServiceDeps = {
  statements: StatementRepository;
  donations: Pick<DonationRepository, 'listDonationsByEmail' | 'listDonationsByCampaign'>;
  campaigns: Pick<CampaignRepository, 'findById' | 'list'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  /** The open visit's e-mail address, or a 401 when the visit ended. */
  visitEmail: (visitToken: string | undefined) => Promise<string>;
  mail: Pick<MailService, 'send'>;
  renderPdf: (statement: StatementDocument) => Promise<Uint8Array>;
  clock: Clock;
  ids: IdGenerator;
  /** Where people reach the platform (links in mail), without a trailing slash. */
  publicUrl: string;
  /** Told of a run's end, and of a statement that could not be sent (never of the address). */
  onRunEvent?: (event: 'finished' | 'sendFailed' | 'runFailed', run: StatementRun, error?: unknown) => void;
};

export type StatementsService = ReturnType<typeof statementsServiceFactory>;

/** How many failures a run's view lists. */
const FAILURES_SHOWN = 20;

const noGifts = (year: number) =>
  notFound(`No gifts to this organization in ${year} were made with this e-mail address.`);

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Year-end giving statements: a donor downloads theirs from the gifts page (the visit's address only),
 * and an organization's admin e-mails every donor of a year theirs. A run is kept with each donor's
 * mark, claimed before the mail goes, so each donor gets one statement a year whatever is clicked twice
 * or restarted; the instance that starts a run sends it, and every instance resumes runs left running.
 */
export function statementsServiceFactory(deps: StatementsServiceDeps) {
  const { statements, donations, campaigns, organizations, clock, ids } = deps;

  const campaignCache = () => {
    const found = new Map<string, Promise<Campaign | null>>();
    return (id: string) => {
      let campaign = found.get(id);
      if (!campaign) {
        campaign = campaigns.findById(id);
        found.set(id, campaign);
      }
      return campaign;
    };
  };

  /** The address's gifts with their campaigns, to organizations (the campaign's; deleted campaigns kept). */
  const giftsOfEmail = async (email: string, campaignOf = campaignCache()) => {
    const gifts = await donations.listDonationsByEmail(email);
    return Promise.all(gifts.map(async (donation) => ({ donation, campaign: await campaignOf(donation.campaign_id) })));
  };

  const organizationOrMissing = async (organizationId: string) => {
    const organization = await organizations.findById(organizationId);
    if (!organization || organization.isDeleted) throw notFound('No such organization.');
    return organization;
  };

  /** A donor's statement of a year from an organization, or a 404 when the address gave it nothing that year. */
  const documentOf = async (
    email: string,
    organization: Organization,
    year: number,
    campaignOf?: ReturnType<typeof campaignCache>,
  ) => {
    const gifts: GiftOfStatement[] = (await giftsOfEmail(email, campaignOf)).filter(
      ({ donation, campaign }) =>
        campaign?.organizationId === organization.organizationId && yearOf(donation.date) === year,
    );
    if (gifts.length === 0) throw noGifts(year);
    const document = statementDocument({ donorEmail: email, year, organization, gifts });
    return { document, fileName: statementFileName(document.organizationName, year), gifts };
  };

  /**
   * The organization's donors of a year (lowercased e-mail addresses), from its campaigns' gifts: those of
   * campaigns deleted since too, as a donor's own statement counts them.
   */
  const donorsOf = async (organizationId: string) => {
    const ofOrganization = await campaigns.list({ organizationId, includeDeleted: true });
    const gifts: Donation[] = (
      await Promise.all(ofOrganization.map((campaign) => donations.listDonationsByCampaign(campaign.campaignUUID)))
    ).flat();
    const years = new Map<number, { donors: Set<string>; gifts: number }>();
    for (const gift of gifts) {
      const year = yearOf(gift.date);
      const entry = years.get(year) ?? { donors: new Set<string>(), gifts: 0 };
      entry.gifts += 1;
      const email = gift.donor_email?.trim().toLowerCase();
      if (email) entry.donors.add(email);
      years.set(year, entry);
    }
    return years;
  };

  const viewOf = (run: StatementRun, sends: StatementSend[]): StatementRunView => {
    const staleBefore = clock.now().getTime() - STALE_CLAIM_MS;
    const failed = sends.filter(
      (send) =>
        send.status === 'failed' || (send.status === 'sending' && new Date(send.claimedAt).getTime() < staleBefore),
    );
    return {
      year: run.year,
      status: run.status,
      total: run.total,
      sent: sends.filter((send) => send.status === 'sent').length,
      failed: failed.length,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      failures: failed
        .slice(0, FAILURES_SHOWN)
        .map((send) => ({ email: send.email, error: send.error ?? 'Interrupted while sending.' })),
    };
  };

  const viewOfRun = async (run: StatementRun) => viewOf(run, await statements.listSends(run.organizationId, run.year));

  // The runs this instance is sending, by organization and year.
  const sending = new Map<string, Promise<void>>();
  let stopping = false;

  /** Sends a run's statements, each donor once, then marks it done. */
  const send = async (run: StatementRun): Promise<void> => {
    const organization = await organizations.findById(run.organizationId);
    const donors = organization ? [...((await donorsOf(run.organizationId)).get(run.year)?.donors ?? [])].sort() : [];
    await statements.updateRun(run.organizationId, run.year, run.runId, { total: donors.length });
    const campaignOf = campaignCache();
    for (const email of donors) {
      if (stopping) return;
      const now = clock.now();
      const claimed = await statements.claimSend(
        { organizationId: run.organizationId, year: run.year, email, runId: run.runId, claimedAt: now.toISOString() },
        new Date(now.getTime() - STALE_CLAIM_MS).toISOString(),
      );
      if (!claimed || !organization) continue;
      const key = { organizationId: run.organizationId, year: run.year, email, runId: run.runId };
      try {
        const { document, fileName } = await documentOf(email, organization, run.year, campaignOf);
        const pdf = await deps.renderPdf(document);
        const net = document.totals.at(-1)?.value ?? '';
        await deps.mail.send(
          statementMail({
            to: email,
            organizationName: document.organizationName,
            year: run.year,
            netTotal: net,
            pdf,
            fileName,
            publicUrl: deps.publicUrl,
          }),
        );
        await statements.finishSend(key, { status: 'sent', at: clock.now().toISOString() });
      } catch (error) {
        deps.onRunEvent?.('sendFailed', run, error);
        await statements.finishSend(key, {
          status: 'failed',
          at: clock.now().toISOString(),
          error: describeError(error),
        });
      }
    }
    await statements.updateRun(run.organizationId, run.year, run.runId, {
      status: 'done',
      finishedAt: clock.now().toISOString(),
    });
    deps.onRunEvent?.('finished', run);
  };

  /** Sends a run in the background, once per instance; a run that fails stays running, to be resumed. */
  const sendInBackground = (run: StatementRun) => {
    const key = `${run.organizationId}|${run.year}`;
    if (sending.has(key) || stopping) return;
    const work = send(run)
      .catch((error: unknown) => deps.onRunEvent?.('runFailed', run, error))
      .finally(() => sending.delete(key));
    sending.set(key, work);
  };

  return {
    /** The visit's statements: one per organization and year it gave to, newest year first. */
    async donorStatements(visitToken: string | undefined): Promise<{ statements: DonorStatement[] }> {
      const email = await deps.visitEmail(visitToken);
      const gifts = await giftsOfEmail(email);
      const groups = new Map<string, { organizationId: string; year: number; gifts: GiftOfStatement[] }>();
      for (const gift of gifts) {
        const organizationId = gift.campaign?.organizationId;
        if (!organizationId) continue;
        const year = yearOf(gift.donation.date);
        const key = `${organizationId}|${year}`;
        const group = groups.get(key) ?? { organizationId, year, gifts: [] };
        group.gifts.push(gift);
        groups.set(key, group);
      }
      const found = new Map<string, Organization | null>();
      const listed: DonorStatement[] = [];
      for (const group of groups.values()) {
        if (!found.has(group.organizationId))
          found.set(group.organizationId, await organizations.findById(group.organizationId));
        const organization = found.get(group.organizationId);
        if (!organization) continue;
        const name = receiptPartyOf(null, organization).organizationName;
        const { totals } = statementFigures(group.gifts, group.year, name);
        listed.push({
          organizationId: group.organizationId,
          organization: name,
          year: group.year,
          gifts: totals.gifts,
          net: totals.net,
          formattedNet: formatUsd(totals.net),
          pdfUrl: STATEMENT_PATHS.minePdf(group.organizationId, group.year),
        });
      }
      listed.sort((a, b) => b.year - a.year || a.organization.localeCompare(b.organization));
      return { statements: listed };
    },

    /** The visit's statement of a year from an organization, as a PDF: 401 without a visit, 404 without gifts. */
    async donorStatementPdf(visitToken: string | undefined, organizationId: string, year: number) {
      const email = await deps.visitEmail(visitToken);
      const organization = await organizations.findById(organizationId);
      if (!organization) throw noGifts(year);
      const { document, fileName } = await documentOf(email, organization, year);
      return { pdf: await deps.renderPdf(document), fileName };
    },

    /** An organization's years with gifts and the latest run of each: its admins and platform staff. */
    async organizationStatements(actor: Actor, organizationId: string): Promise<OrganizationStatementsResponse> {
      authorize(actor, 'statement.send', { organizationId });
      await organizationOrMissing(organizationId);
      const years = [...(await donorsOf(organizationId)).entries()]
        .map(([year, entry]) => ({ year, donors: entry.donors.size, gifts: entry.gifts }))
        .sort((a, b) => b.year - a.year);
      const runs = await Promise.all((await statements.listRuns(organizationId)).map(viewOfRun));
      return { organizationId, years, runs };
    },

    /** A year's run, as it goes: a 404 before any was started. */
    async run(actor: Actor, organizationId: string, year: number): Promise<StatementRunView> {
      authorize(actor, 'statement.send', { organizationId });
      await organizationOrMissing(organizationId);
      const run = await statements.findRun(organizationId, year);
      if (!run) throw notFound(`No statements of ${year} were sent yet.`);
      return viewOfRun(run);
    },

    /**
     * Starts e-mailing the year's statements to every donor of the organization, unless a run of the year
     * is running: then answers that one. A year without gifts is a 400 naming `year`.
     */
    async startRun(actor: Actor, organizationId: string, year: number): Promise<StartStatementRunResponse> {
      authorize(actor, 'statement.send', { organizationId });
      await organizationOrMissing(organizationId);
      const donors = (await donorsOf(organizationId)).get(year)?.donors.size ?? 0;
      if (donors === 0) {
        const message = `No donor with an e-mail address gave to this organization in ${year}: choose a year with gifts.`;
        throw invalid(message, { year: message });
      }
      const { run, started } = await statements.startRun({
        organizationId,
        year,
        runId: ids.newId(),
        status: 'running',
        total: donors,
        startedBy: actor.uid,
        startedAt: clock.now().toISOString(),
        finishedAt: null,
      });
      sendInBackground(run);
      return { started, run: await viewOfRun(run) };
    },

    /** Resumes the runs left running (a restart): each donor not yet claimed is sent to, once. */
    async resume(): Promise<void> {
      stopping = false;
      for (const run of await statements.listRunning()) sendInBackground(run);
    },

    /** Stops sending after the statement being sent; the runs stay running, to be resumed at the next start. */
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all([...sending.values()]);
    },

    /** Resolves once this instance has no run in progress (tests). */
    async settled(): Promise<void> {
      while (sending.size > 0) await Promise.all([...sending.values()]);
    },
  };
}
