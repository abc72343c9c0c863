import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import {
  expectAccessible,
  expectMaxLengths,
  openBrowser,
  signInInBrowser,
  type BrowserSession,
} from '@causeway/tests/support/browser';
import { freePort } from '@causeway/tests/support/free-port';
import { pngOfSize } from '@causeway/tests/support/images';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

/** The message shown for a form control: the error its aria-describedby points at. */
async function fieldError(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.hasAttribute('data-field-error'));
    return error?.textContent ?? null;
  });
}

/** Whether a click at the middle of the element reaches it (nothing is laid over it). */
async function reachable(element: Locator): Promise<boolean> {
  await element.scrollIntoViewIfNeeded();
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && node.contains(hit);
  });
}

/** The text of each row of the open table's body, top to bottom. */
const rowTexts = (page: Page) => page.locator('.cw-admin-table tbody tr').allTextContents();

describe('people and organizations in the admin area, in the browser', () => {
  let app: TestApp;
  let admin: BrowserSession;
  let page: Page;
  const repositories = () => app.server.container.get(TYPES.Repositories);

  const openAdminPage = async (label: string) => {
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: label }).click();
  };
  const toast = (text: string | RegExp) => page.locator('.cw-admin-toast', { hasText: text });

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    // A known port, so the sign-up link in the invitation mail points at this very app.
    app = await startTestApp({ env: { PORT: String(await freePort()) } });
    admin = await openBrowser();
    page = admin.page;
    await page.goto(app.url);
    await signInInBrowser(page, 'admin@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
  });

  afterAll(async () => {
    await admin?.close();
    await app?.close();
  });

  it('invites someone from People, and the invitee signs up from the dev mailbox into the branded shell', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await openAdminPage('People');
    await page.getByRole('heading', { name: 'People', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').waitFor();
    await expectMaxLengths(page, 'the invitation dialog');
    await dialog.getByLabel('Name').fill('Jordan Ellis');
    await dialog.getByLabel('E-mail address').fill('Jordan.Ellis@example.org');
    await dialog.getByLabel('Organization').selectOption({ label: 'Harbor Light Food Bank' });
    await dialog.getByLabel('Account type').selectOption({ label: 'Campaigner' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByRole('heading', { name: 'Invitation sent' }).waitFor();
    expect(await dialog.getByRole('status').textContent()).toContain(
      'Invitation sent to Jordan Ellis (jordan.ellis@example.org) to join Harbor Light Food Bank.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The invitee, in a browser of their own, reads the mail in the dev mailbox and follows its link.
    const invitee = await openBrowser();
    try {
      const mail = invitee.page;
      await mail.goto(`${app.url}/dev/mail`);
      await mail.getByLabel('Recipient').fill('jordan.ellis@example.org');
      await mail.getByRole('button', { name: 'Filter' }).click();
      const message = mail.locator('details', { hasText: 'invited you to join Harbor Light Food Bank' });
      expect(await message.count()).toBe(1);
      await message.locator('summary').click();
      await message.getByRole('link', { name: /\/sign-up\?/ }).click();

      await mail.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(await mail.getByLabel('E-mail address').inputValue()).toBe('jordan.ellis@example.org');
      await mail.getByLabel('Password', { exact: true }).fill('a long password of my own');
      await mail.getByLabel('Confirm password').fill('a long password of my own');
      await mail.getByRole('button', { name: 'Create account' }).click();

      const header = mail.getByTestId('session-user');
      await header.waitFor();
      expect(await header.locator('.cw-user__name').textContent()).toBe('Jordan Ellis');
      expect(await header.locator('.cw-user__role').textContent()).toBe('Campaigner');
      expect(await mail.locator('.cw-app').getAttribute('class')).toContain('cw-app--branded-header');
      const colors = await mail.locator('.cw-header').evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(colors).toBe('rgb(15, 61, 62)');
      expect(await mail.locator('.cw-footer').textContent()).toContain('Harbor Light Food Bank');
      expect(invitee.errors).toEqual([]);
    } finally {
      await invitee.close();
    }

    // Someone who already has an account can't be invited: the dialog says so at the e-mail field.
    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    await dialog.getByLabel('Name').fill('Casey Again');
    await dialog.getByLabel('E-mail address').fill('campaigner@demo.local');
    await dialog.getByLabel('Organization').selectOption({ label: 'Harbor Light Food Bank' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const email = dialog.getByLabel('E-mail address');
    await expect.poll(() => fieldError(email)).toBe('This person already has an account.');
    expect(await dialog.getByRole('heading', { name: 'Invitation sent' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(admin.errors).toEqual([]);
  });

  it('creates an organization, refusing bad fields at the field, then edits it, gives it a logo, deletes and restores it', async () => {
    const countBefore = (await repositories().organizations.list({ includeDeleted: true })).length;
    await openAdminPage('Organizations');
    await page.getByRole('link', { name: 'New organization' }).first().click();
    await page.getByRole('heading', { name: 'New organization', level: 1 }).waitFor();
    await expectMaxLengths(page, 'the new organization form');

    await page.getByLabel('Name', { exact: true }).fill('Riverbend Literacy Project');
    const website = page.getByLabel('Website');
    await website.fill('riverbend literacy');
    const header = page.getByLabel('Header', { exact: true });
    await header.fill('#12g');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expect.poll(() => fieldError(website)).toBe('Enter a full web address, like https://example.org.');
    expect(await fieldError(header)).toBe('Use a color like #1a2b3c.');
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    expect((await repositories().organizations.list({ includeDeleted: true })).length).toBe(countBefore);

    await website.fill('https://riverbend.example.org');
    expect(await fieldError(website)).toBeNull();
    await header.fill('#1d4ed8');
    await page.getByLabel('E-mail').fill('hello@riverbend.example.org');
    await page.getByLabel('Organization code').fill('RBLP');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await toast('Riverbend Literacy Project was created.').waitFor();
    await page.waitForURL(/\/admin\/organizations\/[^/]+$/);
    await page.getByRole('heading', { name: 'Riverbend Literacy Project', level: 1 }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const created = await repositories().organizations.findById(id);
    expect(created).toMatchObject({
      name: 'Riverbend Literacy Project',
      website: 'https://riverbend.example.org',
      headerColor: '#1d4ed8',
      email: 'hello@riverbend.example.org',
      organizationCode: 'RBLP',
    });

    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Changes saved.').waitFor();
    expect((await repositories().organizations.findById(id))?.phone).toBe('+1 555 0100');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(pngOfSize(64, 64)) });
    await toast('Logo updated.').waitFor();
    const logo = (await repositories().organizations.findById(id))?.logo;
    expect(logo).toMatch(/\/files\/.+\.png$/);
    const preview = page.getByRole('img', { name: 'Logo preview' });
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
    const served = await fetch(new URL(logo!, app.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    // A file that is no image is refused at the logo, and the saved logo stays in view.
    const another = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Replace logo' }).click();
    await (await another).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await page.getByRole('alert').filter({ hasText: 'could not be read as an image' }).waitFor();
    expect(await preview.getAttribute('src')).toBe(logo);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect((await repositories().organizations.findById(id))?.logo).toBe(logo);

    // The confirmations of the last saves don't lie over the page's own buttons.
    const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
    expect(await reachable(deleteButton)).toBe(true);
    await deleteButton.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete organization' }).click();
    await toast(/Riverbend Literacy Project was deleted/).waitFor();
    await page.getByText('This organization is deleted').waitFor();
    expect((await repositories().organizations.findById(id))?.isDeleted).toBe(true);

    await openAdminPage('Organizations');
    const riverbend = page.locator('.cw-admin-table tbody tr', { hasText: 'Riverbend Literacy Project' });
    await page.locator('.cw-admin-table tbody tr', { hasText: 'Harbor Light Food Bank' }).waitFor();
    expect(await riverbend.count()).toBe(0);
    await page.getByLabel('Show deleted').check();
    await riverbend.waitFor();
    expect(await riverbend.textContent()).toContain('Deleted');

    await riverbend.getByRole('link', { name: 'Riverbend Literacy Project' }).click();
    await page.getByRole('button', { name: 'Restore' }).click();
    await toast('Riverbend Literacy Project is active again.').waitFor();
    await page.getByText('This organization is deleted').waitFor({ state: 'detached' });
    expect((await repositories().organizations.findById(id))?.isDeleted).toBe(false);

    // Back among the active ones, with its logo.
    await openAdminPage('Organizations');
    await page.getByLabel('Show deleted').uncheck();
    await expect.poll(() => riverbend.textContent()).toContain('Active');
    expect(await riverbend.locator('img').getAttribute('src')).toBe(logo);
    expect(admin.errors).toEqual([]);
  });

  it('filters people by organization and account type, edits a title, makes an admin, soft-deletes; a demo user is never an admin', async () => {
    await openAdminPage('People');
    const table = page.locator('.cw-admin-table tbody');
    await table.getByText('Priya Shah').waitFor();
    // The list seen before the invitation may show first, until its refetch brings Jordan in.
    await expect.poll(() => table.locator('tr').count()).toBe(5);

    await page.getByLabel('Organization').selectOption({ label: 'Harbor Light Food Bank' });
    // Sam (the super user), Casey and Jordan belong to Harbor Light; Alex and Priya to no organization.
    await expect.poll(() => rowTexts(page)).toHaveLength(3);
    const harbor = (await rowTexts(page)).join();
    for (const name of ['Sam Rivera', 'Casey Nguyen', 'Jordan Ellis']) expect(harbor).toContain(name);
    expect(new URL(page.url()).searchParams.get('organizationId')).not.toBeNull();

    await page.getByLabel('Account type').selectOption({ label: 'Promoter' });
    await page.getByText('Nobody matches').waitFor();
    await page.getByLabel('Organization').selectOption({ label: 'All organizations' });
    await expect.poll(() => rowTexts(page)).toHaveLength(1);
    expect((await rowTexts(page))[0]).toContain('Priya Shah');
    await page.getByLabel('Account type').selectOption({ label: 'All account types' });
    await expect.poll(() => rowTexts(page)).toHaveLength(5);

    // Jordan, who signed up from the invitation: a title, then admin rights, then the account deleted.
    await table.getByRole('link', { name: 'Jordan Ellis' }).click();
    await page.getByRole('heading', { name: 'Jordan Ellis', level: 1 }).waitFor();
    await page.getByLabel('Title').fill('Volunteer coordinator');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast('Profile saved.').waitFor();
    const jordan = (await repositories().users.findByEmail('jordan.ellis@example.org'))!;
    expect(jordan.Title).toBe('Volunteer coordinator');

    const adminSwitch = page.getByRole('switch', { name: 'Admin' });
    expect(await adminSwitch.getAttribute('aria-checked')).toBe('false');
    await adminSwitch.click();
    await toast('Jordan Ellis is now an admin.').waitFor();
    expect(await adminSwitch.getAttribute('aria-checked')).toBe('true');
    expect((await repositories().users.findById(jordan.uid))?.admin).toBe(true);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
    await toast(/Jordan Ellis's account was deleted/).waitFor();
    await page.getByText('This account is deleted').waitFor();
    expect((await repositories().users.findById(jordan.uid))?.isDeleted).toBe(true);

    await page.getByRole('link', { name: 'People' }).first().click();
    await table.getByText('Priya Shah').waitFor();
    expect((await rowTexts(page)).join()).not.toContain('Jordan Ellis');

    // Priya becomes a demo account: the admin switch is then locked, and says why. Her row opens from
    // anywhere on it, not only from her name (here its chevron).
    await table.getByRole('row').filter({ hasText: 'Priya Shah' }).locator('td').last().click();
    await page.getByRole('heading', { name: 'Priya Shah', level: 1 }).waitFor();
    await page.getByRole('switch', { name: 'Demo account' }).click();
    await toast('Priya Shah is now a demo account.').waitFor();
    const priyaAdmin = page.getByRole('switch', { name: 'Admin' });
    expect(await priyaAdmin.isDisabled()).toBe(true);
    expect(await priyaAdmin.getAttribute('aria-checked')).toBe('false');
    const reason = await priyaAdmin.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(reason).toContain("Demo users can't be admins");
    expect(admin.errors).toEqual([]);
  });

  it('changes the platform settings, refusing a percentage out of range at the field', async () => {
    await openAdminPage('Settings');
    await page.getByRole('heading', { name: 'Platform settings' }).waitFor();
    const percentage = page.getByLabel('Default donation percentage');
    expect(await percentage.inputValue()).toBe('80');

    const before = await repositories().settings.get();
    await percentage.fill('120');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => fieldError(percentage)).toBe('Use 0 to 100.');
    expect(await repositories().settings.get()).toEqual(before);

    await percentage.fill('72.5');
    expect(await fieldError(percentage)).toBeNull();

    // The card fee donors may cover: Stripe's US nonprofit rate until saved, each field checked.
    const feePercent = page.getByLabel('Percent of the charge');
    const feeFixed = page.getByLabel('Fixed amount per charge ($)');
    expect(await feePercent.inputValue()).toBe('2.2');
    expect(await feeFixed.inputValue()).toBe('0.30');
    await feePercent.fill('11');
    await feeFixed.fill('6');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => fieldError(feePercent)).toBe('The card fee percent is from 0 to 10, like 2.2.');
    expect(await fieldError(feeFixed)).toBe("The card fee's fixed amount is from 0 to 500 cents ($5.00).");
    expect(await repositories().settings.get()).toEqual(before);
    await feePercent.fill('2.9');
    await feeFixed.fill('0.25');
    await page.getByLabel('Terms and conditions link').fill('https://causeway.example/terms');
    await page.getByLabel('Payment disclaimer').fill('Gifts are tax-deductible where the law allows.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast('Platform settings saved.').waitFor();
    expect(await repositories().settings.get()).toMatchObject({
      donationPercentage: 72.5,
      termsAndConditionsLink: 'https://causeway.example/terms',
      paymentDisclaimer: 'Gifts are tax-deductible where the law allows.',
      cardFeePercent: 2.9,
      cardFeeFixed: 25,
    });

    // A fresh load shows what was saved.
    await page.reload();
    await percentage.waitFor();
    expect(await percentage.inputValue()).toBe('72.5');
    expect(await page.getByLabel('Terms and conditions link').inputValue()).toBe('https://causeway.example/terms');
    expect(admin.errors).toEqual([]);
  });

  it('lists those changes in the audit log, newest first, and its filters narrow them', async () => {
    await openAdminPage('Audit log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const rows = page.locator('.cw-admin-table tbody tr');
    await rows.first().waitFor();
    // Each row as "event, document: record".
    const events = () =>
      rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const [event, document] = [...tr.querySelectorAll('[data-label="Event"] span')].map(
            (span) => span.textContent,
          );
          return `${event}, ${document}: ${tr.querySelector('[data-label="Record"]')?.textContent}`;
        }),
      );
    // In the interface's words: People, not users; Invitations, not registration tokens.
    expect(await events()).toEqual([
      'Changed, Settings: Settings',
      'Changed, People: Priya Shah',
      'Deleted, People: Jordan Ellis',
      'Changed, People: Jordan Ellis',
      'Changed, People: Jordan Ellis',
      'Restored, Organizations: Riverbend Literacy Project',
      'Deleted, Organizations: Riverbend Literacy Project',
      'Changed, Organizations: Riverbend Literacy Project',
      'Changed, Organizations: Riverbend Literacy Project',
      'Created, Organizations: Riverbend Literacy Project',
      'Signed up, People: Jordan Ellis',
      'Invited, Invitations: jordan.ellis@example.org',
      // At start the demo organization was given its advertiser on the ad platform.
      'Changed, Organizations: Harbor Light Food Bank',
    ]);
    expect(await rows.last().locator('[data-label="Who"]').textContent()).toBe('the platform');
    await expectAccessible(page, 'the audit log');
    const times = await rows
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')!));
    expect([...times].sort().reverse()).toEqual(times);
    expect(await rows.first().locator('[data-label="Who"]').textContent()).toBe('Alex Morgan');
    expect(await rows.nth(3).locator('[data-label="Action"]').textContent()).toBe('Made Jordan Ellis an admin.');
    expect(await rows.nth(1).locator('[data-label="Action"]').textContent()).toBe(
      'Marked Priya Shah as a demo account.',
    );

    await page.getByLabel('Document').fill('organizations');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows.count()).toBe(6);
    expect(new URL(page.url()).searchParams.get('document')).toBe('organizations');
    await page.getByLabel('Event').fill('restore');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Riverbend Literacy Project');

    // The menu's link opens the whole log again, and the filter fields say so.
    await openAdminPage('Audit log');
    await expect.poll(() => rows.count()).toBe(13);
    expect(await page.getByLabel('Document').inputValue()).toBe('');
    expect(await page.getByLabel('Event').inputValue()).toBe('');

    await page.getByLabel('Document').fill('users');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(13);
    expect(admin.errors).toEqual([]);
  });

  it('keeps a campaigner out of the admin area: no Admin in the menu, a clear page at /admin', async () => {
    const campaigner = await openBrowser();
    try {
      const own = campaigner.page;
      // A link to the admin area asks for sign-in, then leads a campaigner to their own home.
      await own.goto(`${app.url}/admin/people`);
      await signInInBrowser(own, 'campaigner@demo.local', app.demoPassword);
      await own.getByTestId('session-user').waitFor();
      await own.waitForURL(/\/campaigner$/);
      const menu = own.getByRole('navigation', { name: 'Main' });
      await menu.getByRole('link', { name: 'Campaigns' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Admin' }).count()).toBe(0);

      for (const path of ['/admin', '/admin/people', '/admin/organizations/new']) {
        await own.goto(`${app.url}${path}`);
        await own.getByRole('heading', { name: "This area isn't part of your account" }).waitFor();
        expect(new URL(own.url()).pathname).toBe(path);
        expect(await own.getByRole('link', { name: 'Go to your home page' }).count()).toBe(1);
      }
      await own.getByRole('link', { name: 'Go to your home page' }).click();
      await own.waitForURL(/\/campaigner$/);
      expect(campaigner.errors).toEqual([]);
    } finally {
      await campaigner.close();
    }
  });
});
