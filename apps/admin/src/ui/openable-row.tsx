import { ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A list's row that opens its item when clicked anywhere but on its own links and buttons (they keep
 * their own action, and the row's link or button is what keyboards and screen readers use). It ends
 * with the chevron cell its table's last, visually hidden "Open" column heads.
 */
export function OpenableRow({
  onOpen,
  children,
  ...row
}: { onOpen: () => void } & Omit<ComponentProps<'tr'>, 'onClick'>) {
  return (
    <tr
      {...row}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button')) return;
        onOpen();
      }}
    >
      {children}
      <td className="cw-admin-col--chevron" aria-hidden="true">
        <ChevronRight size={16} />
      </td>
    </tr>
  );
}
