import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { AuthProvider, useAuth } from './auth-context.tsx';

function Probe() {
  const { loading, session, user } = useAuth();
  return <p>{JSON.stringify({ loading, session, user })}</p>;
}

describe('useAuth', () => {
  test('outside its provider it throws the message it documents', () => {
    expect(() => renderToString(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });

  test('inside the provider it starts loading with no session (the prerendered state)', () => {
    const html = renderToString(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(html).toContain(JSON.stringify({ loading: true, session: null, user: null }).replace(/"/g, '&quot;'));
  });
});
