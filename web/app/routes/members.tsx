import { MembersArea } from '~/features/members/members-area.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('members');

export default function Members() {
  return <MembersArea />;
}
