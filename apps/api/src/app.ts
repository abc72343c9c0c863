import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { RequestListener } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import type { Container } from 'inversify';
import { pinoHttp } from 'pino-http';
import { sessionResolver } from './http/actor';
import { errorHandler, notFoundHandler } from './http/errors';
import { fileRoutes } from './http/file-routes';
import { createRegistry, openApiRoutes } from './http/openapi';
import { sameOriginGuard } from './http/same-origin';
import { localOrStaffOnly } from './http/local-or-staff';
import { webAssetRoutes } from './http/web-assets';
import { authRoutes } from './routes/auth.routes';
import { devMailRoutes } from './routes/dev-mail.routes';
import { healthRoutes } from './routes/health.routes';
import { notificationRoutes } from './routes/notifications.routes';
import { organizationRoutes } from './routes/organizations.routes';
import { registrationRoutes } from './routes/registration.routes';
import { passwordResetRoutes } from './routes/password-reset.routes';
import { PASSWORD_RESET_SERVICE } from './modules/auth.module';
import { FUNDRAISER_PAGE_SERVICE, PAGE_VISIT_SERVICE } from './modules/promotion.module';
import { pageVisitRoutes } from './routes/page-visits.routes';
import { settingsRoutes } from './routes/settings.routes';
import { userRoutes } from './routes/users.routes';
import { logRoutes } from './routes/logs.routes';
import { campaignRoutes } from './routes/campaigns.routes';
import { demoCampaignRoutes } from './routes/demo-campaigns.routes';
import { campaignFileRoutes } from './routes/files.routes';
import { preCampaignRoutes } from './routes/pre-campaigns.routes';
import { deploymentRoutes } from './routes/deployments.routes';
import { deliveryRoutes } from './routes/delivery.routes';
import { amobeeRoutes } from './routes/amobee.routes';
import { paymentWebhookRoutes } from './routes/payment-webhook.routes';
import { promotionRoutes } from './routes/promotions.routes';
import { fundraiserPageRoutes } from './routes/fundraiser-pages.routes';
import { qrCodeRoutes } from './routes/qr-codes.routes';
import { shareLinkRoutes } from './routes/share-links.routes';
import { donateFormRoutes } from './routes/donate-form.routes';
import { DONATE_FORM_SERVICE } from './modules/donations.module';
import { appreciationRoutes } from './routes/appreciations.routes';
import { campaignStatsRoutes } from './routes/campaign-stats.routes';
import { donationRoutes } from './routes/donations.routes';
import { paymentRoutes } from './routes/payments.routes';
import { donorGiftsRoutes } from './routes/donor-gifts.routes';
import { DONOR_GIFTS_SERVICE } from './modules/donor-gifts.module';
import { MONTHLY_GIFTS_SERVICE } from './modules/monthly-gifts.module';
import { monthlyGiftsRoutes } from './routes/monthly-gifts.routes';
import type { ReceiptDocument } from '@causeway/core/payments/payment-receipts.service';
import { stripeSessionRoutes } from './routes/stripe-session.routes';
import { MIRROR_STATUS_SERVICE, reportingMirrorRoutes } from './modules/reporting-mirror.module';
import {
  AMOBEE_SANDBOX,
  AMOBEE_SANDBOX_PATH,
  PAYMENT_ACTION_HANDLER,
  STRIPE_SANDBOX,
  STRIPE_SANDBOX_PATH,
} from './container';
import { TYPES } from './types';
import { requestLogLevel } from './http/request-log-level';
import { requestIdOf } from './http/request-id';
import { STATEMENTS_SERVICE } from './modules/statements.module';
import { statementRoutes } from './routes/statements.routes';
import { reportRoutesOf } from './modules/reporting/reporting.module';
import { headersOf, PUBLIC_PAGES, publicPageFastPath } from './modules/public-pages/public-pages.module';

export const API_VERSION = '0.1.0';

/** Where the hosted captcha's script and frame come from (Cloudflare Turnstile). */
const CAPTCHA_ORIGIN = 'https://challenges.cloudflare.com';

