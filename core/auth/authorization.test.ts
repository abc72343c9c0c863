import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorize, can, RULES, type Action, type Actor, type Target } from './authorization';

/**
 * The "Authorization" table of docs/security.md, stated here cell by cell: every cell is checked against
 * RULES, and the doc must show exactly these cells, so neither can change without the other.
 */
type Cell = '✓' | '✗' | 'own organization' | 'self' | '✓ but not self' | 'own organization but not self';

const ROLES = [
  'super user',
  'platform admin',
  'organization admin',
  'campaigner',
  'promoter',
  'demo user',
  'analyst',
  'platform analyst',
] as const;
type Role = (typeof ROLES)[number];

const MATRIX: Record<Action, readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]> = {
  'organization.list': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'organization.read': [
    '✓',
    '✓',
    'own organization',
    'own organization',
    'own organization',
    'own organization',
    'own organization',
    'own organization',
  ],
  'organization.create': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'organization.update': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'organization.delete': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'organization.restore': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'organization.createAdvertiser': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'user.list': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'user.read': ['✓', '✓', 'own organization', 'self', 'self', 'self', 'self', 'self'],
  'user.update': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'user.setAdmin': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'user.setAnalyst': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'user.setPlatformAnalyst': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'user.setSuperUser': ['✓', '✗', '✗', '✗', '✗', '✗', '✗', '✗'],
  'user.softDelete': ['✓ but not self', '✓ but not self', 'own organization but not self', '✗', '✗', '✗', '✗', '✗'],
  'user.hardDelete': ['✓ but not self', '✓ but not self', '✗', '✗', '✗', '✗', '✗', '✗'],
  'profile.updateOwn': ['self', 'self', 'self', 'self', 'self', 'self', 'self', 'self'],
  'invitation.create': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'settings.read': ['✓', '✓', '✓', '✓', '✓', '✓', '✓', '✓'],
  'settings.update': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'notification.read': ['self', 'self', 'self', 'self', 'self', 'self', 'self', 'self'],
  'notification.broadcast': ['✓', '✓', 'self', 'self', 'self', 'self', 'self', 'self'],
  'log.read': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'preCampaign.create': ['✗', '✗', 'self', 'self', '✗', 'self', '✗', '✗'],
  'preCampaign.read': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'preCampaign.list': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'preCampaign.edit': ['self', 'self', 'own organization', 'self', '✗', 'self', '✗', '✗'],
  'preCampaign.delete': ['✓', '✓', 'own organization', 'self', '✗', 'self', '✗', '✗'],
  'preCampaign.submit': ['self', 'self', 'own organization', 'self', '✗', '✗', '✗', '✗'],
  'preCampaign.review': ['✓', '✗', '✗', '✗', '✗', '✗', '✗', '✗'],
  'preCampaign.pay': ['self', 'self', 'own organization', 'self', '✗', '✗', '✗', '✗'],
  'payment.listOwn': ['self', 'self', 'self', 'self', 'self', 'self', 'self', 'self'],
  'deployment.start': ['✓', '✗', '✗', '✗', '✗', '✗', '✗', '✗'],
  'deployment.resume': ['✓', 'self', 'own organization', 'self', '✗', '✗', '✗', '✗'],
  'delivery.read': ['✓', '✓', 'own organization', 'self', '✗', 'self', '✗', '✗'],
  'adPlatform.call': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'demoCampaign.manage': ['✓', '✓', '✗', '✗', '✗', '✗', '✗', '✗'],
  'demoCampaign.read': ['✓', '✓', '✗', '✗', '✗', 'own organization', '✗', '✗'],
  'promotion.create': ['✗', '✗', '✗', '✗', 'self', '✗', '✗', '✗'],
  'promotion.read': ['✓', '✓', '✗', '✗', 'self', '✗', '✗', '✗'],
  'campaignShares.read': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'fundraiserPage.edit': ['✗', '✗', '✗', '✗', 'self', '✗', '✗', '✗'],
  'fundraiserPage.moderate': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'appreciation.read': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'appreciation.edit': ['self', 'self', 'own organization', 'self', '✗', 'self', '✗', '✗'],
  'report.read': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', 'own organization', '✓'],
  'report.donorEmails': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
  'monthlyGift.readFailed': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'monthlyGift.remind': ['✓', '✓', 'own organization', 'own organization', '✗', 'own organization', '✗', '✗'],
  'statement.send': ['✓', '✓', 'own organization', '✗', '✗', '✗', '✗', '✗'],
};

