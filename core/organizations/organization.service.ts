import type { AuditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import { authorize, isPlatformStaff } from '../auth/authorization';
import type { OrganizationInput, UpdateOrganizationBody } from '../contracts/people.contract';
import type { Clock } from '../ports/clock.port';
import type { FileStore } from '../ports/file-store.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { ImageInspector } from '../ports/image-inspector.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port';
import { invalid, notFound } from '../shared/errors';
import type { Organization } from './organization.entity';

export type OrganizationServiceDeps = {
  unitOfWork: UnitOfWork;
  organizations: Pick<OrganizationRepository, 'findById' | 'list'>;
  files: Pick<FileStore, 'put' | 'delete' | 'url' | 'pathOf'>;
  images: ImageInspector;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditTrail, 'record'>;
  /** A replaced image file that could not be removed: no record points to it any more. */
  onCleanupFailure: (path: string, error: unknown) => void;
};

export type OrganizationService = ReturnType<typeof organizationServiceFactory>;

export const ORGANIZATION_NOT_FOUND = 'Organization not found';

export type OrganizationImageKind = 'logo' | 'imageLogin';

/** Limits of an uploaded logo or login image. */
export const ORGANIZATION_IMAGE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  minSide: 16,
  maxSide: 4096,
} as const;

/** The formats accepted, by the name the image inspector gives them. */
const IMAGE_FORMATS: Record<string, { label: string; contentType: string; extension: string }> = {
  png: { label: 'PNG', contentType: 'image/png', extension: 'png' },
  jpg: { label: 'JPEG', contentType: 'image/jpeg', extension: 'jpg' },
  gif: { label: 'GIF', contentType: 'image/gif', extension: 'gif' },
  webp: { label: 'WebP', contentType: 'image/webp', extension: 'webp' },
  svg: { label: 'SVG', contentType: 'image/svg+xml', extension: 'svg' },
};
/** Content types an upload may be sent as ("image/jpg" is a common misspelling browsers and tools send). */
const DECLARED_TYPES = new Set([...Object.values(IMAGE_FORMATS).map((format) => format.contentType), 'image/jpg']);
const ACCEPTED_LIST = 'PNG, JPEG, GIF, WebP or SVG';
const ACCEPTED_CONTENT_TYPES = Object.values(IMAGE_FORMATS)
  .map((format) => format.contentType)
  .join(', ');

const KIND_LABELS: Record<OrganizationImageKind, string> = { logo: 'logo', imageLogin: 'login image' };

const imagePath = (kind: OrganizationImageKind, organizationId: string, extension: string) =>
  `organizations/${kind}_${organizationId}.${extension}`;

