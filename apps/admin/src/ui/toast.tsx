import { CircleAlert, CircleCheck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Toast = { id: number; tone: 'success' | 'error'; message: ReactNode };
type ToastApi = { success: (message: ReactNode) => void; error: (message: ReactNode) => void };

const ToastContext = createContext<ToastApi | null>(null);

const VISIBLE_MS = 6000;

/** Short confirmations of what just happened ("Organization saved"), announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (tone: Toast['tone'], message: ReactNode) => {
      const id = nextId.current++;
      // A new toast replaces the earlier confirmations, which would otherwise stack over the page's own
      // buttons (a page header's Delete, say); failures stay until read or timed out.
      setToasts((list) => [...list.filter((toast) => toast.tone === 'error').slice(-2), { id, tone, message }]);
      window.setTimeout(() => dismiss(id), VISIBLE_MS);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ success: (message) => push('success', message), error: (message) => push('error', message) }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="cw-admin-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`cw-admin-toast cw-admin-toast--${toast.tone}`}>
            {toast.tone === 'success' ? (
              <CircleCheck size={18} aria-hidden="true" />
            ) : (
              <CircleAlert size={18} aria-hidden="true" />
            )}
            <div className="cw-admin-toast__message">{toast.message}</div>
            <button
              type="button"
              className="cw-admin-toast__close"
              onClick={() => dismiss(toast.id)}
              aria-label="Dismiss"
            >
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast is used outside the admin area.');
  return api;
}
