import { z } from 'zod';

/**
 * Request bodies of the calls the sandbox serves, as the vendor's collection documents them: fields
 * without the collection's "optional" mark are required, enumerations take only the allowed values.
 * Unknown fields are kept (the platform ignores them), so answers echo what was sent.
 */

const text = z.string().trim().min(1, 'is required');
const numericId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/, 'must be a numeric id')]);
/** yyyy-mm-ddThh:mm:ssZ (UTC), as the campaign service wants its dates. */
const utcDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'must be in the format yyyy-mm-ddThh:mm:ssZ (UTC)')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a date');
/** RFC 3339 with an offset, as the reporting service wants its times. */
const rfc3339 = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, 'must be an RFC 3339 time')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a date');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const PlayStatus = z.enum(['play', 'pause', 'stop', 'archived']);
export const LineItemStatus = z.enum(['play', 'pause', 'stop', 'archived', 'approved']);

export const TokenRequest = z.object({
  client_id: text,
  client_secret: text,
  grant_type: z.literal('client_credentials', { error: 'must be client_credentials' }),
});

const viewabilityProvider = z.enum(['doubleVerify', 'ias']);
export const AdvertiserBody = z.looseObject({
  name: text,
  primaryUrl: httpUrl,
  currency: z.string().regex(/^[a-z]{3}$/, 'must be a lowercase ISO 4217 code'),
  language: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/, 'must be a language code'),
  externalAdvertiserId: z.string().optional(),
  iabCategory: text,
  identityPlatformVendor: text,
  nielsenCampaignOptIn: z.boolean(),
  status: PlayStatus,
  thirdPartyAdServer: z.looseObject({ provider: z.enum(['doubleClick', 'atlas']), advertiserName: text }).optional(),
  thirdPartyAttributionProvider: z
    .looseObject({
      service: z.enum(['adometryMta', 'doubleClickLta', 'visualIqMta', 'clearSaleingMta', 'atlasLta']),
      advertiserName: text,
    })
    .optional(),
  viewabilityProviders: z.looseObject({
    display: viewabilityProvider,
    video: viewabilityProvider,
    mobile: z.literal('doubleVerify'),
  }),
});

const frequencyCap = z.looseObject({
  cap: z.number().int().nonnegative(),
  period: z.number().int().nonnegative(),
  periodUnits: z.enum(['minutes', 'hours', 'days']),
});
const impressionFrequency = z.looseObject({
  personOrDeviceFrequencyCapDetails: frequencyCap.optional(),
  householdFrequencyCapDetails: frequencyCap.optional(),
});

export const Schedule = z.looseObject({
  budget: z.number().nonnegative().optional(),
  dailyCap: z.number().nonnegative().optional(),
  startDate: utcDateTime,
  endDate: utcDateTime.optional(),
  impressionCap: z.number().int().nonnegative().optional(),
});
export type Schedule = z.infer<typeof Schedule>;

export const Budget = z
  .looseObject({
    asapDelivery: z.boolean().optional(),
    clientMargin: z.number().optional(),
    hasDesignatedBudget: z.boolean().optional(),
    // The collection's own examples use evenImpression beside the documented values.
    pacing: z.enum(['even', 'evenImpression', 'daily', 'dailyImpression', 'asap', 'autoAllocate']).optional(),
    pacingMultiplier: z.number().optional(),
    schedules: z.array(Schedule).optional(),
  })
  .superRefine((budget, context) => {
    const schedules = budget.schedules ?? [];
    if (budget.pacing === 'autoAllocate') {
      if (schedules.length > 0)
        context.addIssue({ code: 'custom', path: ['schedules'], message: 'are not allowed with autoAllocate pacing' });
      return;
    }
    if (schedules.length === 0) {
      context.addIssue({ code: 'custom', path: ['schedules'], message: 'are required unless pacing is autoAllocate' });
    }
    if (budget.pacing === 'asap' && schedules.length > 1) {
      context.addIssue({ code: 'custom', path: ['schedules'], message: 'allow only one schedule with asap pacing' });
    }
    schedules.forEach((schedule, index) => {
      const path = ['schedules', index];
      if (budget.pacing === 'asap' && schedule.endDate) {
        context.addIssue({
          code: 'custom',
          path: [...path, 'endDate'],
          message: 'cannot be specified with asap pacing',
        });
      }
      if ((budget.pacing === 'even' || budget.pacing === undefined) && !schedule.endDate) {
        context.addIssue({ code: 'custom', path: [...path, 'endDate'], message: 'is required with even pacing' });
      }
      if (budget.pacing?.startsWith('daily') && !schedule.dailyCap) {
        context.addIssue({ code: 'custom', path: [...path, 'dailyCap'], message: 'is required with daily pacing' });
      }
      if (!budget.pacing?.endsWith('Impression') && schedule.budget === undefined) {
        context.addIssue({ code: 'custom', path: [...path, 'budget'], message: 'is required' });
      }
      if (schedule.endDate && Date.parse(schedule.endDate) <= Date.parse(schedule.startDate)) {
        context.addIssue({ code: 'custom', path: [...path, 'endDate'], message: 'must be after startDate' });
      }
    });
  });
