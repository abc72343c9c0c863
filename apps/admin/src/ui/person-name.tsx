import { usePerson } from '../api/people.api';
import { PLATFORM_AUTHOR } from '../model/audit-log';
import { personName } from '../model/people';

/** A person's name, fetched by uid (shared with the People pages' cache); a placeholder while it loads. */

export function PersonName({ uid, fallback = 'Unknown person' }: { uid: string; fallback?: string }) {
  const person = usePerson(uid, { enabled: uid !== PLATFORM_AUTHOR });
  if (uid === PLATFORM_AUTHOR) return <>the platform</>;
  if (person.isPending) return <span className="cw-admin-muted">…</span>;
  if (person.isError) return <span className="cw-admin-muted">{fallback}</span>;
  return <>{personName(person.data)}</>;
}
