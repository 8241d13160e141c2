-- Demo content for a fresh local database (applied once, only when seeding is on): a few approved
-- community recipes so /community-recipes is not empty, and pending ones that are never listed;
-- booking requests, messages and subscribers for the chef's console at /console. The demo owner
-- account is made by the server after this file (its password is generated and printed once).

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

insert into public.community_recipes
  (title, description, ingredients, instructions, submitted_by, image_url, status, created_at)
values
  (
    'Escovitch Fish',
    'Fried snapper under a sharp, bright pickle of onion, carrot and scotch bonnet.',
    E'2 whole snappers, cleaned\n1 lime\n1 onion\n1 carrot\n1 scotch bonnet\n1 cup vinegar\n8 pimento berries',
    E'Season the fish with lime and salt.\nFry until crisp on both sides.\nSimmer the vegetables in the vinegar with the pimento for 3 minutes.\nPour the hot pickle over the fish and rest 10 minutes.',
    'Andre P.',
    null,
    'pending',
    now() - interval '3 hours'
  ),
  (
    'Sorrel Punch',
    'The Christmas drink: hibiscus steeped with ginger and cloves.',
    E'2 cups dried sorrel\n1 thumb ginger\n6 cloves\n2 litres water\nSugar to taste',
    E'Boil the water with ginger and cloves.\nPour over the sorrel and steep overnight.\nStrain, sweeten and chill.',
    'Nadia',
    null,
    'pending',
    now() - interval '30 hours'
  );

-- Booking requests in every state the console shows: new, worked, one for a day already gone and
-- one large party. Inserted as the database owner, so the statuses are set directly; each starts
-- its history with the status it has.
insert into public.bookings
  (name, email, phone, booking_date, booking_time, guests, service_type, location, message, status,
   status_reason, owner_note, created_at)
values
  ('Grace Thompson', 'grace.thompson@example.com', '+1 876 555 0142', current_date + 21, '19:00', 8,
   'Private Chef Service', '14 Hope Road, Kingston', 'Anniversary dinner; my husband does not eat pork.',
   'new', null, null, now() - interval '5 hours'),
  ('Marcus Reid', 'marcus.reid@example.com', '+1 876 555 0177', current_date + 45, '13:00', 80,
   'Event Catering', 'Reid & Sons warehouse, Spanish Town', 'Company family day, buffet for about 80.',
   'new', null, null, now() - interval '2 days'),
  ('Olivia Chen', 'olivia.chen@example.com', '+44 20 7946 0018', current_date + 10, '18:30', 4,
   'Cooking Class', 'Flat 3, 22 Elm Street, London', null,
   'contacted', null, 'Called on Monday; she will confirm the date with her friends.', now() - interval '4 days'),
  ('Daniel Brown', 'daniel.brown@example.com', '+1 876 555 0110', current_date + 30, '20:00', 12,
   'Private Chef Service', 'Villa Mango, Ocho Rios', 'Surprise birthday, please call after 6 pm.',
   'confirmed', null, 'Deposit received. Menu: jerk tasting.', now() - interval '9 days'),
  ('Sophie Martin', 'sophie.martin@example.com', '+33 6 12 34 56 78', current_date + 6, '12:00', 2,
   'Menu Consultation', 'Online', null,
   'declined', 'The chef is abroad that week.', null, now() - interval '6 days'),
  ('Kwame Mensah', 'kwame.mensah@example.com', '+1 876 555 0199', current_date + 3, '10:00', 1,
   'Meal Prep Service', '5 Barbican Road, Kingston', 'Weekly meal prep, low sodium.',
   'new', null, null, now() - interval '8 days');

-- A request whose day has already gone (sent long ago, never answered): the console marks it.
update public.bookings set booking_date = current_date - 3 where email = 'kwame.mensah@example.com';

insert into public.contact_messages (name, email, subject, message, created_at, read_at)
values
  ('Lena Fischer', 'lena.fischer@example.com', 'Gluten-free menu?',
   'Hello! Can you cook a fully gluten-free menu for a dinner party of six?', now() - interval '1 day', null),
  ('Tom Baker', 'tom.baker@example.com', '=HYPERLINK("http://example.com")',
   'A message whose subject looks like a spreadsheet formula: the CSV export neutralises it.',
   now() - interval '3 days', now() - interval '2 days');

insert into public.newsletter_subscribers (email, created_at)
values
  ('first.subscriber@example.com', now() - interval '12 days'),
  ('Food.Lover@example.com', now() - interval '2 days');

-- None of this is real: nothing about it is ever mailed (private.outbox_guard skips these subjects),
-- and the messages its inserts queued go.
insert into private.demo_subjects (subject_id)
select id from public.bookings
union select id from public.community_recipes
union select id from public.contact_messages
on conflict do nothing;
delete from public.outbox o using private.demo_subjects d where o.subject_id = d.subject_id;
