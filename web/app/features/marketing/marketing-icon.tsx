import {
  Award,
  Briefcase,
  Cake,
  Calendar,
  ChefHat,
  ClipboardList,
  Clock,
  Flame,
  Gem,
  GraduationCap,
  Handshake,
  Heart,
  Leaf,
  Mail,
  MapPin,
  MessageCircle,
  Music,
  Phone,
  Salad,
  Sparkles,
  Sprout,
  Users,
  UtensilsCrossed,
  Wine,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '@content/marketing-schema.ts';
import { cn } from '~/lib/cn.ts';

const icons: Record<IconName, LucideIcon> = {
  chefHat: ChefHat,
  utensils: UtensilsCrossed,
  graduationCap: GraduationCap,
  salad: Salad,
  clipboard: ClipboardList,
  users: Users,
  leaf: Leaf,
  sparkles: Sparkles,
  award: Award,
  heart: Heart,
  mapPin: MapPin,
  phone: Phone,
  mail: Mail,
  clock: Clock,
  calendar: Calendar,
  messageCircle: MessageCircle,
  cake: Cake,
  briefcase: Briefcase,
  wine: Wine,
  music: Music,
  gem: Gem,
  flame: Flame,
  sprout: Sprout,
  handshake: Handshake,
};

/** A content icon (decorative) in a gold medallion. */
export function MarketingIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-gold/15 text-gold ring-1 ring-gold/30',
        className,
      )}
    >
      <Icon className="size-6" strokeWidth={1.75} />
    </span>
  );
}
