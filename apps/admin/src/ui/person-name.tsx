import { usePerson } from '../api/people.api';
import { personName } from '../model/people';

/** A person's name, fetched by uid (shared with the People pages' cache); a placeholder while it loads. */
export function PersonName({ uid, fallback = 'Unknown person' }: { uid: string; fallback?: string }) {
  const person = usePerson(uid);
  if (person.isPending) return <span className="cw-admin-muted">…</span>;
  if (person.isError) return <span className="cw-admin-muted">{fallback}</span>;
  return <>{personName(person.data)}</>;
}
