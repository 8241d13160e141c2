import type { ScenarioResult, Target } from './product.ts';
export async function crash(target: Target, _o?: unknown): Promise<ScenarioResult> { return { scenario: 'crash', database: target.name, did: 'todo', found: 'todo', ok: false }; }