export type Budget = z.infer<typeof Budget>;

const insertionOrderFields = {
  name: text,
  managerAccountId: numericId,
  externalInsertionOrderId: z.string().optional(),
  attributionService: z.enum(['amobeeLta', 'doubleClickLta', 'visualIqMta', 'clearSaleingMta', 'atlasLta']),
  customPackageMode: z.enum(['twoLevel', 'threeLevel']),
  pacingBasis: z.enum(['budget', 'impression']),
  budget: Budget,
  cpaGoalAmount: z.number().nonnegative().optional(),
  cpcGoalAmount: z.number().nonnegative().optional(),
  creativeRotationEvent: z.enum(['clicks', 'actions']),
  frequencyType: z.enum(['device', 'person', 'household']),
  impressionFrequency: impressionFrequency.optional(),
};
const oneGoalAmount = (order: { cpaGoalAmount?: number; cpcGoalAmount?: number }) =>
  order.cpaGoalAmount === undefined || order.cpcGoalAmount === undefined;
const goalMessage = { message: 'cpcGoalAmount cannot be defined with cpaGoalAmount', path: ['cpcGoalAmount'] };

export const InsertionOrderBody = z
  .looseObject({ ...insertionOrderFields, status: PlayStatus })
  .refine(oneGoalAmount, goalMessage);
/** An edit carries every setting but the status (changed by its own call). */
export const InsertionOrderEdit = z.looseObject(insertionOrderFields).refine(oneGoalAmount, goalMessage);
export type InsertionOrderEdit = z.infer<typeof InsertionOrderEdit>;

const LOWER_AGES = [13, 18, 21, 25, 30, 35, 40, 45, 50, 55, 65] as const;
const UPPER_AGES = [17, 20, 24, 29, 34, 39, 44, 49, 54, 64, 0] as const;
const oneOf = (values: readonly number[], what: string) =>
  z.number().refine((value) => values.includes(value), `${what} must be one of ${values.join(', ')}`);

const goalPriority = {
  prioritizeDelivery: z.number().int().min(100).max(625).multipleOf(5).optional(),
  prioritizePerformance: z.number().int().min(10).max(100).multipleOf(5).optional(),
};
const clickGoal = z.looseObject({
  hardGoal: z.boolean().optional(),
  cpcAmount: z.number().positive(),
  optimizationWindowInDays: z.number().int().positive(),
  ...goalPriority,
});
const actionGoal = z.looseObject({
  hardGoal: z.boolean().optional(),
  maximizeActionRate: z.boolean(),
  optimizationWindowInDays: z.number().int().positive(),
  ...goalPriority,
});
const rateOrCost = (cost: 'vcpm' | 'cpcv') => (goal: Record<string, unknown>) =>
  (goal.rate === undefined) !== (goal[cost] === undefined);
const viewabilityGoal = z
  .looseObject({
    hardGoal: z.boolean().optional(),
    measurement: z.enum(['mrc', 'groupM', 'avoc', 'customNoSound']).optional(),
    rate: z.number().int().min(0).max(100).optional(),
    vcpm: z.number().positive().optional(),
  })
  .refine(rateOrCost('vcpm'), 'either rate or vcpm must be specified, not both');
const completionGoal = z
  .looseObject({
    hardGoal: z.boolean().optional(),
    rate: z.number().int().min(0).max(100).optional(),
    cpcv: z.number().positive().optional(),
  })
  .refine(rateOrCost('cpcv'), 'either rate or cpcv must be specified, not both');
const goal = z
  .looseObject({
    click: clickGoal.optional(),
    action: actionGoal.optional(),
    viewability: viewabilityGoal.optional(),
    completion: completionGoal.optional(),
  })
  .refine(
    (value) => [value.click, value.action, value.viewability, value.completion].filter(Boolean).length === 1,
    'must define exactly one goal',
  );

