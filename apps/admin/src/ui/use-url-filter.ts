import { navigate, usePathname, useSearchParams } from '@causeway/shells/shared/router';

/** Keeps a list's filters in the address, so they survive a reload and can be shared. */
export function useUrlFilter() {
  const pathname = usePathname();
  const params = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
  };
  return { params, update };
}
