import { SearchX } from 'lucide-react';
import { NotAllowed } from '../ui/states';

export function NotFoundPage() {
  return (
    <NotAllowed
      icon={SearchX}
      title="There's no such page in the admin area"
      text="The link may be incomplete. Everything you can use is in the menu."
    />
  );
}