const bidding = z
  .looseObject({
    cpm: z
      .looseObject({
        bids: z.tuple([z.number().nonnegative(), z.number().nonnegative()]),
        enableBidShading: z.boolean().optional(),
        goal: z.enum(['maximizeCtr', 'maximizeAr']).optional(),
      })
      .optional(),
    dcpm: z
      .looseObject({
        bidLimit: z.number().positive(),
        maxAvgBid: z.number().positive(),
        goals: z
          .looseObject({ primary: goal, secondary: goal.optional() })
          .refine(
            (goals) =>
              !((goals.primary.click && goals.secondary?.action) || (goals.primary.action && goals.secondary?.click)),
            'a click goal and an action goal cannot be combined',
          ),
      })
      .refine((dcpm) => dcpm.maxAvgBid <= dcpm.bidLimit, { message: 'cannot exceed bidLimit', path: ['maxAvgBid'] })
      .optional(),
    enableViewabilityMeasurement: z.boolean().optional(),
  })
  .refine((value) => Boolean(value.cpm) !== Boolean(value.dcpm), 'either cpm or dcpm must be specified, not both');

const idList = z.array(z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String));
const geographic = z
  .looseObject({
    geographies: z
      .looseObject({
        continents: idList.optional(),
        countries: idList.optional(),
        regions: idList.optional(),
        dmas: idList.optional(),
        cities: idList.optional(),
      })
      .optional(),
    postalCodes: z
      .looseObject({ country: text, entries: z.array(text).optional(), groups: z.array(text).optional() })
      .refine((value) => (value.entries?.length ?? 0) + (value.groups?.length ?? 0) > 0, 'need entries or groups')
      .optional(),
    mobileRadius: z
      .looseObject({
        country: text,
        entryType: z.enum(['zipPlus4', 'address', 'latLong']),
        entries: z.array(z.unknown()).optional(),
        groups: z.array(z.string()).optional(),
        radius: z.number().positive(),
        radiusUnits: z.enum(['miles', 'kilometers']),
      })
      .optional(),
  })
  .refine(
    (value) => [value.geographies, value.postalCodes, value.mobileRadius].filter(Boolean).length <= 1,
    'geographies, postalCodes and mobileRadius cannot be defined together',
  );

const targeting = z
  .looseObject({
    nielsenAudience: z
      .looseObject({
        gender: z.enum(['male', 'female', 'all']).optional(),
        ageRange: z
          .tuple([oneOf(LOWER_AGES, 'the first age'), oneOf(UPPER_AGES, 'the second age')])
          .refine(([lower, upper]) => upper === 0 || upper > lower, 'the second age must be above the first')
          .optional(),
        optimizeDemographicTargeting: z.boolean().optional(),
        targetGoal: z.number().min(0).max(100).optional(),
      })
      .optional(),
    behavioralSegmentSetId: z.union([z.string(), z.number()]).optional(),
    includeSegmentId: z.union([z.string(), z.number()]).optional(),
    excludeSegmentId: z.union([z.string(), z.number()]).optional(),
    segmentSetIdentity: z.enum(['person', 'household']).optional(),
    retargetingIdentity: z.enum(['person', 'household']).optional(),
    locale: z.looseObject({ geographic: geographic.optional() }).optional(),
  })
  .refine(
    (value) =>
      value.behavioralSegmentSetId === undefined ||
      (value.includeSegmentId === undefined && value.excludeSegmentId === undefined),
    'behavioralSegmentSetId cannot be combined with includeSegmentId or excludeSegmentId',
  );