/** Builds the HTTP app from a composed container, without listening (tests use the same app). */
/** A request's path as it came in: inside a mounted router Express has cut the mount point off `req.url`. */
const originalPath = (req: { url?: string }) => (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';

/** The PDF library loads on the first receipt asked for, not at start. */
const renderPdf = async (receipt: ReceiptDocument) =>
  (await import('@causeway/adapters/pdf/receipt.pdf')).renderReceiptPdf(receipt);

export function createApp(container: Container): RequestListener {
  const config = container.get(TYPES.Config);
  const logger = container.get(TYPES.Logger);
  const registry = createRegistry();
  const botCheck = container.get(TYPES.BotCheck);
  // The captcha widget's script and frame are allowed only when the hosted captcha is the bot check.
  const captcha = botCheck.kind === 'captcha';
  // Sign-in and invitation limits count in the data store, so several instances agree.
  const sharedLimits = { limits: container.get(TYPES.DataStore).rateLimits, clock: container.get(TYPES.Clock) };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // Stored files load from the site itself, or from their own host when FILES_PUBLIC_URL names one.
  const fileOrigins = config.FILES_PUBLIC_URL ? [new URL(config.FILES_PUBLIC_URL).origin] : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...(captcha ? [CAPTCHA_ORIGIN] : [])],
        ...(captcha ? { 'frame-src': ["'self'", CAPTCHA_ORIGIN] } : {}),
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...fileOrigins],
        'media-src': ["'self'", ...fileOrigins],
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure,
  });
  const publicPages = container.get(PUBLIC_PAGES);

  app.use(
    pinoHttp({
      logger,
      // A caller's request id is kept (behind a proxy that sets one); otherwise one is made.
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader('x-request-id', id);
        return id;
      },
      // One short line per request at info; the headers (credentials hidden) only when debugging.
      ...(logger.isLevelEnabled('debug')
        ? {}
        : {
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url,
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          }),
      // Probes would drown the log.
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      // The app's own calls to its embedded sandboxes are plumbing: logged only at debug when they work.
      customSuccessMessage: (req, res, responseTime) =>
        `${req.method} ${originalPath(req)} ${res.statusCode} ${Math.round(responseTime)} ms`,
      customErrorMessage: (req, res, error) =>
        `${req.method} ${originalPath(req)} ${res.statusCode} failed: ${error.message}`,
      customLogLevel: (req, res, error) => requestLogLevel(originalPath(req), res.statusCode, error),
    }),
  );
  // Pages and JSON go out compressed (brotli or gzip, as the browser accepts); the builds' assets are
  // sent as their precompressed copies, and live event streams as they are.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );
  // The dev mailbox (invitation links with their tokens) and the sandboxes' control APIs answer only
  // this computer or platform staff, whatever address the server listens on.
  const auth = container.get(TYPES.AuthService);
  const cookiePolicy = { secure: config.cookieSecure };
  if (container.isBound(TYPES.Mailbox)) {
    app.use(['/dev', '/api/dev'], cookieParser(), localOrStaffOnly(auth, cookiePolicy, 'The dev mailbox'));
  }
  app.use(
    [`${AMOBEE_SANDBOX_PATH}/_sandbox`, `${STRIPE_SANDBOX_PATH}/_sandbox`],
    cookieParser(),
    localOrStaffOnly(auth, cookiePolicy, 'The sandbox control API'),
  );
  // The embedded DSP sandbox speaks the vendor's API (its own JSON parsing and error shapes), so it
  // comes before the app's parsers and error handler.
  if (container.isBound(AMOBEE_SANDBOX)) app.use(AMOBEE_SANDBOX_PATH, container.get(AMOBEE_SANDBOX).router);
  // The embedded Stripe sandbox speaks Stripe's API (form bodies, its error shapes) and serves its
  // hosted checkout pages with their own security headers: before the app's parsers and headers.
  if (container.isBound(STRIPE_SANDBOX)) app.use(STRIPE_SANDBOX_PATH, container.get(STRIPE_SANDBOX).router);
  app.use(securityHeaders);
  app.use('/api', sameOriginGuard(config.publicUrl));
  // Before the JSON parser: webhook signatures are over the raw bytes.
  app.use(
    paymentWebhookRoutes({
      payments: container.get(TYPES.PaymentGateway),
      onAction: (action) => container.get(PAYMENT_ACTION_HANDLER)(action),
      registry,
    }),
  );
  app.use(express.json({ limit: '1mb' }));
  app.use(cookieParser());
  app.use('/api', sessionResolver(container.get(TYPES.AuthService), { secure: config.cookieSecure }));

  app.use(healthRoutes(container.get(TYPES.DataStore)));
  app.use(
    authRoutes({
      auth: container.get(TYPES.AuthService),
      botCheck,
      cookies: { secure: config.cookieSecure },
      registry,
      signInLimit: { maxFailures: config.SIGN_IN_MAX_FAILURES, windowMinutes: config.SIGN_IN_WINDOW_MINUTES },
      sharedLimits,
    }),
  );
  app.use(
    registrationRoutes({
      registration: container.get(TYPES.RegistrationService),
      botCheck,
      cookies: { secure: config.cookieSecure },
      registry,
      sharedLimits,
    }),
  );
  app.use(passwordResetRoutes({ passwordReset: container.get(PASSWORD_RESET_SERVICE), registry }));
  if (container.isBound(TYPES.Mailbox))
    app.use(devMailRoutes({ mailbox: container.get(TYPES.Mailbox), registry, publicUrl: config.publicUrl }));
  app.use(
    notificationRoutes({
      notifications: container.get(TYPES.NotificationService),
      streams: container.get(TYPES.EventStreams),
      registry,
      logger,
    }),
  );
  app.use(organizationRoutes({ organizations: container.get(TYPES.OrganizationService), registry }));
  app.use(settingsRoutes({ settings: container.get(TYPES.SettingsService), registry }));
  app.use(userRoutes({ users: container.get(TYPES.UserService), registry }));
  app.use(logRoutes({ auditLog: container.get(TYPES.AuditLogService), registry }));
  app.use(
    preCampaignRoutes({
      preCampaigns: container.get(TYPES.PreCampaignService),
      workflow: container.get(TYPES.CampaignWorkflowService),
      registry,
    }),
  );
  app.use(campaignFileRoutes({ campaignFiles: container.get(TYPES.CampaignFileService), registry }));
  app.use(campaignRoutes({ pages: container.get(TYPES.CampaignPageService), registry }));
  app.use(pageVisitRoutes({ visits: container.get(PAGE_VISIT_SERVICE), registry }));
  app.use(demoCampaignRoutes({ demoCampaigns: container.get(TYPES.DemoCampaignService), registry }));
  app.use(deploymentRoutes({ deployments: container.get(TYPES.DeploymentService), registry }));
  app.use(deliveryRoutes({ delivery: container.get(TYPES.DeliveryService), registry }));
  app.use(
    amobeeRoutes({
      legacy: container.get(TYPES.LegacyAdPlatformService),
      advertisers: container.get(TYPES.OrganizationAdvertiserService),
      registry,
    }),
  );
  app.use(promotionRoutes({ promotions: container.get(TYPES.PromotionService), registry }));
  app.use(fundraiserPageRoutes({ fundraisers: container.get(FUNDRAISER_PAGE_SERVICE), registry }));
  app.use(
    qrCodeRoutes({
      promotions: container.get(TYPES.PromotionService),
      fundraisers: container.get(FUNDRAISER_PAGE_SERVICE),
      registry,
    }),
  );
  app.use(appreciationRoutes({ appreciations: container.get(TYPES.AppreciationService), registry }));
  const publicUrl = config.publicUrl;
  app.use(stripeSessionRoutes({ budgetPayments: container.get(TYPES.BudgetPaymentService), registry, publicUrl }));
  app.use(donationRoutes({ donationCheckouts: container.get(TYPES.DonationCheckoutService), registry, publicUrl }));
  app.use(paymentRoutes({ receipts: container.get(TYPES.PaymentReceiptService), registry, renderPdf }));
  app.use(
    donorGiftsRoutes({
      donorGifts: container.get(DONOR_GIFTS_SERVICE),
      botCheck,
      cookies: cookiePolicy,
      registry,
      sharedLimits,
    }),
  );
  app.use(
    monthlyGiftsRoutes({
      monthlyGifts: container.get(MONTHLY_GIFTS_SERVICE),
      donorGifts: container.get(DONOR_GIFTS_SERVICE),
      registry,
    }),
  );
  app.use(statementRoutes({ statements: container.get(STATEMENTS_SERVICE), registry }));
  app.use(campaignStatsRoutes({ directory: container.get(TYPES.CampaignDirectoryService), registry }));
  app.use(reportRoutesOf(container, registry));
  app.use(reportingMirrorRoutes({ service: container.get(MIRROR_STATUS_SERVICE), registry }));
  app.use(openApiRoutes(registry, { version: API_VERSION, serverUrl: config.publicUrl }));
  app.use('/api', notFoundHandler);
  app.use(fileRoutes(container.get(TYPES.FileStore)));
  app.use(shareLinkRoutes({ promotions: container.get(TYPES.PromotionService) }));
  app.use(donateFormRoutes({ forms: container.get(DONATE_FORM_SERVICE) }));
  app.use(
    webAssetRoutes(undefined, {
      campaignPage: (campaignId) => publicPages.html(campaignId),
      fundraiserPage: (campaignId, promoterId) => publicPages.fundraiserHtml(campaignId, promoterId),
    }),
  );
  app.use(notFoundHandler);
  app.use(errorHandler);
  // Every ad click lands on a campaign's page: its two reads are answered first, from memory and before
  // Express sees them (the whole request log with headers, at debug, takes the usual way).
  if (logger.isLevelEnabled('debug')) return app;
  const fastPath = publicPageFastPath({ publicPages, headers: headersOf(securityHeaders), logger });
  return (req, res) => fastPath(req, res, () => app(req, res));
}
