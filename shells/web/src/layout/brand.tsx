import { HeartHandshake } from 'lucide-react';

export function Brand({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className={`cw-brand${inverse ? ' cw-brand--inverse' : ''}`}>
      <span className="cw-brand__mark" aria-hidden="true">
        <HeartHandshake size={18} strokeWidth={2.25} />
      </span>
      <span className="cw-brand__name">Causeway</span>
    </span>
  );
}
