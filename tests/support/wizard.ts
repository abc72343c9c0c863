import type { Page } from 'playwright-core';
import { pngOfSize } from './png';

const DAY = 86_400_000;

/** A calendar day `days` from today, as a date field takes it. */
export const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** A PNG of that size, as a file chooser gives it to the page. */
export const pngUpload = (width: number, height: number, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(pngOfSize(width, height)),
});

/** Waits until the campaign wizard says the draft is saved. */
export const draftSaved = (page: Page) =>
  page
    .getByTestId('save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