const lineItemFields = {
  name: text,
  externalLineItemId: z.string().optional(),
  status: LineItemStatus,
  mediaFormat: z.enum(['display', 'video', 'audio']),
  environment: z.looseObject({
    targetedTypes: z.array(z.enum(['desktopWeb', 'desktopApp', 'mobileWeb', 'mobileApp', 'ctvApp', 'dooh'])).min(1),
    excludeMobileAppWithoutDeviceId: z.boolean().optional(),
    excludeNonOptimizedMobileWeb: z.boolean().optional(),
  }),
  impressionFrequency: impressionFrequency.optional(),
  iabCategory: text,
  budget: Budget,
  bidding,
  beacons: z
    .array(
      z.looseObject({ id: z.union([z.string(), z.number()]), cta: z.number().optional(), vta: z.number().optional() }),
    )
    .optional(),
  thirdPartyCosts: z
    .array(
      z.looseObject({
        costType: text,
        provider: text,
        cpmCost: z.number().nonnegative(),
        paidBy: z.enum(['amobee', 'market']),
      }),
    )
    .optional(),
  inventory: z
    .looseObject({
      exchangeIds: z.array(z.string()).optional(),
      privatePublisherDeals: z
        .array(z.looseObject({ publisherDealId: text, cpmBid: z.number().optional() }))
        .optional(),
      dealGroups: z.array(z.string()).optional(),
      guaranteedPublisherDealId: z.string().optional(),
      enableAutomaticDeals: z.boolean().optional(),
      enablePublisherBidCpm: z.boolean().optional(),
    })
    .refine(
      (value) =>
        (value.exchangeIds?.length ?? 0) +
          (value.privatePublisherDeals?.length ?? 0) +
          (value.dealGroups?.length ?? 0) >
        0,
      'needs exchangeIds, privatePublisherDeals or dealGroups',
    ),
  targeting,
};
export const LineItemBody = z.looseObject(lineItemFields);
export type LineItemBody = z.infer<typeof LineItemBody>;

export const CreativeBody = z
  .looseObject({
    name: text,
    mediaFormat: z.enum(['display', 'video', 'audio']),
    adFormat: z.enum(['standard', 'standardVideo', 'standardAudio']),
    advancedCreative: z.boolean().optional(),
    amobeeAdServer: z
      .looseObject({
        creativeAssetKey: text,
        adSizeId: numericId,
        clickAction: z.looseObject({
          url: z.string().optional(),
          operatingSystem: z.string().optional(),
          phoneNumber: z.string().optional(),
        }),
      })
      .optional(),
    thirdPartyAdServer: z
      .looseObject({
        provider: text,
        tag: z.string().optional(),
        adServerUrl: z.string().optional(),
        clickUrl: z.string().optional(),
        adSizeId: numericId,
      })
      .optional(),
    isSslCompliant: z.boolean().optional(),
    language: z.string().optional(),
    iabCategory: z.string().optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
    status: LineItemStatus,
  })
  .refine((value) => Boolean(value.amobeeAdServer) !== Boolean(value.thirdPartyAdServer), {
    message: 'either amobeeAdServer or thirdPartyAdServer must be defined, not both',
    path: ['amobeeAdServer'],
  })
  .refine(
    (value) =>
      ({ display: 'standard', video: 'standardVideo', audio: 'standardAudio' })[value.mediaFormat] === value.adFormat,
    { message: 'does not fit the mediaFormat', path: ['adFormat'] },
  );
export type CreativeBody = z.infer<typeof CreativeBody>;

export const AdBody = z.looseObject({
  name: text,
  creatives: z
    .array(
      z.looseObject({
        creativeId: z.union([text, z.number().int()]).transform(String),
        weight: z.number().positive().optional(),
      }),
    )
    .min(1, 'needs at least one creative'),
  rotation: z.enum(['random', 'weighted', 'optimized', 'bestPerforming']).optional(),
});
export type AdBody = z.infer<typeof AdBody>;

export const BeaconBody = z
  .looseObject({
    name: text,
    beaconPlacement: text,
    workflowStatus: z.enum(['approved', 'archived']),
    dataProvider: z.enum(['ODC', 'IRI', 'CUEBIQ', 'WSI']).optional(),
    location: z.looseObject({}).optional(),
    pageProtocol: z.enum(['http', 'https']),
    acceptedAction: z.enum(['click', 'clickAndView']),
    clickAssociationWindow: z.number().int().nonnegative(),
    viewAssociationWindow: z.looseObject({
      period: z.number().int().nonnegative(),
      periodUnits: z.enum(['minutes', 'hours', 'days']),
    }),
    actionCap: z.number().int().min(-1),
    includeShoppingCartValue: z.boolean(),
    tatCategory: z.string().optional(),
    trackingMethod: z.enum(['alwaysFires', 'dynamicFlip', 'reporting', 'serverSide', 'atlas', 'dclk', 'other']),
    isMobileActionTrackingEnabled: z.boolean(),
    thirdPartyRedirectUrl: z.string().optional(),
    thirdPartyRedirectHtml: z.string().optional(),
    isBeaconValidated: z.boolean(),
    enableUserConsent: z.boolean(),
    gdprConsent: z.boolean(),
    ccpaConsent: z.boolean(),
  })
  .refine((value) => !(value.thirdPartyRedirectUrl && value.thirdPartyRedirectHtml), {
    message: 'cannot be defined with thirdPartyRedirectHtml',
    path: ['thirdPartyRedirectUrl'],
  })
  .refine((value) => value.beaconPlacement !== 'offlineFootTraffic' || (value.dataProvider && value.location), {
    message: 'dataProvider and location are required for offlineFootTraffic beacons',
    path: ['dataProvider'],
  });
