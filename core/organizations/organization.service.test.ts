import { beforeEach, describe, expect, it } from 'vitest';
import { imageSizeInspector } from '@causeway/adapters/files/image-size.image-inspector';
import { createMemoryFileStore } from '@causeway/adapters/memory/file-store.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { bmpOfSize, svgOfSize } from '@causeway/tests/support/image-headers';
import { gifOfSize, jpegOfSize, pngOfSize, webpOfSize } from '@causeway/tests/support/images';
import { auditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import type { FileStore } from '../ports/file-store.port';
import type { DataStore } from '../ports/unit-of-work.port';
import type { Organization } from './organization.entity';
import { organizationServiceFactory, ORGANIZATION_NOT_FOUND, type OrganizationService } from './organization.service';

const FILES_URL = 'http://causeway.test/files';

const actor = (uid: string, role: Actor['role'], organizationId: string | null = null): Actor => ({
  uid,
  role,
  organizationId,
  demoUser: false,
  displayName: uid,
});

let clock: ManualClock;
let store: DataStore;
let files: FileStore;
let failingPuts: boolean;
let cleanupFailures: string[];
let service: OrganizationService;
let harbor: Organization;
let orchard: Organization;

const superUser = actor('super-1', 'superUser');
const platformAdmin = actor('admin-1', 'admin');
const promoter = actor('promoter-1', 'promoter');
let harborAdmin: Actor;
let harborCampaigner: Actor;
let orchardAdmin: Actor;

const auditEntries = () => store.repositories.auditLogs.list({ document: 'organizations' });
const stored = (id: string) => store.repositories.organizations.findById(id);

beforeEach(async () => {
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  const ids = new SequentialIds('org');
  store = createMemoryDataStore({ clock, ids });
  const memoryFiles = createMemoryFileStore(FILES_URL);
  failingPuts = false;
  // The store as configured, except that it can be made to fail its writes.
  files = {
    ...memoryFiles,
    async put(path, content, contentType) {
      if (failingPuts) throw new Error('The file store is unreachable.');
      return memoryFiles.put(path, content, contentType);
    },
  };
  cleanupFailures = [];
  service = organizationServiceFactory({
    unitOfWork: store.unitOfWork,
    organizations: store.repositories.organizations,
    files,
    images: imageSizeInspector,
    clock,
    ids,
    audit: auditTrail({ clock, ids: new SequentialIds('log') }),
    onCleanupFailure: (path) => cleanupFailures.push(path),
  });
  harbor = await service.create(superUser, { name: 'Harbor Light Food Bank', donationPercentage: 80 });
  orchard = await service.create(platformAdmin, { name: 'Orchard Youth Trust' });
  harborAdmin = actor('harbor-admin', 'admin', harbor.organizationId);
  harborCampaigner = actor('harbor-campaigner', 'campaigner', harbor.organizationId);
  orchardAdmin = actor('orchard-admin', 'admin', orchard.organizationId);
});

describe('creating organizations', () => {
  it('gives the organization a new id and the current date, and writes who did it to the audit log', async () => {
    clock.advance(60_000);
    const created = await service.create(superUser, {
      name: 'Cedar Shelter',
      email: 'Hello@Cedar.example',
      headerColor: '#123456',
    });
    expect(created).toMatchObject({
      name: 'Cedar Shelter',
      email: 'hello@cedar.example',
      headerColor: '#123456',
      donationPercentage: 0,
      isDeleted: false,
      created_date: '2026-05-01T08:01:00.000Z',
    });
    expect(created.organizationId).not.toBe(harbor.organizationId);
    expect(await stored(created.organizationId)).toEqual(created);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      created_by: 'super-1',
      created_date: '2026-05-01T08:01:00.000Z',
      document: 'organizations',
      event: 'create',
      action: 'Created organization Cedar Shelter',
      trigger_id: created.organizationId,
      trigger_name: 'Cedar Shelter',
    });
  });

  it.each([
    ['an organization admin', () => harborAdmin],
    ['a campaigner', () => harborCampaigner],
    ['a promoter', () => promoter],
  ])('refuses %s and writes nothing', async (_who, who) => {
    const before = await auditEntries();
    await expect(service.create(who(), { name: 'Sneaky Org' })).rejects.toMatchObject({ code: 'forbidden' });
    expect((await service.list(superUser, { includeDeleted: true })).map((o) => o.name)).not.toContain('Sneaky Org');
    expect(await auditEntries()).toEqual(before);
  });

  it('keeps nothing when the audit entry cannot be written', async () => {
    const failingAudit = organizationServiceFactory({
      unitOfWork: store.unitOfWork,
      organizations: store.repositories.organizations,
      files,
      images: imageSizeInspector,
      clock,
      ids: new SequentialIds('other'),
      audit: {
        record: async () => {
          throw new Error('The audit log is unreachable.');
        },
      },
      onCleanupFailure: () => undefined,
    });
    await expect(failingAudit.create(superUser, { name: 'Half Written' })).rejects.toThrow('unreachable');
    expect((await service.list(superUser, { includeDeleted: true })).map((o) => o.name)).not.toContain('Half Written');
  });
});

