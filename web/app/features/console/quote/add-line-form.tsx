import { useState, type FormEvent } from 'react';
import { formatMoney } from '@content/quotes.ts';
import { Constants } from '~/lib/database.constants.ts';
import { addQuoteLine, type LineUnit, type Quote } from '../console-api.ts';
import { smallButton } from '../data-table.tsx';
import { fromCents, toCents } from '../money.ts';
import { useQuoteAddOns } from '../quote-add-ons.ts';
import type { Act } from './act.ts';
import { Feedback, type Notice, type Say } from './feedback.tsx';
import { input, label, UNIT_LABEL } from './parts.ts';

/** A line for a draft: one of the price list's add-ons (its price filled in) or one of the chef's own. */
export function AddLineForm({
  quote: q,
  position,
  busy,
  act,
  notice,
  say,
}: {
  quote: Quote;
  position: number;
  busy: boolean;
  act: Act;
  notice: Notice | null;
  say: Say;
}) {
  const [addOn, setAddOn] = useState('');
  const addOns = useQuoteAddOns();
  const chosen = addOns.find((a) => a.title === addOn);

  function addLine(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const unitCents = toCents(String(f.get('unit_price') ?? ''));
    const quantityText = String(f.get('quantity') ?? '').trim();
    const quantity = Number(quantityText);
    const description = String(f.get('description') ?? '').trim();
    const unit = String(f.get('unit')) as LineUnit;
    if (!description) return say('lines', 'A line needs a description.', true);
    if (unitCents === null) return say('lines', 'Amounts are written like 150 or 150.50.', true);
    if (!/^\d{1,4}$/.test(quantityText) || quantity > 1000)
      return say('lines', 'Quantity: a whole number from 0 to 1000.', true);
    if (!Constants.public.Checks.quote_lines.unit.includes(unit))
      return say('lines', 'Choose how it is charged.', true);
    void act(
      () =>
        addQuoteLine({ quote_id: q.id, description, unit, unit_cents: unitCents, quantity, position }).then(() => {
          form.reset();
          setAddOn('');
        }),
      'Line added.',
      'lines',
    );
  }

  return (
    <form
      onSubmit={addLine}
      className="mt-3 grid grid-cols-2 gap-3 rounded-lg bg-ink/40 p-3"
      noValidate
      aria-label="Add a line"
    >
      <label className={`${label} col-span-2`}>
        From the price list
        <select value={addOn} onChange={(e) => setAddOn(e.target.value)} className={input}>
          <option value="">A line of your own</option>
          {addOns.map((a) => (
            <option key={a.title} value={a.title}>
              {a.title} ({formatMoney(a.amount.cents, q.currency)} {UNIT_LABEL[a.amount.unit]})
            </option>
          ))}
        </select>
      </label>
      <label className={`${label} col-span-2`}>
        Description
        <input
          key={`d${addOn}`}
          name="description"
          defaultValue={chosen?.title ?? ''}
          maxLength={Constants.public.MaxLength.quote_lines.description}
          className={input}
        />
      </label>
      <label className={label}>
        Charged
        <select key={`u${addOn}`} name="unit" defaultValue={chosen?.amount?.unit ?? 'fixed'} className={input}>
          {Constants.public.Checks.quote_lines.unit.map((u) => (
            <option key={u} value={u}>
              {UNIT_LABEL[u]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Unit price
        <input
          key={`p${addOn}`}
          name="unit_price"
          inputMode="decimal"
          defaultValue={chosen?.amount ? fromCents(chosen.amount.cents) : ''}
          className={input}
        />
      </label>
      <label className={label}>
        Quantity (guests, hours or items)
        <input
          key={`q${addOn}`}
          name="quantity"
          type="number"
          min={0}
          max={1000}
          defaultValue={chosen?.amount?.unit === 'per_person' ? q.guests : 1}
          className={input}
        />
      </label>
      <div className="flex flex-wrap items-center gap-3 col-span-2">
        <button type="submit" className={smallButton} disabled={busy}>
          Add line
        </button>
        <Feedback at="lines" notice={notice} />
      </div>
    </form>
  );
}
