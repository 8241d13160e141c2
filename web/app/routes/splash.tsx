import { Link } from 'react-router';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('splash');

// Placeholder: the splash page is built by the foundation's shell work.
export default function Splash() {
  return (
    <main>
      <h1>
        <Link to="/home">Chef Feva</Link>
      </h1>
    </main>
  );
}
