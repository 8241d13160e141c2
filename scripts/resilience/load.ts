import type { ScenarioResult, Target } from './product.ts';
export async function load(target: Target, _o?: unknown): Promise<ScenarioResult> { return { scenario: 'load', database: target.name, did: 'todo', found: 'todo', ok: false }; }
