import {
  BookOpen,
  ChefHat,
  Disc3,
  Flame,
  Heart,
  Leaf,
  Music,
  Play,
  QrCode,
  Scale,
  Sparkles,
  Users,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '@content/showcase-schema.ts';
import { cn } from '~/lib/cn.ts';

const icons: Record<IconName, LucideIcon> = {
  book: BookOpen,
  chef: ChefHat,
  music: Music,
  flame: Flame,
  leaf: Leaf,
  sparkles: Sparkles,
  heart: Heart,
  utensils: UtensilsCrossed,
  users: Users,
  qr: QrCode,
  scale: Scale,
  play: Play,
  disc: Disc3,
};

/** A decorative icon named in content (home, cookbook, seasoning cards), in a gold round badge. */
export function ShowcaseIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return (
    <span
      className={cn('inline-flex size-12 items-center justify-center rounded-full bg-gold/15 text-gold', className)}
    >
      <Icon aria-hidden className="size-6" />
    </span>
  );
}