export type BeaconBody = z.infer<typeof BeaconBody>;

export const StatusBody = z.looseObject({ status: LineItemStatus });
export const PlayStatusBody = z.looseObject({ status: PlayStatus });
export const AdStatusBody = z
  .looseObject({
    clientStatus: z.enum(['play', 'pause', 'stop']).optional(),
    workflowStatus: z.enum(['approved', 'archived']).optional(),
  })
  .refine((value) => value.clientStatus || value.workflowStatus, 'needs clientStatus or workflowStatus');

export const REPORT_DIMENSIONS = [
  'advertiserId',
  'advertiserName',
  'insertionOrderId',
  'insertionOrderName',
  'lineItemId',
  'lineItemName',
] as const;
export const REPORT_METRICS = [
  'impressions',
  'clicks',
  'advertiserCost',
  'ctr',
  'advertiserEcpc',
  'advertiserEcpm',
] as const;

export const ReportBody = z
  .looseObject({
    aggregationType: z.enum(['summary', 'daily', 'weekly', 'monthly', 'hourOfDay', 'dayOfWeek', 'hourByDay']),
    startTime: rfc3339,
    endTime: rfc3339,
    outputPath: z.string().optional(),
    dimensions: z.array(z.looseObject({ name: z.enum(REPORT_DIMENSIONS), outputName: z.string().optional() })).min(1),
    filters: z
      .array(
        z.looseObject({
          objectType: z.enum(['advertiser', 'insertionOrder', 'package', 'lineItem', 'ad', 'creative']),
          objectIds: z.array(z.union([z.string(), z.number()]).transform(String)).min(1),
        }),
      )
      .optional(),
    metrics: z
      .array(
        z.looseObject({
          name: z.enum(REPORT_METRICS),
          outputName: z.string().optional(),
          currencyAlphaCode: z.string().optional(),
        }),
      )
      .min(1),
  })
  .refine((value) => Date.parse(value.startTime) <= Date.parse(value.endTime), {
    message: 'must not be after endTime',
    path: ['startTime'],
  })
  .refine((value) => !value.outputPath || value.outputPath.startsWith('s3n://'), {
    message: 'must be an s3n:// path',
    path: ['outputPath'],
  });
export type ReportBody = z.infer<typeof ReportBody>;

/** The control API's knobs (under /_sandbox, not part of the vendor's API). */
export const FaultBody = z.object({
  method: z.string().trim().toUpperCase().default('*'),
  /** A path under the sandbox, `*` matching one segment and `**` any number; or a regular expression starting with ^. */
  path: text,
  /**
   * fail: answer status in the error shape; delay: only add latency; drop: close the connection unanswered;
   * dropAfter: do the work, then close unanswered; holdAnswer: do the work and keep it, then hold the answer
   * for latencyMs (as a vendor that committed while its caller went away).
   */
  action: z.enum(['fail', 'delay', 'drop', 'dropAfter', 'holdAnswer']).default('fail'),
  status: z.number().int().min(400).max(599).default(500),
  shape: z.enum(['gateway', 'service', 'framework', 'empty']).optional(),
  message: z.string().optional(),
  latencyMs: z.number().int().min(0).max(120_000).default(0),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  times: z.number().int().min(1).optional(),
  always: z.boolean().default(false),
});
export type FaultBody = z.infer<typeof FaultBody>;

export const ClockBody = z
  .object({
    advanceMs: z.number().int().min(0).optional(),
    advanceHours: z.number().min(0).optional(),
    advanceDays: z.number().min(0).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'give advanceMs, advanceHours, advanceDays or to',
  );

export const SettingsBody = z.object({
  ctr: z.number().min(0).max(1).optional(),
  cpm: z.number().positive().optional(),
  reportPendingPolls: z.number().int().min(0).max(100).optional(),
  rateLimitPerSecond: z.number().int().min(1).nullable().optional(),
});
