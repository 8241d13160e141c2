/**
 * Every dish by name, drawn by dishPhoto and the scenes. The parts are spread in gallery order, then the
 * recipe cards, so the table lists the dishes in the order they were drawn up.
 */
import type { Dish } from './dish.ts';
import { galleryDishes1 } from './dishes-gallery-1.ts';
import { galleryDishes2 } from './dishes-gallery-2.ts';
import { recipeDishes } from './dishes-recipes.ts';

export type { Dish } from './dish.ts';

export const dishes: Record<string, Dish> = { ...galleryDishes1, ...galleryDishes2, ...recipeDishes };