/** Rounded up to a tenth, so a file just over a limit never reads as the limit itself. */
function megabytes(bytes: number): string {
  const tenths = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)} MB`;
}

/** The image as its bytes say it is; refuses anything the product does not show as a logo. */
function checkedImage(
  images: ImageInspector,
  content: Uint8Array,
  declaredType: string,
): { contentType: string; extension: string; description: string } {
  const refuse = (message: string) => invalid(message, { image: message });
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (declared === '') {
    throw refuse(`Send the image with its content type (${ACCEPTED_CONTENT_TYPES}).`);
  }
  if (!DECLARED_TYPES.has(declared)) {
    throw refuse(`Images must be ${ACCEPTED_LIST}; this file was sent as "${declared}".`);
  }
  if (content.byteLength === 0) throw refuse('The image is empty. Choose an image file.');
  if (content.byteLength > ORGANIZATION_IMAGE_LIMITS.maxBytes) {
    throw refuse(
      `The image is ${megabytes(content.byteLength)}; images may be at most ${megabytes(ORGANIZATION_IMAGE_LIMITS.maxBytes)}.`,
    );
  }
  const facts = images.inspect(content);
  if (!facts) {
    throw refuse(
      `This file could not be read as an image (it was sent as "${declared}"). Choose a ${ACCEPTED_LIST} image.`,
    );
  }
  const format = IMAGE_FORMATS[facts.format];
  if (!format) throw refuse(`This file is a ${facts.format.toUpperCase()} image. Choose a ${ACCEPTED_LIST} image.`);
  const { minSide, maxSide } = ORGANIZATION_IMAGE_LIMITS;
  const size = `${facts.width}×${facts.height} pixels`;
  if (facts.width < minSide || facts.height < minSide) {
    throw refuse(`The image is ${size}; it must be at least ${minSide}×${minSide}.`);
  }
  if (facts.width > maxSide || facts.height > maxSide) {
    throw refuse(`The image is ${size}; it must be at most ${maxSide}×${maxSide}.`);
  }
  return { contentType: format.contentType, extension: format.extension, description: `${format.label}, ${size}` };
}

/** The supplied fields whose value differs from the organization's, for the audit entry. */
function changedFields(current: Organization, patch: UpdateOrganizationBody): string[] {
  return Object.entries(patch)
    .filter(
      ([field, value]) =>
        value !== undefined && JSON.stringify(current[field as keyof Organization]) !== JSON.stringify(value),
    )
    .map(([field]) => field);
}

export function organizationServiceFactory({
  unitOfWork,
  organizations,
  files,
  images,
  clock,
  ids,
  audit,
  onCleanupFailure,
}: OrganizationServiceDeps) {
  const record = (
    repositories: Repositories,
    actor: Actor,
    event: string,
    action: string,
    organization: Organization,
  ) =>
    audit.record(repositories.auditLogs, actor, {
      document: 'organizations',
      event,
      action,
      triggerId: organization.organizationId,
      triggerName: organization.name,
    });

  /**
   * The organization as the actor may see it. A deleted organization is gone for its own members:
   * only platform staff see it (and may restore it), so editing cannot undo a deletion by staff.
   */
  const visible = (actor: Actor, organization: Organization | null): Organization => {
    if (!organization || (organization.isDeleted && !isPlatformStaff(actor))) throw notFound(ORGANIZATION_NOT_FOUND);
    return organization;
  };
  /** The repository answers null only for an organization that no longer exists. */
  const existing = (organization: Organization | null): Organization => {
    if (!organization) throw notFound(ORGANIZATION_NOT_FOUND);
    return organization;
  };

  return {
    /** Alphabetical by name; deleted organizations only when asked for. */
    async list(actor: Actor, options: { includeDeleted?: boolean } = {}): Promise<Organization[]> {
      authorize(actor, 'organization.list');
      return organizations.list({ includeDeleted: options.includeDeleted === true });
    },

    async get(actor: Actor, organizationId: string): Promise<Organization> {
      authorize(actor, 'organization.read', { organizationId });
      return visible(actor, await organizations.findById(organizationId));
    },

    async create(actor: Actor, input: OrganizationInput): Promise<Organization> {
      authorize(actor, 'organization.create');
      return unitOfWork.run(async (repositories) => {
        const created = await repositories.organizations.create({
          ...input,
          organizationId: ids.newId(),
          created_date: clock.now().toISOString(),
        });
        await record(repositories, actor, 'create', `Created organization ${created.name}`, created);
        return created;
      });
    },

    /** Applies the supplied fields. Editing a deleted organization makes it active again (SPEC §4). */
    async update(actor: Actor, organizationId: string, patch: UpdateOrganizationBody): Promise<Organization> {
      authorize(actor, 'organization.update', { organizationId });
      return unitOfWork.run(async (repositories) => {
        const current = visible(actor, await repositories.organizations.findById(organizationId));
        const updated = existing(await repositories.organizations.update(organizationId, patch));
        const changed = changedFields(current, patch);
        const what = changed.length === 0 ? 'nothing changed' : `changed ${changed.join(', ')}`;
        if (current.isDeleted) {
          await record(
            repositories,
            actor,
            'restore',
            `Restored organization ${updated.name} by editing it (${what})`,
            updated,
          );
        } else {
          await record(repositories, actor, 'update', `Updated organization ${updated.name} (${what})`, updated);
        }
        return updated;
      });
    },

    /** Marks the organization deleted; deleting a deleted organization changes nothing. */
    async softDelete(actor: Actor, organizationId: string): Promise<Organization> {
      authorize(actor, 'organization.delete');
      return unitOfWork.run(async (repositories) => {
        const current = visible(actor, await repositories.organizations.findById(organizationId));
        if (current.isDeleted) return current;
        await repositories.organizations.softDelete(organizationId);
        const deleted: Organization = { ...current, isDeleted: true };
        await record(repositories, actor, 'delete', `Deleted organization ${current.name}`, deleted);
        return deleted;
      });
    },

    /** Makes a deleted organization active again; restoring an active one changes nothing. */
    async restore(actor: Actor, organizationId: string): Promise<Organization> {
      authorize(actor, 'organization.restore');
      return unitOfWork.run(async (repositories) => {
        const current = visible(actor, await repositories.organizations.findById(organizationId));
        if (!current.isDeleted) return current;
        const restored = existing(await repositories.organizations.update(organizationId, { isDeleted: false }));
        await record(repositories, actor, 'restore', `Restored organization ${restored.name}`, restored);
        return restored;
      });
    },

    /**
     * Stores a logo or login image at `organizations/{kind}_{organizationId}.{ext}` (the extension of
     * the format its bytes show) and saves its address on the organization. The file is written last
     * in the unit of work, so a store that fails leaves the organization and the audit log untouched.
     */
    async setImage(
      actor: Actor,
      organizationId: string,
      kind: OrganizationImageKind,
      image: { content: Uint8Array; contentType: string },
    ): Promise<Organization> {
      authorize(actor, 'organization.update', { organizationId });
      const checked = checkedImage(images, image.content, image.contentType);
      const path = imagePath(kind, organizationId, checked.extension);
      const url = files.url(path);

      const { updated, previous } = await unitOfWork.run(async (repositories) => {
        const current = visible(actor, await repositories.organizations.findById(organizationId));
        const saved = existing(
          await repositories.organizations.update(
            organizationId,
            kind === 'logo' ? { logo: url } : { imageLogin: url },
          ),
        );
        const label = KIND_LABELS[kind];
        if (current.isDeleted) {
          await record(
            repositories,
            actor,
            'restore',
            `Restored organization ${saved.name} by changing its ${label} (${checked.description})`,
            saved,
          );
        } else {
          await record(
            repositories,
            actor,
            'update',
            `Changed the ${label} of ${saved.name} (${checked.description})`,
            saved,
          );
        }
        await files.put(path, image.content, checked.contentType);
        return { updated: saved, previous: current[kind] };
      });

      // An image of another format lived under another name: it is not used any more.
      const stale = Object.values(IMAGE_FORMATS)
        .map((format) => imagePath(kind, organizationId, format.extension))
        .find((candidate) => candidate !== path && previous !== null && files.pathOf(previous) === candidate);
      if (stale) {
        await files.delete(stale).catch((error: unknown) => onCleanupFailure(stale, error));
      }
      return updated;
    },
  };
}
