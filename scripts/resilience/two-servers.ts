import type { ScenarioResult, Target } from './product.ts';
export async function twoServers(target: Target, _o?: unknown): Promise<ScenarioResult> { return { scenario: 'two-servers', database: target.name, did: 'todo', found: 'todo', ok: false }; }
