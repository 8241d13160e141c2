-- Demo content for a fresh local database (applied once, only when seeding is on): a few approved
-- community recipes so /community-recipes is not empty, and one pending that is never listed.

insert into public.community_recipes
  (title, description, ingredients, instructions, submitted_by, image_url, status, created_at)
values
  (
    'Coconut Rice with Sweet Plantain',
    'Fragrant rice cooked in coconut milk, served with caramelised ripe plantain.',
    E'2 cups jasmine rice\n1 can coconut milk\n1 cup water\n1 tsp salt\n2 ripe plantains\n2 tbsp coconut oil',
    E'Rinse the rice until the water runs clear.\nSimmer the rice with coconut milk, water and salt, covered, for 15 minutes.\nSlice the plantains on the diagonal.\nFry them in coconut oil until golden on both sides.\nServe the rice with the plantain on top.',
    'Keisha M.',
    null,
    'approved',
    now() - interval '2 days'
  ),
  (
    'Pepper Shrimp Skewers',
    'Quick grilled shrimp in a scotch bonnet, garlic and lime glaze.',
    E'500 g large shrimp, peeled\n1 scotch bonnet, seeded and minced\n3 cloves garlic\n2 limes\n2 tbsp olive oil\n1 tbsp honey',
    E'Mix the pepper, garlic, lime juice, oil and honey.\nToss the shrimp in half of the glaze for 15 minutes.\nThread onto skewers.\nGrill 2 minutes a side, brushing with the rest of the glaze.',
    'Marcus',
    null,
    'approved',
    now() - interval '5 days'
  ),
  (
    'Green Mango Salad',
    'Crunchy, sour and a little hot: the side that goes with everything grilled.',
    E'2 green mangoes\n1 small red onion\n1 handful coriander\n1 lime\n1 tsp chilli flakes\nSalt',
    E'Peel and julienne the mangoes.\nSlice the onion thinly.\nToss everything with lime juice, chilli and salt.\nRest 10 minutes before serving.',
    null,
    null,
    'approved',
    now() - interval '9 days'
  ),
  (
    'Awaiting review: Oxtail Stew',
    'A pending submission: it must never appear on the public page.',
    E'1 kg oxtail\n1 onion\n2 carrots\nButter beans',
    E'Brown the oxtail.\nSimmer for three hours.\nAdd the beans at the end.',
    'Anonymous',
    null,
    'pending',
    now() - interval '1 day'
  );
