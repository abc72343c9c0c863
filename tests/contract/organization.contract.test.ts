import { expect, it } from 'vitest';
import type { NewOrganization } from '@causeway/core/organizations/organization.entity';
import { describeContract } from '@causeway/tests/support/contract';

const at = '2026-01-01T00:00:00.000Z';

const organization = (organizationId: string, overrides: Partial<NewOrganization> = {}): NewOrganization => ({
  organizationId,
  name: `Org ${organizationId}`,
  created_date: at,
  ...overrides,
});

describeContract('OrganizationRepository', (subject) => {
  it('creates an organization with defaults and finds it by id; null for an unknown id', async () => {
    const { organizations } = subject().store.repositories;
    const created = await organizations.create(
      organization('o-1', {
        name: 'Hope Fund',
        email: 'Info@HopeFund.org',
        donationPercentage: 72.5,
        advertiserId: 'adv-9',
      }),
    );
    expect(created).toEqual({
      organizationId: 'o-1',
      name: 'Hope Fund',
      address: null,
      phone: null,
      email: 'info@hopefund.org',
      website: null,
      logo: null,
      termsAndConditions: null,
      termsAndConditionsLink: null,
      paymentDisclaimer: null,
      legalName: null,
      taxId: null,
      receiptNote: null,
      donationPercentage: 72.5,
      headerColor: null,
      footerColor: null,
      sideBarColor: null,
      backGroundColor: null,
      imageLogin: null,
      organizationCode: null,
      advertiserId: 'adv-9',
      embedOrigins: [],
      isDeleted: false,
      created_date: at,
    });
    expect(await organizations.findById('o-1')).toEqual(created);
    expect(await organizations.findById('o-missing')).toBeNull();
  });

  it('keeps the sites that may show the donate form, in order, and clears them', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create({ organizationId: 'o-embed', name: 'Embedding Org', created_date: at });
    const origins = ['https://www.example.org', 'http://127.0.0.2:4000'];
    expect((await organizations.update('o-embed', { embedOrigins: origins }))?.embedOrigins).toEqual(origins);
    expect((await organizations.findById('o-embed'))?.embedOrigins).toEqual(origins);
    expect((await organizations.update('o-embed', { name: 'Renamed' }))?.embedOrigins).toEqual(origins);
    await organizations.update('o-embed', { embedOrigins: [] });
    expect((await organizations.findById('o-embed'))?.embedOrigins).toEqual([]);
  });

  it('refuses a taken organizationId with a conflict', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create(organization('o-1', { name: 'First' }));
    await expect(organizations.create(organization('o-1', { name: 'Second' }))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await organizations.findById('o-1'))?.name).toBe('First');
  });

  it('lists alphabetically by name, whatever the case', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create(organization('o-1', { name: 'charity' }));
    await organizations.create(organization('o-2', { name: 'Alpha' }));
    await organizations.create(organization('o-3', { name: 'beta' }));
    await organizations.create(organization('o-4', { name: 'Beta Two' }));
    expect((await organizations.list()).map((o) => o.name)).toEqual(['Alpha', 'beta', 'Beta Two', 'charity']);
  });

  it('leaves soft-deleted organizations out of the list unless asked for', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create(organization('o-1', { name: 'Alpha' }));
    await organizations.create(organization('o-2', { name: 'Beta' }));
    await organizations.softDelete('o-1');
    expect((await organizations.list()).map((o) => o.organizationId)).toEqual(['o-2']);
    expect((await organizations.list({ includeDeleted: true })).map((o) => o.organizationId)).toEqual(['o-1', 'o-2']);
  });

  it('updates only the supplied fields; null when no such organization', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create(organization('o-1', { name: 'Hope', phone: '555-0100', headerColor: '#112233' }));
    const updated = await organizations.update('o-1', { phone: null, donationPercentage: 60, advertiserId: 'adv-1' });
    expect(updated).toMatchObject({
      organizationId: 'o-1',
      name: 'Hope',
      phone: null,
      headerColor: '#112233',
      donationPercentage: 60,
      advertiserId: 'adv-1',
      created_date: at,
    });
    expect(await organizations.findById('o-1')).toEqual(updated);
    expect(await organizations.update('o-missing', { name: 'Nobody' })).toBeNull();
  });

  it('makes a soft-deleted organization active again when it is updated', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create(organization('o-1'));
    await organizations.softDelete('o-1');
    expect(await organizations.update('o-1', { website: 'https://hope.example.org' })).toMatchObject({
      isDeleted: false,
    });
    expect((await organizations.list()).map((o) => o.organizationId)).toEqual(['o-1']);
  });

  it('soft-deletes: sets isDeleted and keeps the organization; false when no such organization', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create(organization('o-1'));
    expect(await organizations.softDelete('o-1')).toBe(true);
    expect(await organizations.findById('o-1')).toMatchObject({ organizationId: 'o-1', isDeleted: true });
    expect(await organizations.softDelete('o-missing')).toBe(false);
  });

  it('writes one event per change, none for reads or misses', async () => {
    const { store } = subject();
    const { organizations } = store.repositories;
    await organizations.create(organization('o-1'));
    await organizations.update('o-1', { name: 'Renamed' });
    await organizations.softDelete('o-1');
    await organizations.findById('o-1');
    await organizations.list({ includeDeleted: true });
    await organizations.update('o-missing', { name: 'x' });
    await organizations.softDelete('o-missing');
    await expect(organizations.create(organization('o-1'))).rejects.toMatchObject({ code: 'conflict' });
    const events = await store.outbox.pending(20);
    expect(events.map((event) => [event.type, event.aggregateType, event.aggregateId])).toEqual([
      ['organization.created', 'organization', 'o-1'],
      ['organization.updated', 'organization', 'o-1'],
      ['organization.deleted', 'organization', 'o-1'],
    ]);
    expect(events[0]?.payload).toMatchObject({ organization: { organizationId: 'o-1', name: 'Org o-1' } });
    expect(events[1]?.payload).toMatchObject({ organization: { name: 'Renamed', isDeleted: false } });
    expect(events[2]?.payload).toEqual({ organizationId: 'o-1' });
  });

  it('keeps the legal name, tax id and tax statement receipts give', async () => {
    const { organizations } = subject().store.repositories;
    await organizations.create({
      organizationId: 'org-r',
      name: 'Harbor Light',
      created_date: '2026-01-01T00:00:00.000Z',
    });
    await organizations.update('org-r', {
      legalName: 'Harbor Light Food Bank, Inc.',
      taxId: '12-3456789',
      receiptNote: 'No goods or services were provided in exchange for this gift.',
    });
    expect(await organizations.findById('org-r')).toMatchObject({
      legalName: 'Harbor Light Food Bank, Inc.',
      taxId: '12-3456789',
      receiptNote: 'No goods or services were provided in exchange for this gift.',
    });
    await organizations.update('org-r', { taxId: null });
    expect(await organizations.findById('org-r')).toMatchObject({
      taxId: null,
      legalName: 'Harbor Light Food Bank, Inc.',
    });
  });
});