describe('listing and reading organizations', () => {
  it('lists active organizations alphabetically for platform staff, deleted ones only when asked', async () => {
    await service.softDelete(superUser, orchard.organizationId);
    const names = async (includeDeleted: boolean) =>
      (await service.list(platformAdmin, { includeDeleted })).map((o) => o.name);
    expect(await names(false)).toEqual(['Harbor Light Food Bank']);
    expect(await names(true)).toEqual(['Harbor Light Food Bank', 'Orchard Youth Trust']);
  });

  it.each([
    ['an organization admin', () => harborAdmin],
    ['a campaigner', () => harborCampaigner],
    ['a promoter', () => promoter],
  ])('refuses the list to %s', async (_who, who) => {
    await expect(service.list(who())).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lets staff read any organization and members read their own', async () => {
    expect(await service.get(superUser, orchard.organizationId)).toEqual(orchard);
    expect(await service.get(harborCampaigner, harbor.organizationId)).toEqual(harbor);
    expect(await service.get(harborAdmin, harbor.organizationId)).toEqual(harbor);
  });

  it("refuses another organization's members, with a reason", async () => {
    await expect(service.get(harborCampaigner, orchard.organizationId)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'You can only see your own organization.',
    });
    await expect(service.get(promoter, harbor.organizationId)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('answers not found for an unknown organization', async () => {
    await expect(service.get(superUser, 'no-such-org')).rejects.toMatchObject({
      code: 'not_found',
      message: ORGANIZATION_NOT_FOUND,
    });
  });

  it('shows a deleted organization to staff only', async () => {
    await service.softDelete(superUser, harbor.organizationId);
    expect(await service.get(platformAdmin, harbor.organizationId)).toMatchObject({ isDeleted: true });
    await expect(service.get(harborCampaigner, harbor.organizationId)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('updating organizations', () => {
  it('applies only the supplied fields and audits what changed', async () => {
    clock.advance(5_000);
    const updated = await service.update(harborAdmin, harbor.organizationId, {
      headerColor: '#abcdef',
      phone: '+1 207 555 0199',
      name: 'Harbor Light Food Bank',
    });
    expect(updated).toEqual({ ...harbor, headerColor: '#abcdef', phone: '+1 207 555 0199' });
    expect(await stored(harbor.organizationId)).toEqual(updated);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      created_by: 'harbor-admin',
      event: 'update',
      action: 'Updated organization Harbor Light Food Bank (changed headerColor, phone)',
      trigger_id: harbor.organizationId,
    });
  });

  it('clears a field given null', async () => {
    await service.update(superUser, harbor.organizationId, { website: 'https://harbor.example' });
    const cleared = await service.update(superUser, harbor.organizationId, { website: null });
    expect(cleared.website).toBeNull();
  });

  it('makes a deleted organization active again when staff edit it, audited as a restore (SPEC §4)', async () => {
    await service.softDelete(superUser, orchard.organizationId);
    const updated = await service.update(platformAdmin, orchard.organizationId, { name: 'Orchard Youth Fund' });
    expect(updated).toMatchObject({ name: 'Orchard Youth Fund', isDeleted: false });
    expect((await stored(orchard.organizationId))?.isDeleted).toBe(false);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      created_by: 'admin-1',
      event: 'restore',
      action: 'Restored organization Orchard Youth Fund by editing it (changed name)',
      trigger_name: 'Orchard Youth Fund',
    });
  });

  it("does not let an organization's own admin undo its deletion by editing it", async () => {
    await service.softDelete(superUser, harbor.organizationId);
    await expect(service.update(harborAdmin, harbor.organizationId, { name: 'Back Again' })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await stored(harbor.organizationId)).toMatchObject({ isDeleted: true, name: 'Harbor Light Food Bank' });
  });

  it.each([
    ['the admin of another organization', () => orchardAdmin, 'You can only change your own organization.'],
    ['a campaigner of the organization', () => harborCampaigner, 'You can only change your own organization.'],
    ['a promoter', () => promoter, 'You can only change your own organization.'],
  ])('refuses %s and changes nothing', async (_who, who, message) => {
    await expect(service.update(who(), harbor.organizationId, { name: 'Taken Over' })).rejects.toMatchObject({
      code: 'forbidden',
      message,
    });
    expect(await stored(harbor.organizationId)).toEqual(harbor);
  });

  it('answers not found for an unknown organization', async () => {
    await expect(service.update(superUser, 'no-such-org', { name: 'X' })).rejects.toMatchObject({
      code: 'not_found',
      message: ORGANIZATION_NOT_FOUND,
    });
  });
});

describe('deleting and restoring organizations', () => {
  it('soft-deletes, audits it, and a second delete changes nothing', async () => {
    const deleted = await service.softDelete(superUser, orchard.organizationId);
    expect(deleted).toEqual({ ...orchard, isDeleted: true });
    expect(await stored(orchard.organizationId)).toEqual(deleted);
    expect(await service.softDelete(superUser, orchard.organizationId)).toEqual(deleted);
    const deletes = (await auditEntries()).filter((entry) => entry.event === 'delete');
    expect(deletes).toEqual([
      expect.objectContaining({ created_by: 'super-1', action: 'Deleted organization Orchard Youth Trust' }),
    ]);
  });

  it('restores explicitly, audits it, and restoring an active organization changes nothing', async () => {
    await service.softDelete(superUser, orchard.organizationId);
    const restored = await service.restore(platformAdmin, orchard.organizationId);
    expect(restored).toEqual({ ...orchard, isDeleted: false });
    expect(await service.restore(platformAdmin, orchard.organizationId)).toEqual(restored);
    const restores = (await auditEntries()).filter((entry) => entry.event === 'restore');
    expect(restores).toEqual([
      expect.objectContaining({ created_by: 'admin-1', action: 'Restored organization Orchard Youth Trust' }),
    ]);
  });

  it.each([
    ['its own admin', () => harborAdmin],
    ['a campaigner', () => harborCampaigner],
  ])('refuses deleting and restoring to %s', async (_who, who) => {
    await expect(service.softDelete(who(), harbor.organizationId)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await stored(harbor.organizationId))?.isDeleted).toBe(false);
    await service.softDelete(superUser, harbor.organizationId);
    await expect(service.restore(who(), harbor.organizationId)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await stored(harbor.organizationId))?.isDeleted).toBe(true);
  });

  it('answers not found for an unknown organization', async () => {
    await expect(service.softDelete(superUser, 'nope')).rejects.toMatchObject({ code: 'not_found' });
    await expect(service.restore(superUser, 'nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('organization images', () => {
  it('stores a logo under the organization, typed by its bytes, saves its address and audits it', async () => {
    const png = pngOfSize(64, 32);
    const updated = await service.setImage(harborAdmin, harbor.organizationId, 'logo', {
      content: png,
      contentType: 'image/png',
    });
    const path = `organizations/logo_${harbor.organizationId}.png`;
    expect(updated.logo).toBe(`${FILES_URL}/${path}`);
    expect(updated.imageLogin).toBeNull();
    expect(await stored(harbor.organizationId)).toEqual(updated);
    expect(await files.get(path)).toEqual({ content: png, contentType: 'image/png' });
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      created_by: 'harbor-admin',
      event: 'update',
      action: 'Changed the logo of Harbor Light Food Bank (PNG, 64×32 pixels)',
      trigger_id: harbor.organizationId,
    });
  });

  it.each([
    { format: 'JPEG', sent: 'image/jpeg', bytes: jpegOfSize(400, 300), extension: 'jpg', type: 'image/jpeg' },
    {
      format: 'JPEG sent as image/jpg',
      sent: 'image/jpg',
      bytes: jpegOfSize(400, 300),
      extension: 'jpg',
      type: 'image/jpeg',
    },
    { format: 'GIF', sent: 'image/gif', bytes: gifOfSize(16, 16), extension: 'gif', type: 'image/gif' },
    { format: 'WebP', sent: 'image/webp', bytes: webpOfSize(4096, 4096), extension: 'webp', type: 'image/webp' },
    {
      format: 'SVG',
      sent: 'image/svg+xml; charset=utf-8',
      bytes: svgOfSize(200, 80),
      extension: 'svg',
      type: 'image/svg+xml',
    },
    { format: 'PNG sent as JPEG', sent: 'image/jpeg', bytes: pngOfSize(40, 40), extension: 'png', type: 'image/png' },
  ])(
    'stores a $format login image with the extension and type its bytes show',
    async ({ sent, bytes, extension, type }) => {
      const updated = await service.setImage(superUser, harbor.organizationId, 'imageLogin', {
        content: bytes,
        contentType: sent,
      });
      const path = `organizations/imageLogin_${harbor.organizationId}.${extension}`;
      expect(updated.imageLogin).toBe(`${FILES_URL}/${path}`);
      expect((await files.get(path))?.contentType).toBe(type);
    },
  );

  it('removes the previous image when the new one has another format', async () => {
    await service.setImage(superUser, harbor.organizationId, 'logo', {
      content: pngOfSize(64, 64),
      contentType: 'image/png',
    });
    await service.setImage(superUser, harbor.organizationId, 'logo', {
      content: jpegOfSize(64, 64),
      contentType: 'image/jpeg',
    });
    expect(await files.exists(`organizations/logo_${harbor.organizationId}.png`)).toBe(false);
    expect(await files.exists(`organizations/logo_${harbor.organizationId}.jpg`)).toBe(true);
    expect(cleanupFailures).toEqual([]);
  });

  const MB = 1024 * 1024;
  it.each([
    {
      case: 'a type that is not an image',
      content: new TextEncoder().encode('hello'),
      sent: 'text/plain',
      message: 'Images must be PNG, JPEG, GIF, WebP or SVG; this file was sent as "text/plain".',
    },
    {
      case: 'an image type the product does not show',
      content: bmpOfSize(64, 64),
      sent: 'image/bmp',
      message: 'Images must be PNG, JPEG, GIF, WebP or SVG; this file was sent as "image/bmp".',
    },
    {
      case: 'an empty file',
      content: new Uint8Array(0),
      sent: 'image/png',
      message: 'The image is empty. Choose an image file.',
    },
    {
      case: 'a file over 2 MB',
      content: new Uint8Array(2 * MB + 1),
      sent: 'image/png',
      message: 'The image is 2.1 MB; images may be at most 2 MB.',
    },
    {
      case: 'bytes that are not an image',
      content: new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      sent: 'image/png',
      message:
        'This file could not be read as an image (it was sent as "image/png"). Choose a PNG, JPEG, GIF, WebP or SVG image.',
    },
    {
      case: 'a BMP sent as a PNG',
      content: bmpOfSize(64, 64),
      sent: 'image/png',
      message: 'This file is a BMP image. Choose a PNG, JPEG, GIF, WebP or SVG image.',
    },
    {
      case: 'an image smaller than 16×16',
      content: pngOfSize(15, 64),
      sent: 'image/png',
      message: 'The image is 15×64 pixels; it must be at least 16×16.',
    },
    {
      case: 'an image larger than 4096×4096',
      content: webpOfSize(4097, 100),
      sent: 'image/webp',
      message: 'The image is 4097×100 pixels; it must be at most 4096×4096.',
    },
  ])('refuses $case with a message saying what was found, and stores nothing', async ({ content, sent, message }) => {
    await expect(
      service.setImage(superUser, harbor.organizationId, 'logo', { content, contentType: sent }),
    ).rejects.toMatchObject({ code: 'invalid', message, fields: { image: message } });
    expect(await stored(harbor.organizationId)).toEqual(harbor);
    expect(await auditEntries()).toHaveLength(2);
    for (const extension of ['png', 'jpg', 'gif', 'webp', 'svg']) {
      expect(await files.exists(`organizations/logo_${harbor.organizationId}.${extension}`)).toBe(false);
    }
  });

  it('leaves the organization and the audit log untouched when the file store fails', async () => {
    failingPuts = true;
    await expect(
      service.setImage(superUser, harbor.organizationId, 'logo', {
        content: pngOfSize(64, 64),
        contentType: 'image/png',
      }),
    ).rejects.toThrow('The file store is unreachable.');
    expect(await stored(harbor.organizationId)).toEqual(harbor);
    expect(await auditEntries()).toHaveLength(2);
  });

  it('refuses the admin of another organization and a campaigner', async () => {
    const image = { content: pngOfSize(64, 64), contentType: 'image/png' };
    await expect(service.setImage(orchardAdmin, harbor.organizationId, 'logo', image)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(service.setImage(harborCampaigner, harbor.organizationId, 'logo', image)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await files.exists(`organizations/logo_${harbor.organizationId}.png`)).toBe(false);
  });

  it('answers not found for an unknown organization and stores no file', async () => {
    await expect(
      service.setImage(superUser, 'no-such-org', 'logo', { content: pngOfSize(64, 64), contentType: 'image/png' }),
    ).rejects.toMatchObject({ code: 'not_found', message: ORGANIZATION_NOT_FOUND });
    expect(await files.exists('organizations/logo_no-such-org.png')).toBe(false);
  });
});
