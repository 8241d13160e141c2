import { describe, expect, test } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

// Without frames (Node): the next task. In the browser, the frame and the paint come first: the header's
// fade (e2e/touch-transitions.test.ts) and the auth dialog's focus (e2e/auth.test.ts) are checked there.
describe('afterNextPaint without frames', () => {
  test('runs the task in a later task, not now nor in this task’s microtasks', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('task'));
    await Promise.resolve();
    order.push('microtask');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['microtask', 'task']);
  });

  test('its cancel stops the task', async () => {
    let ran = 0;
    const cancel = afterNextPaint(() => ran++);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(0);
  });
});
