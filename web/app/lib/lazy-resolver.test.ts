import type { Resolver } from 'react-hook-form';
import { describe, expect, test, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { name: string; email: string };
const options = (names: (keyof Values)[]) => ({ names, fields: {}, shouldUseNativeValidation: false });
const real: Resolver<Values> = async (values) =>
  values.name
    ? { values, errors: {} as Record<string, never> }
    : {
        values: {} as Record<string, never>,
        errors: { name: { type: 'too_small', message: 'Please enter your name.' } },
      };

describe('lazyResolver', () => {
  test('loads the checks once, on preload or the first check, and answers as the real resolver', async () => {
    const load = vi.fn(async () => real);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    resolver.preload();
    expect(await resolver({ name: '', email: '' }, undefined, options(['name']))).toEqual({
      values: {},
      errors: { name: { type: 'too_small', message: 'Please enter your name.' } },
    });
    expect(await resolver({ name: 'Ada', email: 'a@b.co' }, undefined, options(['name', 'email']))).toEqual({
      values: { name: 'Ada', email: 'a@b.co' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('preload starts the load in a task of its own, once, not during the event that asked for it', async () => {
    const load = vi.fn(async () => real);
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
    resolver.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed load sends nothing, tells the form on a whole-form check only, and is tried again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(real);
    const blocked = vi.fn();
    const resolver = lazyResolver<Values, unknown, Values>(load, { onSubmitBlocked: blocked });

    const field = await resolver({ name: 'Ada', email: '' }, undefined, options(['email']));
    expect(field).toEqual({
      values: {},
      errors: { root: { type: 'load', message: 'The form’s checks could not be loaded.' } },
    });
    expect(blocked).not.toHaveBeenCalled();

    const whole = await resolver({ name: 'Ada', email: '' }, undefined, options(['name', 'email']));
    expect(whole.values).toEqual({});
    expect(blocked).toHaveBeenCalledTimes(1);

    expect(await resolver({ name: 'Ada', email: 'a@b.co' }, undefined, options(['name', 'email']))).toEqual({
      values: { name: 'Ada', email: 'a@b.co' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
