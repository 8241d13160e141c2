import { Check } from 'lucide-react';
import { cn } from '~/lib/cn.ts';

/** A checklist of what a service or package includes. */
export function FeatureList({ features, label, className }: { features: string[]; label: string; className?: string }) {
  return (
    <ul className={cn('grid', className)} aria-label={label}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-herb" strokeWidth={3} />
          {feature}
        </li>
      ))}
    </ul>
  );
}
