// Placeholder until the recipes issue fills in the catalogue (owned by the recipes work).
export const recipes = [1, 2, 3, 5, 10, 11].map((id) => ({ id }));
