import type { UserProfile } from '@causeway/core/users/user.entity';
import { roleBadgesOf } from '../model/people';

export function RoleBadges({ user }: { user: Pick<UserProfile, 'superUser' | 'admin' | 'isDemo' | 'isDeleted'> }) {
  const badges = roleBadgesOf(user);
  if (badges.length === 0) return null;
  return (
    <span className="cw-admin-badges">
      {badges.map((badge) => (
        <span key={badge.id} className={`cw-badge cw-admin-badge--${badge.id}`}>
          {badge.label}
        </span>
      ))}
    </span>
  );
}

export function StatusBadge({ deleted }: { deleted: boolean }) {
  return deleted ? (
    <span className="cw-badge cw-admin-badge--deleted">Deleted</span>
  ) : (
    <span className="cw-badge cw-admin-badge--active">Active</span>
  );
}
