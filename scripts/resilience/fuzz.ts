import type { ScenarioResult, Target } from './product.ts';
export async function fuzz(target: Target, _o?: unknown): Promise<ScenarioResult> { return { scenario: 'fuzz', database: target.name, did: 'todo', found: 'todo', ok: false }; }