const HOME = 'org-harbor';
const actorBase = { demoUser: false, displayName: 'Someone' };
const ACTORS: Record<Role, Actor> = {
  'super user': { ...actorBase, uid: 'super', role: 'superUser', organizationId: null },
  'platform admin': { ...actorBase, uid: 'platform-admin', role: 'admin', organizationId: null },
  'organization admin': { ...actorBase, uid: 'harbor-admin', role: 'admin', organizationId: HOME },
  campaigner: { ...actorBase, uid: 'casey', role: 'campaigner', organizationId: HOME },
  promoter: { ...actorBase, uid: 'priya', role: 'promoter', organizationId: HOME },
  'demo user': { ...actorBase, uid: 'dana', role: 'campaigner', organizationId: HOME, demoUser: true },
  analyst: { ...actorBase, uid: 'ana', role: 'analyst', organizationId: HOME },
  'platform analyst': { ...actorBase, uid: 'paul', role: 'analyst', organizationId: HOME, reportsEverywhere: true },
};

/** The records each cell is probed with: the actor's own, a colleague's in HOME, a stranger's elsewhere. */
const targetsOf = (actor: Actor): Record<'self' | 'colleague' | 'stranger', Target> => ({
  self: { uid: actor.uid, organizationId: actor.organizationId },
  colleague: { uid: 'colleague', organizationId: HOME },
  stranger: { uid: 'stranger', organizationId: 'org-riverside' },
});

/** What each cell means for those three records. */
const ALLOWED: Record<Cell, { self: boolean; colleague: boolean; stranger: boolean }> = {
  '✓': { self: true, colleague: true, stranger: true },
  '✗': { self: false, colleague: false, stranger: false },
  'own organization': { self: true, colleague: true, stranger: false },
  self: { self: true, colleague: false, stranger: false },
  '✓ but not self': { self: false, colleague: true, stranger: true },
  'own organization but not self': { self: false, colleague: true, stranger: false },
};

const cells = (Object.keys(MATRIX) as Action[]).flatMap((action) =>
  ROLES.map((role, column) => ({ action, role, cell: MATRIX[action][column]! })),
);

describe('the authorization table', () => {
  it('covers every rule', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(RULES).sort());
  });

  it.each(cells)('$action for a $role: $cell', ({ action, role, cell }) => {
    const actor = ACTORS[role];
    const targets = targetsOf(actor);
    const answers = {
      self: can(actor, action, targets.self),
      colleague: can(actor, action, targets.colleague),
      stranger: can(actor, action, targets.stranger),
    };
    expect(answers).toEqual(ALLOWED[cell]);
  });

  it('refuses with a 403 that says why', () => {
    expect(() => authorize(ACTORS['platform admin'], 'user.setSuperUser', { uid: 'casey' })).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'Only a super user can grant or remove super user rights.',
      }),
    );
  });

  it('is the table docs/security.md shows, with signed-out callers refused everywhere', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/security.md'), 'utf8');
    const section = doc.split('## Authorization')[1]?.split('\n## ')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => /^\| `[\w.]+`/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const shown = Object.fromEntries(rows.map(([first, ...rest]) => [/`([\w.]+)`/.exec(first!)![1]!, rest]));
    const expected = Object.fromEntries(Object.entries(MATRIX).map(([action, row]) => [action, [...row, '✗']]));
    expect(shown).toEqual(expected);
  });
});
