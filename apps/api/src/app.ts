import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Container } from 'inversify';
import { pinoHttp } from 'pino-http';
import { sessionResolver } from './http/actor';
import { errorHandler, notFoundHandler } from './http/errors';
import { fileRoutes } from './http/file-routes';
import { createRegistry, openApiRoutes } from './http/openapi';
import { sameOriginGuard } from './http/same-origin';
import { webAssetRoutes } from './http/web-assets';
import { authRoutes } from './routes/auth.routes';
import { devMailRoutes } from './routes/dev-mail.routes';
import { healthRoutes } from './routes/health.routes';
import { notificationRoutes } from './routes/notifications.routes';
import { organizationRoutes } from './routes/organizations.routes';
import { registrationRoutes } from './routes/registration.routes';
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
import { shareLinkRoutes } from './routes/share-links.routes';
import { appreciationRoutes } from './routes/appreciations.routes';
import { campaignStatsRoutes } from './routes/campaign-stats.routes';
import { donationRoutes } from './routes/donations.routes';
import { paymentRoutes } from './routes/payments.routes';
import { stripeSessionRoutes } from './routes/stripe-session.routes';
import {
  AMOBEE_SANDBOX,
  AMOBEE_SANDBOX_PATH,
  PAYMENT_ACTION_HANDLER,
  STRIPE_SANDBOX,
  STRIPE_SANDBOX_PATH,
} from './container';
import { TYPES } from './types';
import { requestLogLevel } from './http/request-log-level';

export const API_VERSION = '0.1.0';

/** Where the hosted captcha's script and frame come from (Cloudflare Turnstile). */
const CAPTCHA_ORIGIN = 'https://challenges.cloudflare.com';

/** Builds the HTTP app from a composed container, without listening (tests use the same app). */
/** A request's path as it came in: inside a mounted router Express has cut the mount point off `req.url`. */
const originalPath = (req: { url?: string }) => (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';

export function createApp(container: Container): Express {
  const config = container.get(TYPES.Config);
  const logger = container.get(TYPES.Logger);
  const registry = createRegistry();
  const botCheck = container.get(TYPES.BotCheck);
  // The captcha widget's script and frame are allowed only when the hosted captcha is the bot check.
  const captcha = botCheck.kind === 'captcha';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      // A caller's request id is kept (behind a proxy that sets one); otherwise one is made.
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
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
  // The embedded DSP sandbox speaks the vendor's API (its own JSON parsing and error shapes), so it
  // comes before the app's parsers and error handler.
  if (container.isBound(AMOBEE_SANDBOX)) app.use(AMOBEE_SANDBOX_PATH, container.get(AMOBEE_SANDBOX).router);
  // The embedded Stripe sandbox speaks Stripe's API (form bodies, its error shapes) and serves its
  // hosted checkout pages with their own security headers: before the app's parsers and headers.
  if (container.isBound(STRIPE_SANDBOX)) app.use(STRIPE_SANDBOX_PATH, container.get(STRIPE_SANDBOX).router);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", ...(captcha ? [CAPTCHA_ORIGIN] : [])],
          ...(captcha ? { 'frame-src': ["'self'", CAPTCHA_ORIGIN] } : {}),
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'upgrade-insecure-requests': config.cookieSecure ? [] : null,
        },
      },
      hsts: config.cookieSecure,
    }),
  );
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
    }),
  );
  app.use(
    registrationRoutes({
      registration: container.get(TYPES.RegistrationService),
      botCheck,
      cookies: { secure: config.cookieSecure },
      registry,
    }),
  );
  if (container.isBound(TYPES.Mailbox)) app.use(devMailRoutes({ mailbox: container.get(TYPES.Mailbox), registry }));
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
  app.use(appreciationRoutes({ appreciations: container.get(TYPES.AppreciationService), registry }));
  app.use(stripeSessionRoutes({ budgetPayments: container.get(TYPES.BudgetPaymentService), registry }));
  app.use(donationRoutes({ donationCheckouts: container.get(TYPES.DonationCheckoutService), registry }));
  app.use(paymentRoutes({ receipts: container.get(TYPES.PaymentReceiptService), registry }));
  app.use(campaignStatsRoutes({ directory: container.get(TYPES.CampaignDirectoryService), registry }));
  app.use(openApiRoutes(registry, { version: API_VERSION, serverUrl: config.publicUrl }));
  app.use('/api', notFoundHandler);
  app.use(fileRoutes(container.get(TYPES.FileStore)));
  app.use(shareLinkRoutes({ promotions: container.get(TYPES.PromotionService) }));
  const pages = container.get(TYPES.CampaignPageService);
  app.use(webAssetRoutes(undefined, { linkPreview: (campaignId) => pages.linkPreview(campaignId) }));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
