import { z } from 'zod';

/** SPEC §9 option lists. */
export const AGE_BANDS = ['18-24', '25-34', '35-44', '45-54', '55-64', '+65', 'None'] as const;
export const AgeBand = z.enum(AGE_BANDS);
export type AgeBand = z.infer<typeof AgeBand>;

export const INCOME_BANDS = ['10%', '11-20%', '21-30%', '31-40%', '41-50%', 'Lower 50%', 'None'] as const;
export const IncomeBand = z.enum(INCOME_BANDS);
export type IncomeBand = z.infer<typeof IncomeBand>;

export const GENDERS = ['female', 'male', 'none'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

export const EDUCATION_LEVELS = ['any', 'GED', 'Undergraduate', 'Bachelors', 'Masters'] as const;
export const EducationLevel = z.enum(EDUCATION_LEVELS);
export type EducationLevel = z.infer<typeof EducationLevel>;

/** The networks a promoter posts links on, and `qr`: scans of a printed QR code. */
export const SHARE_CHANNELS = ['x', 'linkedin', 'facebook', 'instagram', 'qr'] as const;
export const ShareChannel = z.enum(SHARE_CHANNELS);
export type ShareChannel = z.infer<typeof ShareChannel>;

/** A targeted US state with its chosen cities, keyed by stateCode (SPEC §3 statesAmobee). */
export const StateTarget = z.object({
  stateCode: z.string().min(2).max(8),
  name: z.string().max(100).optional(),
  regionId: z.number().int().nullable().optional(),
  cities: z.array(z.object({ city: z.string().max(200), cityId: z.number().int().nullable().optional() })).default([]),
});
export type StateTarget = z.infer<typeof StateTarget>;
